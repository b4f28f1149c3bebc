import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { joinStartInterval, massStartOf, nextFreeStart, startRule } from '@rada/core';
import type { TeamListEntry } from '@rada/core';
import { useNow } from '../startOrder/useNow.ts';
import { formatTime } from './teamAnswers.ts';

/**
 * One line above the team table saying how a team that joins by code or registers now starts
 * (core startRule.ts, as the server decides it): at the mass start, by itself in the app, at the
 * next free start (shown, after the last given one at the join interval), or with the event.
 */
export function JoinStartNote({
  settings,
  teams,
  eventStart,
}: {
  settings: Record<string, unknown>;
  teams: readonly Pick<TeamListEntry, 'starttime'>[];
  eventStart: number | null;
}) {
  const { t } = useTranslation();
  // The next free start moves with the clock once the given starts are past.
  const now = useNow(30_000);
  const starts = teams.map((x) => x.starttime);
  const rule = startRule(settings, starts);
  const interval = joinStartInterval(settings);
  const text = (() => {
    switch (rule) {
      case 'mass':
        return t('teams.joinstart.mass', { time: formatTime(massStartOf(settings)) });
      case 'self':
        return t('teams.joinstart.self');
      case 'individual':
        return t('teams.joinstart.individual', {
          time: formatTime(nextFreeStart(starts, now, interval)),
          interval,
        });
      case 'none':
        return eventStart === null
          ? t('teams.joinstart.nonenostart')
          : t('teams.joinstart.none', { time: formatTime(eventStart) });
    }
  })();
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ px: 2, py: 1 }}
      data-testid="teams-joinstart"
      data-rule={rule}
    >
      {text}
    </Typography>
  );
}

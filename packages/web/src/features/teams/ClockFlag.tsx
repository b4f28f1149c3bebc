import { Tooltip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { clockDisagrees, formatSpent } from '@rada/core';
import type { TeamListEntry } from '@rada/core';
import { formatTime } from './teamAnswers.ts';

/**
 * A warning on a team whose device clock is off by more than a minute (the server's estimate from
 * the times the team's devices send), with by how much and since when in the tooltip.
 */
export function ClockFlag({ team }: { team: TeamListEntry }) {
  const { t } = useTranslation();
  const clock = team.clock;
  if (!clock || !clockDisagrees(clock.offset)) return null;
  const text = t(clock.offset > 0 ? 'teams.clock.ahead' : 'teams.clock.behind', {
    amount: formatSpent(Math.abs(clock.offset)),
    time: formatTime(clock.at),
  });
  return (
    <Tooltip title={text}>
      <WarningAmberIcon
        fontSize="small"
        color="warning"
        aria-label={text}
        data-testid={`team-clock-${team.id}`}
        data-offset={clock.offset}
      />
    </Tooltip>
  );
}

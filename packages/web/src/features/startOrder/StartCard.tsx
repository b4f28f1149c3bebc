import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StartBoard, StartCardColour, StartListEntry } from '@rada/core';
import { clockText } from './clockText.ts';

/** Background and text colours of the card, strong enough to read across a start area. */
const COLOURS: Record<StartCardColour, { bg: string; fg: string }> = {
  green: { bg: '#1e8e3e', fg: '#ffffff' },
  red: { bg: '#d32f2f', fg: '#ffffff' },
  yellow: { bg: '#fbc02d', fg: '#111111' },
  neutral: { bg: '#263238', fg: '#ffffff' },
};

/** A team as the screen names it: number (when it has one) and name. */
export function TeamName({ team }: { team: StartListEntry }) {
  return (
    <>
      {team.nr !== null && (
        <Box component="span" sx={{ fontWeight: 800, mr: '0.4em' }}>
          {team.nr}
        </Box>
      )}
      {team.name}
      {team.klass && (
        <Box component="span" sx={{ opacity: 0.8, fontSize: '0.6em', ml: '0.6em' }}>
          {team.klass}
        </Box>
      )}
    </>
  );
}

/** The highlighted card of the team starting next (spec 01 §4): colour, countdown or 'Start'. */
export function StartCard({
  current,
  alsoNow,
}: {
  current: NonNullable<StartBoard['current']>;
  alsoNow: StartListEntry[];
}) {
  const { t } = useTranslation();
  const { bg, fg } = COLOURS[current.colour];
  return (
    <Paper
      elevation={6}
      data-testid="start-card"
      data-colour={current.colour}
      data-team={current.id}
      sx={{
        bgcolor: bg,
        // Dark mode lightens raised paper with an overlay; the card keeps its exact colour.
        backgroundImage: 'none',
        color: fg,
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        textAlign: 'center',
      }}
    >
      <Typography sx={{ fontSize: '1.25rem', opacity: 0.85, textTransform: 'uppercase' }}>
        {current.countdown === null ? t('start.card.started') : t('start.card.next')}
      </Typography>
      <Typography
        component="div"
        data-testid="start-card-team"
        sx={{
          fontSize: { xs: '2rem', sm: '2.75rem' },
          fontWeight: 700,
          lineHeight: 1.2,
          my: 1,
          overflowWrap: 'anywhere',
        }}
      >
        <TeamName team={current} />
      </Typography>
      {alsoNow.length > 0 && (
        <Stack data-testid="start-card-also" sx={{ mb: 1 }}>
          <Typography sx={{ fontSize: '1rem', opacity: 0.85 }}>{t('start.card.also')}</Typography>
          {alsoNow.map((team) => (
            <Typography
              key={team.id}
              sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 600 }}
            >
              <TeamName team={team} />
            </Typography>
          ))}
        </Stack>
      )}
      <Typography sx={{ fontSize: '1.5rem' }}>
        {t('start.card.at', { time: clockText(current.starttime) })}
      </Typography>
      <Typography
        data-testid="start-card-countdown"
        sx={{
          fontSize: { xs: '5rem', sm: '8rem' },
          fontWeight: 800,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {current.countdown ?? t('start.card.go')}
      </Typography>
    </Paper>
  );
}

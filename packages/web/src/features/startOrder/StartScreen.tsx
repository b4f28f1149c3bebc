import { useMemo, useState } from 'react';
import { Box, Button, IconButton, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeMuteIcon from '@mui/icons-material/VolumeMute';
import LightModeIcon from '@mui/icons-material/LightMode';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { START_WIDE_MIN_PX, startBoard } from '@rada/core';
import type { EventSummary, StartListEntry } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { clockText } from './clockText.ts';
import { StartCard } from './StartCard.tsx';
import { StartTable } from './StartTable.tsx';
import { useBeeper } from './useBeeper.ts';
import type { Beeper } from './useBeeper.ts';
import { useFullscreen } from './useFullscreen.ts';
import { useNow } from './useNow.ts';
import { useWakeLock } from './useWakeLock.ts';

/** A few ticks a second keep the clock and countdown on the second without visible lag. */
const TICK_MS = 200;
/** Realtime invalidates the list on every team change; this only guards a missed message. */
const REFETCH_MS = 30_000;
const NO_TEAMS: StartListEntry[] = [];

/** Dark and high-contrast, to read from a distance in any light. */
const startTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#8fd19e' },
    background: { default: '#0d1110', paper: '#161c1a' },
  },
  shape: { borderRadius: 8 },
});

/**
 * The screen's title and controls. Their hints are plain `title` attributes: MUI's Tooltip would
 * add eight more chunks to a page a phone opens cold (bench/pageWeight.ts).
 */
function TopBar({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const wake = useWakeLock();
  const fullscreen = useFullscreen();
  const wakeText = wake === 'on' ? t('start.wake.on') : t('start.wake.off');
  const fullscreenText = fullscreen.active ? t('start.fullscreen.exit') : t('start.fullscreen');
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <IconButton
        component={RouterLink}
        to={`/${event.id}`}
        title={t('common.backevent')}
        aria-label={t('common.backevent')}
        data-testid="start-back"
      >
        <ArrowBackIcon />
      </IconButton>
      <Typography
        variant="h6"
        component="h1"
        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
        noWrap
      >
        {event.name} — {t('start.title')}
      </Typography>
      {wake !== 'unsupported' && (
        <LightModeIcon
          data-testid="start-wake"
          data-state={wake}
          titleAccess={wakeText}
          sx={{ color: wake === 'on' ? 'warning.light' : 'text.disabled' }}
        />
      )}
      {fullscreen.supported && (
        <IconButton
          onClick={fullscreen.toggle}
          title={fullscreenText}
          aria-label={fullscreenText}
          data-testid="start-fullscreen"
        >
          {fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      )}
    </Stack>
  );
}

function Clock({ now }: { now: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography sx={{ fontSize: '1.1rem', color: 'text.secondary', textTransform: 'uppercase' }}>
        {t('start.clock')}
      </Typography>
      <Typography
        data-testid="start-clock"
        sx={{
          fontSize: { xs: '3rem', sm: '4.5rem' },
          fontWeight: 700,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {clockText(now)}
      </Typography>
    </Box>
  );
}

/**
 * `/:evid/start`: the full-screen start order (spec 01 screen 1): a live clock, the card of the
 * team starting next and the upcoming starts, side by side from START_WIDE_MIN_PX and stacked
 * below it. The screen is kept awake; countdown beeps sound once the sound is turned on.
 */
export function StartScreen({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const now = useNow(TICK_MS);
  const wide = useMediaQuery(`(min-width:${START_WIDE_MIN_PX}px)`, { noSsr: true });
  const query = useQuery({
    queryKey: queryKeys.startList(event.id),
    queryFn: () => api.startList(event.id),
    refetchInterval: REFETCH_MS,
  });
  const teams = query.data?.teams ?? NO_TEAMS;
  const board = useMemo(() => startBoard(teams, now), [teams, now]);
  const beeper = useBeeper(teams, TICK_MS);
  // The screen scrolls in its own box, which the long table's windowing follows.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!board.current)
    body = (
      <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="start-empty">
        <Typography sx={{ fontSize: '2rem' }}>
          {teams.length === 0 ? t('start.empty.none') : t('start.empty.done')}
        </Typography>
      </Paper>
    );
  else
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: wide ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          alignItems: 'start',
        }}
      >
        <StartCard current={board.current} alsoNow={board.alsoNow} />
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography sx={{ px: 2, pt: 1.5, fontSize: '1.25rem', fontWeight: 600 }}>
            {t('start.table.title')}
          </Typography>
          <StartTable upcoming={board.upcoming} now={now} scroller={scroller} />
        </Paper>
      </Box>
    );

  return (
    <ThemeProvider theme={startTheme}>
      <Box
        ref={setScroller}
        data-testid="start-screen"
        data-layout={wide ? 'wide' : 'narrow'}
        sx={{
          position: 'fixed',
          inset: 0,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          overflow: 'auto',
          bgcolor: 'background.default',
          color: 'text.primary',
          p: { xs: 1.5, sm: 3 },
        }}
      >
        <Stack sx={{ gap: 2, maxWidth: 1600, mx: 'auto' }}>
          <TopBar event={event} />
          <Stack sx={{ alignItems: 'center', gap: 1 }}>
            <Clock now={now} />
            <SoundButton beeper={beeper} />
          </Stack>
          {body}
        </Stack>
      </Box>
    </ThemeProvider>
  );
}

/**
 * The countdown sound's switch. Its icon and words say the sound's real state (off until turned
 * on; on only while the browser plays it; blocked when the browser does not), and the line under
 * it what a tap does.
 */
function SoundButton({ beeper }: { beeper: Beeper }) {
  const { t } = useTranslation();
  const { sound } = beeper;
  const icon =
    sound === 'on' ? (
      <VolumeUpIcon />
    ) : sound === 'blocked' ? (
      <VolumeMuteIcon />
    ) : (
      <VolumeOffIcon />
    );
  return (
    <Stack sx={{ alignItems: 'center' }}>
      <Button
        variant={sound === 'on' ? 'contained' : 'outlined'}
        color={sound === 'blocked' ? 'warning' : 'primary'}
        size="large"
        onClick={beeper.toggle}
        startIcon={icon}
        aria-pressed={sound === 'on'}
        aria-describedby="start-sound-hint"
        data-testid="start-sound"
        data-state={sound}
        data-beeps={beeper.count}
        data-last-beep={beeper.last ?? ''}
      >
        {t(`start.sound.${sound}`)}
      </Button>
      <Typography
        id="start-sound-hint"
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.5, textAlign: 'center' }}
        data-testid="start-sound-hint"
      >
        {t(`start.sound.${sound}.hint`)}
      </Typography>
    </Stack>
  );
}

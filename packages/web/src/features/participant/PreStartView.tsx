import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import type { PlayView } from '@rada/core';
import { formatDistance } from './geo.ts';
import type { LatLng } from './geo.ts';
import { canStart, effectiveStart, formatDuration, teamStartRule } from './playRules.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

/** What the start line says under each start rule with a known time (the rule's own words). */
const START_TEXT = {
  mass: 'play.start.mass',
  individual: 'play.start.own',
  none: 'play.start.event',
} as const;

/**
 * Before the start: the pre-start and app messages, then either the device start (enabled only
 * within maxstartdistance of the start location, showing the distance) or the start time with a
 * countdown, saying which it is: the mass start, the team's own start, or the event's start
 * (the app starts by itself then).
 */
export function PreStartView({
  view,
  here,
  now,
  onStart,
  pocket,
}: {
  view: PlayView;
  here: LatLng | null;
  now: number;
  onStart: () => void;
  /** Tracking with the phone in a pocket: the background apps and the keep-awake switch. */
  pocket?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const readerText = useReaderText();
  const { settings } = view;
  const prepagemessage = readerText(settings, 'prepagemessage');
  const appmessage = readerText(settings, 'appmessage');
  const start = canStart(view, here);
  const rule = teamStartRule(view);
  const startAt = effectiveStart(view, { startedAt: null, finishedAt: null });
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="play-prestart">
      {prepagemessage && (
        <Alert severity="info" icon={false} data-testid="play-premessage">
          <RichText text={prepagemessage} />
        </Alert>
      )}
      {appmessage && (
        <Alert severity="info" data-testid="play-appmessage">
          <RichText text={appmessage} />
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        {rule === 'self' ? (
          <Stack sx={{ gap: 1.5 }}>
            <Typography>{t('play.start.text')}</Typography>
            {settings.startloc && (
              <Typography color="text.secondary" data-testid="play-start-distance">
                {start.distance === null
                  ? t('play.start.nodistance')
                  : t('play.start.distance', { distance: formatDistance(start.distance) })}
                {settings.maxstartdistance
                  ? ` · ${t('play.start.within', { max: formatDistance(settings.maxstartdistance) })}`
                  : ''}
              </Typography>
            )}
            <Button
              variant="contained"
              size="large"
              color="success"
              startIcon={<PlayArrowIcon />}
              disabled={!start.ok}
              onClick={onStart}
              data-testid="play-start"
              sx={{ py: 1.5 }}
            >
              {t('play.start.button')}
            </Button>
          </Stack>
        ) : startAt !== null ? (
          <Stack
            sx={{ gap: 1, alignItems: 'center', textAlign: 'center' }}
            data-testid="play-starttime"
            data-rule={rule}
          >
            <Typography>
              {t(START_TEXT[rule], {
                time: new Date(startAt).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </Typography>
            <Typography
              variant="h4"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="play-countdown"
            >
              {formatDuration(startAt - now)}
            </Typography>
          </Stack>
        ) : (
          <Typography>{t('play.start.wait')}</Typography>
        )}
      </Paper>
      {pocket}
    </Stack>
  );
}

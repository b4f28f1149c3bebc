import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import type { PlayView } from '@rada/core';
import { formatDistance } from './geo.ts';
import type { LatLng } from './geo.ts';
import { canStart, effectiveStart, formatDuration } from './playRules.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

/**
 * Before the start: the pre-start and app messages, then either the device start (enabled only
 * within maxstartdistance of the start location, showing the distance) or the mass start time
 * with a countdown (the app starts by itself then).
 */
export function PreStartView({
  view,
  here,
  now,
  onStart,
}: {
  view: PlayView;
  here: LatLng | null;
  now: number;
  onStart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const readerText = useReaderText();
  const { settings } = view;
  const prepagemessage = readerText(settings, 'prepagemessage');
  const appmessage = readerText(settings, 'appmessage');
  const start = canStart(view, here);
  const massStart = effectiveStart(view, { startedAt: null, finishedAt: null });
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
        {settings.clientstart ? (
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
        ) : massStart !== null ? (
          <Stack sx={{ gap: 1, alignItems: 'center' }} data-testid="play-massstart">
            <Typography>
              {t('play.start.mass', {
                time: new Date(massStart).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </Typography>
            <Typography variant="h4" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatDuration(massStart - now)}
            </Typography>
          </Stack>
        ) : (
          <Typography>{t('play.start.wait')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}

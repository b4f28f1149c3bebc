import { useEffect, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import type { PlayView } from '@rada/core';
import { countStatuses, formatDuration } from './playRules.ts';
import type { KpStatus } from './playRules.ts';
import { useTeamResult } from './useTeamResult.ts';
import { shownPoints } from '@rada/core';
import { RichText, useReaderText } from '../../components/RichText.tsx';

/** A result figure: a big number over its meaning. */
function Figure({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Box>
      <Typography variant="h4" component="p" data-testid={testId} sx={{ fontWeight: 700 }}>
        {children}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * After the finish: the event's finished message, the team's time, points and place (when the
 * results are public), how many KPs were marked, and a link to the results.
 */
export function FinishedView({
  view,
  statuses,
  start,
  finish,
  online,
}: {
  view: PlayView;
  statuses: Map<string, KpStatus>;
  start: number | null;
  finish: number | null;
  online: boolean;
}) {
  const { t } = useTranslation();
  const finishedmessage = useReaderText()(view.settings, 'finishedmessage');
  // Read again once everything is sent and the results have had time to follow (0, 5, 20 s).
  const counts = countStatuses(statuses);
  const { waiting } = counts;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (waiting > 0) return;
    const timers = [0, 5_000, 20_000].map((ms, i) => setTimeout(() => setRound(i + 1), ms));
    return () => timers.forEach(clearTimeout);
  }, [waiting, finish]);
  const result = useTeamResult(view.eventId, view.team.id, online, round, 0);
  const spent = start !== null && finish !== null ? finish - start : null;
  const marked = counts.waiting + counts.sent;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="play-finished">
      <Stack sx={{ gap: 2, alignItems: 'center', textAlign: 'center' }}>
        <FlagIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h2">
          {t('play.finished.title')}
        </Typography>
        {finishedmessage && (
          <Alert severity="success" icon={false} sx={{ width: '100%' }}>
            <RichText text={finishedmessage} />
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
          {spent !== null && (
            <Figure label={t('play.finished.time')} testId="play-finished-time">
              {formatDuration(spent)}
            </Figure>
          )}
          {result && (
            <Figure label={t('play.points')} testId="play-finished-points">
              {shownPoints(result.sum)}
            </Figure>
          )}
          {result?.place != null && (
            <Figure label={t('play.finished.place')} testId="play-finished-place">
              {result.place}
            </Figure>
          )}
        </Stack>
        <Typography color="text.secondary" data-testid="play-finished-count">
          {t('play.finished.count', { marked, total: view.kps.length })}
        </Typography>
        <Button
          component={Link}
          to={`/${view.eventId}/result`}
          variant="contained"
          data-testid="play-finished-results"
        >
          {t('play.finished.results')}
        </Button>
      </Stack>
    </Paper>
  );
}

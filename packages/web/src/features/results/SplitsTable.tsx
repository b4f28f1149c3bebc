import { Suspense, lazy, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TeamSplits } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { formatDuration } from './resultsTable.ts';
import { shownPoints } from '@rada/core';
import { withAllTexts } from '../../i18n/index.ts';

/** The team's route on a map: Leaflet and the map texts load with the first look at one. */
const TeamRouteMap = lazy(() =>
  withAllTexts(import('./TeamRouteMap.tsx')).then((m) => ({ default: m.TeamRouteMap })),
);

/** A team's KP visits (GET …/results/:team/splits), refreshed with the results. */
export function useSplits(eventId: string, teamId: string | null) {
  return useQuery({
    queryKey: queryKeys.splits(eventId, teamId ?? ''),
    queryFn: () => api.splits(eventId, teamId ?? ''),
    enabled: teamId !== null,
  });
}

/** The text colour of a visit's row. */
const STATE_COLOUR: Record<TeamSplits['visits'][number]['state'], string> = {
  ok: 'text.primary',
  wrong: 'error.main',
  none: 'text.secondary',
};

/**
 * A team's splits: each KP visit in time order with its time of day, the leg from the previous
 * visit (the start for the first), the time since the start, the points it adds and the points
 * so far; wrong marks in red unless the event hides them. `responses` names chosen answers.
 */
export function SplitsTable({
  splits,
  responses = {},
  pointssuffix = '',
}: {
  splits: TeamSplits;
  responses?: Record<string, Record<string, string>>;
  pointssuffix?: string;
}) {
  const { t } = useTranslation();
  if (splits.visits.length === 0) {
    return <Typography color="text.secondary">{t('splits.none')}</Typography>;
  }
  const withAnswers = splits.visits.some((v) => v.answer !== null);
  return (
    <TableContainer>
      <Table size="small" data-testid="splits-table">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('splits.kp')}</TableCell>
            <TableCell>{t('splits.time')}</TableCell>
            <TableCell align="right">{t('splits.leg')}</TableCell>
            <TableCell align="right">{t('splits.elapsed')}</TableCell>
            {withAnswers && <TableCell>{t('splits.answer')}</TableCell>}
            <TableCell align="right">{t('splits.points')}</TableCell>
            <TableCell align="right">{t('splits.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {splits.visits.map((v, i) => (
            <TableRow
              key={v.kpId}
              data-testid={`splits-row-${v.kpId}`}
              data-state={v.state}
              sx={{ '& td': { color: STATE_COLOUR[v.state] } }}
            >
              <TableCell>{i + 1}</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {v.kp}
                {v.state === 'wrong' && ` ✗ ${t('splits.wrong')}`}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {v.aeg === null ? '' : dayjs(v.aeg).format('HH:mm:ss')}
              </TableCell>
              <TableCell align="right">{v.leg === null ? '' : formatDuration(v.leg)}</TableCell>
              <TableCell align="right">
                {v.elapsed === null ? '' : formatDuration(v.elapsed)}
              </TableCell>
              {withAnswers && (
                <TableCell>
                  {v.answer === null ? '' : (responses[v.kpId]?.[v.answer] ?? v.answer)}
                </TableCell>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {v.points > 0 ? '+' : ''}
                {shownPoints(v.points)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {shownPoints(v.total, pointssuffix)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The splits of one team in a dialog (full screen on phones), opened from the results page; a
 * team that has finished also shows its route on the event's map on request.
 */
export function SplitsDialog({
  eventId,
  team,
  pointssuffix,
  onClose,
}: {
  eventId: string;
  team: { id: string; name: string };
  pointssuffix: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const splits = useSplits(eventId, team.id);
  const [route, setRoute] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid="splits-dialog"
    >
      <DialogTitle>{t('splits.title', { team: team.name })}</DialogTitle>
      <DialogContent>
        {splits.isPending ? (
          <LoadingState />
        ) : splits.isError ? (
          <ErrorState error={splits.error} onRetry={() => void splits.refetch()} />
        ) : (
          <>
            {(splits.data.starttime !== null || splits.data.finishtime !== null) && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {splits.data.starttime !== null &&
                  t('splits.start', { time: dayjs(splits.data.starttime).format('HH:mm:ss') })}
                {splits.data.starttime !== null && splits.data.finishtime !== null && ' · '}
                {splits.data.finishtime !== null &&
                  t('splits.finish', { time: dayjs(splits.data.finishtime).format('HH:mm:ss') })}
              </Typography>
            )}
            <SplitsTable splits={splits.data} pointssuffix={pointssuffix} />
            {splits.data.wrongHidden && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('splits.wronghidden')}
              </Alert>
            )}
            {splits.data.finishtime !== null && (
              <Box sx={{ mt: 2 }}>
                {route ? (
                  <Suspense fallback={<LoadingState />}>
                    <TeamRouteMap
                      eventId={eventId}
                      teamId={team.id}
                      starttime={splits.data.starttime}
                      finishtime={splits.data.finishtime}
                    />
                  </Suspense>
                ) : (
                  <Button
                    variant="outlined"
                    onClick={() => setRoute(true)}
                    data-testid="splits-route"
                  >
                    {t('ownmap.route.show')}
                  </Button>
                )}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="splits-close">
          {t('splits.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SpeedArea } from '@rada/core';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useRecomputeTickets, useSpeedTickets } from './useSpeedAreas.ts';

const timeText = (t: number | undefined, lang: string) =>
  typeof t === 'number'
    ? new Date(t).toLocaleString(lang, {
        day: 'numeric',
        month: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : '';

const kmh = (v: number | null | undefined) => (typeof v === 'number' ? `${v}` : '');

/** The event's speed tickets (team, time, kind, speed, limit, area) and the Recompute button. */
export function SpeedTicketsTable({
  eventId,
  areas,
}: {
  eventId: string;
  areas: Record<string, SpeedArea>;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const tickets = useSpeedTickets(eventId);
  const recompute = useRecomputeTickets(eventId);
  const handleRecompute = () =>
    recompute.mutate(undefined, {
      onSuccess: (r) => notify(t('speedtickets.recomputed', { count: r.tickets }), 'success'),
      onError: (e) => notify(errorText(t, e), 'error'),
    });
  return (
    <Stack sx={{ gap: 1 }} data-testid="speed-tickets">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle1" component="h4" sx={{ flex: 1 }}>
          {t('speedtickets.title')}
        </Typography>
        <Button
          variant="outlined"
          onClick={handleRecompute}
          disabled={recompute.isPending}
          data-testid="speed-recompute"
        >
          {t('speedtickets.recompute')}
        </Button>
      </Stack>
      {tickets.isPending ? (
        <LoadingState />
      ) : tickets.isError ? (
        <ErrorState message={errorText(t, tickets.error)} onRetry={() => void tickets.refetch()} />
      ) : tickets.data.length === 0 ? (
        <EmptyState text={t('speedtickets.empty')} testId="speed-tickets-empty" />
      ) : (
        <TableContainer>
          <Table size="small" data-testid="speed-tickets-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('speedtickets.team')}</TableCell>
                <TableCell>{t('speedtickets.time')}</TableCell>
                <TableCell>{t('speedtickets.kind')}</TableCell>
                <TableCell align="right">{t('speedtickets.speed')}</TableCell>
                <TableCell align="right">{t('speedtickets.limit')}</TableCell>
                <TableCell>{t('speedtickets.area')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tickets.data.map((r) => (
                <TableRow key={`${r.teamId}/${r.id}`}>
                  <TableCell>{r.teamName}</TableCell>
                  <TableCell>{timeText(r.t, i18n.language)}</TableCell>
                  <TableCell>
                    {r.kind ? t(`speedtickets.kind.${r.kind}`) : t('speedtickets.kind.manual')}
                  </TableCell>
                  <TableCell align="right">{kmh(r.speed)}</TableCell>
                  <TableCell align="right">{kmh(r.limit)}</TableCell>
                  <TableCell>{r.area ? (areas[r.area]?.name ?? r.area) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

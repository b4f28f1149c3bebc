import { useState } from 'react';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AUDIT_KINDS } from '@rada/core';
import type { AuditEntry, AuditKind, EventSummary } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';

/** A value of a change as a line of text, cut at this many characters (the whole in its title). */
const VALUE_CHARS = 120;

const valueText = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** The setting a `settings.update` entry changed (its path's last part). */
const settingOf = (entry: AuditEntry) =>
  entry.action === 'settings.update' ? (entry.path?.split('/').pop() ?? null) : null;

/** `datetime-local` text → epoch ms (undefined when empty). */
const msOf = (text: string) => (text === '' ? undefined : dayjs(text).valueOf());

/**
 * The event's History tab (spec 02 §2 changes log): every change to its teams, answers, marks,
 * registrations, join codes, messages, settings, admins, checkpoints and archive, newest first,
 * filtered by who, what and when; a changed setting can be put back.
 */
export function HistoryTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [who, setWho] = useState('');
  const [what, setWhat] = useState<AuditKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const admins = useQuery({
    queryKey: queryKeys.admins(event.id),
    queryFn: () => api.admins(event.id),
  });
  const filter = {
    ...(who ? { who } : {}),
    ...(what ? { what } : {}),
    ...(msOf(from) !== undefined ? { from: msOf(from) } : {}),
    ...(msOf(to) !== undefined ? { to: msOf(to) } : {}),
  };
  const log = useInfiniteQuery({
    queryKey: [...queryKeys.eventLog(event.id), filter],
    queryFn: ({ pageParam }) =>
      api.eventLog(event.id, { ...filter, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const undo = useMutation({
    mutationFn: (entry: AuditEntry) =>
      api.patchSettings(event.id, {
        settings: { [settingOf(entry)!]: entry.old ?? null },
      }),
    onSuccess: () => notify(t('log.undone')),
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventLog(event.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings(event.id) });
    },
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const whoText = (entry: AuditEntry) =>
    entry.user === null ? t('log.system') : (entry.user.displayName ?? t('log.deleteduser'));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="history-tab">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('log.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField
          select
          label={t('log.filter.who')}
          value={who}
          onChange={(e) => setWho(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'history-who' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('log.filter.anyone')}</MenuItem>
          {(admins.data ?? []).map((a) => (
            <MenuItem key={a.uid} value={a.uid}>
              {a.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('log.filter.what')}
          value={what}
          onChange={(e) => setWhat(e.target.value as AuditKind | '')}
          sx={{ minWidth: 200 }}
          slotProps={{
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'history-what' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('log.filter.everything')}</MenuItem>
          {(Object.keys(AUDIT_KINDS) as AuditKind[]).map((kind) => (
            <MenuItem key={kind} value={kind} data-testid={`history-what-${kind}`}>
              {t(`log.kind.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="datetime-local"
          label={t('log.filter.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label={t('log.filter.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState text={t('log.empty')} testId="history-empty" />
      ) : (
        <>
          <TableContainer>
            <Table size="small" data-testid="history-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('log.col.time')}</TableCell>
                  <TableCell>{t('log.col.who')}</TableCell>
                  <TableCell>{t('log.col.what')}</TableCell>
                  <TableCell>{t('log.col.where')}</TableCell>
                  <TableCell>{t('log.col.change')}</TableCell>
                  <TableCell padding="checkbox" />
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => {
                  const old = valueText(entry.old);
                  const value = valueText(entry.value);
                  const change =
                    old && value ? `${old} → ${value}` : value || `${old} ${t('log.removed')}`;
                  return (
                    <TableRow key={entry.id} data-testid={`history-row-${entry.action}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {dayjs(entry.time).format('DD.MM.YYYY HH:mm:ss')}
                      </TableCell>
                      <TableCell>{whoText(entry)}</TableCell>
                      <TableCell>
                        {t(`log.action.${entry.action}`, { defaultValue: entry.action })}
                      </TableCell>
                      <TableCell
                        sx={{
                          fontFamily: 'monospace',
                          fontSize: '0.75rem',
                          wordBreak: 'break-all',
                        }}
                      >
                        {entry.path ?? ''}
                      </TableCell>
                      <TableCell
                        title={change}
                        sx={{
                          fontFamily: 'monospace',
                          fontSize: '0.75rem',
                          wordBreak: 'break-all',
                        }}
                      >
                        {change.length > VALUE_CHARS ? `${change.slice(0, VALUE_CHARS)}…` : change}
                      </TableCell>
                      <TableCell padding="checkbox">
                        {settingOf(entry) && event.arch === null && (
                          <Button
                            size="small"
                            startIcon={<UndoIcon />}
                            disabled={undo.isPending}
                            onClick={() => undo.mutate(entry)}
                            data-testid="history-undo"
                          >
                            {t('log.undo')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {log.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                data-testid="history-more"
              >
                {t('log.more')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

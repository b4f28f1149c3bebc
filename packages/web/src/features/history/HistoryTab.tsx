import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EVENT_AUDIT_KINDS } from '@rada/core';
import type { AuditEntry, EventSummary } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { LogEntries, LogKindAndTimes, useLogFilter } from './logParts.tsx';

/** The setting a `settings.update` entry changed (its path's last part). */
const settingOf = (entry: AuditEntry) =>
  entry.action === 'settings.update' ? (entry.path?.split('/').pop() ?? null) : null;

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
  const filter = useLogFilter();
  const admins = useQuery({
    queryKey: queryKeys.admins(event.id),
    queryFn: () => api.admins(event.id),
  });
  const query = { ...(who ? { who } : {}), ...filter.query };
  const log = useInfiniteQuery({
    queryKey: [...queryKeys.eventLog(event.id), query],
    queryFn: ({ pageParam }) =>
      api.eventLog(event.id, { ...query, ...(pageParam ? { before: pageParam } : {}) }),
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
        <LogKindAndTimes filter={filter} kinds={EVENT_AUDIT_KINDS} testId="history-what" />
      </Stack>
      <LogEntries
        log={log}
        emptyText={t('log.empty')}
        prefix="history"
        extra={(entry) =>
          settingOf(entry) &&
          event.arch === null && (
            <Button
              size="small"
              startIcon={<UndoIcon />}
              disabled={undo.isPending}
              onClick={() => undo.mutate(entry)}
              data-testid="history-undo"
            >
              {t('log.undo')}
            </Button>
          )
        }
      />
    </Paper>
  );
}

import { useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AuditEntry, AuditKind, AuditLogView } from '@rada/core';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { AuditTable } from './AuditTable.tsx';

/** `datetime-local` text → epoch ms (undefined when empty). */
const msOf = (text: string) => (text === '' ? undefined : dayjs(text).valueOf());

/**
 * The filter both changes logs share (the event's History tab and the platform's): what kind and
 * from/to times; `query` holds only what is set, as the log routes take it.
 */
export function useLogFilter() {
  const [what, setWhat] = useState<AuditKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = {
    ...(what ? { what } : {}),
    ...(msOf(from) !== undefined ? { from: msOf(from) } : {}),
    ...(msOf(to) !== undefined ? { to: msOf(to) } : {}),
  };
  return { what, setWhat, from, setFrom, to, setTo, query };
}

type LogFilter = ReturnType<typeof useLogFilter>;

/** The kind chooser (`{testId}`, its items `{testId}-{kind}`), then the from and to times. */
export function LogKindAndTimes({
  filter,
  kinds,
  testId,
}: {
  filter: LogFilter;
  kinds: readonly AuditKind[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        select
        label={t('log.filter.what')}
        value={filter.what}
        onChange={(e) => filter.setWhat(e.target.value as AuditKind | '')}
        sx={{ minWidth: 200 }}
        slotProps={{
          select: {
            displayEmpty: true,
            SelectDisplayProps: { 'data-testid': testId } as object,
          },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('log.filter.everything')}</MenuItem>
        {kinds.map((kind) => (
          <MenuItem key={kind} value={kind} data-testid={`${testId}-${kind}`}>
            {t(`log.kind.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="datetime-local"
        label={t('log.filter.from')}
        value={filter.from}
        onChange={(e) => filter.setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="datetime-local"
        label={t('log.filter.to')}
        value={filter.to}
        onChange={(e) => filter.setTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

/**
 * A log's entries as loaded so far: loading, error, empty, or the table with how many are shown
 * and the button for older ones. Test ids: `{prefix}-table`, `-row`, `-empty`, `-count`, `-more`.
 */
export function LogEntries({
  log,
  emptyText,
  prefix,
  withEvent = false,
  extra,
}: {
  log: UseInfiniteQueryResult<InfiniteData<AuditLogView>>;
  emptyText: string;
  prefix: string;
  withEvent?: boolean;
  extra?: (entry: AuditEntry) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  if (log.isPending) return <LoadingState />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  if (entries.length === 0) return <EmptyState text={emptyText} testId={`${prefix}-empty`} />;
  return (
    <>
      <AuditTable
        entries={entries}
        withEvent={withEvent}
        testId={`${prefix}-table`}
        rowTestId={`${prefix}-row`}
        {...(extra ? { extra } : {})}
      />
      <Stack
        direction="row"
        sx={{ mt: 2, gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" data-testid={`${prefix}-count`}>
          {t('log.shown', { count: entries.length })}
        </Typography>
        {log.hasNextPage && (
          <Button
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
            data-testid={`${prefix}-more`}
          >
            {t('log.more')}
          </Button>
        )}
      </Stack>
    </>
  );
}

import type { ReactNode } from 'react';
import {
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AuditEntry } from '@rada/core';

/** A value of a change as a line of text, cut at this many characters (the whole in its title). */
const VALUE_CHARS = 120;

const valueText = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

const mono = { fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all' } as const;

/** An entry's change as a line: old → new, the new value alone, or the old one removed. */
function changeOf(entry: AuditEntry, removed: string) {
  const old = valueText(entry.old);
  const value = valueText(entry.value);
  const change = old && value ? `${old} → ${value}` : value || `${old} ${removed}`;
  return {
    whole: change,
    shown: change.length > VALUE_CHARS ? `${change.slice(0, VALUE_CHARS)}…` : change,
  };
}

/**
 * The rows of a changes log: when, who, what (the action in the reader's words), optionally
 * which event, where (the changed data's path) and the change (old → new). `extra` adds a last
 * cell per row (the History tab's undo). On a phone each entry is a block of lines instead of a
 * row six columns wide. Test ids: `testId` on the table (or list), `{rowTestId}-{action}` on
 * each entry.
 */
export function AuditTable({
  entries,
  withEvent = false,
  extra,
  testId,
  rowTestId,
}: {
  entries: readonly AuditEntry[];
  withEvent?: boolean;
  extra?: (entry: AuditEntry) => ReactNode;
  testId: string;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const whoText = (entry: AuditEntry) =>
    entry.user === null ? t('log.system') : (entry.user.displayName ?? t('log.deleteduser'));
  const eventOf = (entry: AuditEntry) =>
    entry.eventId ? (
      <Link component={RouterLink} to={`/${entry.eventId}`}>
        {entry.eventId}
      </Link>
    ) : (
      t('log.platform')
    );

  if (narrow) {
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid={testId}>
        {entries.map((entry) => {
          const change = changeOf(entry, t('log.removed'));
          return (
            <Box
              component="li"
              key={entry.id}
              data-testid={`${rowTestId}-${entry.action}`}
              sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ typography: 'body2', color: 'text.secondary' }}>
                    {`${dayjs(entry.time).format('DD.MM.YYYY HH:mm:ss')} · ${whoText(entry)}`}
                    {withEvent && <> · {eventOf(entry)}</>}
                  </Box>
                  <Box sx={{ fontWeight: 500 }}>
                    {t(`log.action.${entry.action}`, { defaultValue: entry.action })}
                  </Box>
                  <Box sx={{ ...mono, color: 'text.secondary' }}>{entry.path ?? ''}</Box>
                  <Box sx={mono} title={change.whole}>
                    {change.shown}
                  </Box>
                </Box>
                {extra?.(entry)}
              </Stack>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('log.col.time')}</TableCell>
            <TableCell>{t('log.col.who')}</TableCell>
            <TableCell>{t('log.col.what')}</TableCell>
            {withEvent && <TableCell>{t('log.col.event')}</TableCell>}
            <TableCell>{t('log.col.where')}</TableCell>
            <TableCell>{t('log.col.change')}</TableCell>
            {extra && <TableCell padding="checkbox" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const change = changeOf(entry, t('log.removed'));
            return (
              <TableRow key={entry.id} data-testid={`${rowTestId}-${entry.action}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {dayjs(entry.time).format('DD.MM.YYYY HH:mm:ss')}
                </TableCell>
                <TableCell>{whoText(entry)}</TableCell>
                <TableCell>
                  {t(`log.action.${entry.action}`, { defaultValue: entry.action })}
                </TableCell>
                {withEvent && <TableCell sx={{ whiteSpace: 'nowrap' }}>{eventOf(entry)}</TableCell>}
                <TableCell sx={mono}>{entry.path ?? ''}</TableCell>
                <TableCell title={change.whole} sx={mono}>
                  {change.shown}
                </TableCell>
                {extra && <TableCell padding="checkbox">{extra(entry)}</TableCell>}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

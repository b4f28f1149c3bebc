import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { EventIssue } from '@rada/core';

/** A moment as the debug tools show it. */
export const time = (ms: number | null) =>
  ms === null ? '' : dayjs(ms).format('DD.MM.YYYY HH:mm:ss');

/** The recorded issues of events ('GPS for unknown device'), newest first. */
export function IssuesTable({ rows, withEvent }: { rows: EventIssue[]; withEvent: boolean }) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid="issues">
      <TableHead>
        <TableRow>
          <TableCell>{t('debug.col.time')}</TableCell>
          {withEvent && <TableCell>{t('debug.col.event')}</TableCell>}
          <TableCell>{t('debug.col.issue')}</TableCell>
          <TableCell>{t('debug.col.device')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((i) => (
          <TableRow key={`${i.eventId}/${i.id}`} data-testid={`issue-${i.eventId}-${i.id}`}>
            <TableCell>{time(i.time)}</TableCell>
            {withEvent && (
              <TableCell>
                <Link component={RouterLink} to={`/${i.eventId}`}>
                  {i.eventName}
                </Link>
              </TableCell>
            )}
            <TableCell>{t(`debug.issue.${i.text}`, { defaultValue: i.text })}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{i.devid ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@rada/core';
import type { StartListEntry } from '@rada/core';
import { clockText } from './clockText.ts';
import { TeamName } from './StartCard.tsx';

const cell = { fontSize: { xs: '1.15rem', sm: '1.5rem' }, py: 1 };

/** The upcoming starts: start time, time to start, team (spec 01 screen 1). */
export function StartTable({ upcoming, now }: { upcoming: StartListEntry[]; now: number }) {
  const { t } = useTranslation();
  if (upcoming.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="start-table-empty" sx={{ p: 2 }}>
        {t('start.table.none')}
      </Typography>
    );
  }
  return (
    <Table data-testid="start-table" size="small" aria-label={t('start.table.label')}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...cell, color: 'text.secondary' }}>{t('start.table.time')}</TableCell>
          <TableCell sx={{ ...cell, color: 'text.secondary' }} align="right">
            {t('start.table.left')}
          </TableCell>
          <TableCell sx={{ ...cell, color: 'text.secondary' }}>{t('start.table.team')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {upcoming.map((team) => (
          <TableRow key={team.id} data-testid={`start-row-${team.id}`}>
            <TableCell sx={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
              {clockText(team.starttime)}
            </TableCell>
            <TableCell align="right" sx={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>
              {formatCountdown(team.starttime, now)}
            </TableCell>
            <TableCell sx={{ ...cell, fontWeight: 600 }}>
              <TeamName team={team} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

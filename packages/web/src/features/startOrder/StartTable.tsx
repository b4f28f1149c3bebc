import { Table, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@rada/core';
import type { StartListEntry } from '@rada/core';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { clockText } from './clockText.ts';
import { TeamName } from './StartCard.tsx';

const cell = { fontSize: { xs: '1.15rem', sm: '1.5rem' }, py: 1 };
/** A row's usual height in pixels (one line of the cells above). */
const ROW_PX = 48;

/**
 * The upcoming starts: start time, time to start, team (spec 01 screen 1). A long list renders
 * only the rows near the view of `scroller` (the screen's own scrolling box): a 2,000-team start
 * shows at once and its countdowns tick without redrawing every row.
 */
export function StartTable({
  upcoming,
  now,
  scroller,
}: {
  upcoming: StartListEntry[];
  now: number;
  scroller: HTMLElement | null;
}) {
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
      <WindowedBody
        count={upcoming.length}
        estimate={ROW_PX}
        scroller={scroller}
        row={(i) => {
          const team = upcoming[i]!;
          return (
            <TableRow key={team.id} data-index={i} data-testid={`start-row-${team.id}`}>
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
          );
        }}
      />
    </Table>
  );
}

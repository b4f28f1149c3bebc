import { Link as RouterLink } from 'react-router';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CupEventView, CupStandingsRow } from '@rada/core';
import { formatEventDates } from '../events/formatEventDates.ts';
import { cellEdit, cupCellState } from './cupTable.ts';

/**
 * A team's way through the series: per event its date, its points and whether they count, not
 * count, or stand in for a missed event, and what a change by hand replaced; each event links
 * to its results.
 */
export function CupTeamDialog({
  row,
  events,
  onClose,
}: {
  row: CupStandingsRow;
  events: readonly CupEventView[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="cup-team-dialog">
      <DialogTitle>
        {row.name}
        <Typography variant="body2" color="text.secondary">
          {row.place === null
            ? t('cup.team.noplace', { total: row.total })
            : t('cup.team.place', { place: row.placeLabel, total: row.total })}
          {row.allnames.length > 1 &&
            ` · ${t('cup.team.names', { names: row.allnames.join(', ') })}`}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('cup.team.event')}</TableCell>
              <TableCell align="right">{t('cup.cell.edit')}</TableCell>
              <TableCell>{t('cup.team.counts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((e, i) => {
              const state = cupCellState(row, i);
              const edit = cellEdit(row, i);
              return (
                <TableRow key={e.id} data-testid={`cup-team-event-${i}`} data-state={state}>
                  <TableCell>
                    <Link component={RouterLink} to={`/${e.id}/result`}>
                      {i + 1}. {e.name}
                    </Link>
                    {e.starttime !== null && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatEventDates(e.starttime, null, i18n.language)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{row.scores[i] ?? ''}</TableCell>
                  <TableCell data-testid={`cup-team-event-${i}-state`}>
                    {t(`cup.state.${state}`)}
                    {edit &&
                      ` · ${
                        edit.before === null
                          ? t('cup.cell.edited.none')
                          : t('cup.cell.edited', { value: edit.before })
                      }`}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cup.manage.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

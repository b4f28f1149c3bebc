import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Radio,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CupEventView, CupStandingsRow } from '@rada/core';

/**
 * The team-join dialog (spec 02 §2): the two teams with a keep marker, their names and points
 * per event. OK joins the other team into the kept one (its scores fill the kept team's gaps).
 */
export function CupJoinDialog({
  teams,
  events,
  onCancel,
  onJoin,
}: {
  teams: [CupStandingsRow, CupStandingsRow];
  events: CupEventView[];
  onCancel: () => void;
  onJoin: (keep: string, other: string) => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [keep, setKeep] = useState(teams[0].key);
  const [busy, setBusy] = useState(false);
  const other = teams.find((x) => x.key !== keep)!;
  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth data-testid="cup-join-dialog">
      <DialogTitle>{t('cup.join.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('cup.join.text')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('cup.join.keep')}</TableCell>
              <TableCell>{t('cup.col.team')}</TableCell>
              {events.map((e, i) => (
                <TableCell key={e.id} align="right" title={e.name}>
                  {i + 1}.
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {teams.map((team) => (
              <TableRow key={team.key}>
                <TableCell padding="checkbox">
                  <Radio
                    size="small"
                    checked={keep === team.key}
                    onChange={() => setKeep(team.key)}
                    slotProps={{
                      input: {
                        'aria-label': t('cup.join.keepthis', { team: team.name }),
                        'data-testid': `cup-join-keep-${team.key}`,
                      } as object,
                    }}
                  />
                </TableCell>
                <TableCell>{team.name}</TableCell>
                {events.map((e, i) => (
                  <TableCell key={e.id} align="right">
                    {team.own[i] ? team.scores[i] : ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('cup.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="cup-join-ok"
          onClick={() => {
            setBusy(true);
            void Promise.resolve(onJoin(keep, other.key)).finally(() => setBusy(false));
          }}
        >
          {t('cup.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import {
  Alert,
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
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import type { CupEventView, CupStandingsRow } from '@rada/core';

/**
 * The team-join dialog (spec 02 §2): the two teams with a keep marker, their names and points
 * per event. OK joins the other team into the kept one (its scores fill the kept team's gaps, its
 * name stays the kept team's, 05 §5); the dialog then says what was joined and offers the undo
 * while the join is the cup's latest change (`undoable`), as the start-times dialog does.
 */
export function CupJoinDialog({
  teams,
  events,
  undoable,
  onClose,
  onJoin,
  onUndo,
}: {
  teams: [CupStandingsRow, CupStandingsRow];
  events: readonly CupEventView[];
  /** Whether the cup's latest undo entry is this dialog's join (keep, other). */
  undoable: (keep: string, other: string) => boolean;
  onClose: () => void;
  /** Joins; resolves whether it was done. */
  onJoin: (keep: string, other: string) => Promise<boolean>;
  /** Undoes the latest change; resolves whether it was done. */
  onUndo: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [keep, setKeep] = useState(teams[0].key);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<'choose' | 'joined' | 'undone'>('choose');
  const kept = teams.find((x) => x.key === keep)!;
  const other = teams.find((x) => x.key !== keep)!;
  const run = (action: () => Promise<boolean>, next: 'joined' | 'undone') => {
    setBusy(true);
    void action().then((ok) => {
      setBusy(false);
      if (ok) setStage(next);
    });
  };
  if (stage !== 'choose') {
    return (
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="cup-join-dialog">
        <DialogTitle>{t('cup.join.title')}</DialogTitle>
        <DialogContent>
          {stage === 'joined' ? (
            <Alert severity="success" data-testid="cup-join-done">
              {t('cup.join.done', { other: other.name, keep: kept.name })}
            </Alert>
          ) : (
            <Alert severity="info" data-testid="cup-join-undone">
              {t('cup.join.undone', { other: other.name, keep: kept.name })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {stage === 'joined' && undoable(kept.key, other.key) && (
            <Button
              startIcon={<UndoIcon />}
              disabled={busy}
              onClick={() => run(onUndo, 'undone')}
              data-testid="cup-join-undo"
            >
              {t('cup.join.undo')}
            </Button>
          )}
          <Button variant="contained" onClick={onClose} data-testid="cup-join-close">
            {t('cup.manage.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="cup-join-dialog">
      <DialogTitle>{t('cup.join.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('cup.join.text', { keep: kept.name })}
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
        <Button onClick={onClose}>{t('cup.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="cup-join-ok"
          onClick={() => run(() => onJoin(keep, other.key), 'joined')}
        >
          {t('cup.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

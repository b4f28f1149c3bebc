import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { compareKpNr, numericKpNr, planRenumber } from '@rada/core';
import type { Checkpoint } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useRenumberCheckpoints } from './useCheckpoints.ts';

/** A whole number typed in a field, or null when it is not one. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The lowest and highest numeric KP numbers, the dialog's starting range. */
export function numericRange(checkpoints: readonly Checkpoint[]): [number, number] | null {
  const nrs = checkpoints.map((c) => numericKpNr(c.kp.nr)).filter((n): n is number => n !== null);
  if (nrs.length === 0) return null;
  return [Math.min(...nrs), Math.max(...nrs)];
}

/**
 * Re-enumerate dialog (spec 01 screen 11): KPs numbered start..end (inclusive) move by the
 * number to add. The preview comes from core planRenumber as it is typed; any clash is shown
 * as error.cpnumconflict and blocks Apply.
 */
export function RenumberDialog({
  eventId,
  open,
  checkpoints,
  onClose,
}: {
  eventId: string;
  open: boolean;
  checkpoints: readonly Checkpoint[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      {open && <RenumberForm eventId={eventId} checkpoints={checkpoints} onClose={onClose} />}
    </Dialog>
  );
}

function RenumberForm({
  eventId,
  checkpoints,
  onClose,
}: {
  eventId: string;
  checkpoints: readonly Checkpoint[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [range] = useState(() => numericRange(checkpoints));
  const [startText, setStartText] = useState(String(range?.[0] ?? 1));
  const [endText, setEndText] = useState(String(range?.[1] ?? 1));
  const [addText, setAddText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const renumber = useRenumberCheckpoints(eventId);

  const start = parseWholeNumber(startText);
  const end = parseWholeNumber(endText);
  const add = parseWholeNumber(addText);
  const plan = useMemo(
    () =>
      start !== null && end !== null && add !== null
        ? planRenumber([...checkpoints], start, end, add)
        : null,
    [checkpoints, start, end, add],
  );
  const conflictIds = new Set(plan?.conflicts.map((c) => c.id));
  const changes = plan ? [...plan.changes].sort((a, b) => compareKpNr(a.from, b.from)) : [];
  const canApply = plan !== null && plan.changes.length > 0 && plan.conflicts.length === 0;

  const handleApply = () => {
    if (!canApply || start === null || end === null || add === null) return;
    setError(null);
    renumber.mutate(
      { start, end, add },
      {
        onSuccess: (changed) => {
          notify(t('kp.renumber.done', { count: changed.length }));
          onClose();
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };

  const numberField = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={parseWholeNumber(value) === null}
      helperText={parseWholeNumber(value) === null ? t('kp.error.wholenumber') : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
      sx={{ flex: 1 }}
    />
  );

  return (
    <>
      <DialogTitle>{t('kp.renumber')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('kp.renumber.help')}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, mb: 2, pt: 1 }}>
          {numberField(t('kp.renumber.start'), startText, setStartText, 'renumber-start')}
          {numberField(t('kp.renumber.end'), endText, setEndText, 'renumber-end')}
          {numberField(t('kp.renumber.add'), addText, setAddText, 'renumber-add')}
        </Stack>
        {plan && plan.conflicts.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="renumber-conflict">
            {t('error.cpnumconflict')}:{' '}
            {[...new Set(plan.conflicts.map((c) => c.nr))].sort((a, b) => a - b).join(', ')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TableContainer sx={{ maxHeight: 320 }} data-testid="renumber-preview">
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{t('kp.renumber.from')}</TableCell>
                <TableCell>{t('kp.renumber.to')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={2}>
                    <Typography color="text.secondary" variant="body2">
                      {t('kp.renumber.nothing')}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                changes.map((c) => {
                  const clash = conflictIds.has(c.id);
                  return (
                    <TableRow
                      key={c.id}
                      data-conflict={clash || undefined}
                      sx={
                        clash
                          ? {
                              bgcolor: (th) => alpha(th.palette.error.main, 0.08),
                              '& td': { color: 'error.main' },
                            }
                          : {}
                      }
                    >
                      <TableCell>{String(c.from)}</TableCell>
                      <TableCell>
                        {c.to}
                        {clash && ` – ${t('kp.renumber.taken')}`}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!canApply || renumber.isPending}
          onClick={handleApply}
          data-testid="renumber-apply"
        >
          {t('kp.renumber.apply')}
        </Button>
      </DialogActions>
    </>
  );
}

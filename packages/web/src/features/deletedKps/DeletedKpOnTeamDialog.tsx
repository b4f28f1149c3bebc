import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DeletedKpOnTeamRow } from '@rada/core';
import { eventDateFormat } from '../events/formatEventDates.ts';
import { ApiError } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useDeleteTeamAnswer, useDeletedKpOnTeam, useRestoreKp } from './useDeletedKps.ts';

/** An answer time (ms) as date and time to the second, or '' when there is none. */
export function formatAeg(aeg: number | null, locale?: string): string {
  if (aeg === null || !Number.isFinite(aeg)) return '';
  const d = locale ? dayjs(aeg).locale(locale) : dayjs(aeg);
  return d.format(`${eventDateFormat(locale)} HH:mm:ss`);
}

/** Whether an error means the caller may not see the event's answers. */
export function isNoAccess(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Deleted-KP-on-team dialog (spec 01 screen 12): answers teams hold for checkpoints that were
 * deleted or no longer exist, with 'Restore KP' and 'Delete answer' per row. Closing stays
 * disabled until no rows remain, since such answers break results; without event access the
 * dialog only says that results may be broken.
 */
export function DeletedKpOnTeamDialog({
  eventId,
  open,
  onClose,
}: {
  eventId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rows = useDeletedKpOnTeam(eventId, open);
  const restore = useRestoreKp(eventId);
  const deleteAnswer = useDeleteTeamAnswer(eventId);
  const [error, setError] = useState<string | null>(null);
  const busy = restore.isPending || deleteAnswer.isPending;
  const noAccess = rows.isError && isNoAccess(rows.error);
  // Rows still to settle keep the dialog open; an error leaves nothing the user can do here.
  const canClose = rows.isError || (rows.isSuccess && rows.data.length === 0);

  const handleClose = () => {
    if (canClose) onClose();
  };
  const yesNo = (v: boolean) => t(v ? 'deletedkponteam.yes' : 'deletedkponteam.no');
  const answerText = (r: DeletedKpOnTeamRow) =>
    r.answer ?? (r.ok === null ? '' : t(r.ok ? 'deletedkponteam.ok' : 'deletedkponteam.notok'));

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      maxWidth="lg"
      fullWidth
      data-testid="deletedkponteam-dialog"
    >
      <DialogTitle>{t('deletedkponteam.title')}</DialogTitle>
      <DialogContent dividers>
        {noAccess ? (
          <Alert severity="warning" data-testid="deletedkponteam-broken">
            {t('deletedkponteam.broken')}
          </Alert>
        ) : rows.isPending ? (
          <LoadingState />
        ) : rows.isError ? (
          <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
        ) : (
          <Stack sx={{ gap: 2 }}>
            <DialogContentText>
              {t(rows.data.length ? 'deletedkponteam.help' : 'deletedkponteam.allclear')}
            </DialogContentText>
            {error && (
              <Alert severity="error" data-testid="deletedkponteam-error">
                {error}
              </Alert>
            )}
            {rows.data.length > 0 && (
              <TableContainer>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('deletedkponteam.team')}</TableCell>
                      <TableCell>{t('deletedkponteam.kpid')}</TableCell>
                      <TableCell>{t('deletedkponteam.time')}</TableCell>
                      <TableCell>{t('deletedkponteam.deleted')}</TableCell>
                      <TableCell>{t('deletedkponteam.answer')}</TableCell>
                      <TableCell>{t('deletedkponteam.deletednr')}</TableCell>
                      <TableCell align="right">{t('deletedkponteam.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.data.map((r) => (
                      <TableRow
                        key={`${r.teamId}/${r.kpId}`}
                        data-testid={`deletedkponteam-row-${r.teamId}-${r.kpId}`}
                      >
                        <TableCell title={r.teamId}>{r.teamName || r.teamId}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{r.kpId}</TableCell>
                        <TableCell>{formatAeg(r.aeg, i18n.language)}</TableCell>
                        <TableCell>{yesNo(r.deleted)}</TableCell>
                        <TableCell>{answerText(r)}</TableCell>
                        <TableCell>{r.deletedNr === null ? '' : String(r.deletedNr)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {r.deleted && r.deletedId !== null && (
                            <Button
                              size="small"
                              disabled={busy}
                              onClick={() => {
                                setError(null);
                                restore.mutate(r.deletedId ?? '', {
                                  onError: (e) => setError(errorText(t, e)),
                                });
                              }}
                              data-testid={`deletedkponteam-restore-${r.teamId}-${r.kpId}`}
                            >
                              {t('deletedkponteam.restore')}
                            </Button>
                          )}
                          <Button
                            size="small"
                            color="error"
                            disabled={busy}
                            onClick={() => {
                              setError(null);
                              deleteAnswer.mutate(
                                { teamId: r.teamId, kpId: r.kpId },
                                { onError: (e) => setError(errorText(t, e)) },
                              );
                            }}
                            data-testid={`deletedkponteam-delete-${r.teamId}-${r.kpId}`}
                          >
                            {t('deletedkponteam.deleteanswer')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={!canClose} data-testid="deletedkponteam-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

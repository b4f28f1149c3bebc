import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { formatTime } from './teamAnswers.ts';
import { useDeletedTeams, useRestoreTeam } from './useTeams.ts';

interface DeletedTeamsDialogProps {
  eventId: string;
  readOnly: boolean;
  onClose: () => void;
  onRestored?: (backupId: string) => void;
}

/** 'Deleted teams': the backups of deleted teams, newest first, each restorable. */
export function DeletedTeamsDialog({
  eventId,
  readOnly,
  onClose,
  onRestored,
}: DeletedTeamsDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useDeletedTeams(eventId, true);
  const restore = useRestoreTeam(eventId);

  let content: React.ReactNode;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0)
    content = <EmptyState text={t('teams.deleted.empty')} testId="deletedteams-empty" />;
  else {
    const rows = [...list.data].sort((a, b) => b.deletetime - a.deletetime);
    content = (
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('teams.name')}</TableCell>
              <TableCell>{t('teams.nr')}</TableCell>
              <TableCell>{t('teams.deleted.time')}</TableCell>
              <TableCell align="right">{t('teams.answers')}</TableCell>
              <TableCell align="right">{t('teams.deleted.tickets')}</TableCell>
              <TableCell align="right">{t('teams.deleted.tracks')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.id} data-testid={`deletedteam-row-${b.id}`}>
                <TableCell>{b.name}</TableCell>
                <TableCell>{b.nr ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(b.deletetime)}</TableCell>
                <TableCell align="right">{b.answers}</TableCell>
                <TableCell align="right">{b.spdtickets}</TableCell>
                <TableCell align="right">{b.tracks}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    disabled={readOnly || restore.isPending}
                    data-testid={`deletedteam-restore-${b.id}`}
                    onClick={() =>
                      restore.mutate(b.id, {
                        onSuccess: () => {
                          notify(t('teams.restored', { name: b.name }));
                          onRestored?.(b.id);
                        },
                        onError: (e) => notify(errorText(t, e), 'error'),
                      })
                    }
                  >
                    {t('teams.restore')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="deletedteams-dialog">
      <DialogTitle>{t('teams.deleted.title')}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="deletedteams-close">
          {t('teams.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

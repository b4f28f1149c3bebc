import { Alert, Button, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TeamChange } from './teamChanges.ts';

/** The Teams tab's last undoable step: a deleted team (its backup) or a saved change. */
export type TeamUndo =
  | { kind: 'delete'; key: string; name: string; backupId: string }
  | { kind: 'change'; key: string; change: TeamChange };

/**
 * Says what the last step did ("Deleted team: Alpha", "Alpha disqualified: no place in the
 * results") for 10 s, with Undo.
 */
export function TeamUndoSnackbar({
  undo,
  onUndo,
  onClose,
}: {
  undo: TeamUndo | null;
  onUndo: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={undo?.key}
      open={undo !== null}
      autoHideDuration={10000}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      // Left, so it does not cover the app's own notices in the centre.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Alert
        severity="success"
        variant="filled"
        data-testid="team-undo-snackbar"
        data-kind={undo?.kind}
        action={
          <Button color="inherit" size="small" onClick={onUndo} data-testid="team-undo">
            {t('teams.undo')}
          </Button>
        }
      >
        {undo?.kind === 'delete'
          ? t('teams.deletedteam', { name: undo.name })
          : (undo?.change.text ?? '')}
      </Alert>
    </Snackbar>
  );
}

import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, naming the thing (e.g. "Remove Mari from the admins of Spring?"). */
  message: React.ReactNode;
  /** The confirming button's label: the action itself ("Remove"), not "OK". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirm button shows progress and takes no second click. */
  busy?: boolean;
  /** A destructive action gets a red confirm button (the default). */
  destructive?: boolean;
  testId?: string;
  confirmTestId?: string;
}

/**
 * The one "are you sure?" dialog of destructive actions (remove an admin, delete a join code,
 * a team, a team's answer): the action named on the button, Cancel (or Escape, or a click
 * outside) keeps the thing. Rendered only while asking.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = true,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-ok',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus data-testid="confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          loading={busy}
          onClick={() => {
            if (!busy) onConfirm();
          }}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

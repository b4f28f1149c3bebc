import { Alert, Snackbar } from '@mui/material';
import type { Notice } from './NotifyProvider.tsx';

/** The snackbar of one notice (NotifyProvider): errors stay 8 s, others 4 s, persistent ones until closed. */
export function NoticeSnackbar({
  notice,
  open,
  onClose,
}: {
  notice: Notice;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={notice.persistent ? null : notice.severity === 'error' ? 8000 : 4000}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="snackbar"
        data-severity={notice.severity}
        severity={notice.severity}
        variant="filled"
        onClose={onClose}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}

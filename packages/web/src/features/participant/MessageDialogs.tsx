import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeviceMessage } from '@rada/core';

/** The organiser's messages, one dialog at a time, oldest first. */
export function MessageDialogs({
  messages,
  onDismiss,
}: {
  messages: DeviceMessage[];
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation();
  const m = messages[0];
  if (!m) return null;
  return (
    <Dialog open onClose={() => onDismiss(m.id)} fullWidth maxWidth="xs" data-testid="play-message">
      <DialogTitle>{m.title || t('play.message.title')}</DialogTitle>
      {m.body && (
        <DialogContent>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={() => onDismiss(m.id)} data-testid="play-message-ok">
          {t('play.message.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArchivePlace } from '@rada/core';
import { api } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';

function Place({ place }: { place: ArchivePlace }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard.writeText(place.location).then(
      () => notify(t('debug.raw.copied'), 'success'),
      () => notify(t('debug.raw.copyfailed'), 'error'),
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`storage-${place.tier}`}>
      <Typography variant="subtitle1" component="h3">
        {t(`debug.storage.tier.${place.tier}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`debug.storage.kind.${place.kind}`)}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
        <Typography
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          data-testid={`storage-${place.tier}-location`}
        >
          {place.location}
        </Typography>
        <Tooltip title={t('debug.raw.copy')}>
          <IconButton size="small" aria-label={t('debug.raw.copy')} onClick={copy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {place.consoleUrl && (
        <Link
          href={place.consoleUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          data-testid={`storage-${place.tier}-console`}
        >
          {t('debug.storage.console')}
          <OpenInNewIcon fontSize="inherit" />
        </Link>
      )}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid={`storage-${place.tier}-files`}>
        {place.files.length === 0
          ? t('debug.storage.nofiles')
          : t('debug.storage.files', { count: place.files.length })}
      </Typography>
      {place.files.map((file) => (
        <Typography
          key={file}
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {file}
        </Typography>
      ))}
    </Paper>
  );
}

/**
 * The events manager's storage link (spec 02 §2): where an event's archive files are on each
 * tier the server has, a folder's path on the server or the S3 address with AWS's console.
 */
export function ArchiveStorageDialog({
  eventId,
  onClose,
}: {
  eventId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const storage = useQuery({
    queryKey: ['debug', 'storage', eventId],
    queryFn: () => api.archiveStorage(eventId),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="storage-dialog">
      <DialogTitle>{t('debug.storage.title', { id: eventId })}</DialogTitle>
      <DialogContent>
        {storage.isPending ? (
          <LoadingState />
        ) : storage.isError ? (
          <ErrorState error={storage.error} onRetry={() => void storage.refetch()} />
        ) : (
          <Stack sx={{ gap: 2 }}>
            {storage.data.places.map((place) => (
              <Place key={place.tier} place={place} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.events.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RAW_DOCS } from '@rada/core';
import type { RawDoc } from '@rada/core';
import { api } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';

/** Bytes as a reader counts them: 980 B, 12.3 KB, 4.1 MB. */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Saves `text` as a file named `name` through the browser's download. */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The click has handed the file to the browser; the address is needed no longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * An event's stored documents, read-only (spec 02 §2, the console links of the original): its
 * record, data, team list or teams as JSON, with the place each has in the stored data, and
 * copy and download of what is shown. An archived event's come from its archive.
 */
export function RawDataView({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [doc, setDoc] = useState<RawDoc>('event');
  const raw = useQuery({
    queryKey: ['debug', 'raw', eventId, doc],
    queryFn: () => api.debugRaw(eventId, doc),
  });
  const text = raw.data ? JSON.stringify(raw.data.value, null, 2) : '';
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notify(t('debug.raw.copied'), 'success'),
      () => notify(t('debug.raw.copyfailed'), 'error'),
    );

  return (
    <Stack sx={{ gap: 2, minWidth: 0 }} data-testid="debug-raw">
      {/* Chips, not a button group: on a phone they wrap whole. */}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} role="group">
        {RAW_DOCS.map((d) => (
          <Chip
            key={d}
            label={t(`debug.raw.doc.${d}`)}
            color={d === doc ? 'primary' : 'default'}
            variant={d === doc ? 'filled' : 'outlined'}
            onClick={() => setDoc(d)}
            aria-pressed={d === doc}
            data-testid={`debug-raw-doc-${d}`}
          />
        ))}
      </Stack>
      {raw.isPending ? (
        <LoadingState />
      ) : raw.isError ? (
        <ErrorState error={raw.error} onRetry={() => void raw.refetch()} />
      ) : (
        <>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="debug-raw-path"
            >
              {raw.data.path}
            </Typography>
            {raw.data.arch && (
              <Chip
                size="small"
                variant="outlined"
                label={t('debug.raw.archived', { tier: raw.data.arch.toUpperCase() })}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {sizeText(new TextEncoder().encode(text).length)}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Button startIcon={<ContentCopyIcon />} onClick={copy} data-testid="debug-raw-copy">
              {t('debug.raw.copy')}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => download(text, `${eventId}-${doc}.json`)}
              data-testid="debug-raw-download"
            >
              {t('debug.raw.download')}
            </Button>
          </Stack>
          <Box
            component="pre"
            data-testid="debug-raw-json"
            aria-label={t(`debug.raw.doc.${doc}`)}
            sx={{
              m: 0,
              p: 1.5,
              maxHeight: '60vh',
              overflow: 'auto',
              fontSize: '0.75rem',
              bgcolor: 'action.hover',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {text}
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The raw-data view of one event in a dialog (the events manager's row menu). */
export function RawDataDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" data-testid="debug-raw-dialog">
      <DialogTitle>{t('debug.raw.title', { id: eventId })}</DialogTitle>
      <DialogContent>
        <RawDataView eventId={eventId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.events.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

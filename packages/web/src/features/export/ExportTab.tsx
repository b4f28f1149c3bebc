import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useDownloadPrintItems } from '../printing/useDownloadPrintItems.ts';
import { downloadJson } from './download.ts';
import { kpajadFromEventFile } from './kpajad.ts';

/** The download buttons' file names for an event. */
export function exportFileNames(eventId: string) {
  return {
    kpajad: 'kpajad.json',
    printItems: `${eventId}-printitems.csv`,
    event: `${eventId}.json`,
  };
}

/**
 * Export panel (spec 01 screen 2): checkpoint answer times (kpajad.json, taken from the whole
 * event export), print items ({event}-printitems.csv) and the whole event ({event}.json).
 */
export function ExportTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const files = exportFileNames(event.id);
  const onError = (e: unknown) => notify(errorText(t, e), 'error');
  const exportEvent = useMutation({
    mutationFn: () => api.exportEvent(event.id),
    onSuccess: (data) => {
      downloadJson(data, files.event);
      notify(t('export.downloaded', { file: files.event }));
    },
    onError,
  });
  const exportKpajad = useMutation({
    mutationFn: () => api.exportEvent(event.id),
    onSuccess: (data) => {
      downloadJson(kpajadFromEventFile(data), files.kpajad);
      notify(t('export.downloaded', { file: files.kpajad }));
    },
    onError,
  });
  const exportPrintItems = useDownloadPrintItems(event.id);

  const button = (
    label: string,
    testId: string,
    pending: boolean,
    onClick: () => void,
    primary = false,
  ) => (
    <Button
      variant={primary ? 'contained' : 'outlined'}
      startIcon={pending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      disabled={pending}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="export-panel">
      <Typography variant="h5" component="h2">
        {t('export.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('export.help')}
      </Typography>
      <Stack sx={{ gap: 1.5, maxWidth: 480 }}>
        {button(t('export.kpajad'), 'export-kpajad', exportKpajad.isPending, () =>
          exportKpajad.mutate(),
        )}
        {button(
          t('export.printitems', { event: event.id }),
          'export-printitems',
          exportPrintItems.isPending,
          () => exportPrintItems.mutate(),
        )}
        {button(
          t('export.event', { event: event.id }),
          'export-event',
          exportEvent.isPending,
          () => exportEvent.mutate(),
          true,
        )}
      </Stack>
    </Paper>
  );
}

import { Button, CircularProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';

/** Offers `data` to the browser as a downloaded JSON file called `fileName`. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Export panel (spec 01 screen 2): checkpoint answer times, print items and the whole event.
 * Only the whole event works yet; it downloads GET /api/events/:id/export as {event}.json.
 */
export function ExportTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const fileName = `${event.id}.json`;
  const exportEvent = useMutation({
    mutationFn: () => api.exportEvent(event.id),
    onSuccess: (data) => {
      downloadJson(data, fileName);
      notify(t('export.downloaded', { file: fileName }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });

  const coming = (label: string, testId: string) => (
    <Tooltip title={t('common.comingsoon')}>
      <span>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled
          fullWidth
          data-testid={testId}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
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
        {coming(t('export.kpajad'), 'export-kpajad')}
        {coming(t('export.printitems', { event: event.id }), 'export-printitems')}
        <Button
          variant="contained"
          startIcon={
            exportEvent.isPending ? (
              <CircularProgress size={16} color="inherit" />
            ) : (
              <DownloadIcon />
            )
          }
          disabled={exportEvent.isPending}
          onClick={() => exportEvent.mutate()}
          data-testid="export-event"
        >
          {t('export.event', { event: event.id })}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Alert, Paper, Stack, Typography } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import type { PlayView } from '@rada/core';
import type { KpStatus } from './playRules.ts';

/** After the finish: the event's finished message and how many KPs were marked. */
export function FinishedView({
  view,
  statuses,
}: {
  view: PlayView;
  statuses: Map<string, KpStatus>;
}) {
  const { t } = useTranslation();
  const marked = [...statuses.values()].filter((s) => s !== 'none').length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="play-finished">
      <Stack sx={{ gap: 2, alignItems: 'center', textAlign: 'center' }}>
        <FlagIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h2">
          {t('play.finished.title')}
        </Typography>
        {view.settings.finishedmessage && (
          <Alert severity="success" icon={false} sx={{ whiteSpace: 'pre-wrap', width: '100%' }}>
            {view.settings.finishedmessage}
          </Alert>
        )}
        <Typography color="text.secondary" data-testid="play-finished-count">
          {t('play.finished.count', { marked, total: view.kps.length })}
        </Typography>
      </Stack>
    </Paper>
  );
}

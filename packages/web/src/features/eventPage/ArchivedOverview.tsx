import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useTranslation } from 'react-i18next';
import type { OverviewArchive } from '@rada/core';

/** The counts an archive holds, in the order they are shown. */
const HELD = ['teams', 'checkpoints', 'answers', 'registrations'] as const;

/**
 * An archived event's dashboard: what its archive holds, and how to restore it (a1: the event's
 * owner, its admins or a super admin; `onRestore` opens the job's dialog, which the dashboard
 * keeps open as the event comes back) or that it cannot be restored (a2).
 */
export function ArchivedOverview({
  archive,
  onRestore,
}: {
  archive: OverviewArchive;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="dash-archive"
      data-state={archive.state}
    >
      <Typography variant="h6" component="h2">
        {t('dash.archive.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t(`dash.archive.${archive.state}`)}
      </Typography>
      <Stack direction="row" sx={{ gap: 4, mt: 2, mb: 0, flexWrap: 'wrap' }} component="dl">
        {HELD.map((key) => (
          // The number above its meaning, the meaning first for a screen reader.
          <Box key={key} sx={{ minWidth: 120, display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography variant="body2" color="text.secondary" component="dt">
              {t(`dash.archive.${key}`, { count: archive[key] })}
            </Typography>
            <Typography
              variant="h4"
              component="dd"
              sx={{ m: 0 }}
              data-testid={`dash-archive-${key}`}
            >
              {archive[key]}
            </Typography>
          </Box>
        ))}
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        {t('dash.archive.restore.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="dash-archive-restore-help">
        {archive.canRestore ? t('dash.archive.restore.help') : t('dash.archive.restore.final')}
      </Typography>
      {archive.canRestore && (
        <Button
          variant="outlined"
          startIcon={<UnarchiveIcon />}
          sx={{ mt: 1.5 }}
          onClick={onRestore}
          data-testid="dash-archive-restore"
        >
          {t('archive.restore')}
        </Button>
      )}
    </Paper>
  );
}

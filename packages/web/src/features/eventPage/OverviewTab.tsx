import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { formatDateTime } from '../events/formatEventDates.ts';
import { OverviewDashboard } from './OverviewDashboard.tsx';

/**
 * What anyone who may see the event sees: type, start, end, and its public pages; its admins
 * see their dashboard above (OverviewDashboard).
 */
export function OverviewTab({ event, admin = false }: { event: EventSummary; admin?: boolean }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string, string][] = [
    [t('overview.type'), t(`settings.type.${event.type}`), 'overview-type'],
    [
      t('overview.start'),
      formatDateTime(event.starttime, i18n.language) ?? t('event.nodate'),
      'overview-start',
    ],
    [t('overview.end'), formatDateTime(event.endtime, i18n.language) ?? '—', 'overview-end'],
  ];
  return (
    <Stack spacing={2}>
      {admin && <OverviewDashboard eventId={event.id} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="overview-panel">
        <Stack component="dl" sx={{ m: 0, gap: 1 }}>
          {rows.map(([label, value, testId]) => (
            <Stack key={label} direction="row" sx={{ gap: 2 }}>
              <Typography component="dt" color="text.secondary" sx={{ width: 120 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          {t('overview.pages')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={Link} to={`/${event.id}/result`}>
            {t('overview.results')}
          </Button>
          <Button variant="outlined" component={Link} to={`/${event.id}/reg`}>
            {t('overview.registration')}
          </Button>
          <Button variant="outlined" component={Link} to={`/${event.id}/join`}>
            {t('overview.join')}
          </Button>
          <Button
            variant="contained"
            component={Link}
            to={`/${event.id}/play`}
            data-testid="overview-play"
          >
            {t('overview.play')}
          </Button>
          <Button variant="outlined" component={Link} to={`/${event.id}/start`}>
            {t('overview.start.screen')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

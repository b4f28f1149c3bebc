import { Suspense, lazy } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventSummary, Me } from '@rada/core';
import { EventLoadState, useEventTitle } from './EventLoadState.tsx';
import { useEventRealtime } from '../../api/realtime.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useMe } from '../auth/useMe.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { formatEventDates } from '../events/formatEventDates.ts';
import { useEvent } from '../events/useEvent.ts';
import { EventActions } from './EventActions.tsx';
import { isEventAdmin, tabFromSub, tabPath, visibleTabs } from './eventTabs.ts';

// Every tab loads when first opened, so a tab (the public live map above all) downloads none of
// the others' code: the checkpoint editor's data grid, the settings' forms and date pickers.
const OverviewTab = lazy(() =>
  import('./OverviewTab.tsx').then((m) => ({ default: m.OverviewTab })),
);
const CheckpointsTab = lazy(() =>
  import('../checkpoints/CheckpointsTab.tsx').then((m) => ({ default: m.CheckpointsTab })),
);
const TeamsTab = lazy(() => import('../teams/TeamsTab.tsx').then((m) => ({ default: m.TeamsTab })));
const LiveMapTab = lazy(() =>
  import('../live/LiveMapTab.tsx').then((m) => ({ default: m.LiveMapTab })),
);
const SettingsTab = lazy(() =>
  import('../settings/SettingsTab.tsx').then((m) => ({ default: m.SettingsTab })),
);
const AdminsTab = lazy(() =>
  import('../admins/AdminsTab.tsx').then((m) => ({ default: m.AdminsTab })),
);
const ExportTab = lazy(() =>
  import('../export/ExportTab.tsx').then((m) => ({ default: m.ExportTab })),
);
const HistoryTab = lazy(() =>
  import('../history/HistoryTab.tsx').then((m) => ({ default: m.HistoryTab })),
);
const ControlDescriptionSheet = lazy(() =>
  import('../printing/ControlDescriptionSheet.tsx').then((m) => ({
    default: m.ControlDescriptionSheet,
  })),
);

function EventHeader({ event, me }: { event: EventSummary; me: Me | null | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: { xs: 1, sm: 2 }, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h1"
          data-testid="eventpage-name"
          sx={{ wordBreak: 'break-word' }}
        >
          {event.name}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" data-testid="eventpage-dates">
            {formatEventDates(event.starttime, event.endtime, i18n.language) ?? t('event.nodate')}
          </Typography>
          <Chip size="small" label={t(`settings.type.${event.type}`)} />
          {event.hidden && <Chip size="small" label={t('event.hidden')} />}
          {event.arch && <Chip size="small" color="warning" label={t('event.archived')} />}
          {event.role && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`event.role.${event.role}`)}
            />
          )}
        </Stack>
      </Box>
      <EventActions event={event} me={me} />
    </Stack>
  );
}

/** `/:evid` and `/:evid/:sub1`: the event's header and its tabs, live while it is open. */
export function EventPage() {
  const { evid, sub1 } = useParams();
  const { t } = useTranslation();
  const me = useMe();
  const event = useEvent(evid);
  const openSignIn = useOpenSignIn();
  useEventRealtime(evid);

  useEventTitle(event.data?.name);

  if (!evid) return null;
  if (!event.data) return <EventLoadState evid={evid} event={event} />;

  const ev = event.data;
  const admin = isEventAdmin(ev, me.data);
  const tabs = visibleTabs(admin, ev.kpsinweb, ev.hidetracks);
  const tab = tabFromSub(sub1);

  if (tab === 'kpprint') {
    // The printable sheet stands alone (no header or tabs) so the browser prints just it.
    return admin ? (
      <Suspense fallback={<LoadingState />}>
        <ControlDescriptionSheet event={ev} />
      </Suspense>
    ) : (
      <Alert severity="warning" data-testid="event-noaccess">
        {t('event.noaccess')}
      </Alert>
    );
  }

  let content: React.ReactNode;
  if (tab === 'notfound') {
    // The tabs stay above it: they are the pages the event has.
    content = <NotFound text={t('event.tab.notfound', { page: sub1 })} backTo={`/${ev.id}`} />;
  } else if (!tabs.includes(tab)) {
    content = (
      <Alert
        severity="warning"
        data-testid="event-noaccess"
        action={
          me.data === null ? (
            <Button color="inherit" onClick={openSignIn} sx={{ whiteSpace: 'nowrap' }}>
              {t('auth.signin')}
            </Button>
          ) : undefined
        }
      >
        {t('event.noaccess')}
      </Alert>
    );
  } else {
    content = (
      <Suspense fallback={<LoadingState />}>
        {tab === 'overview' && <OverviewTab event={ev} admin={admin} />}
        {tab === 'kp' && <CheckpointsTab event={ev} />}
        {tab === 'teams' && <TeamsTab event={ev} />}
        {tab === 'map' && <LiveMapTab event={ev} />}
        {tab === 'settings' && <SettingsTab event={ev} />}
        {tab === 'admins' && <AdminsTab event={ev} />}
        {tab === 'export' && <ExportTab event={ev} />}
        {tab === 'log' && <HistoryTab event={ev} />}
      </Suspense>
    );
  }

  return (
    <Stack sx={{ gap: 2 }} data-testid="event-page">
      <EventHeader event={ev} me={me.data} />
      {ev.arch && ev.role !== null && (
        <Alert severity="info" data-testid="eventpage-archived">
          {ev.arch === 'a1' ? t('event.archived.help') : t('event.archived.final')}
        </Alert>
      )}
      {tabs.length > 1 && (
        <Paper variant="outlined">
          <Tabs
            value={tab !== 'notfound' && tabs.includes(tab) ? tab : false}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {tabs.map((tb) => (
              <Tab
                key={tb}
                value={tb}
                label={t(`event.tab.${tb}`)}
                component={Link}
                to={tabPath(ev.id, tb)}
                data-testid={`event-tab-${tb}`}
              />
            ))}
          </Tabs>
        </Paper>
      )}
      {content}
    </Stack>
  );
}

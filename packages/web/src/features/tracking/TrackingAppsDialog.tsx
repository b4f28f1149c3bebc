import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TrackingLinkView } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useNow } from '../startOrder/useNow.ts';
import { AppPanel } from './AppPanel.tsx';
import { TrackerPanel } from './TrackerPanel.tsx';
import {
  ANDROID_ONLY,
  RECOMMENDED_APP,
  linksOf,
  trackingDeviceName,
  trackingTabs,
} from './trackingText.ts';
import type { TrackingTab } from './trackingText.ts';
import { useEventTracking, useTeamTrackingLinks, useTrackingMutations } from './useTracking.ts';

export interface TrackingAppsDialogProps {
  eventId: string;
  teamId: string;
  team: { name: string; nr: string | null };
  /** An event admin also gets the GPS tracker tab (the event's Traccar forwarding). */
  admin: boolean;
  onClose: () => void;
}

/**
 * "Track with the phone in a pocket" (issue 35): a tab per background app, Traccar Client first
 * and recommended, then OsmAnd, OwnTracks and GPSLogger (Android only); event admins also get
 * the GPS tracker tab. An app's tab makes the team's link for it, then shows the steps, the QR
 * code, the one-tap "Open in <app>", the address, the link's last point (read again every 10 s)
 * and "Stop this link". Battery and privacy in a sentence each at the bottom.
 */
export function TrackingAppsDialog({
  eventId,
  teamId,
  team,
  admin,
  onClose,
}: TrackingAppsDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const now = useNow(5000);
  const [tab, setTab] = useState<TrackingTab>(RECOMMENDED_APP);
  const links = useTeamTrackingLinks(eventId, teamId);
  const tracking = useEventTracking(eventId, admin && tab === 'tracker');
  const mutations = useTrackingMutations(eventId, teamId);
  const onError = (e: unknown) => notify(errorText(t, e), 'error');
  const all = links.data ?? [];
  const origin = window.location.origin;

  const handleStop = (link: TrackingLinkView, message: string) =>
    mutations.remove.mutate(link.id, { onSuccess: () => notify(message), onError });

  let panel: React.ReactNode;
  if (links.isError) {
    panel = <Alert severity="error">{errorText(t, links.error)}</Alert>;
  } else if (links.isPending) {
    panel = <Typography color="text.secondary">{t('common.loading')}</Typography>;
  } else if (tab === 'tracker') {
    panel = (
      <TrackerPanel
        tracking={tracking.data}
        trackers={linksOf(all, 'tracker')}
        now={now}
        busy={
          mutations.enableFeed.isPending ||
          mutations.disableFeed.isPending ||
          mutations.create.isPending
        }
        onEnableFeed={() => mutations.enableFeed.mutate(undefined, { onError })}
        onDisableFeed={() => mutations.disableFeed.mutate(undefined, { onError })}
        onAdd={(trackerId) =>
          mutations.create.mutateAsync({ app: 'tracker', trackerId }).then(
            () => true,
            (e: unknown) => {
              onError(e);
              return false;
            },
          )
        }
        onRemove={(link) =>
          handleStop(link, t('tracking.trackers.removed', { id: link.trackerId }))
        }
      />
    );
  } else {
    const app = tab;
    panel = (
      <AppPanel
        app={app}
        links={linksOf(all, app)}
        origin={origin}
        deviceName={trackingDeviceName(team, app)}
        now={now}
        creating={mutations.create.isPending}
        stopping={mutations.remove.isPending}
        onCreate={() => mutations.create.mutate({ app }, { onError })}
        onStop={(link) => handleStop(link, t('tracking.stopped'))}
      />
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid="tracking-dialog"
    >
      <DialogTitle sx={{ pb: 0.5 }}>
        {t('tracking.title')}
        <Typography variant="body2" color="text.secondary" data-testid="tracking-team">
          {team.nr ? `${team.nr} · ` : ''}
          {team.name}
        </Typography>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: TrackingTab) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('tracking.apps')}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { sm: 2 } }}
      >
        {trackingTabs(admin).map((key) => {
          const count = linksOf(all, key).length;
          return (
            <Tab
              key={key}
              value={key}
              data-testid={`tracking-tab-${key}`}
              data-links={count}
              sx={{ textTransform: 'none', minHeight: 56 }}
              label={
                <Stack sx={{ alignItems: 'center' }}>
                  <span>
                    {t(`tracking.app.${key}`)}
                    {count > 0 ? ` (${count})` : ''}
                  </span>
                  {key === RECOMMENDED_APP && (
                    <Chip
                      size="small"
                      color="success"
                      label={t('tracking.recommended')}
                      sx={{ height: 18, fontSize: '0.7rem', mt: 0.25 }}
                    />
                  )}
                  {key !== 'tracker' && ANDROID_ONLY.includes(key) && (
                    <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                      {t('tracking.androidonly')}
                    </Typography>
                  )}
                </Stack>
              }
            />
          );
        })}
      </Tabs>
      <DialogContent sx={{ pt: 2 }}>
        <Stack sx={{ gap: 2 }}>
          {tab !== 'tracker' && (
            <Typography variant="body2" data-testid="tracking-intro">
              {t('tracking.intro')}
            </Typography>
          )}
          <Box sx={{ minHeight: 240 }}>{panel}</Box>
          <Box sx={{ color: 'text.secondary' }} data-testid="tracking-notes">
            <Typography variant="caption" component="p">
              {t('tracking.battery')}
            </Typography>
            <Typography variant="caption" component="p">
              {t('tracking.privacy')}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="tracking-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { EventSummary, LocationPoint, PlayKp, PlayView } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNow } from '../startOrder/useNow.ts';
import { logEvent, logText } from './appLog.ts';
import { deviceId, deviceInfo, newCid } from './device.ts';
import type { CommandSources } from './deviceCommands.ts';
import { FinishedView } from './FinishedView.tsx';
import { MessageDialogs } from './MessageDialogs.tsx';
import { allPoints } from './outbox.ts';
import type { OutboxAction } from './outbox.ts';
import {
  AUTO_KP_DEFAULT_DISTANCE_M,
  autoKpsToMark,
  effectiveStart,
  kpStatus,
  playPhase,
} from './playRules.ts';
import type { KpStatus, LocalProgress } from './playRules.ts';
import { dumpStore } from './dumpStore.ts';
import { playStore } from './playStore.ts';
import { PreStartView } from './PreStartView.tsx';
import { RunningView } from './RunningView.tsx';
import { OfflineMapButton } from './OfflineMapDialog.tsx';
import { SyncChip } from './SyncChip.tsx';
import { useDeviceMessages } from './useDeviceMessages.ts';
import { useGeolocation } from './useGeolocation.ts';
import { usePlaySync } from './usePlaySync.ts';
import { PocketTracking, UntrackedBanner } from './PocketTracking.tsx';
import { useUntrackedGap } from './useUntrackedGap.ts';
import { useWakeLock } from './useWakeLock.ts';
import { LazyTrackingAppsDialog } from '../tracking/LazyTrackingAppsDialog.tsx';

/** Registration is tried again this often until it succeeds. */
const REGISTER_RETRY_MS = 10_000;

/** The device start and finish not yet known to the server, from the outbox. */
function localProgress(actions: OutboxAction[]): LocalProgress {
  const at = (kind: 'start' | 'finish') => actions.find((a) => a.kind === kind)?.body.t ?? null;
  return { startedAt: at('start'), finishedAt: at('finish') };
}

/** The `loc` of a mark, start or finish: where the device was, when known. */
function locOf(here: { lat: number; lng: number } | null): { loc?: { lat: number; lng: number } } {
  return here ? { loc: { lat: here.lat, lng: here.lng } } : {};
}

/** The participant app once the team is known: header, phase views, sync, device channel. */
export function PlayScreen({
  event,
  view,
  onChangeTeam,
}: {
  event: EventSummary;
  view: PlayView;
  /** Offered when the user is in several teams of the event. */
  onChangeTeam?: () => void;
}) {
  const { t } = useTranslation();
  const [devId] = useState(deviceId);
  const sync = usePlaySync(view.eventId, devId);
  const now = useNow(1000);
  const registered = useDeviceRegistration(devId, view.eventId, view.team.id);

  const allActions = useMemo(
    () => [...sync.sent.map((r) => r.action), ...sync.pending],
    [sync.sent, sync.pending],
  );
  const local = useMemo(() => localProgress(allActions), [allActions]);
  const phase = playPhase(view, local, now);
  const start = effectiveStart(view, local);

  // Track points are kept from the start to the finish; the server skips any it has.
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);
  const lastPointT = useRef(0);
  const { addPoints } = sync;
  const handlePoint = useCallback(
    (p: LocationPoint) => {
      if (phaseRef.current !== 'running' || p.t <= lastPointT.current) return;
      lastPointT.current = p.t;
      void addPoints([p]);
    },
    [addPoints],
  );
  const geo = useGeolocation(handlePoint);
  const here = geo.here;
  // Honest about a hidden page (issue 35): how long it went untracked, the screen kept on on
  // request, and the background apps one tap away.
  const wake = useWakeLock();
  const lastPoint = useCallback(() => lastPointT.current || null, []);
  const untracked = useUntrackedGap(phase === 'running', lastPoint);
  const [pocketOpen, setPocketOpen] = useState(false);
  const openPocket = useCallback(() => setPocketOpen(true), []);

  const waiting = useMemo(
    () => new Set(sync.pending.flatMap((a) => (a.kind === 'mark' ? [a.body.kpId] : []))),
    [sync.pending],
  );
  const sent = useMemo(
    () =>
      new Set(
        sync.sent.flatMap((r) =>
          r.action.kind === 'mark' && r.outcome !== 'refused' ? [r.action.body.kpId] : [],
        ),
      ),
    [sync.sent],
  );
  const statuses = useMemo(
    () =>
      new Map<string, KpStatus>(
        view.kps.map((k) => [k.id, kpStatus(k.id, view.marks, waiting, sent)]),
      ),
    [view.kps, view.marks, waiting, sent],
  );
  const givenAnswers = useMemo(() => {
    const m = new Map<string, string | null>(view.marks.map((x) => [x.kpId, x.answer]));
    for (const a of allActions) if (a.kind === 'mark') m.set(a.body.kpId, a.body.answer ?? null);
    return m;
  }, [view.marks, allActions]);

  const { enqueue } = sync;
  const teamId = view.team.id;
  const eventId = view.eventId;
  // Marks carry where the device was; read at the moment of marking.
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  const mark = useCallback(
    (kp: PlayKp, answer: string | null) => {
      const t0 = Date.now();
      const cid = newCid();
      void enqueue({
        kind: 'mark',
        eventId,
        cid,
        createdAt: t0,
        body: {
          cid,
          kpId: kp.id,
          t: t0,
          teamId,
          ...(answer !== null ? { answer } : {}),
          ...locOf(hereRef.current),
        },
      }).catch((e: unknown) => logEvent(`store failed ${String(e)}`));
    },
    [enqueue, eventId, teamId],
  );
  const startOrFinish = useCallback(
    (kind: 'start' | 'finish') => {
      const t0 = Date.now();
      const cid = newCid();
      void enqueue({
        kind,
        eventId,
        cid,
        createdAt: t0,
        body: { cid, t: t0, teamId, ...locOf(hereRef.current) },
      }).catch((e: unknown) => logEvent(`store failed ${String(e)}`));
    },
    [enqueue, eventId, teamId],
  );

  // Auto KPs are marked by passing within their distance.
  const autoDone = useRef(new Set<string>());
  useEffect(() => {
    if (phase !== 'running' || !sync.loaded) return;
    const marked = new Set([...statuses].filter(([, s]) => s !== 'none').map(([id]) => id));
    for (const id of autoDone.current) marked.add(id);
    const fallback = view.settings.maxmarkingdistance ?? AUTO_KP_DEFAULT_DISTANCE_M;
    for (const kp of autoKpsToMark(view.kps, marked, here, fallback)) {
      autoDone.current.add(kp.id);
      logEvent(`auto KP ${kp.id}`);
      mark(kp, null);
    }
  }, [phase, sync.loaded, statuses, here, view.kps, view.settings.maxmarkingdistance, mark]);

  const sources = useMemo<CommandSources>(
    () => ({
      log: logText,
      track: () => allPoints(playStore(), eventId),
      database: () => dumpStore(playStore()),
      name: `${view.name} – ${view.team.name}`,
    }),
    [eventId, view.name, view.team.name],
  );
  const messages = useDeviceMessages(devId, registered, sources);

  return (
    <Box data-testid="play-app" data-phase={phase} sx={{ maxWidth: 720, mx: 'auto', mt: -1 }}>
      <Paper variant="outlined" sx={{ px: 1.5, py: 1, mb: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="subtitle1"
              noWrap
              sx={{ fontWeight: 700 }}
              data-testid="play-event"
            >
              {event.name}
            </Typography>
            {/* The name gives way, never the button: inside the clipped name a long one hid it. */}
            <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ minWidth: 0 }}
                data-testid="play-team"
              >
                {view.team.nr ? `${view.team.nr} · ` : ''}
                {view.team.name}
              </Typography>
              {onChangeTeam && (
                <Button
                  size="small"
                  onClick={onChangeTeam}
                  sx={{ ml: 1, py: 0, minWidth: 0, flex: 'none', textTransform: 'none' }}
                  data-testid="play-changeteam"
                >
                  {t('play.changeteam')}
                </Button>
              )}
            </Stack>
          </Box>
          <OfflineMapButton eventId={eventId} />
          <SyncChip sync={sync} kps={view.kps} />
        </Stack>
        {!view.team.allowed && (
          <Typography variant="body2" color="warning.main" data-testid="play-notallowed">
            {t('play.notallowed')}
          </Typography>
        )}
        {geo.problem && (
          <Typography variant="body2" color="error" data-testid="play-geo-problem">
            {t(`play.geo.${geo.problem}`)}
          </Typography>
        )}
      </Paper>
      {untracked.gap !== null && (
        <UntrackedBanner
          gap={untracked.gap}
          onOpen={() => {
            untracked.dismiss();
            openPocket();
          }}
          onClose={untracked.dismiss}
        />
      )}
      {phase === 'prestart' && (
        <PreStartView
          view={view}
          here={here}
          now={now}
          onStart={() => startOrFinish('start')}
          pocket={<PocketTracking wake={wake} compact={false} onOpen={openPocket} />}
        />
      )}
      {phase === 'running' && (
        <RunningView
          view={view}
          here={here}
          now={now}
          start={start}
          statuses={statuses}
          givenAnswers={givenAnswers}
          onMark={mark}
          onFinish={() => startOrFinish('finish')}
          online={sync.online}
          pocket={<PocketTracking wake={wake} compact onOpen={openPocket} />}
        />
      )}
      {phase === 'finished' && (
        <FinishedView
          view={view}
          statuses={statuses}
          start={start}
          finish={view.team.finishtime ?? local.finishedAt}
          online={sync.online}
        />
      )}
      <MessageDialogs messages={messages.shown} onDismiss={messages.dismiss} />
      <LazyTrackingAppsDialog
        open={pocketOpen}
        eventId={eventId}
        teamId={teamId}
        team={view.team}
        admin={false}
        onClose={() => setPocketOpen(false)}
      />
    </Box>
  );
}

/**
 * Registers this device to the team once per event and team, retrying until it succeeds (at
 * once when the browser comes back online).
 */
function useDeviceRegistration(devId: string, eventId: string, teamId: string): boolean {
  const [registered, setRegistered] = useState(false);
  useEffect(() => {
    let stopped = false;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const attempt = async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        await api.registerDevice(devId, { eventId, teamId, info: deviceInfo() });
        logEvent(`device registered to ${eventId}/${teamId}`);
        done = true;
        if (!stopped) setRegistered(true);
      } catch (e) {
        logEvent(`device registration failed ${e instanceof Error ? e.message : String(e)}`);
        if (!stopped) timer = setTimeout(() => void attempt(), REGISTER_RETRY_MS);
      }
    };
    const handleOnline = () => {
      if (!done) void attempt();
    };
    window.addEventListener('online', handleOnline);
    void attempt();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', handleOnline);
    };
  }, [devId, eventId, teamId]);
  return registered;
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LocationPoint, PlayView } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { logEvent } from './appLog.ts';
import {
  countPoints,
  enqueueAction,
  pendingActions,
  retryDelay,
  sentRecords,
  storePoints,
  syncOnce,
} from './outbox.ts';
import type { OutboxAction, SentRecord, Transport } from './outbox.ts';
import { playStore } from './playStore.ts';

/** How often the outbox looks for work while everything goes well (track points). */
const IDLE_SYNC_MS = 5_000;

export interface PlaySync {
  pending: OutboxAction[];
  sent: SentRecord[];
  points: number;
  online: boolean;
  /** The last failure's error key while retrying, else null. */
  error: string | null;
  loaded: boolean;
  enqueue: (action: OutboxAction) => Promise<void>;
  addPoints: (points: LocationPoint[]) => Promise<void>;
  syncNow: () => void;
}

/** The transport of one event and device through the API client. */
function apiTransport(eventId: string, deviceId: string): Transport {
  return {
    async send(action) {
      switch (action.kind) {
        case 'mark':
          return api.mark(eventId, action.body);
        case 'start':
          return api.startTeam(eventId, action.body);
        case 'finish':
          return api.finishTeam(eventId, action.body);
      }
    },
    async sendPoints(points) {
      const result = await api.sendLocations(deviceId, points);
      // The device is not registered to a team yet: nothing was stored, so try again later.
      if (!result.known) throw new Error('device not registered');
      return result;
    },
  };
}

/**
 * The event's outbox in the app: what waits and what was sent, and a loop that sends it,
 * retrying with backoff while offline or failing, at once when the browser comes back online
 * or something new is stored.
 */
export function usePlaySync(eventId: string, deviceId: string): PlaySync {
  const queryClient = useQueryClient();
  const store = playStore();
  const [state, setState] = useState({
    pending: [] as OutboxAction[],
    sent: [] as SentRecord[],
    points: 0,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    error: null as string | null,
    loaded: false,
  });
  const kickRef = useRef<(force?: boolean) => void>(() => undefined);

  const refresh = useCallback(async () => {
    const [pending, sent, points] = await Promise.all([
      pendingActions(store, eventId),
      sentRecords(store, eventId),
      countPoints(store, eventId),
    ]);
    setState((s) => ({ ...s, pending, sent, points, loaded: true }));
  }, [store, eventId]);

  useEffect(() => {
    const transport = apiTransport(eventId, deviceId);
    let stopped = false;
    let running = false;
    let again = false;
    let failures = 0;
    /** The next run sends every waiting point, due or not. */
    let forcePoints = false;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const schedule = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void run(), ms);
    };
    // Sent marks show at once; the refetch then brings the server's own view.
    const applyMarks = (records: SentRecord[]) => {
      if (records.length === 0) return;
      const sentMarks = records.flatMap((r) =>
        r.action.kind === 'mark' && r.outcome === 'sent' ? [r.action] : [],
      );
      queryClient.setQueriesData<PlayView>({ queryKey: queryKeys.play(eventId) }, (view) => {
        if (!view) return view;
        const known = new Set(view.marks.map((m) => m.kpId));
        const added = sentMarks
          .filter((a) => !known.has(a.body.kpId))
          .map((a) => ({
            kpId: a.body.kpId,
            answer: a.body.answer ?? null,
            ok: null,
            aeg: a.body.t,
            cid: a.cid,
          }));
        return { ...view, marks: [...view.marks, ...added] };
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.play(eventId) });
    };
    const run = async () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      const online = navigator.onLine;
      setState((s) => (s.online === online ? s : { ...s, online }));
      if (!online) {
        await refresh();
        schedule(IDLE_SYNC_MS);
        return;
      }
      running = true;
      try {
        const report = await syncOnce(store, eventId, transport, Date.now, {
          points: forcePoints ? 'all' : 'due',
        });
        forcePoints = false;
        for (const r of report.sent) {
          logEvent(
            `sent ${r.action.kind} ${r.action.cid}: ${r.outcome}${r.error ? ` ${r.error}` : ''}`,
          );
        }
        applyMarks(report.sent);
        failures = report.retry ? failures + 1 : 0;
        if (report.retry) logEvent(`sync failed (${report.error ?? ''}), attempt ${failures}`);
        setState((s) => ({ ...s, error: report.retry ? report.error : null }));
        await refresh();
        if (!stopped) schedule(report.retry ? retryDelay(failures) : IDLE_SYNC_MS);
      } catch (e) {
        logEvent(`sync error ${e instanceof Error ? e.message : String(e)}`);
        failures += 1;
        if (!stopped) schedule(retryDelay(failures));
      } finally {
        running = false;
        if (again && !stopped) {
          again = false;
          void run();
        }
      }
    };
    kickRef.current = (force = false) => {
      if (force) forcePoints = true;
      failures = 0;
      void run();
    };
    const handleOnline = () => {
      logEvent(navigator.onLine ? 'online' : 'offline');
      kickRef.current();
    };
    // Hidden or closed, the app may not run again for a while: what waits goes now.
    const handleHidden = () => {
      if (document.visibilityState === 'hidden') kickRef.current(true);
    };
    const handlePageHide = () => kickRef.current(true);
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOnline);
    document.addEventListener('visibilitychange', handleHidden);
    window.addEventListener('pagehide', handlePageHide);
    void run();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOnline);
      document.removeEventListener('visibilitychange', handleHidden);
      window.removeEventListener('pagehide', handlePageHide);
      kickRef.current = () => undefined;
    };
  }, [store, eventId, deviceId, queryClient, refresh]);

  const enqueue = useCallback(
    async (action: OutboxAction) => {
      await enqueueAction(store, action);
      logEvent(`stored ${action.kind} ${action.cid}`);
      await refresh();
      kickRef.current();
    },
    [store, refresh],
  );
  const addPoints = useCallback(
    async (points: LocationPoint[]) => {
      await storePoints(store, eventId, points);
      const count = await countPoints(store, eventId);
      setState((s) => ({ ...s, points: count }));
    },
    [store, eventId],
  );
  const syncNow = useCallback(() => kickRef.current(true), []);

  return useMemo(
    () => ({ ...state, enqueue, addPoints, syncNow }),
    [state, enqueue, addPoints, syncNow],
  );
}

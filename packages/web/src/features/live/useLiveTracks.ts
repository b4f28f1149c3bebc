import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchPoints, queryKeys } from '../../api/client.ts';
import { openListen } from './listenConnection.ts';
import type { ListenStatus } from './listenConnection.ts';
import { TrackStore } from './trackStore.ts';

/** Track summaries (names, colours, battery, source) refresh this often. */
const SUMMARY_REFRESH_MS = 30_000;
/** A team's first live points fetch the summaries again (its battery) at most this often. */
const SUMMARY_SOON_MS = 2000;
/** While the socket is not live, the tracks are fetched over HTTP this often. */
export const POLL_MS = 10_000;
/** How long the first load waits for the socket's history before fetching over HTTP. */
const SOCKET_GRACE_MS = 3000;
/** React (the team list, the replay span) hears of new points at most this often. */
const LIST_REFRESH_MS = 500;
/** Teams fetched at once over HTTP. */
const FETCH_PARALLEL = 6;

/**
 * The live tracks of an event: a TrackStore filled from the /listen socket (history, then live
 * batches) and, whenever the socket is not live, from GET …/tracks and …/points per team (first
 * after a short grace, then every POLL_MS). Track summaries give names, colours and battery.
 * `version` changes (at most every LIST_REFRESH_MS) when the store did.
 */
export function useLiveTracks(eventId: string) {
  const [store] = useState(() => new TrackStore());
  const [status, setStatus] = useState<ListenStatus>({ state: 'connecting' });
  const queryClient = useQueryClient();
  const summaries = useQuery({
    queryKey: queryKeys.tracks(eventId),
    queryFn: () => api.tracks(eventId),
    refetchInterval: SUMMARY_REFRESH_MS,
  });

  useEffect(() => {
    if (summaries.data) store.setSummaries(summaries.data);
  }, [store, summaries.data]);

  // A batch carries no battery: a team that starts sending (or sends from a new source) has its
  // battery from the summaries soon, not at the next half-minute round.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = store.subscribe(() => {
      if (timer || !store.takeSummaryWish()) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: queryKeys.tracks(eventId) });
      }, SUMMARY_SOON_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, queryClient, eventId]);

  // Hundreds of devices send every second: React follows the store at a calmer pace.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const unsubscribe = store.subscribe(() => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          setVersion(store.version);
        },
        Math.max(0, last + LIST_REFRESH_MS - Date.now()),
      );
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store]);

  useEffect(
    () =>
      openListen({
        eventId,
        onStatus: setStatus,
        onMessage: (m) => {
          if (m.kind === 'history') store.addHistory(m.entries);
          else if (m.kind === 'batches') store.addBatches(m.batches);
        },
      }),
    [eventId, store],
  );

  // The HTTP path: a fallback while the socket is down or refused.
  const live = status.state === 'live';
  const syncing = useRef(false);
  useEffect(() => {
    if (live) return;
    let cancelled = false;
    const sync = async () => {
      if (syncing.current) return;
      syncing.current = true;
      try {
        const list = await queryClient.fetchQuery({
          queryKey: queryKeys.tracks(eventId),
          queryFn: () => api.tracks(eventId),
          staleTime: 0,
        });
        const stale = list.filter(
          (s) => s.stat?.lastT != null && s.stat.lastT > (store.lastT(s.teamId) ?? -Infinity),
        );
        for (let i = 0; i < stale.length && !cancelled; i += FETCH_PARALLEL) {
          await Promise.all(
            stale.slice(i, i + FETCH_PARALLEL).map(async (s) => {
              const after = store.lastT(s.teamId);
              const bytes = await fetchPoints(eventId, {
                tid: s.teamId,
                ...(after === null ? {} : { startt: after + 1 }),
              });
              if (!cancelled) store.addEncoded(s.teamId, bytes);
            }),
          );
        }
      } catch {
        // The next round tries again; the status chip already says we are not live.
      } finally {
        syncing.current = false;
      }
    };
    const first = setTimeout(() => void sync(), SOCKET_GRACE_MS);
    const every = setInterval(() => void sync(), POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(first);
      clearInterval(every);
    };
  }, [live, eventId, store, queryClient]);

  return { store, status, summaries, version };
}

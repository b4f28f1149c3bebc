import { encodeListenHistory } from '@rada/core';
import type { ListenHistoryEntry } from '@rada/core';
import type { Store } from '../db/store.ts';
import { fromJsonMap } from '../db/json.ts';
import { checkedChunkBytes, logBadChunk } from '../tracks/track.chunks.ts';
import type { TrackRowsOf } from '../tracks/trackRows.ts';
import type { TrackLog } from '../tracks/track.chunks.ts';
import { canReadTracks } from '../tracks/track.policy.ts';
import type { AdminRole } from '../events/event.repository.ts';
import type { ListenWho } from './listenHub.ts';

export interface ListenServiceDeps {
  store: Store;
  authenticate: (token: string) => Promise<{ uid: string; superAdmin: boolean } | null>;
  /** Where an unreadable stored chunk is logged (it is left out of the history). */
  log?: TrackLog;
  /** Where an event's tracks are read: live rows, or an archived event's files. */
  trackRows?: TrackRowsOf;
}

const noop = () => undefined;

export type ListenAccess = { ok: true; who: ListenWho } | { ok: false; error: string };

/**
 * What /listen needs besides the sockets: who may watch an event, and the event's stored tracks
 * as one 'z:' history frame.
 */
export function listenService({
  store,
  authenticate,
  log = noop,
  trackRows = () => Promise.resolve(store.tracks),
}: ListenServiceDeps) {
  /** Loads of the history per event: one running, and one queued for viewers who came later. */
  const loads = new Map<
    string,
    { running: Promise<Uint8Array>; next: Promise<Uint8Array> | null }
  >();

  /** Makes `read` the running load; when it settles, the queued one (if any) takes its place. */
  const begin = (eventId: string, read: Promise<Uint8Array>): Promise<Uint8Array> => {
    const slot = { running: read, next: null as Promise<Uint8Array> | null };
    loads.set(eventId, slot);
    const settle = () => {
      if (loads.get(eventId) !== slot) return;
      if (slot.next) void begin(eventId, slot.next);
      else loads.delete(eventId);
    };
    void read.then(settle, settle);
    return read;
  };

  async function readHistory(eventId: string): Promise<Uint8Array> {
    const byDevice = new Map<string, ListenHistoryEntry>();
    const onBadChunk = logBadChunk(log, '/listen history', eventId);
    for (const chunk of await (await trackRows(eventId)).chunksOfEvent(eventId)) {
      // A chunk a viewer could not decode would spoil its whole history: checked here, once.
      const bytes = checkedChunkBytes(chunk, onBadChunk);
      if (bytes === null) continue;
      const tid = chunk.team_id;
      const devid = chunk.device_id ?? '';
      const key = `${tid}\u0000${devid}`;
      let entry = byDevice.get(key);
      if (!entry) byDevice.set(key, (entry = { tid, devid, uid: null, chunks: [] }));
      entry.chunks.push(bytes);
    }
    const entries = [...byDevice.values()];
    const ids = [...new Set(entries.map((e) => e.devid).filter((id) => id !== ''))];
    const owners = new Map(
      (await store.messages.devicesByIds(ids)).map((d) => [d.id, d.user_id] as const),
    );
    for (const entry of entries) entry.uid = owners.get(entry.devid) ?? null;
    return encodeListenHistory(entries);
  }

  /**
   * May each of `viewers` watch the event? Admins and super admins always; anyone else while the
   * event's tracks are not hidden (tracks policy). Settings are read once, roles once per user.
   */
  async function mayWatch(eventId: string, viewers: ListenWho[]): Promise<boolean[]> {
    const event = await store.events.findById(eventId);
    return event ? mayWatchEvent(event, viewers) : viewers.map(() => false);
  }

  /** mayWatch for an event row already read. */
  async function mayWatchEvent(
    event: { id: string; hidden: number },
    viewers: ListenWho[],
  ): Promise<boolean[]> {
    const eventId = event.id;
    const hidetracks = fromJsonMap(await store.tracks.settingsOf(eventId)).hidetracks === true;
    const roles = new Map<string, AdminRole | null>();
    const out: boolean[] = [];
    for (const who of viewers) {
      let role: AdminRole | null = null;
      if (who && hidetracks && !who.superAdmin) {
        if (!roles.has(who.uid)) roles.set(who.uid, await store.events.roleOf(eventId, who.uid));
        role = roles.get(who.uid) ?? null;
      }
      const actor = who ? { ...who, email: '', platformOwner: false, creator: false } : null;
      out.push(canReadTracks({ actor, role, hidden: event.hidden === 1 }, hidetracks));
    }
    return out;
  }

  return {
    /**
     * May the holder of `token` (empty: nobody signed in) watch `eventId`? Admins and super
     * admins always; anyone else while the event's tracks are not hidden (tracks policy).
     */
    async access(eventId: string, token: string): Promise<ListenAccess> {
      const event = await store.events.findById(eventId);
      if (!event) return { ok: false, error: 'error.notfound' };
      const who = token === '' ? null : await authenticate(token);
      const [allowed] = await mayWatchEvent(event, [who]);
      return allowed ? { ok: true, who } : { ok: false, error: 'error.forbidden' };
    },

    mayWatch,

    /**
     * The event's stored tracks as a 'z:' frame, read after this call (so a viewer subscribed
     * before calling misses nothing). Callers arriving while a read runs share the next read.
     */
    history(eventId: string): Promise<Uint8Array> {
      const slot = loads.get(eventId);
      if (!slot) return begin(eventId, readHistory(eventId));
      slot.next ??= slot.running.then(noop, noop).then(() => readHistory(eventId));
      return slot.next;
    },
  };
}
export type ListenService = ReturnType<typeof listenService>;

import {
  fillDistances,
  liveTopic,
  trackStats,
  type IngestResult,
  type LocationPoint,
  type TrackSource,
  type TrackStat,
} from '@rada/core';
import type { z } from 'zod';
import type { IngestBody } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { timeId } from '../db/ids.ts';
import { fromJson, fromJsonMap, toJson } from '../db/json.ts';
import type { Repos, Store } from '../db/store.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { checkPoints, decodeChunk, encodeChunk, logBadChunk, mergeChunks } from './track.chunks.ts';
import type { Checked, TrackLog } from './track.chunks.ts';
import type { DeviceRow } from './track.repository.ts';
import { trackReadService } from './trackRead.service.ts';
import { clockSample, observeClock } from '../participant/deviceClock.ts';
import type { TrackRowsOf } from './trackRows.ts';

export interface TrackServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: TrackLog;
  /** Where the track views read an event's teams and tracks (archived events: their files). */
  trackRows?: TrackRowsOf;
  /** Told of every batch stored: its points received and stored, and its commit's ms (metrics). */
  onIngested?: (source: TrackSource, received: number, stored: number, ms: number) => void;
}

/** The text of the event issue a location from a device of no team records (spec 01 §4). */
export const UNKNOWN_DEVICE_ISSUE = 'GPS for unknown device';

/**
 * Who may store points under a device and where they come from: the bearer-token route stores
 * for the device's owner from Rada's app; a tracking link (found by its secret) stores under its
 * device, which has no owner (`owner: null`), from the link's app.
 */
export interface IngestAs {
  /** The device's `user_id` must be this; another is 403. */
  owner: string | null;
  source: TrackSource;
}

/**
 * The points newer than `lastT` in time order, one per time (a second point at the same
 * millisecond is a repeat); the rest are duplicates of what is stored or of each other.
 */
function freshPoints(good: Checked[], lastT: number | null) {
  const newer = good.filter((c) => lastT === null || c.point.t > lastT);
  newer.sort((a, b) => a.point.t - b.point.t);
  const fresh: Checked[] = [];
  for (const c of newer) if (fresh.at(-1)?.point.t !== c.point.t) fresh.push(c);
  return { fresh, duplicates: good.length - fresh.length };
}

/** The last battery level the points carry, else the stored one. */
function lastBattery(points: readonly Checked[], stored: number | null): number | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const b = points[i]!.battery;
    if (b !== null) return b;
  }
  return stored;
}

type IngestOutcome =
  | { kind: 'unknown'; device: DeviceRow }
  /** The device moved to another team while the batch waited for its team's lock. */
  | { kind: 'moved'; device: DeviceRow }
  | { kind: 'stored'; device: DeviceRow; points: LocationPoint[]; duplicates: number };

/**
 * Stores one batch of a device's fresh points: one chunk row, the device's last time and the
 * team's track stat (incremental from the stored one). Runs inside the caller's transaction.
 */
async function storeBatch(
  repos: Repos,
  device: DeviceRow & { event_id: string; team_id: string },
  storedStat: string | null,
  good: Checked[],
  now: number,
  log: TrackLog,
  source: TrackSource,
): Promise<IngestOutcome> {
  const { fresh, duplicates } = freshPoints(good, device.last_t);
  // Every batch, a retried one too, tells the team's device clock (participant/deviceClock.ts):
  // with the chunk when there is one (one statement on PostgreSQL), else on its own.
  const newest = Math.max(...good.map((c) => c.point.t));
  if (fresh.length === 0) {
    if (good.length > 0) await observeClock(repos, device.event_id, device.team_id, newest, now);
    return { kind: 'stored', device, points: [], duplicates };
  }
  // The first point's distance runs from the device's last stored point: the one stored with
  // its `last_t`, else (a device that last sent before points were kept there) its last chunk's
  // (none when that chunk does not decode: the batch is still stored, its first distance unknown).
  let previous: LocationPoint | null = null;
  if (device.last_t !== null) {
    const kept = fromJson<LocationPoint | null>(device.last_point, null);
    if (kept?.t === device.last_t) {
      previous = kept;
    } else {
      const last = await repos.tracks.lastChunkOfDevice(device.event_id, device.id);
      if (last && last.t_to === device.last_t) {
        const onBadChunk = logBadChunk(log, 'ingest', device.event_id, device.team_id);
        previous = mergeChunks([last], { onBadChunk }).at(-1) ?? null;
      }
    }
  }
  const points = fillDistances(
    fresh.map((c) => c.point),
    previous,
  );
  const stored = fromJson<TrackStat | null>(storedStat, null);
  const stat: TrackStat = {
    ...trackStats(points, stored),
    battery: lastBattery(fresh, stored?.battery ?? null),
    // Missing means Rada's own app (records written before sources existed say nothing).
    ...(source === 'app' ? {} : { src: source }),
  };
  const first = points[0]!.t;
  const last = points.at(-1)!.t;
  const data = encodeChunk(points);
  // Viewers get the points as stored (the codec's precision), as the history will give them.
  const storedPoints = decodeChunk(data);
  await repos.tracks.storeBatch(
    {
      id: timeId(now),
      event_id: device.event_id,
      team_id: device.team_id,
      device_id: device.id,
      t_from: first,
      t_to: last,
      points: points.length,
      data,
    },
    toJson(stat),
    toJson(storedPoints.at(-1)),
    clockSample(newest, now),
  );
  return { kind: 'stored', device, points: storedPoints, duplicates };
}

/** Location ingest from devices, and the event's track reads for viewers (docs/api.md). */
export function trackService(deps: TrackServiceDeps) {
  const { store, bus, now, log } = deps;

  /**
   * Records the 'GPS for unknown device' issue in the event's issues (extra.eventsdata.issues,
   * as the event file keeps them) unless one for this device is there already.
   */
  async function recordUnknownDevice(eventId: string, deviceId: string): Promise<void> {
    await store.transaction(async (repos) => {
      const text = await repos.tracks.lockExtra(eventId);
      if (text === undefined) return;
      const extra = fromJsonMap(text);
      const eventsdata = fromJsonMap(toJson(extra.eventsdata));
      const issues = fromJsonMap(toJson(eventsdata.issues));
      const present = Object.values(issues).some((i) => {
        const issue = fromJsonMap(toJson(i));
        return issue.text === UNKNOWN_DEVICE_ISSUE && issue.devid === deviceId;
      });
      if (present) return;
      const t = now();
      issues[timeId(t)] = { text: UNKNOWN_DEVICE_ISSUE, devid: deviceId, time: t };
      await repos.tracks.setExtra(
        eventId,
        toJson({ ...extra, eventsdata: { ...eventsdata, issues } }),
      );
    });
  }

  /**
   * One attempt at storing a batch in one transaction. Rows are locked in the order the device
   * registration uses (the team, then the device), so the two never deadlock on PostgreSQL. On
   * SQLite batches arriving together share one commit (store.groupTransaction): 500 devices at
   * one point a second cost a few fsyncs a second instead of 500 in a queue.
   */
  function ingestOnce(
    as: IngestAs,
    deviceId: string,
    good: Checked[],
    t: number,
  ): Promise<IngestOutcome> {
    return store.groupTransaction(async (repos): Promise<IngestOutcome> => {
      const team = await repos.tracks.lockTeamOfDevice(deviceId);
      const device = await repos.tracks.touchDevice(deviceId, t);
      if (!device) throw notFound();
      if (device.user_id !== as.owner) throw forbidden();
      const { event_id: eventId, team_id: teamId } = device;
      if (team && (team.event_id !== eventId || team.id !== teamId)) {
        return { kind: 'moved', device };
      }
      if (eventId === null || teamId === null || !team) return { kind: 'unknown', device };
      return storeBatch(
        repos,
        { ...device, event_id: eventId, team_id: teamId },
        team.trackstat,
        good,
        t,
        log,
        as.source,
      );
    });
  }

  /** Devices whose 'GPS for unknown device' issue this process recorded (unknownDevice). */
  const recordedUnknown = new Set<string>();

  /**
   * The 'GPS for unknown device' issue of a tracker the event's Traccar server forwards but no
   * link names, looked at once per event and id by this process: it sends every few seconds,
   * and the issue's check locks the event's row.
   */
  async function unknownDevice(eventId: string, deviceId: string): Promise<void> {
    const key = `${eventId}\u0000${deviceId}`;
    if (recordedUnknown.has(key)) return;
    await recordUnknownDevice(eventId, deviceId);
    if (recordedUnknown.size >= 10_000) recordedUnknown.clear();
    recordedUnknown.add(key);
  }

  /**
   * Stores raw points of a device as `as` says (IngestAs): 404 unknown device, 403 a device of
   * another owner. Refused points come back with reasons; points at or before the device's last
   * stored time are duplicates. Everything is committed before this returns; then the batch goes
   * out on the event's live topic (with `src` when not from Rada's app). A device of no team
   * stores nothing (`known: false`) and is recorded as the event's issue. Every call, one with no
   * points too, marks the device seen.
   */
  async function storePoints(
    deviceId: string,
    raw: readonly unknown[],
    as: IngestAs,
  ): Promise<IngestResult> {
    const t = now();
    const { good, rejected } = checkPoints(raw, t);
    const asked = performance.now();
    let outcome: IngestOutcome = await ingestOnce(as, deviceId, good, t);
    for (let retry = 0; outcome.kind === 'moved' && retry < 3; retry++) {
      outcome = await ingestOnce(as, deviceId, good, t);
    }
    if (outcome.kind === 'moved') throw new Error(`device ${deviceId} keeps changing teams`);
    const stored = outcome.kind === 'stored' ? outcome.points.length : 0;
    deps.onIngested?.(as.source, raw.length, stored, performance.now() - asked);

    const { device } = outcome;
    if (outcome.kind === 'unknown') {
      log(
        { deviceId, eventId: device.event_id, teamId: device.team_id },
        'location from a device of no known team skipped',
      );
      if (device.event_id !== null) await recordUnknownDevice(device.event_id, deviceId);
      return { accepted: 0, duplicates: 0, rejected, known: false };
    }
    if (outcome.points.length > 0 && device.event_id !== null) {
      bus.publish(liveTopic(device.event_id), {
        v: 1,
        type: 'live.locations',
        eventId: device.event_id,
        batches: [
          {
            devid: device.id,
            uid: device.user_id,
            tid: device.team_id,
            locations: outcome.points,
            ...(as.source === 'app' ? {} : { src: as.source }),
          },
        ],
      });
    }
    return {
      accepted: outcome.points.length,
      duplicates: outcome.duplicates,
      rejected,
      known: true,
    };
  }

  return {
    ...trackReadService(deps),

    /**
     * Stores a batch of the caller's device: 401 signed out, 404 unknown device, 403 another
     * user's. Refused points come back with reasons; points at or before the device's last
     * stored time are duplicates. Everything is committed before this returns; then the batch
     * goes out on the event's live topic. A device of no team stores nothing (`known: false`).
     */
    async ingest(
      actor: Actor | null,
      deviceId: string,
      body: z.output<typeof IngestBody>,
    ): Promise<IngestResult> {
      if (!actor) throw unauthorized();
      return storePoints(deviceId, body.points, { owner: actor.uid, source: 'app' });
    },

    storePoints,

    /** Records the 'GPS for unknown device' issue of `deviceId` in the event (once). */
    unknownDevice,
  };
}
export type TrackService = ReturnType<typeof trackService>;

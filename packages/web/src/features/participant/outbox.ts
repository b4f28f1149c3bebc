import type { LocationPoint, MarkBody, StartFinishBody } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import type { KeyValueStore } from './store.ts';

/**
 * The device's outbox (issue 6 item 2): marks, start and finish are stored first with a
 * client-generated id (cid) and sent in the order they were made; track points are stored and
 * sent oldest first in batches. Nothing leaves the store before the server's 2xx, so a dropped
 * connection loses nothing and a retry (same cid, same point times) never duplicates.
 */

export type OutboxAction =
  | { kind: 'mark'; eventId: string; cid: string; createdAt: number; body: MarkBody }
  | { kind: 'start'; eventId: string; cid: string; createdAt: number; body: StartFinishBody }
  | { kind: 'finish'; eventId: string; cid: string; createdAt: number; body: StartFinishBody };

/** A sent (or refused) action, kept so the app knows what it did even before a refetch. */
export interface SentRecord {
  action: OutboxAction;
  sentAt: number;
  /** 'sent', 'already' (409: marked before) or 'refused' with the server's error key. */
  outcome: 'sent' | 'already' | 'refused';
  error?: string;
}

/** A stored track point with its event. */
export interface StoredPoint {
  eventId: string;
  point: LocationPoint;
}

/** Track points go to the server in batches of at most this many. */
export const POINT_BATCH = 500;

/**
 * Track points wait on the phone until the oldest is this old, then go in one batch (the binary
 * track format, gzipped): at one point a second that is 12 requests an hour, about 26 KB with
 * headers instead of 720 JSON requests and 1.1 MB (a phone's battery and data plan in a forest;
 * docs/track-format.md, "Uploads from the phone").
 * They go at once with a mark, start or finish, when the app is hidden or closed, and when the
 * participant asks (sync now). The live map shows a phone's track up to this much late.
 */
export const POINT_SEND_INTERVAL_MS = 5 * 60_000;

/** Whether waiting points should go now: the oldest has waited its time, or there are many. */
export function pointsDue(oldestT: number | null, count: number, now: number): boolean {
  if (oldestT === null || count === 0) return false;
  return count >= POINT_BATCH || now - oldestT >= POINT_SEND_INTERVAL_MS;
}

const pad = (n: number) => String(Math.max(0, Math.floor(n))).padStart(15, '0');
const eventPrefix = (eventId: string) => `${eventId}|`;
/** Action keys sort by creation: event, time, then a sequence within the same millisecond. */
export const actionKey = (a: OutboxAction, seq = 0) =>
  `${eventPrefix(a.eventId)}${pad(a.createdAt)}|${pad(seq)}|${a.cid}`;
const pointKey = (eventId: string, t: number) => `${eventPrefix(eventId)}${pad(t)}`;

let sequence = 0;

/** Stores an action before anything is sent. */
export async function enqueueAction(store: KeyValueStore, action: OutboxAction): Promise<void> {
  sequence = (sequence + 1) % 1_000_000;
  await store.put('actions', [[actionKey(action, sequence), action]]);
}

/** The event's waiting actions, oldest first. */
export async function pendingActions(
  store: KeyValueStore,
  eventId: string,
): Promise<OutboxAction[]> {
  return (await store.list<OutboxAction>('actions', eventPrefix(eventId))).map((e) => e.value);
}

/** The event's sent actions. */
export async function sentRecords(store: KeyValueStore, eventId: string): Promise<SentRecord[]> {
  return (await store.list<SentRecord>('sent', eventPrefix(eventId))).map((e) => e.value);
}

/**
 * Stores track points, keyed by event and time, so a point at an already stored time is the
 * same point (the server skips points at or before the last stored time, so order matters).
 */
export async function storePoints(
  store: KeyValueStore,
  eventId: string,
  points: LocationPoint[],
): Promise<void> {
  if (points.length === 0) return;
  await store.put(
    'points',
    points.map((point) => [pointKey(eventId, point.t), { eventId, point } satisfies StoredPoint]),
  );
}

export function countPoints(store: KeyValueStore, eventId: string): Promise<number> {
  return store.count('points', eventPrefix(eventId));
}

/** Every stored point of the event, oldest first (the device's own track). */
export async function allPoints(store: KeyValueStore, eventId: string): Promise<LocationPoint[]> {
  return (await store.list<StoredPoint>('points', eventPrefix(eventId))).map((e) => e.value.point);
}

/** How a failed send is handled. */
export type SendOutcome = 'retry' | 'already' | 'refused';

/** The server's answer when the KP holds a mark with another cid (the answer is final). */
export const ALREADY_MARKED_KEY = 'play.error.alreadymarked';
/** Refusals that pass with time: the organiser has not let the team in yet. */
const RETRY_KEYS = new Set(['play.error.notallowed']);

/**
 * A failed call: network failures, server errors, an expired session, timeouts, rate limits and
 * a team not yet allowed are retried; 'already marked' (409) counts as sent; any other refusal
 * will not change by retrying.
 */
export function classifyFailure(error: unknown): { outcome: SendOutcome; key: string } {
  if (!(error instanceof ApiError)) return { outcome: 'retry', key: 'error.network' };
  const { status, key } = error;
  if (status === 409 && key === ALREADY_MARKED_KEY) return { outcome: 'already', key };
  if (
    status === 0 ||
    status >= 500 ||
    status === 401 ||
    status === 408 ||
    status === 429 ||
    RETRY_KEYS.has(key)
  ) {
    return { outcome: 'retry', key };
  }
  return { outcome: 'refused', key };
}

/** What the outbox sends through (the API client in the app, fakes in tests). */
export interface Transport {
  send(action: OutboxAction): Promise<unknown>;
  sendPoints(points: LocationPoint[]): Promise<unknown>;
}

export interface SyncReport {
  sent: SentRecord[];
  points: number;
  /** True when something failed in a way worth retrying later. */
  retry: boolean;
  error: string | null;
}

/**
 * Sends the event's waiting actions in order, then its track points in batches. Stops at the
 * first failure worth retrying, so a later action never overtakes an earlier one (a mark
 * before the start, a finish before a mark). With `points: 'due'` the points go only when
 * `pointsDue` says so or an action went (its request is on its way anyway); 'all' sends them.
 */
export async function syncOnce(
  store: KeyValueStore,
  eventId: string,
  transport: Transport,
  now: () => number = Date.now,
  { points = 'all' }: { points?: 'all' | 'due' } = {},
): Promise<SyncReport> {
  const report: SyncReport = { sent: [], points: 0, retry: false, error: null };
  for (const { key, value: action } of await store.list<OutboxAction>(
    'actions',
    eventPrefix(eventId),
  )) {
    let record: SentRecord;
    try {
      await transport.send(action);
      record = { action, sentAt: now(), outcome: 'sent' };
    } catch (e) {
      const { outcome, key: errorKey } = classifyFailure(e);
      if (outcome === 'retry') {
        report.retry = true;
        report.error = errorKey;
        return report;
      }
      record = { action, sentAt: now(), outcome, error: errorKey };
    }
    await store.put('sent', [[key, record]]);
    await store.delete('actions', [key]);
    report.sent.push(record);
  }
  if (points === 'due' && report.sent.length === 0) {
    const [oldest] = await store.list<StoredPoint>('points', eventPrefix(eventId), 1);
    const count = oldest ? await countPoints(store, eventId) : 0;
    if (!pointsDue(oldest?.value.point.t ?? null, count, now())) return report;
  }
  for (;;) {
    const batch = await store.list<StoredPoint>('points', eventPrefix(eventId), POINT_BATCH);
    if (batch.length === 0) break;
    try {
      await transport.sendPoints(batch.map((e) => e.value.point));
    } catch (e) {
      const { outcome, key } = classifyFailure(e);
      if (outcome === 'retry') {
        report.retry = true;
        report.error = key;
        return report;
      }
      // A refused batch would be refused again; it is dropped so later points can go.
    }
    await store.delete(
      'points',
      batch.map((e) => e.key),
    );
    report.points += batch.length;
    if (batch.length < POINT_BATCH) break;
  }
  return report;
}

/** Delay before the next attempt after `failures` failures in a row: 2 s doubling, at most 60 s. */
export function retryDelay(failures: number): number {
  return Math.min(2000 * 2 ** Math.max(0, failures - 1), 60_000);
}

import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import {
  POINT_BATCH,
  POINT_SEND_INTERVAL_MS,
  classifyFailure,
  countPoints,
  enqueueAction,
  pendingActions,
  retryDelay,
  sentRecords,
  storePoints,
  syncOnce,
} from './outbox.ts';
import { pointFromPosition } from './useGeolocation.ts';
import type { OutboxAction, Transport } from './outbox.ts';
import { memoryStore } from './store.ts';

const mark = (cid: string, kpId: string, createdAt: number): OutboxAction => ({
  kind: 'mark',
  eventId: 'ev',
  cid,
  createdAt,
  body: { cid, kpId, t: createdAt },
});
const start = (cid: string, createdAt: number): OutboxAction => ({
  kind: 'start',
  eventId: 'ev',
  cid,
  createdAt,
  body: { cid, t: createdAt },
});
const point = (t: number): LocationPoint => ({
  t,
  y: 58.3,
  x: 26.7,
  a: 5,
  s: null,
  l: null,
  g: null,
  d: null,
});

/** A transport that records what it sent and fails while `fail` says so. */
function fakeTransport(fail: (action: OutboxAction) => unknown = () => null) {
  const sent: string[] = [];
  const batches: number[][] = [];
  let offline = false;
  const transport: Transport = {
    send(action) {
      if (offline) return Promise.reject(new ApiError(0, 'error.network', 'offline'));
      const error = fail(action);
      if (error) return Promise.reject(error);
      sent.push(action.cid);
      return Promise.resolve({});
    },
    sendPoints(points) {
      if (offline) return Promise.reject(new ApiError(0, 'error.network', 'offline'));
      batches.push(points.map((p) => p.t));
      return Promise.resolve({});
    },
  };
  return { transport, sent, batches, setOffline: (v: boolean) => (offline = v) };
}

describe('outbox', () => {
  it('sends actions in the order they were made, whatever their cids', async () => {
    const store = memoryStore();
    await enqueueAction(store, start('zzz-start', 1000));
    await enqueueAction(store, mark('aaa-mark', 'k1', 2000));
    await enqueueAction(store, mark('mmm-mark', 'k2', 2000));
    const fake = fakeTransport();
    const report = await syncOnce(store, 'ev', fake.transport);
    expect(fake.sent).toEqual(['zzz-start', 'aaa-mark', 'mmm-mark']);
    expect(report.retry).toBe(false);
    expect(await pendingActions(store, 'ev')).toEqual([]);
    expect((await sentRecords(store, 'ev')).map((r) => r.outcome)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('keeps everything while offline and sends it, once, when back', async () => {
    const store = memoryStore();
    const fake = fakeTransport();
    fake.setOffline(true);
    await enqueueAction(store, mark('c1', 'k1', 1000));
    await storePoints(store, 'ev', [point(1), point(2)]);
    const first = await syncOnce(store, 'ev', fake.transport);
    expect(first).toMatchObject({ retry: true, error: 'error.network', sent: [] });
    expect(await pendingActions(store, 'ev')).toHaveLength(1);
    expect(await countPoints(store, 'ev')).toBe(2);

    fake.setOffline(false);
    await syncOnce(store, 'ev', fake.transport);
    await syncOnce(store, 'ev', fake.transport);
    expect(fake.sent).toEqual(['c1']);
    expect(fake.batches).toEqual([[1, 2]]);
    expect(await countPoints(store, 'ev')).toBe(0);
  });

  it('stops at the first retryable failure so nothing overtakes it', async () => {
    const store = memoryStore();
    await enqueueAction(store, mark('c1', 'k1', 1000));
    await enqueueAction(store, mark('c2', 'k2', 2000));
    const fake = fakeTransport((a) =>
      a.cid === 'c1' ? new ApiError(503, 'error.internal', 'down') : null,
    );
    const report = await syncOnce(store, 'ev', fake.transport);
    expect(report.retry).toBe(true);
    expect(fake.sent).toEqual([]);
    expect((await pendingActions(store, 'ev')).map((a) => a.cid)).toEqual(['c1', 'c2']);
  });

  it('counts a 409 (marked already) as sent and drops a refused action', async () => {
    const store = memoryStore();
    await enqueueAction(store, mark('c1', 'k1', 1000));
    await enqueueAction(store, mark('c2', 'k2', 2000));
    await enqueueAction(store, mark('c3', 'k3', 3000));
    const fake = fakeTransport((a) =>
      a.cid === 'c1'
        ? new ApiError(409, 'play.error.alreadymarked', 'marked')
        : a.cid === 'c2'
          ? new ApiError(400, 'error.validation', 'bad')
          : null,
    );
    const report = await syncOnce(store, 'ev', fake.transport);
    expect(report.sent.map((r) => [r.action.cid, r.outcome])).toEqual([
      ['c1', 'already'],
      ['c2', 'refused'],
      ['c3', 'sent'],
    ]);
    expect(await pendingActions(store, 'ev')).toEqual([]);
  });

  it('a retried mark keeps its cid, so the server can tell it is the same', async () => {
    const store = memoryStore();
    await enqueueAction(store, mark('same-cid', 'k1', 1000));
    const seen: string[] = [];
    let calls = 0;
    const transport: Transport = {
      send(action) {
        seen.push(action.kind === 'mark' ? action.body.cid : '');
        calls += 1;
        // The server stored it but the answer was lost on the way back.
        return calls === 1
          ? Promise.reject(new ApiError(0, 'error.network', 'lost'))
          : Promise.resolve({});
      },
      sendPoints: () => Promise.resolve({}),
    };
    await syncOnce(store, 'ev', transport);
    await syncOnce(store, 'ev', transport);
    expect(seen).toEqual(['same-cid', 'same-cid']);
    expect(await pendingActions(store, 'ev')).toEqual([]);
  });

  it('sends points oldest first in batches of at most POINT_BATCH', async () => {
    const store = memoryStore();
    const times = Array.from({ length: POINT_BATCH + 20 }, (_, i) => 1_700_000_000_000 + i * 1000);
    await storePoints(store, 'ev', [...times].reverse().map(point));
    await storePoints(store, 'other', [point(5)]);
    const fake = fakeTransport();
    const report = await syncOnce(store, 'ev', fake.transport);
    expect(fake.batches.map((b) => b.length)).toEqual([POINT_BATCH, 20]);
    expect(fake.batches.flat()).toEqual(times);
    expect(report.points).toBe(POINT_BATCH + 20);
    expect(await countPoints(store, 'other')).toBe(1);
  });

  it('classifies failures and backs off', () => {
    expect(classifyFailure(new Error('x')).outcome).toBe('retry');
    expect(classifyFailure(new ApiError(0, 'error.network', '')).outcome).toBe('retry');
    expect(classifyFailure(new ApiError(401, 'error.unauthorized', '')).outcome).toBe('retry');
    expect(classifyFailure(new ApiError(502, 'error.internal', '')).outcome).toBe('retry');
    expect(classifyFailure(new ApiError(409, 'play.error.alreadymarked', '')).outcome).toBe(
      'already',
    );
    expect(classifyFailure(new ApiError(409, 'play.error.notstarted', '')).outcome).toBe('refused');
    expect(classifyFailure(new ApiError(403, 'play.error.notallowed', '')).outcome).toBe('retry');
    expect(classifyFailure(new ApiError(403, 'error.forbidden', '')).outcome).toBe('refused');
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 60_000]);
  });

  it('holds points until the oldest has waited its time, unless an action goes anyway', async () => {
    const store = memoryStore();
    const fake = fakeTransport();
    const t0 = 1_000_000;
    await storePoints(store, 'ev', [point(t0), point(t0 + 1000)]);
    const due = (at: number) => syncOnce(store, 'ev', fake.transport, () => at, { points: 'due' });
    expect((await due(t0 + POINT_SEND_INTERVAL_MS - 1)).points).toBe(0);
    expect(fake.batches).toEqual([]);
    // A mark's request goes now: the waiting points go with it.
    await enqueueAction(store, mark('m1', 'k1', t0 + 2000));
    expect((await due(t0 + 3000)).points).toBe(2);
    await storePoints(store, 'ev', [point(t0 + 5000)]);
    expect((await due(t0 + 6000)).points).toBe(0);
    expect((await due(t0 + 5000 + POINT_SEND_INTERVAL_MS)).points).toBe(1);
    expect(fake.batches).toEqual([[t0, t0 + 1000], [t0 + 5000]]);
    // 'all' (sync now, the app hidden or closing) sends whatever waits.
    await storePoints(store, 'ev', [point(t0 + 9000)]);
    expect((await syncOnce(store, 'ev', fake.transport, () => t0 + 9001)).points).toBe(1);
  });

  it('keeps a position to what a phone can tell', () => {
    const p = pointFromPosition({
      timestamp: 1_790_000_000_437,
      coords: {
        latitude: 58.380012345,
        longitude: 26.720098765,
        accuracy: 4.73,
        speed: 1.2345,
        altitude: 41.6,
        heading: 359.7,
        altitudeAccuracy: null,
      },
    } as unknown as GeolocationPosition);
    expect(p).toEqual({
      t: 1_790_000_000_000,
      y: 58.380012,
      x: 26.720099,
      a: 5,
      s: 1.2,
      l: 42,
      g: 360,
      d: null,
    });
  });
});

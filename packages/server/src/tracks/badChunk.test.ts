import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrack, trackFromGpx, trackToGpx } from '@rada/core';
import type { IngestResult } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { trackService } from './track.service.ts';
import { addDevice, insertCorruptChunk, newTrackEvent, txy, walk } from './trackTestKit.ts';

/**
 * A stored chunk that does not decode (a disk fault, a bad import, a bug of an old version) is
 * skipped and logged by every read of a team's track, as the speed tickets do; the team's other
 * points are still served, never a 500.
 */
describe.each(testDialects())('unreadable track chunks on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  const t0 = Date.UTC(2026, 5, 1, 9);
  const good = walk(6, t0);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.t = t0 + 3_600_000;
    owner = await signUp(t.app);
    runner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const actorOf = (u: TestUser): Actor => ({
    uid: u.uid,
    email: u.email,
    superAdmin: false,
    platformOwner: false,
    creator: false,
  });

  /** An event whose Alpha has six good points and, after them, one corrupt chunk of its device. */
  async function eventWithBadChunk() {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const sent = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body: { points: good },
    });
    expect(sent.body.accepted).toBe(6);
    const last = good.at(-1)!.t;
    // The device's newest chunk, ending at its last time; its row keeps no last point (its last
    // batch came before migration 0020), so the ingest reads that chunk next.
    await insertCorruptChunk(t, id, dev, last);
    await t.handle.db
      .updateTable('devices')
      .set({ last_point: null })
      .where('id', '=', dev)
      .execute();
    return { id, dev };
  }

  /** The app's track service with its log captured. */
  const withLog = () => {
    const logs: { obj: object; msg: string }[] = [];
    const service = trackService({
      store: t.store,
      bus: t.bus,
      now: () => t.clock.t,
      log: (obj, msg) => logs.push({ obj, msg }),
    });
    return { service, logs };
  };

  it('points and track.data answer the good points', async () => {
    const { id } = await eventWithBadChunk();
    const points = await t.app.inject({ url: `/api/events/${id}/points?tid=alpha` });
    expect(points.statusCode).toBe(200);
    expect(txy(decodeTrack(points.rawPayload))).toEqual(txy(good));
    const data = await t.app.inject({ url: `/api/events/${id}/teams/alpha/track.data` });
    expect(data.statusCode).toBe(200);
    expect(txy(decodeTrack(data.rawPayload))).toEqual(txy(good));
  });

  it('the GPX export answers the good points', async () => {
    const { id } = await eventWithBadChunk();
    const gpx = await t.app.inject({ url: `/api/events/${id}/teams/alpha/track.gpx` });
    expect(gpx.statusCode).toBe(200);
    expect(txy(trackFromGpx(gpx.body).points)).toEqual(txy(good));
  });

  it('the GPX import and the ingest after a corrupt last chunk still store', async () => {
    const { id, dev } = await eventWithBadChunk();
    const more = walk(3, t0, 10);
    const gpx = trackToGpx(walk(2, t0, 20), { name: 'Alpha', time: t0 });
    const imported = await call<{ accepted: number }>(
      t.app,
      'POST',
      `/api/events/${id}/teams/alpha/track.gpx`,
      { as: owner, body: { gpx } },
    );
    expect([imported.status, imported.body.accepted]).toEqual([200, 2]);
    const sent = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body: { points: more },
    });
    expect([sent.status, sent.body.accepted]).toEqual([200, 3]);
    const points = await t.app.inject({ url: `/api/events/${id}/points?tid=alpha` });
    expect(decodeTrack(points.rawPayload)).toHaveLength(11);
  });

  it('logs each skipped chunk with its event and team', async () => {
    const { id, dev } = await eventWithBadChunk();
    const { service, logs } = withLog();
    const admin = actorOf(owner);
    await service.points(admin, id, { tid: 'alpha' });
    await service.trackData(admin, id, 'alpha');
    await service.trackGpx(admin, id, 'alpha');
    await service.ingest(actorOf(runner), dev, { points: walk(1, t0, 30) });
    expect(logs).toHaveLength(4);
    for (const { obj, msg } of logs) {
      expect(msg).toMatch(/unreadable track chunk skipped/);
      expect(obj).toMatchObject({ eventId: id, teamId: 'alpha' });
    }
  });
});

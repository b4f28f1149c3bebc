import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDistances, liveTopic, trackStats } from '@rada/core';
import type { IngestResult, ServerMessage, TrackStat } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { fromJson, fromJsonMap } from '../db/json.ts';
import { trackService, UNKNOWN_DEVICE_ISSUE } from './track.service.ts';
import { addDevice, chunkRows, newTrackEvent, storedPoints, txy, walk } from './trackTestKit.ts';

describe.each(testDialects())('location ingest on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    runner = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  const send = (dev: string, points: unknown[], as: TestUser | null = runner) =>
    call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as,
      body: { points },
    });
  const teamStat = async (eventId: string, teamId: string) =>
    fromJson<TrackStat | null>(
      (
        await t.handle.db
          .selectFrom('teams')
          .select('trackstat')
          .where('event_id', '=', eventId)
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow()
      ).trackstat,
      null,
    );

  it('takes a batch from the device’s owner only', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const points = walk(3, t.clock.t - 60_000);

    const anonymous = await send(dev, points, null);
    expect(anonymous.status).toBe(401);
    const stranger = await send(dev, points, other);
    expect([stranger.status, errorOf(stranger)]).toEqual([403, 'error.forbidden']);
    const admin = await send(dev, points, owner);
    expect(admin.status).toBe(403);
    const unknown = await send('dev-nosuchdevice', points);
    expect(unknown.status).toBe(404);
    expect(await chunkRows(t, id)).toEqual([]);
    const bad = await call(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body: { points: 'none' },
    });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);

    const res = await send(dev, points);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 3, duplicates: 0, rejected: [], known: true });
  });

  it('keeps the good points of a batch and refuses the rest with reasons', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const good = walk(4, t.clock.t - 60_000);
    const batch = [
      good[2],
      { t: t.clock.t - 1000, y: 95, x: 26 },
      good[0],
      'not a point',
      { t: t.clock.t + 3_600_000, y: 58, x: 26 },
      { t: t.clock.t - 500, y: 58, x: 200 },
      good[3],
      { t: 5, y: 58, x: 26 },
      { t: t.clock.t - 400, y: 58, x: 26, a: -1 },
      { t: t.clock.t - 300, y: 58, x: 26, s: 999 },
      { t: t.clock.t - 200, lat: 58.31, lng: 26.71 },
      good[1],
    ];
    const res = await send(dev, batch);
    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual([
      { index: 1, reason: 'badlat' },
      { index: 3, reason: 'badshape' },
      { index: 4, reason: 'future' },
      { index: 5, reason: 'badlng' },
      { index: 7, reason: 'badtime' },
      { index: 8, reason: 'badaccuracy' },
      { index: 9, reason: 'badspeed' },
    ]);
    expect(res.body.accepted).toBe(5);
    const stored = await storedPoints(t, id, 'alpha');
    expect(txy(stored)).toEqual(
      txy([
        ...good,
        { t: t.clock.t - 200, y: 58.31, x: 26.71, a: null, s: null, l: null, g: null, d: null },
      ]),
    );
    // One chunk per batch, its times and count as stored.
    const rows = await chunkRows(t, id);
    expect(rows.map((r) => [r.team_id, r.device_id, r.t_from, r.t_to, r.points])).toEqual([
      ['alpha', dev, good[0]!.t, t.clock.t - 200, 5],
    ]);
  });

  it('skips a retried batch as duplicates and stores only what is new', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'bravo');
    const t0 = t.clock.t - 600_000;
    const first = walk(10, t0);
    expect((await send(dev, first)).body).toMatchObject({ accepted: 10, duplicates: 0 });
    const retry = await send(dev, first);
    expect(retry.body).toEqual({ accepted: 0, duplicates: 10, rejected: [], known: true });
    expect(await chunkRows(t, id)).toHaveLength(1);

    // Overlapping: five old, five new, and one point twice in the batch.
    const overlap = [...walk(10, t0, 5), walk(1, t0, 12)[0]];
    const res = await send(dev, overlap);
    expect(res.body).toMatchObject({ accepted: 5, duplicates: 6 });
    expect(txy(await storedPoints(t, id))).toEqual(txy(walk(15, t0)));
    const device = await t.handle.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', dev)
      .executeTakeFirstOrThrow();
    expect(device.last_t).toBe(t0 + 14_000);
    expect(device.last_seen).toBe(t.clock.t);
    const stat = await teamStat(id, 'bravo');
    expect(stat?.points).toBe(15);
  });

  it('fills distances and keeps the team’s stat as core computes it over the whole path', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'charlie');
    const t0 = t.clock.t - 3_600_000;
    // Walk, stand for a minute, walk on: the standing minute does not count as moving.
    const path = [
      ...walk(30, t0),
      ...walk(6, t0 + 30_000, 29).map((p, i) => ({ ...p, t: t0 + 30_000 + i * 10_000, s: 0 })),
      ...walk(30, t0 + 90_000, 29).map((p, i) => ({ ...p, t: t0 + 90_000 + i * 1000 })),
    ].filter((p, i, all) => i === 0 || p.t > all[i - 1]!.t);
    const withBattery = path.map((p, i) => ({ ...p, b: i === 10 ? 0.8 : i === 40 ? 64 : null }));
    await send(dev, withBattery.slice(0, 25));
    await send(dev, withBattery.slice(25, 50));
    await send(dev, withBattery.slice(50));

    const expected = trackStats(path, null);
    const stat = (await teamStat(id, 'charlie'))!;
    expect(stat.points).toBe(path.length);
    expect(stat.dst).toBeCloseTo(expected.dst, 3);
    expect(stat.moving).toBe(expected.moving);
    expect(stat.moving).toBeLessThan(path.at(-1)!.t - path[0]!.t);
    expect(stat.avgspd).toBeCloseTo(expected.avgspd!, 6);
    expect([stat.firstT, stat.lastT]).toEqual([path[0]!.t, path.at(-1)!.t]);
    expect(stat.battery).toBe(0.64);

    // d runs from each point's predecessor, across batches too; the very first has none.
    const stored = await storedPoints(t, id);
    const distances = fillDistances(path, null).map((p) => p.d);
    expect(stored[0]!.d).toBeNull();
    stored.slice(1).forEach((p, i) => expect(p.d).toBeCloseTo(distances[i + 1]!, 2));
  });

  it('publishes the stored batch on the event’s live topic after it is committed', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const seen: ServerMessage[] = [];
    const visible: Promise<number>[] = [];
    const stop = t.bus.subscribe(liveTopic(id), (m) => {
      seen.push(m);
      // What another connection reads when the message arrives: the batch is there already.
      visible.push(chunkRows(t, id).then((rows) => rows.length));
    });
    const points = walk(3, t.clock.t - 10_000);
    const res = await send(dev, points);
    // Durable: the row is there when the answer arrives.
    expect((await chunkRows(t, id)).map((r) => r.points)).toEqual([3]);
    stop();
    expect(res.status).toBe(200);
    expect(await Promise.all(visible)).toEqual([1]);
    expect(seen).toHaveLength(1);
    const message = seen[0]!;
    expect(message.type).toBe('live.locations');
    if (message.type !== 'live.locations') return;
    expect(message.eventId).toBe(id);
    expect(message.batches).toHaveLength(1);
    const batch = message.batches[0]!;
    expect([batch.devid, batch.uid, batch.tid]).toEqual([dev, runner.uid, 'alpha']);
    expect(txy(batch.locations)).toEqual(txy(points));

    // A batch of duplicates only publishes nothing.
    const quiet = t.bus.subscribe(liveTopic(id), (m) => seen.push(m));
    await send(dev, points);
    quiet();
    expect(seen).toHaveLength(1);
  });

  it('measures the first distance from the stored last point when another server stored it', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'bravo');
    // Two servers: the device's row keeps its last point for whichever stores its next batch.
    const [a, b] = [0, 1].map(() =>
      trackService({ store: t.store, bus: t.bus, now: () => t.clock.t, log: () => undefined }),
    );
    const actor = {
      uid: runner.uid,
      email: runner.email,
      superAdmin: false,
      platformOwner: false,
      creator: false,
    };
    const path = walk(30, t.clock.t - 600_000).map((p, i) => ({ ...p, x: 26.7 + i * 3e-5 }));
    await a!.ingest(actor, dev, { points: path.slice(0, 10) });
    await b!.ingest(actor, dev, { points: path.slice(10, 20) });
    const [row] = await t.handle.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', dev)
      .execute();
    expect(JSON.parse(row!.last_point!)).toMatchObject({ t: path[19]!.t });
    // A device whose last batch came before points were kept in its row: its chunk is read.
    await t.handle.db
      .updateTable('devices')
      .set({ last_point: null })
      .where('id', '=', dev)
      .execute();
    await a!.ingest(actor, dev, { points: path.slice(20) });
    const stored = await storedPoints(t, id, 'bravo');
    const distances = fillDistances(path, null).map((p) => p.d);
    stored
      .slice(1)
      .forEach((p, i) => expect(p.d, `point ${i + 1}`).toBeCloseTo(distances[i + 1]!, 2));
  });

  it('tells the team clock with every batch, one with fresh points or only repeats', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'charlie');
    const clock = async () =>
      (
        await t.handle.db
          .selectFrom('team_clocks')
          .select(['offset_ms', 'observed_at'])
          .where('event_id', '=', id)
          .where('team_id', '=', 'charlie')
          .executeTakeFirst()
      )?.offset_ms;
    // The device's clock 3 s behind the server's: its newest point is 3 s old when it arrives.
    const points = walk(3, t.clock.t - 5000);
    const behind = points.at(-1)!.t - t.clock.t;
    expect((await send(dev, points)).body.accepted).toBe(3);
    expect(await clock()).toBe(behind);
    // Only repeats, later: a smaller offset within the window keeps the larger.
    t.clock.t += 1000;
    expect((await send(dev, points)).body.duplicates).toBe(3);
    expect(await clock()).toBe(behind);
    // A fresh point whose time is the server's: the offset rises to 0.
    expect((await send(dev, [{ ...points[0]!, t: t.clock.t }])).body.accepted).toBe(1);
    expect(await clock()).toBe(0);
  });

  it('skips a device of no team: nothing stored, one issue for the event, a log line', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, null);
    const gone = await addDevice(t, runner, id, 'deleted-team');
    const logs: string[] = [];
    const service = trackService({
      store: t.store,
      bus: t.bus,
      now: () => t.clock.t,
      log: (_o, m) => logs.push(m),
    });
    const actor = {
      uid: runner.uid,
      email: runner.email,
      superAdmin: false,
      platformOwner: false,
      creator: false,
    };
    const points = walk(3, t.clock.t - 10_000);
    const first = await service.ingest(actor, dev, { points });
    expect(first).toEqual({ accepted: 0, duplicates: 0, rejected: [], known: false });
    expect(logs).toHaveLength(1);
    await service.ingest(actor, dev, { points: walk(3, t.clock.t - 5000) });
    const viaHttp = await send(dev, [...points, { t: 1, y: 1, x: 1 }]);
    expect(viaHttp.body).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [{ index: 3, reason: 'badtime' }],
      known: false,
    });
    expect((await send(gone, points)).body.known).toBe(false);

    expect(await chunkRows(t, id)).toEqual([]);
    const data = await t.store.events.findData(id);
    const issues = fromJsonMap(
      JSON.stringify(fromJsonMap(JSON.stringify(fromJsonMap(data!.extra).eventsdata)).issues),
    );
    const unknown = Object.values(issues).filter(
      (i) => (i as { text?: string }).text === UNKNOWN_DEVICE_ISSUE,
    );
    expect(unknown.map((i) => (i as { devid: string }).devid).sort()).toEqual([dev, gone].sort());
    const exported = await call<{ eventsdata: { issues?: Record<string, { text: string }> } }>(
      t.app,
      'GET',
      `/api/events/${id}/export`,
      { as: owner },
    );
    expect(exported.status).toBe(200);
    expect(
      Object.values(exported.body.eventsdata.issues ?? {}).filter(
        (i) => i.text === UNKNOWN_DEVICE_ISSUE,
      ),
    ).toHaveLength(2);

    // A device in no event at all: nothing to record the issue in.
    const loose = await addDevice(t, runner, null, null);
    expect((await send(loose, points)).body.known).toBe(false);
  });
  it('stores concurrent batches once each: one device’s retries, one team’s devices', async () => {
    const id = await newTrackEvent(t, owner);
    const devs = [
      await addDevice(t, runner, id, 'alpha'),
      await addDevice(t, runner, id, 'alpha'),
      await addDevice(t, runner, id, 'alpha'),
    ];
    const t0 = t.clock.t - 600_000;
    const batch = walk(20, t0);
    // The same batch three times at once (a client retrying while the first is in flight),
    // and two more devices of the same team at the same time.
    const answers = await Promise.all([
      send(devs[0]!, batch),
      send(devs[0]!, batch),
      send(devs[0]!, batch),
      send(devs[1]!, walk(20, t0 + 100)),
      send(devs[2]!, walk(20, t0 + 200)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const first = answers.slice(0, 3).map((a) => [a.body.accepted, a.body.duplicates]);
    expect(first.sort()).toEqual([
      [0, 20],
      [0, 20],
      [20, 0],
    ]);
    const rows = await chunkRows(t, id);
    expect(rows.map((r) => r.points)).toEqual([20, 20, 20]);
    expect((await teamStat(id, 'alpha'))?.points).toBe(60);
  });

  it('takes points from a device registered through the API, with a bearer token', async () => {
    const id = await newTrackEvent(t, owner);
    await t.handle.db
      .insertInto('team_members')
      .values({ event_id: id, team_id: 'bravo', user_id: runner.uid, joined_at: 1, via: 'reg' })
      .execute();
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: runner,
      body: { name: 'phone' },
    });
    expect(token.status).toBe(201);
    const bearer = { bearer: token.body.token };
    const dev = 'phone-1234';
    const reg = await call(t.app, 'PUT', `/api/devices/${dev}`, {
      as: bearer,
      body: { eventId: id },
    });
    expect(reg.status).toBe(200);
    const res = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: bearer,
      body: { points: walk(4, t.clock.t - 10_000) },
    });
    expect(res.body).toEqual({ accepted: 4, duplicates: 0, rejected: [], known: true });
    expect((await chunkRows(t, id, 'bravo')).map((r) => r.device_id)).toEqual([dev]);
  });
});

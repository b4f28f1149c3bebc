import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DebugCode,
  DebugDevice,
  EventIssue,
  GpsState,
  JobView,
  NearbyEvent,
  RawDocView,
  RecodeResult,
  VersionsView,
  WebClient,
} from '@rada/core';
import WebSocket from 'ws';
import { connectListen } from '../live/listenTestClient.ts';
import { concatTracks, distanceKm, encodeTrack } from '@rada/core';
import { decodeChunk } from '../tracks/track.chunks.ts';
import { loadEvent } from '../../../../bench/loadEvent.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  importEvent,
  signUp,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';
import { addDevice, walk } from '../tracks/trackTestKit.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

describe.each(testDialects())("the super admin's debug tools on $name", (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  let boss: TestUser;
  const bossEmail = uniqueEmail('boss');
  let eventId: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    owner = await signUp(t.app);
    runner = await signUp(t.app);
    boss = await signUpProven(t, bossEmail);
    // Five KPs at 58.001…58.005 N, 26.001…26.005 E (bench/loadEvent.ts), three teams.
    eventId = uniqueShortlink('dbg');
    await importEvent(t, loadEvent(3, 5, { [owner.uid]: 'owner' }), eventId);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, as: TestUser | null = boss) => {
    const res = await call<T>(t.app, 'GET', `/api/admin/debug/${url}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('finds events with a KP within 4 km of a point', async () => {
    const near = await get<NearbyEvent[]>('nearby?lat=58.02&lng=26.003');
    const mine = near.find((e) => e.id === eventId)!;
    expect(mine.kps).toBe(5);
    expect(mine.nearestKm).toBeCloseTo(
      distanceKm({ lat: 58.02, lng: 26.003 }, { lat: 58.005, lng: 26.005 }),
      6,
    );
    // About 2.2 km: the five KPs of 58.00x are in; 3.6 km further north they are not.
    expect(
      (await get<NearbyEvent[]>('nearby?lat=58.04&lng=26.003')).some((e) => e.id === eventId),
    ).toBe(true);
    expect(
      (await get<NearbyEvent[]>('nearby?lat=58.045&lng=26.003')).some((e) => e.id === eventId),
    ).toBe(false);
    for (const query of ['lat=91&lng=0', 'lat=x&lng=1', 'lat=1']) {
      const bad = await call(t.app, 'GET', `/api/admin/debug/nearby?${query}`, { as: boss });
      expect([bad.status, errorOf(bad)], query).toEqual([400, 'error.validation']);
    }
  });

  it('lists join codes with their events, devices without a team, and an event GPS state', async () => {
    const created = await call(t.app, 'POST', `/api/events/${eventId}/joincodes`, {
      as: owner,
      body: { singleteam: false, valid: t.clock.t + 86_400_000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const codes = await get<DebugCode[]>('codes');
    expect(codes.find((c) => c.eventId === eventId)).toMatchObject({ eventName: 'Load test' });

    // A device of team t1 sends points; another sent points for a team that is gone.
    const sending = await addDevice(t, runner, eventId, 't1');
    const points = walk(30, t.clock.t - 60_000);
    const sent = await call(t.app, 'POST', `/api/devices/${sending}/locations`, {
      as: runner,
      body: { points },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const lost = await addDevice(t, runner, eventId, 'no-such-team');
    await t.handle.db
      .updateTable('devices')
      .set({ last_t: t.clock.t - 5000, info: JSON.stringify({ model: 'Pixel 9' }) })
      .where('id', '=', lost)
      .execute();
    const orphans = await get<DebugDevice[]>('devices');
    expect(orphans.find((d) => d.id === lost)).toMatchObject({
      eventId,
      userId: runner.uid,
      points: 0,
      info: { model: 'Pixel 9' },
    });
    expect(orphans.some((d) => d.id === sending)).toBe(false);

    const gps = await get<GpsState[]>(`gps?event=${eventId}`);
    expect(gps.find((d) => d.deviceId === sending)).toMatchObject({
      teamId: 't1',
      teamName: 'Team 1',
      lastPointAt: points.at(-1)!.t,
      pointsLastHour: 30,
    });
    const missing = await call(t.app, 'GET', '/api/admin/debug/gps?event=no-such-event', {
      as: boss,
    });
    expect(missing.status).toBe(404);
  });

  it("shows the events' recorded issues to the super admin and to the event's admins", async () => {
    const stray = await addDevice(t, runner, eventId, 'no-team-at-all');
    const sent = await call(t.app, 'POST', `/api/devices/${stray}/locations`, {
      as: runner,
      body: { points: walk(3, t.clock.t - 10_000) },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const expected = {
      eventId,
      eventName: 'Load test',
      text: 'GPS for unknown device',
      devid: stray,
    };
    expect((await get<EventIssue[]>('issues')).find((i) => i.devid === stray)).toMatchObject(
      expected,
    );
    const own = await call<EventIssue[]>(t.app, 'GET', `/api/events/${eventId}/issues`, {
      as: owner,
    });
    expect(own.status).toBe(200);
    expect(own.body.find((i) => i.devid === stray)).toMatchObject(expected);
    const stranger = await call(t.app, 'GET', `/api/events/${eventId}/issues`, { as: runner });
    expect([stranger.status, errorOf(stranger)]).toEqual([403, 'error.forbidden']);
    const anonymous = await call(t.app, 'GET', `/api/events/${eventId}/issues`);
    expect(anonymous.status).toBe(401);
  });

  it('recodes stored track chunks, with a dry run that changes nothing', async () => {
    const device = await addDevice(t, runner, eventId, 't3');
    const points = walk(20, t.clock.t - 120_000);
    const sent = await call(t.app, 'POST', `/api/devices/${device}/locations`, {
      as: runner,
      body: { points },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const chunk = await t.handle.db
      .selectFrom('track_chunks')
      .select(['id', 'data'])
      .where('device_id', '=', device)
      .executeTakeFirstOrThrow();
    // The same points stored as two blocks (as an older writer might have): valid, not compact.
    const stored = decodeChunk(chunk.data);
    const split = concatTracks([encodeTrack(stored.slice(0, 10)), encodeTrack(stored.slice(10))]);
    const twoBlocks = Buffer.from(split).toString('base64');
    await t.handle.db
      .updateTable('track_chunks')
      .set({ data: twoBlocks })
      .where('id', '=', chunk.id)
      .execute();
    const dataNow = async () =>
      (
        await t.handle.db
          .selectFrom('track_chunks')
          .select('data')
          .where('id', '=', chunk.id)
          .executeTakeFirstOrThrow()
      ).data;
    const recode = (dryRun: boolean, as: TestUser | null = boss) =>
      call<RecodeResult>(t.app, 'POST', '/api/admin/debug/recode', {
        as,
        body: { event: eventId, dryRun },
      });

    const dry = await recode(true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, changed: 1, bad: 0 });
    expect(dry.body.bytesAfter).toBeLessThan(dry.body.bytesBefore);
    expect(await dataNow()).toBe(twoBlocks);

    const done = await recode(false);
    expect(done.body).toMatchObject({ dryRun: false, changed: 1, points: dry.body.points });
    expect(decodeChunk(await dataNow())).toEqual(stored);
    expect(await dataNow()).not.toBe(twoBlocks);
    expect((await recode(true)).body.changed).toBe(0);
    const log = await call<{ entries: { action: string }[] }>(
      t.app,
      'GET',
      `/api/events/${eventId}/log`,
      { as: owner },
    );
    expect(log.body.entries.some((e) => e.action === 'event.recode')).toBe(true);

    for (const [as, status] of [
      [null, 401],
      [owner, 403],
    ] as const) {
      expect((await recode(false, as)).status).toBe(status);
    }
    const missing = await call(t.app, 'POST', '/api/admin/debug/recode', {
      as: boss,
      body: { event: 'no-such-event', dryRun: true },
    });
    expect(missing.status).toBe(404);
    const bad = await call(t.app, 'POST', '/api/admin/debug/recode', {
      as: boss,
      body: { event: eventId },
    });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it('lists the web clients connected to every server process', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = address.replace(/^http/, 'ws');
    // The organiser's app socket, following the event; an anonymous map viewer of it.
    const app = new WebSocket(`${ws}/api/ws`, {
      headers: { cookie: owner.cookie, 'user-agent': 'Organiser browser' },
    });
    const hello = new Promise((resolve) => app.once('message', resolve));
    await new Promise((resolve, reject) => app.once('open', resolve).once('error', reject));
    await hello;
    const subscribed = new Promise((resolve) => app.once('message', resolve));
    app.send(JSON.stringify({ v: 1, type: 'subscribe', topic: `event:${eventId}` }));
    await subscribed;
    const viewer = await connectListen(`${ws}/listen`, eventId, null, {
      'user-agent': 'Map viewer',
    });
    expect((await viewer.next()).kind).toBe('history');
    // Another server process's report, and a stale one of a process that stopped.
    const other: Omit<WebClient, 'server' | 'userName'> = {
      kind: 'listen',
      eventIds: ['elsewhere'],
      userId: runner.uid,
      agent: 'Phone',
      since: t.clock.t - 1000,
    };
    await t.handle.db
      .insertInto('web_clients')
      .values([
        { server_id: 'other-server', clients: JSON.stringify([other]), seen_at: t.clock.t },
        {
          server_id: 'stopped-server',
          clients: JSON.stringify([{ ...other, agent: 'Gone' }]),
          seen_at: t.clock.t - 120_000,
        },
      ])
      .execute();
    try {
      const clients = await get<WebClient[]>('clients');
      const mine = clients.filter((c) => c.server !== 'other-server');
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'app',
            eventIds: [eventId],
            userId: owner.uid,
            agent: 'Organiser browser',
          }),
          expect.objectContaining({
            kind: 'listen',
            eventIds: [eventId],
            userId: null,
            userName: null,
            agent: 'Map viewer',
          }),
        ]),
      );
      expect(new Set(mine.map((c) => c.server)).size).toBe(1);
      expect(clients.find((c) => c.server === 'other-server')).toMatchObject({
        ...other,
        userName: expect.any(String),
      });
      expect(clients.some((c) => c.agent === 'Gone')).toBe(false);
    } finally {
      app.close();
      await viewer.close();
    }
    // Closed connections leave the list.
    await expect
      .poll(async () =>
        (await get<WebClient[]>('clients')).filter((c) => c.eventIds.includes(eventId)),
      )
      .toEqual([]);
  });

  it('tables the versions of the devices seen in the period', async () => {
    const seen = (id: string, daysAgo: number, info: unknown) =>
      t.handle.db
        .insertInto('devices')
        .values({
          id,
          user_id: runner.uid,
          event_id: eventId,
          team_id: 't2',
          info: JSON.stringify(info),
          last_seen: t.clock.t - daysAgo * 86_400_000,
          last_t: null,
        })
        .execute();
    const tag = uniqueShortlink('v');
    await seen(`${tag}-a`, 10, { version: { sdkInt: 34 }, appversionname: '9.9.1' });
    await seen(`${tag}-b`, 40, { version: { sdkInt: 33 }, appversionname: '9.9.1' });
    await seen(`${tag}-c`, 200, { version: { sdkInt: 30 }, appversionname: '9.9.0' });
    const rowOf = (view: VersionsView, value: string) =>
      view.app.find((r) => r.value === value)?.devices.filter((d) => d.startsWith(tag));
    const one = await get<VersionsView>('versions?months=1');
    expect(one.months).toBe(1);
    expect(rowOf(one, '9.9.1')).toEqual([`${tag}-a`]);
    const three = await get<VersionsView>('versions');
    expect(three.months).toBe(3);
    expect(rowOf(three, '9.9.1')).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(rowOf(three, '9.9.0')).toBeUndefined();
    expect(rowOf(await get<VersionsView>('versions?months=12'), '9.9.0')).toEqual([`${tag}-c`]);
    const bad = await call(t.app, 'GET', '/api/admin/debug/versions?months=2', { as: boss });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it("shows an event's stored documents as the event file holds them, an archived one's too", async () => {
    const id = uniqueShortlink('raw');
    const file = resultsEventFile(owner.uid);
    await importEvent(t, file, id);
    const exported = (
      await call<Record<string, Record<string, unknown>>>(
        t.app,
        'GET',
        `/api/events/${id}/export`,
        { as: owner },
      )
    ).body;
    const raw = (doc: string) => get<RawDocView>(`raw?event=${id}&doc=${doc}`);
    const record = await raw('event');
    expect(record).toMatchObject({ eventId: id, doc: 'event', path: `events/${id}`, arch: null });
    expect(record.value).toEqual(exported.events);
    expect(record.value).toMatchObject({ name: 'Results test', admins: { [owner.uid]: 'owner' } });
    expect((await raw('data')).value).toEqual(exported.eventsdata);
    expect((await raw('data')).path).toBe(`eventsdata/${id}`);
    const list = await raw('list');
    expect(list.path).toBe(`teams/${id}/list`);
    expect(Object.keys(list.value as object).sort()).toEqual(['alpha', 'bravo', 'charlie']);
    const teams = await raw('teams');
    expect(teams.value).toEqual(exported.teams);
    expect(teams.value).toMatchObject({ kpanswers: { alpha: { k1: { answer: 'r1' } } } });

    // Archived, the documents come from the archive and read the same.
    const started = await call<JobView>(t.app, 'POST', `/api/events/${id}/archive`, { as: owner });
    expect(started.status).toBe(202);
    for (;;) {
      const job = await call<JobView>(t.app, 'GET', `/api/jobs/${started.body.id}`, { as: owner });
      if (job.body.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const archived = await raw('teams');
    expect(archived.arch).toBe('a1');
    expect(archived.value).toEqual(teams.value);

    const missing = await call(t.app, 'GET', '/api/admin/debug/raw?event=nothing-here&doc=list', {
      as: boss,
    });
    expect(missing.status).toBe(404);
    for (const query of [
      `event=${id}`,
      `event=${id}&doc=kp`,
      'doc=list',
      `event=${id}&doc=list&x=1`,
    ]) {
      const bad = await call(t.app, 'GET', `/api/admin/debug/raw?${query}`, { as: boss });
      expect([bad.status, errorOf(bad)], query).toEqual([400, 'error.validation']);
    }
    // The event's own owner does not see its raw documents: the tool is the super admin's.
    const ownerAsks = await call(t.app, 'GET', `/api/admin/debug/raw?event=${id}&doc=event`, {
      as: owner,
    });
    expect([ownerAsks.status, errorOf(ownerAsks)]).toEqual([403, 'error.forbidden']);
  });

  it('is for the super admin only', async () => {
    for (const url of [
      'codes',
      'nearby?lat=58&lng=26',
      'devices',
      `gps?event=${eventId}`,
      'versions',
      'issues',
      'clients',
      `raw?event=${eventId}&doc=teams`,
    ]) {
      const anonymous = await call(t.app, 'GET', `/api/admin/debug/${url}`);
      expect([anonymous.status, errorOf(anonymous)], url).toEqual([401, 'error.unauthorized']);
      const other = await call(t.app, 'GET', `/api/admin/debug/${url}`, { as: owner });
      expect([other.status, errorOf(other)], url).toEqual([403, 'error.forbidden']);
    }
  });
});

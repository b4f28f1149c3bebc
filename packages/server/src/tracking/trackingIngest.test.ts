import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopic, trackingSetup } from '@rada/core';
import type { EventTrackingView, ServerMessage, TrackingLinkView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import { UNKNOWN_DEVICE_ISSUE } from '../tracks/track.service.ts';
import { chunkRows, newTrackEvent, storedPoints } from '../tracks/trackTestKit.ts';
import { appRequest, deviceRow, makeLink, teamStat } from './trackingKit.ts';

const KNOT = 1852 / 3600;

/** The path and query of an absolute URL (app.inject takes no origin). */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe.each(testDialects())('tracking link ingest on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** Every live batch the bus carries for the event while `fn` runs. */
  async function liveDuring(eventId: string, fn: () => Promise<void>) {
    const seen: ServerMessage[] = [];
    const stop = t.bus.subscribe(liveTopic(eventId), (m) => seen.push(m));
    try {
      await fn();
    } finally {
      stop();
    }
    return seen.flatMap((m) => (m.type === 'live.locations' ? m.batches : []));
  }

  const secs = (ms: number) => Math.floor(ms / 1000);

  it('OsmAnd: GET with its URL template filled in, speed in m/s, accuracy from hdop', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'osmand' });
    expect(link.path).toMatch(/^\/api\/t\/[A-Za-z0-9_-]{32}$/);
    const setup = trackingSetup('osmand', `https://rada.example${link.path}`, 'Alpha');
    const at = t.clock.t - 30_000;
    // OsmAnd's LiveMonitoringHelper formats each placeholder into the template.
    const url = setup.url
      .replace('{0}', '58.38')
      .replace('{1}', '26.72')
      .replace('{2}', String(at))
      .replace('{3}', '6')
      .replace('{4}', '61.5')
      .replace('{5}', '2.5')
      .replace('{6}', '90');
    let res: { status: number; body: unknown } = { status: 0, body: undefined };
    const live = await liveDuring(id, async () => {
      res = await appRequest(t, 'GET', local(url));
    });
    expect(res).toEqual({
      status: 200,
      body: { accepted: 1, duplicates: 0, rejected: [], known: true },
    });
    const points = await storedPoints(t, id, 'alpha');
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ t: at, a: 6, l: 61.5, g: 90 });
    expect(points[0]!.y).toBeCloseTo(58.38, 6);
    expect(points[0]!.s).toBeCloseTo(2.5, 1);
    const rows = await chunkRows(t, id, 'alpha');
    expect(rows.map((r) => r.device_id)).toEqual([link.deviceId]);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ devid: link.deviceId, uid: null, tid: 'alpha', src: 'osmand' });
    expect((await teamStat(t, id, 'alpha'))?.src).toBe('osmand');
    const device = await deviceRow(t, link.deviceId);
    expect([device?.last_seen, device?.last_t]).toEqual([t.clock.t, at]);
  });

  it('old Traccar Client: POST form (speed in knots, batt in %), and its parameters in the query', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'bravo', { app: 'traccar' });
    const at = t.clock.t - 60_000;
    const form = new URLSearchParams({
      id: 'Bravo',
      timestamp: String(secs(at)),
      lat: '58.3801',
      lon: '26.7201',
      speed: '3.0',
      bearing: '45.0',
      altitude: '40.0',
      accuracy: '8.0',
      batt: '76.0',
      charge: 'false',
    });
    const res = await appRequest(t, 'POST', link.path!, {
      type: 'application/x-www-form-urlencoded',
      payload: form.toString(),
    });
    expect(res).toEqual({
      status: 200,
      body: { accepted: 1, duplicates: 0, rejected: [], known: true },
    });
    form.set('timestamp', String(secs(at) + 10));
    form.set('batt', '75');
    // Older versions put the same parameters in the URL of an empty POST.
    const queried = await appRequest(t, 'POST', `${link.path}?${form.toString()}`);
    expect(queried.status).toBe(200);
    expect(queried.body).toMatchObject({ accepted: 1 });
    const points = await storedPoints(t, id, 'bravo');
    expect(points.map((p) => p.t)).toEqual([secs(at) * 1000, (secs(at) + 10) * 1000]);
    expect(points[0]!.s).toBeCloseTo(3 * KNOT, 1);
    const stat = await teamStat(t, id, 'bravo');
    expect(stat).toMatchObject({ points: 2, battery: 0.75, src: 'traccar' });
  });

  it('Traccar Client 9: its JSON location, battery and all', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'charlie', { app: 'traccar' });
    const at = t.clock.t - 20_000;
    const body = {
      location: {
        timestamp: new Date(at).toISOString(),
        coords: {
          latitude: 58.3805,
          longitude: 26.7205,
          accuracy: 4.5,
          speed: 1.4,
          heading: 180,
          altitude: 39,
        },
        is_moving: true,
        odometer: 1200,
        event: 'motionchange',
        battery: { level: 0.64, is_charging: false },
        activity: { type: 'walking' },
        extras: {},
      },
      device_id: 'Charlie',
    };
    const live = await liveDuring(id, async () => {
      const res = await appRequest(t, 'POST', link.path!, { json: body });
      expect(res).toEqual({
        status: 200,
        body: { accepted: 1, duplicates: 0, rejected: [], known: true },
      });
    });
    const [point] = await storedPoints(t, id, 'charlie');
    expect(point).toMatchObject({ t: at, a: 4.5, g: 180, l: 39 });
    expect(point!.s).toBeCloseTo(1.4, 1);
    expect(live.map((b) => b.src)).toEqual(['traccar']);
    expect(await teamStat(t, id, 'charlie')).toMatchObject({ battery: 0.64, src: 'traccar' });
  });

  it('OwnTracks: a location is stored and answered [], other messages answered [] too', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'owntracks' });
    const at = t.clock.t - 45_000;
    const location = {
      _type: 'location',
      tid: 'AL',
      tst: secs(at),
      lat: 58.381,
      lon: 26.721,
      acc: 12,
      alt: 44,
      vel: 18,
      cog: 270,
      batt: 52,
      bs: 1,
      conn: 'm',
      t: 'u',
    };
    const res = await appRequest(t, 'POST', link.path!, { json: location });
    expect(res).toEqual({ status: 200, body: [] });
    const [point] = await storedPoints(t, id, 'alpha');
    expect(point).toMatchObject({ t: secs(at) * 1000, a: 12, g: 270 });
    expect(point!.s).toBeCloseTo(5, 1);
    expect(await teamStat(t, id, 'alpha')).toMatchObject({ battery: 0.52, src: 'owntracks' });

    const seenBefore = (await deviceRow(t, link.deviceId))?.last_seen;
    t.clock.t += 1000;
    const status = { _type: 'status', android: { hib: 1, bo: 0, loc: 0 } };
    expect(await appRequest(t, 'POST', link.path!, { json: status })).toEqual({
      status: 200,
      body: [],
    });
    // OwnTracks' "friend deleted" message: an empty body.
    expect(
      await appRequest(t, 'POST', link.path!, { type: 'application/json', payload: '' }),
    ).toEqual({ status: 200, body: [] });
    expect(await storedPoints(t, id, 'alpha')).toHaveLength(1);
    // The app reached Rada: the link says so.
    expect((await deviceRow(t, link.deviceId))?.last_seen).toBe(seenBefore! + 1000);
  });

  it('GPSLogger: GET with its custom URL filled in', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'bravo', { app: 'gpslogger' });
    const setup = trackingSetup('gpslogger', `https://rada.example${link.path}`, 'Bravo');
    const at = t.clock.t - 15_000;
    const url = setup.url
      .replace('%LAT', '58.3702')
      .replace('%LON', '26.7102')
      .replace('%TIMESTAMP', String(secs(at)))
      .replace('%ALT', '50')
      .replace('%SPD', '1.2')
      .replace('%DIR', '10')
      .replace('%ACC', '7')
      .replace('%BATT', '88');
    const res = await appRequest(t, 'GET', local(url));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 1, known: true });
    expect(await teamStat(t, id, 'bravo')).toMatchObject({ battery: 0.88, src: 'gpslogger' });
  });

  it('skips repeats and older points as duplicates; stores a late point after them never', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'osmand' });
    const t0 = t.clock.t - 120_000;
    const send = (at: number, lat: number) =>
      appRequest(t, 'GET', `${link.path}?lat=${lat}&lon=26.7&timestamp=${at}`);
    expect((await send(t0, 58.3)).body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect((await send(t0 + 5000, 58.30005)).body).toMatchObject({ accepted: 1, duplicates: 0 });
    // The app retries the same point (its answer was lost), and one from before it.
    expect((await send(t0 + 5000, 58.30005)).body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await send(t0 + 2000, 58.30002)).body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await storedPoints(t, id, 'alpha')).map((p) => p.t)).toEqual([t0, t0 + 5000]);
    expect((await teamStat(t, id, 'alpha'))?.points).toBe(2);
  });

  it('answers 200 with the reasons of refused points and stores nothing of them', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'osmand' });
    const future = t.clock.t + 3_600_000;
    const cases = [
      `lat=95&lon=26.7&timestamp=${t.clock.t - 1000}`,
      `lat=58.3&lon=200&timestamp=${t.clock.t - 1000}`,
      `lat=58.3&lon=26.7&timestamp=${future}`,
      `lat=58.3&lon=26.7&timestamp=${t.clock.t - 1000}&speed=9999`,
    ];
    for (const query of cases) {
      const res = await appRequest(t, 'GET', `${link.path}?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body, query).toMatchObject({ accepted: 0, known: true });
      expect((res.body as { rejected: unknown[] }).rejected, query).toHaveLength(1);
    }
    expect(await chunkRows(t, id)).toEqual([]);
    expect(await teamStat(t, id, 'alpha')).toBeNull();
  });

  it('refuses what is not a position with 400 and a key, storing nothing', async () => {
    const id = await newTrackEvent(t, owner);
    const traccar = await makeLink(t, owner, id, 'alpha', { app: 'traccar' });
    const owntracks = await makeLink(t, owner, id, 'alpha', { app: 'owntracks' });
    const refusals: [string, Parameters<typeof appRequest>[3], string, 'GET' | 'POST'][] = [
      [traccar.path!, undefined, 'tracking.error.badformat', 'GET'],
      [`${traccar.path}?id=x&timestamp=1`, undefined, 'tracking.error.nolocation', 'GET'],
      [traccar.path!, { json: { hello: 'world' } }, 'tracking.error.badformat', 'POST'],
      [traccar.path!, { json: { location: { coords: {} } } }, 'tracking.error.nolocation', 'POST'],
      [
        traccar.path!,
        { type: 'text/plain', payload: 'lat=;lon=' },
        'tracking.error.nolocation',
        'POST',
      ],
      [
        traccar.path!,
        { type: 'text/plain', payload: 'hello there' },
        'tracking.error.badformat',
        'POST',
      ],
      [
        owntracks.path!,
        { json: { _type: 'encrypted', data: 'AbCd' } },
        'tracking.error.encrypted',
        'POST',
      ],
    ];
    for (const [path, body, key, method] of refusals) {
      const res = await appRequest(t, method, path, body);
      expect([res.status, (res.body as { error?: string }).error], JSON.stringify(body)).toEqual([
        400,
        key,
      ]);
    }
    expect(await chunkRows(t, id)).toEqual([]);
    // A bad JSON body never reaches the parsers: the API's JSON checks answer first.
    const broken = await appRequest(t, 'POST', traccar.path!, {
      type: 'application/json',
      payload: '{"location": ',
    });
    expect(broken.status).toBe(400);
    expect(await chunkRows(t, id)).toEqual([]);
  });

  it('404s an unknown or deleted link, and a HEAD stores nothing', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'osmand' });
    const query = `lat=58.3&lon=26.7&timestamp=${t.clock.t - 5000}`;
    for (const path of [
      '/api/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/t/short',
      '/api/t/bad%20secret',
    ]) {
      const res = await appRequest(t, 'GET', `${path}?${query}`);
      expect([res.status, (res.body as { error: string }).error]).toEqual([
        404,
        'tracking.error.unknownlink',
      ]);
    }
    const head = await t.app.inject({ method: 'HEAD', url: `${link.path}?${query}` });
    expect(head.statusCode).not.toBe(200);
    expect(await chunkRows(t, id)).toEqual([]);

    const gone = await call(t.app, 'DELETE', `/api/events/${id}/tracking-links/${link.id}`, {
      as: owner,
    });
    expect(gone.status).toBe(204);
    const res = await appRequest(t, 'GET', `${link.path}?${query}`);
    expect([res.status, (res.body as { error: string }).error]).toEqual([
      404,
      'tracking.error.unknownlink',
    ]);
    expect(await chunkRows(t, id)).toEqual([]);
  });

  it('takes a Traccar server’s forwarding for the event’s trackers', async () => {
    const id = await newTrackEvent(t, owner);
    const feed = await call<EventTrackingView>(t.app, 'PUT', `/api/events/${id}/tracker-feed`, {
      as: owner,
    });
    expect(feed.status).toBe(200);
    expect(feed.body.feedPath).toMatch(/^\/api\/traccar\/[A-Za-z0-9_-]{32}$/);
    const tracker = await makeLink(t, owner, id, 'bravo', {
      app: 'tracker',
      trackerId: '356938035643809',
    });
    expect([tracker.path, tracker.trackerId]).toEqual([null, '356938035643809']);
    const at = t.clock.t - 10_000;
    // Traccar's JSON forwarding (forward.type json): PositionData, position and device.
    const forwarded = (uniqueId: string, fixTime: number, valid = true) => ({
      position: {
        id: 1001,
        deviceId: 7,
        protocol: 'teltonika',
        serverTime: new Date(t.clock.t).toISOString(),
        deviceTime: new Date(fixTime).toISOString(),
        fixTime: new Date(fixTime).toISOString(),
        outdated: false,
        valid,
        latitude: 58.3901,
        longitude: 26.7301,
        altitude: 55,
        speed: 10,
        course: 135,
        accuracy: 0,
        attributes: { batteryLevel: 81, sat: 9, motion: true },
      },
      device: { id: 7, name: 'Bravo tracker', uniqueId, status: 'online', attributes: {} },
    });
    let res: { status: number; body: unknown } = { status: 0, body: undefined };
    const live = await liveDuring(id, async () => {
      res = await appRequest(t, 'POST', feed.body.feedPath!, {
        json: forwarded('356938035643809', at),
      });
    });
    expect(res).toEqual({
      status: 200,
      body: { accepted: 1, duplicates: 0, rejected: [], known: true },
    });
    const [point] = await storedPoints(t, id, 'bravo');
    expect(point).toMatchObject({ t: at, a: null, l: 55, g: 135 });
    expect(point!.s).toBeCloseTo(10 * KNOT, 1);
    expect(live.map((b) => [b.devid, b.src])).toEqual([[tracker.deviceId, 'tracker']]);
    expect(await teamStat(t, id, 'bravo')).toMatchObject({ battery: 0.81, src: 'tracker' });

    // A position without a fix is answered and not stored.
    const noFix = await appRequest(t, 'POST', feed.body.feedPath!, {
      json: forwarded('356938035643809', at + 5000, false),
    });
    expect(noFix.body).toMatchObject({ accepted: 0, known: true });
    expect(await storedPoints(t, id, 'bravo')).toHaveLength(1);

    // A tracker no link names: answered known: false, the event's issue recorded once.
    for (let i = 0; i < 2; i++) {
      const unknown = await appRequest(t, 'POST', feed.body.feedPath!, {
        json: forwarded('999000111', at + i * 1000),
      });
      expect(unknown).toEqual({
        status: 200,
        body: { accepted: 0, duplicates: 0, rejected: [], known: false },
      });
    }
    const extra = fromJsonMap((await t.store.events.findData(id))!.extra);
    const issues = Object.values(fromJsonMap(toJson(fromJsonMap(toJson(extra.eventsdata)).issues)));
    expect(issues.filter((i) => fromJsonMap(toJson(i)).text === UNKNOWN_DEVICE_ISSUE)).toEqual([
      expect.objectContaining({ devid: '999000111' }),
    ]);
    expect(await storedPoints(t, id, 'bravo')).toHaveLength(1);

    // Not a position, an unknown feed, a replaced secret, forwarding off.
    const bad = await appRequest(t, 'POST', feed.body.feedPath!, { json: { device: {} } });
    expect([bad.status, (bad.body as { error: string }).error]).toEqual([
      400,
      'tracking.error.badformat',
    ]);
    const replaced = await call<EventTrackingView>(t.app, 'PUT', `/api/events/${id}/tracker-feed`, {
      as: owner,
    });
    expect(replaced.body.feedPath).not.toBe(feed.body.feedPath);
    for (const path of [feed.body.feedPath!, '/api/traccar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const old = await appRequest(t, 'POST', path, {
        json: forwarded('356938035643809', at + 9000),
      });
      expect([old.status, (old.body as { error: string }).error]).toEqual([
        404,
        'tracking.error.unknownlink',
      ]);
      const oldBad = await appRequest(t, 'POST', path, { json: { nothing: true } });
      expect(oldBad.status).toBe(404);
    }
    const off = await call(t.app, 'DELETE', `/api/events/${id}/tracker-feed`, { as: owner });
    expect(off.status).toBe(204);
    const afterOff = await appRequest(t, 'POST', replaced.body.feedPath!, {
      json: forwarded('356938035643809', at + 9000),
    });
    expect(afterOff.status).toBe(404);
    expect(await storedPoints(t, id, 'bravo')).toHaveLength(1);
  });

  it('lists a link’s last request and last point', async () => {
    const id = await newTrackEvent(t, owner);
    const link = await makeLink(t, owner, id, 'alpha', { app: 'osmand' });
    expect([link.lastSeen, link.lastT]).toEqual([null, null]);
    const at = t.clock.t - 8000;
    await appRequest(t, 'GET', `${link.path}?lat=58.3&lon=26.7&timestamp=${at}`);
    t.clock.t += 2000;
    // A request without a position still tells that the app reaches Rada.
    expect((await appRequest(t, 'GET', `${link.path}?id=x`)).status).toBe(400);
    const listed = await call<TrackingLinkView[]>(
      t.app,
      'GET',
      `/api/events/${id}/teams/alpha/tracking-links`,
      { as: owner },
    );
    expect(listed.body.map((l) => [l.id, l.lastSeen, l.lastT])).toEqual([[link.id, t.clock.t, at]]);
  });
});

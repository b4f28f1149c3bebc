import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeTrack, trackFromGpx, trackStats } from '@rada/core';
import type { IngestResult, LocationPoint, TeamTrackSummary, TrackStat } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { addDevice, chunkRows, newTrackEvent, storedPoints, txy, walk } from './trackTestKit.ts';

interface Raw {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
}

/** A request whose answer is kept as bytes (binary and GPX answers). */
async function raw(app: FastifyInstance, url: string, as: Caller = null): Promise<Raw> {
  const headers: Record<string, string> = {};
  if (as && 'cookie' in as) headers.cookie = as.cookie;
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe.each(testDialects())('track reads on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  let other: TestUser;
  let open: string;
  let hidden: string;
  let devA1: string;
  let devA2: string;
  const t0 = Date.UTC(2026, 5, 1, 9);
  /** Alpha's two devices interleave: device 1 on even seconds, device 2 on odd ones. */
  const a1 = walk(20, t0).filter((_, i) => i % 2 === 0);
  const a2 = walk(20, t0).filter((_, i) => i % 2 === 1);

  const send = (dev: string, points: unknown[]) =>
    call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body: { points },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.t = t0 + 3_600_000;
    owner = await signUp(t.app);
    runner = await signUp(t.app);
    other = await signUp(t.app);
    open = await newTrackEvent(t, owner);
    hidden = await newTrackEvent(t, owner, true);
    for (const id of [open, hidden]) {
      const d1 = await addDevice(t, runner, id, 'alpha');
      const d2 = await addDevice(t, runner, id, 'alpha');
      expect((await send(d1, a1.slice(0, 5))).body.accepted).toBe(5);
      expect((await send(d2, a2)).body.accepted).toBe(10);
      expect((await send(d1, a1.slice(5))).body.accepted).toBe(5);
      if (id === open) [devA1, devA2] = [d1, d2];
    }
  });
  afterAll(() => t.close());

  const who = (): [string, Caller, boolean, boolean][] => [
    // name, caller, sees an open event's tracks, sees a hidetracks event's tracks
    ['admin', owner, true, true],
    ['signed-in stranger', other, true, false],
    ['anonymous', null, true, false],
  ];

  it('points, tracks, track.data and track.gpx: admins always, others unless hidetracks', async () => {
    for (const [name, as, seesOpen, seesHidden] of who()) {
      for (const [id, sees] of [
        [open, seesOpen],
        [hidden, seesHidden],
      ] as const) {
        for (const url of [
          `/api/events/${id}/points?tid=alpha`,
          `/api/events/${id}/tracks`,
          `/api/events/${id}/teams/alpha/track.data`,
          `/api/events/${id}/teams/alpha/track.gpx`,
        ]) {
          const res = await raw(t.app, url, as);
          const refused = as === null ? 401 : 403;
          expect(res.status, `${name} ${url}`).toBe(sees ? 200 : refused);
        }
      }
    }
    expect((await raw(t.app, `/api/events/nosuchevent/tracks`, owner)).status).toBe(404);
    expect((await raw(t.app, `/api/events/${open}/points?tid=nosuch`, owner)).status).toBe(404);
    expect((await raw(t.app, `/api/events/${open}/points`, owner)).status).toBe(400);
    expect((await raw(t.app, `/api/events/${open}/teams/nosuch/track.data`)).status).toBe(404);
  });

  it('points: the team’s points merged in time order, by device and time window', async () => {
    const points = async (query: string) => {
      const res = await raw(t.app, `/api/events/${open}/points?${query}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      return decodeTrack(res.bytes);
    };
    const all = walk(20, t0);
    expect(txy(await points('tid=alpha'))).toEqual(txy(all));
    expect(txy(await points(`tid=alpha&devid=${devA2}`))).toEqual(txy(a2));
    const window = `startt=${t0 + 4000}&endt=${t0 + 11_000}`;
    expect(txy(await points(`tid=alpha&${window}`))).toEqual(txy(all.slice(4, 12)));
    expect(txy(await points(`tid=alpha&devid=${devA1}&${window}`))).toEqual(
      txy(all.slice(4, 12).filter((_, i) => i % 2 === 0)),
    );
    expect(await points(`tid=bravo`)).toEqual([]);
    expect(await points(`tid=alpha&startt=${t0 + 60_000}`)).toEqual([]);
    // Accuracy, speed, altitude and heading come back as sent; d as the server measured it.
    const first = (await points(`tid=alpha&devid=${devA1}`))[1]!;
    expect([first.a, first.s, first.l, first.g]).toEqual([5, 1.1, 40, 0]);
    expect(first.d).toBeCloseTo(2.22, 1);
  });

  it('tracks: every team with its number, colour and stat', async () => {
    const res = await call<TeamTrackSummary[]>(t.app, 'GET', `/api/events/${open}/tracks`);
    expect(res.status).toBe(200);
    expect(res.body.map((s) => [s.teamId, s.name, s.nr, s.col])).toEqual([
      ['alpha', 'Alpha', '1', '#ff0000'],
      ['bravo', 'Bravo', '2', null],
      ['charlie', 'Charlie', '10', null],
    ]);
    const alpha = res.body[0]!.stat!;
    expect([alpha.points, alpha.firstT, alpha.lastT]).toEqual([20, t0, t0 + 19_000]);
    expect(res.body[1]!.stat).toBeNull();
  });

  it('track.data: the whole track as one codec file named {team}_ws.data', async () => {
    const res = await raw(t.app, `/api/events/${open}/teams/alpha/track.data`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="alpha_ws.data"');
    expect(txy(decodeTrack(res.bytes))).toEqual(txy(walk(20, t0)));
    expect(txy(decodeTrack(res.bytes))).toEqual(txy(await storedPoints(t, open, 'alpha')));
  });

  it('GPX: export and import give back the same track; admins only import', async () => {
    const exported = await raw(t.app, `/api/events/${open}/teams/alpha/track.gpx`);
    expect(exported.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="${open}-alpha.gpx"`,
    );
    const gpx = exported.bytes.toString('utf8');
    expect(txy(trackFromGpx(gpx).points)).toEqual(txy(walk(20, t0)));

    const importTo = (teamId: string, as: TestUser | null, body: unknown, type?: string) =>
      call<{ accepted: number; duplicates: number; rejected: unknown[] }>(
        t.app,
        'POST',
        `/api/events/${open}/teams/${teamId}/track.gpx`,
        { as, body, ...(type ? { headers: { 'content-type': type } } : {}) },
      );
    expect((await importTo('bravo', null, { gpx })).status).toBe(401);
    expect((await importTo('bravo', other, { gpx })).status).toBe(403);
    expect((await importTo('bravo', runner, { gpx })).status).toBe(403);
    const notGpx = await importTo('bravo', owner, { gpx: '<kml></kml>' });
    expect([notGpx.status, errorOf(notGpx)]).toEqual([400, 'error.validation']);
    expect((await importTo('nosuch', owner, { gpx })).status).toBe(404);
    expect(await chunkRows(t, open, 'bravo')).toEqual([]);

    const imported = await importTo('bravo', owner, { gpx });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ accepted: 20, duplicates: 0, rejected: [] });
    const bravo = await storedPoints(t, open, 'bravo');
    const alpha = await storedPoints(t, open, 'alpha');
    expect(txy(bravo)).toEqual(txy(alpha));
    expect(bravo.map((p) => [p.a, p.s, p.l, p.g])).toEqual(alpha.map((p) => [p.a, p.s, p.l, p.g]));
    const rows = await chunkRows(t, open, 'bravo');
    expect(rows.map((r) => [r.device_id, r.points])).toEqual([['gpx-import', 20]]);

    // As text/plain, again: every point is already there.
    const again = await importTo('bravo', owner, gpx, 'text/plain');
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 20 });
    expect(await chunkRows(t, open, 'bravo')).toHaveLength(1);

    // The team's stat is the whole track's.
    const summaries = await call<TeamTrackSummary[]>(t.app, 'GET', `/api/events/${open}/tracks`);
    const stat = summaries.body.find((s) => s.teamId === 'bravo')!.stat as TrackStat;
    const expected = trackStats(alpha as LocationPoint[], null);
    expect(stat.points).toBe(20);
    expect(stat.dst).toBeCloseTo(expected.dst, 3);
    expect(stat.moving).toBe(expected.moving);
  });
});

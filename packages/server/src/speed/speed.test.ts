import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTrack, liveTopic, trackToBase64 } from '@rada/core';
import type {
  LocationPoint,
  RecomputeTicketsResult,
  ResultsView,
  SpeedArea,
  SpeedTicketRow,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { speedService } from './speed.service.ts';
import { ticketsOnLocations } from './ticketsTrigger.ts';

const T0 = 1_767_000_000_000;
const LAT = 58.3;
/** Degrees of longitude per metre at LAT. */
const LNG_PER_M = 1 / 58_550;

/** A track east along LAT: one point per second at the given km/h (sent as s). */
function drive(kmhs: number[], t0 = T0): LocationPoint[] {
  let x = 26;
  const out: LocationPoint[] = [];
  kmhs.forEach((v, i) => {
    out.push({ t: t0 + i * 1000, y: LAT, x, s: v / 3.6, a: 5, l: null, g: null, d: null });
    x += (v / 3.6) * LNG_PER_M;
  });
  return out;
}
const repeat = (v: number, n: number) => Array.from({ length: n }, () => v);

/** An area around the first ~`metres` of the drive. */
const area = (metres: number, extra: Partial<SpeedArea> = {}): SpeedArea => ({
  name: 'Village',
  area: [
    { latitude: LAT - 0.01, longitude: 25.99 },
    { latitude: LAT - 0.01, longitude: 26 + metres * LNG_PER_M },
    { latitude: LAT + 0.01, longitude: 26 + metres * LNG_PER_M },
    { latitude: LAT + 0.01, longitude: 25.99 },
  ],
  restricted: false,
  limit: null,
  timed: false,
  ...extra,
});

describe.each(testDialects())('speed areas and tickets on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** The results fixture plus speed settings, a speed penalty and one manual ticket on bravo. */
  const newEvent = async (settings: Record<string, unknown> = {}) => {
    const id = uniqueShortlink('spd');
    const file = resultsEventFile(owner.uid);
    Object.assign(file.eventsdata.data, { speedpenalty: 5, ...settings });
    Object.assign(file.teams, { spdtickets: { bravo: { manual1: { t: T0, speed: 104 } } } });
    file.evdoc = { speed: { limit: 90, over1: 2, delay1: 10, over2: 10, delay2: 5 } } as never;
    await importEvent(t, file, id);
    return id;
  };
  const storeTrack = async (id: string, teamId: string, points: LocationPoint[]) => {
    await t.handle.db
      .insertInto('track_chunks')
      .values({
        id: randomUUID(),
        event_id: id,
        team_id: teamId,
        device_id: null,
        t_from: points[0]!.t,
        t_to: points[points.length - 1]!.t,
        points: points.length,
        data: trackToBase64(encodeTrack(points)),
      })
      .execute();
  };
  const put = (id: string, areaId: string, body: unknown, as: TestUser | null = owner) =>
    call<SpeedArea>(t.app, 'PUT', `/api/events/${id}/speedareas/${areaId}`, { as, body });
  const tickets = (id: string, as: TestUser | null = owner) =>
    call<SpeedTicketRow[]>(t.app, 'GET', `/api/events/${id}/speedtickets`, { as });
  const recompute = (id: string, as: TestUser | null = owner) =>
    call<RecomputeTicketsResult>(t.app, 'POST', `/api/events/${id}/speedtickets/recompute`, {
      as,
    });

  it('lets only event admins read and change areas and recompute', async () => {
    const id = await newEvent();
    const url = `/api/events/${id}/speedareas`;
    for (const [as, status] of [
      [null, 401],
      [stranger, 403],
    ] as const) {
      expect((await call(t.app, 'GET', url, { as })).status).toBe(status);
      expect((await put(id, 'a1', area(100), as)).status).toBe(status);
      expect((await call(t.app, 'DELETE', `${url}/a1`, { as })).status).toBe(status);
      expect((await recompute(id, as)).status).toBe(status);
    }
    expect(
      (await call(t.app, 'GET', `/api/events/nope-${id}/speedareas`, { as: owner })).status,
    ).toBe(404);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const saved = await put(id, 'a1', { name: ' Village ', area: area(100).area, limit: 50 });
    stop();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...area(100), limit: 50 });
    expect(seen).toContainEqual(['speed', 'settings']);
    const list = await call<Record<string, SpeedArea>>(t.app, 'GET', url, { as: owner });
    expect(Object.keys(list.body)).toEqual(['a1']);
    expect((await call(t.app, 'DELETE', `${url}/a1`, { as: owner })).status).toBe(204);
    expect((await call(t.app, 'DELETE', `${url}/a1`, { as: owner })).status).toBe(404);
    expect((await call<Record<string, SpeedArea>>(t.app, 'GET', url, { as: owner })).body).toEqual(
      {},
    );
  });

  it('validates areas and their ids', async () => {
    const id = await newEvent();
    const bad = async (areaId: string, body: unknown) => {
      const res = await put(id, areaId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe('error.validation');
    };
    await bad('a1', { ...area(100), area: area(100).area.slice(0, 2) });
    await bad('a1', { ...area(100), limit: -5 });
    await bad('a1', { ...area(100), area: [{ latitude: 91, longitude: 0 }, ...area(100).area] });
    await bad('a1', { ...area(100), colour: 'red' });
    await bad('a%20b', area(100));
    await bad('x'.repeat(65), area(100));
    expect((await put(id, 'A-z_09', area(100))).status).toBe(200);
  });

  it('stores computed tickets on recompute, replaces them, keeps manual ones, and scores them', async () => {
    const id = await newEvent();
    // Alpha: 65 km/h for 40 s, the first ~360 m inside a 50 km/h area; then 95 for 12 s.
    await storeTrack(id, 'alpha', drive([...repeat(65, 40), ...repeat(95, 12), ...repeat(50, 3)]));
    const first = await recompute(id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ teams: 3, tickets: 1 });
    let list = (await tickets(id)).body;
    expect(list.map((r) => [r.teamId, r.kind ?? 'manual'])).toEqual([
      ['alpha', 'over1'],
      ['bravo', 'manual'],
    ]);
    expect(list[0]).toMatchObject({ teamName: 'Alpha', speed: 95, limit: 90, area: null });

    expect((await put(id, 'village', area(360, { limit: 50 }))).status).toBe(200);
    expect((await recompute(id)).body).toEqual({ teams: 3, tickets: 2 });
    list = (await tickets(id)).body;
    expect(list.filter((r) => r.teamId === 'alpha').map((r) => [r.kind, r.area])).toEqual([
      ['over2', 'village'],
      ['over1', null],
    ]);
    expect(list.some((r) => r.id === 'manual1')).toBe(true);
    // Recomputing the same data gives the same rows (no duplicates), also when asked for twice at
    // once beside the run the area change scheduled (they take turns).
    for (const limit of [40, 50]) {
      await put(id, 'village', area(360, { limit }));
      const both = await Promise.all([recompute(id), recompute(id)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
    }
    expect((await tickets(id)).body).toEqual(list);

    // spdpenalty: 5 per ticket (alpha 2, bravo the manual one).
    let penalties: Record<string, number> = {};
    for (let i = 0; i < 50; i++) {
      const res = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
      penalties = Object.fromEntries(res.body.results.map((r) => [r.teamId, r.spdpenalty]));
      if (penalties.alpha === 10) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(penalties).toEqual({ alpha: 10, bravo: 5, charlie: 0 });
  });

  it('takes the limit from the event type while none is stored: none on foot, 90 in a race', async () => {
    const id = await newEvent();
    // No limit stored: the type decides (valik, on foot, the default type; then a race).
    const cleared = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { speed: { limit: null } },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    await storeTrack(id, 'alpha', drive(repeat(120, 20)));
    expect((await recompute(id)).body).toEqual({ teams: 3, tickets: 0 });
    const race = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { type: 'race' } },
    });
    expect(race.status).toBe(200);
    expect((await recompute(id)).body).toEqual({ teams: 3, tickets: 1 });
    const [ticket] = (await tickets(id)).body.filter((r) => r.teamId === 'alpha');
    expect(ticket).toMatchObject({ kind: 'over2', limit: 90 });
    // A limit set on foot is kept.
    await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { type: 'valik' }, speed: { limit: 100 } },
    });
    expect((await recompute(id)).body).toEqual({ teams: 3, tickets: 1 });
    expect((await tickets(id)).body.find((r) => r.teamId === 'alpha')).toMatchObject({
      limit: 100,
    });
  });

  it('hides the public ticket list when hidespeedings is set', async () => {
    const open = await newEvent();
    expect((await tickets(open, null)).status).toBe(200);
    expect((await tickets(open, stranger)).body.map((r) => r.id)).toEqual(['manual1']);
    const hidden = await newEvent({ hidespeedings: true });
    expect((await tickets(hidden, null)).status).toBe(401);
    expect((await tickets(hidden, stranger)).status).toBe(403);
    expect((await tickets(hidden, owner)).body.map((r) => r.id)).toEqual(['manual1']);
    expect((await tickets(`nope-${hidden}`, null)).status).toBe(404);
  });

  it('gives non-admins no tickets (no positions, no times) when hidetracks is on, as the tracks', async () => {
    const id = await newEvent({ hidetracks: true, hidespeedings: false });
    const tracks = (as: TestUser | null) => call(t.app, 'GET', `/api/events/${id}/tracks`, { as });
    for (const [as, status] of [
      [null, 401],
      [stranger, 403],
    ] as const) {
      const res = await tickets(id, as);
      // The same answer as the tracks themselves, and nothing of the tickets in it.
      expect([res.status, errorOf(res)]).toEqual([
        status,
        status === 401 ? 'error.unauthorized' : 'error.forbidden',
      ]);
      expect((await tracks(as)).status).toBe(status);
      expect(JSON.stringify(res.body)).not.toContain('manual1');
    }
    const admin = await tickets(id, owner);
    expect(admin.status).toBe(200);
    expect(admin.body.map((r) => r.id)).toEqual(['manual1']);
  });

  it('recomputes a team shortly after its new points are stored', async () => {
    const id = await newEvent();
    const service = speedService({
      store: t.store,
      bus: t.bus,
      now: () => t.clock.t,
      log: () => {},
      debounceMs: 5,
    });
    await put(id, 'zone', area(100, { restricted: true }));
    const track = drive(repeat(36, 20));
    await storeTrack(id, 'charlie', track);
    // The bus the ingest publishes on asks for the team's tickets.
    ticketsOnLocations(t.bus, service.scheduleTeam).publish(liveTopic(id), {
      v: 1,
      type: 'live.locations',
      eventId: id,
      batches: [{ devid: 'd1', uid: null, tid: 'charlie', locations: track }],
    });
    await new Promise((r) => setTimeout(r, 20));
    await service.idle();
    const charlie = (await tickets(id)).body.filter((r) => r.teamId === 'charlie');
    expect(charlie.map((r) => [r.kind, r.area])).toEqual([['restricted', 'zone']]);
    await service.close();
  });

  it('reads no track for new points while nothing can be issued, and drops tickets of a lifted limit', async () => {
    const id = await newEvent();
    let reads = 0;
    const store = {
      ...t.store,
      tracks: {
        ...t.store.tracks,
        chunksOf: (...args: Parameters<typeof t.store.tracks.chunksOf>) => {
          reads++;
          return t.store.tracks.chunksOf(...args);
        },
      },
    };
    const service = speedService({
      store,
      bus: t.bus,
      now: () => t.clock.t,
      log: () => {},
      debounceMs: 5,
    });
    const track = drive(repeat(120, 20));
    await storeTrack(id, 'alpha', track);
    const sent = (teams: string[]) => {
      ticketsOnLocations(t.bus, service.scheduleTeam).publish(liveTopic(id), {
        v: 1,
        type: 'live.locations',
        eventId: id,
        batches: teams.map((tid) => ({ devid: `d-${tid}`, uid: null, tid, locations: track })),
      });
      return new Promise((r) => setTimeout(r, 20)).then(() => service.idle());
    };
    await sent(['alpha']);
    expect(reads).toBe(1);
    expect((await tickets(id)).body.filter((r) => r.teamId === 'alpha')).toHaveLength(1);
    // The limit lifted on foot: alpha's computed ticket goes with its next points, bravo's
    // manual one stays, and no track is read.
    await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { speed: { limit: null } },
    });
    await sent(['alpha', 'bravo', 'charlie']);
    await sent(['alpha', 'bravo']);
    expect(reads).toBe(1);
    expect((await tickets(id)).body.map((r) => [r.teamId, r.id])).toEqual([['bravo', 'manual1']]);
    await service.close();
  });
});

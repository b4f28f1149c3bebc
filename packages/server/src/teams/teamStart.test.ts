import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignStartTimesResult, StartListView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

const MIN = 60_000;

describe.each(testDialects())('start times on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** Teams alpha (1), bravo (2), charlie (3) and kilo (10), none with a start time. */
  const newEvent = async (settings: Record<string, unknown> = {}) => {
    const id = uniqueShortlink('st');
    const file = resultsEventFile(owner.uid);
    (file.teams.list as Record<string, unknown>).kilo = { name: 'Kilo', nr: 10 };
    Object.assign(file.eventsdata.data, settings);
    await importEvent(t, file, id);
    return id;
  };
  const assign = (id: string, body: unknown) =>
    call<AssignStartTimesResult>(t.app, 'POST', `/api/events/${id}/teams/starttimes`, {
      as: owner,
      body,
    });
  const times = async (id: string) => {
    const out: Record<string, unknown> = {};
    for (const row of await t.store.teams.list(id))
      out[row.id] = fromJsonMap(row.list).starttime ?? null;
    return out;
  };
  const patch = (id: string, teamId: string, body: unknown) =>
    call(t.app, 'PATCH', `/api/events/${id}/teams/${teamId}`, { as: owner, body });

  it('hands out times by number (10 after 3) with the given interval, auditing each team', async () => {
    const id = await newEvent({ joinstartinterval: 5 });
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await assign(id, { first: 1000, intervalMin: 2 });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ assigned: 4 });
    expect(await times(id)).toEqual({
      alpha: 1000,
      bravo: 1000 + 2 * MIN,
      charlie: 1000 + 4 * MIN,
      kilo: 1000 + 6 * MIN,
    });
    expect(seen).toEqual([['teams']]);
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .orderBy('path')
      .execute();
    expect(audits.map((a) => [a.action, a.path, a.user_id, a.old_value, a.value])).toEqual([
      ['team.starttime', 'teams/alpha/list/starttime', owner.uid, null, '1000'],
      ['team.starttime', 'teams/bravo/list/starttime', owner.uid, null, String(1000 + 2 * MIN)],
      ['team.starttime', 'teams/charlie/list/starttime', owner.uid, null, String(1000 + 4 * MIN)],
      ['team.starttime', 'teams/kilo/list/starttime', owner.uid, null, String(1000 + 6 * MIN)],
    ]);

    // The same again changes nothing: no audit row, no change published.
    const again: string[][] = [];
    const stop2 = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') again.push(m.what);
    });
    expect((await assign(id, { first: 1000, intervalMin: 2 })).body).toEqual({ assigned: 4 });
    stop2();
    expect(again).toEqual([]);
    const count = await t.handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('event_id', '=', id)
      .execute();
    expect(count).toHaveLength(4);
  });

  it('takes the interval from the joinstartinterval setting, else 1 minute', async () => {
    const withSetting = await newEvent({ joinstartinterval: 3 });
    await assign(withSetting, { first: 0 });
    expect(await times(withSetting)).toEqual({
      alpha: 0,
      bravo: 3 * MIN,
      charlie: 6 * MIN,
      kilo: 9 * MIN,
    });
    const without = await newEvent();
    await assign(without, { first: 0 });
    expect(await times(without)).toEqual({ alpha: 0, bravo: MIN, charlie: 2 * MIN, kilo: 3 * MIN });
    // Zero is a mass start.
    const mass = await newEvent();
    await assign(mass, { first: 7, intervalMin: 0 });
    expect(Object.values(await times(mass))).toEqual([7, 7, 7, 7]);
  });

  it('keeps times already set with onlyMissing and skips disabled teams', async () => {
    const id = await newEvent();
    await patch(id, 'bravo', { starttime: 42 });
    await patch(id, 'charlie', { disabled: true });
    const res = await assign(id, { first: 1000, onlyMissing: true });
    expect(res.body).toEqual({ assigned: 2 });
    expect(await times(id)).toEqual({ alpha: 1000, bravo: 42, charlie: null, kilo: 1000 + MIN });
    // Without onlyMissing bravo gets a new time; charlie stays without one.
    expect((await assign(id, { first: 0 })).body).toEqual({ assigned: 3 });
    expect(await times(id)).toEqual({ alpha: 0, bravo: MIN, charlie: null, kilo: 2 * MIN });
  });

  it('orders by name, by registration time, at random, or only the teams named', async () => {
    const id = await newEvent();
    await patch(id, 'alpha', { name: 'Zulu' });
    await assign(id, { first: 0, order: 'name' });
    expect(await times(id)).toEqual({ bravo: 0, charlie: MIN, kilo: 2 * MIN, alpha: 3 * MIN });

    const db = t.handle.db;
    await db
      .insertInto('registrations')
      .values([
        { event_id: id, team_id: 'kilo', user_id: null, regdata: '{}', regtime: 5 },
        { event_id: id, team_id: 'charlie', user_id: null, regdata: '{}', regtime: 9 },
      ])
      .execute();
    await assign(id, { first: 0, order: 'registration' });
    // Registered teams first by time, then the rest by number.
    expect(await times(id)).toEqual({ kilo: 0, charlie: MIN, alpha: 2 * MIN, bravo: 3 * MIN });

    await assign(id, { first: 0, order: 'random' });
    expect(Object.values(await times(id)).sort()).toEqual([0, MIN, 2 * MIN, 3 * MIN].sort());

    await assign(id, { first: 0, order: 'nr' });
    expect((await assign(id, { first: 100, teamIds: ['charlie', 'nobody'] })).body).toEqual({
      assigned: 1,
    });
    expect(await times(id)).toEqual({ alpha: 0, bravo: MIN, charlie: 100, kilo: 3 * MIN });

    const list = await call<StartListView>(t.app, 'GET', `/api/events/${id}/startlist`);
    expect(list.body.teams.map((x) => x.id)).toEqual(['alpha', 'charlie', 'bravo', 'kilo']);
  });

  it('refuses bad bodies and archived events', async () => {
    const id = await newEvent();
    expect((await assign(id, {})).status).toBe(400);
    expect((await assign(id, { first: 0, order: 'age' })).status).toBe(400);
    expect((await assign(id, { first: 0, intervalMin: -1 })).status).toBe(400);
    await t.store.events.update(id, { arch: 'a1' });
    const res = await assign(id, { first: 0 });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('teams.error.archived');
    expect(Object.values(await times(id))).toEqual([null, null, null, null]);
  });
});

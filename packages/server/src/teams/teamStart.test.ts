import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignStartTimesResult, StartListView, UndoStartTimesResult } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, teamListOf, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

const MIN = 60_000;
/**
 * A first start a day after the test clock's "now", so no assigned team counts as started, and
 * inside the test events' window (a week either side of the event).
 */
const F = Math.ceil((Date.now() + 24 * 60 * MIN) / MIN) * MIN;

describe.each(testDialects())('start times on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /**
   * Teams alpha (1), bravo (2), charlie (3) and kilo (10), none with a start time; with
   * `answers` alpha and bravo have marked KPs (the fixture's answers).
   */
  const newEvent = async (settings: Record<string, unknown> = {}, answers = false) => {
    const id = uniqueShortlink('st');
    const file = resultsEventFile(owner.uid);
    (file.teams.list as Record<string, unknown>).kilo = { name: 'Kilo', nr: 10 };
    if (!answers) (file.teams as Record<string, unknown>).kpanswers = {};
    Object.assign(file.eventsdata.data, settings);
    await importEvent(t, file, id);
    return id;
  };
  const assign = (id: string, body: unknown, as: TestUser = owner) =>
    call<AssignStartTimesResult>(t.app, 'POST', `/api/events/${id}/teams/starttimes`, {
      as,
      body,
    });
  const undo = (id: string, body: unknown, as: TestUser = owner) =>
    call<UndoStartTimesResult>(t.app, 'POST', `/api/events/${id}/teams/starttimes/undo`, {
      as,
      body,
    });
  const times = async (id: string) => {
    const out: Record<string, unknown> = {};
    for (const row of await t.store.teams.list(id))
      out[row.id] = fromJsonMap(row.list).starttime ?? null;
    return out;
  };
  const audits = (id: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .orderBy('path')
      .orderBy('value')
      .execute();
  const patch = (id: string, teamId: string, body: unknown) =>
    call(t.app, 'PATCH', `/api/events/${id}/teams/${teamId}`, { as: owner, body });
  const addTeam = (id: string, body: unknown) =>
    call<{ id: string }>(t.app, 'POST', `/api/events/${id}/teams`, { as: owner, body });
  /** The `event.changed` messages published while `fn` runs. */
  const published = async (id: string, fn: () => Promise<unknown>) => {
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    await fn();
    stop();
    return seen;
  };

  it('hands out times by number (10 after 3) with the given interval, auditing each team', async () => {
    const id = await newEvent({ joinstartinterval: 5 });
    let res!: Awaited<ReturnType<typeof assign>>;
    const seen = await published(id, async () => {
      res = await assign(id, { first: F, intervalMin: 2 });
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      assigned: 4,
      keptWithTime: 0,
      keptStarted: 0,
      dryRun: false,
      changes: [
        { id: 'alpha', before: null, after: F },
        { id: 'bravo', before: null, after: F + 2 * MIN },
        { id: 'charlie', before: null, after: F + 4 * MIN },
        { id: 'kilo', before: null, after: F + 6 * MIN },
      ],
    });
    expect(await times(id)).toEqual({
      alpha: F,
      bravo: F + 2 * MIN,
      charlie: F + 4 * MIN,
      kilo: F + 6 * MIN,
    });
    expect(seen).toEqual([['teams']]);
    expect(
      (await audits(id)).map((a) => [a.action, a.path, a.user_id, a.old_value, a.value]),
    ).toEqual([
      ['team.starttime', 'teams/alpha/list/starttime', owner.uid, null, String(F)],
      ['team.starttime', 'teams/bravo/list/starttime', owner.uid, null, String(F + 2 * MIN)],
      ['team.starttime', 'teams/charlie/list/starttime', owner.uid, null, String(F + 4 * MIN)],
      ['team.starttime', 'teams/kilo/list/starttime', owner.uid, null, String(F + 6 * MIN)],
    ]);

    // By default only teams without a time get one: now none.
    const again = await published(id, async () => {
      const res2 = await assign(id, { first: F + MIN, intervalMin: 2 });
      expect(res2.body).toMatchObject({ assigned: 0, keptWithTime: 4, changes: [] });
    });
    // The same times over all teams change nothing either: no audit row, no change published.
    const same = await published(id, async () => {
      const res3 = await assign(id, { first: F, intervalMin: 2, onlyMissing: false });
      expect(res3.body).toMatchObject({ assigned: 4, keptWithTime: 0, changes: [] });
    });
    expect([...again, ...same]).toEqual([]);
    expect(await audits(id)).toHaveLength(4);
  });

  it('takes the interval from the joinstartinterval setting, else 1 minute', async () => {
    const withSetting = await newEvent({ joinstartinterval: 3 });
    await assign(withSetting, { first: F });
    expect(await times(withSetting)).toEqual({
      alpha: F,
      bravo: F + 3 * MIN,
      charlie: F + 6 * MIN,
      kilo: F + 9 * MIN,
    });
    const without = await newEvent();
    await assign(without, { first: F });
    expect(await times(without)).toEqual({
      alpha: F,
      bravo: F + MIN,
      charlie: F + 2 * MIN,
      kilo: F + 3 * MIN,
    });
    // Zero is a mass start.
    const mass = await newEvent();
    await assign(mass, { first: F + 7, intervalMin: 0 });
    expect(Object.values(await times(mass))).toEqual([F + 7, F + 7, F + 7, F + 7]);
  });

  it('keeps times already set by default and skips disabled teams', async () => {
    const id = await newEvent();
    await patch(id, 'bravo', { starttime: F + 42 });
    await patch(id, 'charlie', { disabled: true });
    const res = await assign(id, { first: F });
    expect(res.body).toMatchObject({ assigned: 2, keptWithTime: 1, keptStarted: 0 });
    expect(await times(id)).toEqual({ alpha: F, bravo: F + 42, charlie: null, kilo: F + MIN });
    // With onlyMissing off bravo (not started: its time is ahead) gets a new time; charlie none.
    expect((await assign(id, { first: F, onlyMissing: false })).body).toMatchObject({
      assigned: 3,
      keptWithTime: 0,
    });
    expect(await times(id)).toEqual({ alpha: F, bravo: F + MIN, charlie: null, kilo: F + 2 * MIN });
  });

  it('never moves a team that started, finished or marked a KP unless includeStarted', async () => {
    // alpha and bravo marked KPs; charlie finished (mass start, no start time); kilo's start time
    // has passed; lima has nothing; mike starts later. The bug: a finished team with a start
    // time got a new one after its finish (it showed -0:17:08).
    const id = await newEvent({}, true);
    const now = t.clock.t;
    await patch(id, 'charlie', { finishtime: now - 5 * MIN });
    await patch(id, 'kilo', { starttime: now - MIN });
    await addTeam(id, { name: 'Lima', nr: '11' });
    const mike = await addTeam(id, { name: 'Mike', nr: '12', starttime: F + 90 * MIN });
    const november = await addTeam(id, {
      name: 'November',
      nr: '13',
      starttime: now - 60 * MIN,
      finishtime: now - 17 * MIN,
    });
    const lima = (await t.store.teams.list(id)).find((r) => r.name === 'Lima')!.id;
    const before = await times(id);

    const byDefault = await assign(id, { first: F });
    expect(byDefault.body).toEqual({
      assigned: 1,
      keptWithTime: 1,
      keptStarted: 5,
      dryRun: false,
      changes: [{ id: lima, before: null, after: F }],
    });
    const all = await assign(id, { first: F, onlyMissing: false });
    expect(all.body).toMatchObject({
      assigned: 2,
      keptWithTime: 0,
      keptStarted: 5,
      changes: [{ id: mike.body.id, before: F + 90 * MIN, after: F + MIN }],
    });
    expect(await times(id)).toEqual({ ...before, [lima]: F, [mike.body.id]: F + MIN });
    expect(await teamListOf(t, id, november.body.id)).toMatchObject({
      starttime: now - 60 * MIN,
      finishtime: now - 17 * MIN,
    });

    // Only when the organiser says so.
    const forced = await assign(id, { first: F, onlyMissing: false, includeStarted: true });
    expect(forced.body).toMatchObject({ assigned: 7, keptWithTime: 0, keptStarted: 0 });
    expect((await teamListOf(t, id, november.body.id)).starttime).toBe(F + 6 * MIN);
  });

  it('previews with dryRun: the same counts and changes, nothing written or published', async () => {
    const id = await newEvent({}, true);
    await patch(id, 'kilo', { starttime: F + 30 * MIN });
    const auditsBefore = (await audits(id)).length;
    const body = { first: F, onlyMissing: false };
    let preview!: Awaited<ReturnType<typeof assign>>;
    const seen = await published(id, async () => {
      preview = await assign(id, { ...body, dryRun: true });
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      assigned: 2,
      keptWithTime: 0,
      keptStarted: 2,
      dryRun: true,
      changes: [
        { id: 'charlie', before: null, after: F },
        { id: 'kilo', before: F + 30 * MIN, after: F + MIN },
      ],
    });
    expect(seen).toEqual([]);
    expect(await times(id)).toEqual({
      alpha: null,
      bravo: null,
      charlie: null,
      kilo: F + 30 * MIN,
    });
    expect(await audits(id)).toHaveLength(auditsBefore);

    const applied = await assign(id, body);
    expect(applied.body).toEqual({ ...preview.body, dryRun: false });
  });

  it('undo puts the previous times back exactly, in one go, skipping teams changed since', async () => {
    const id = await newEvent();
    await patch(id, 'bravo', { starttime: F + 42 });
    await patch(id, 'kilo', { starttime: F + 99 });
    const before = await times(id);
    const applied = await assign(id, { first: F, onlyMissing: false, order: 'random' });
    expect(applied.body.changes).toHaveLength(4);
    expect(await times(id)).not.toEqual(before);

    // Only the owner's admins may undo; bad bodies are refused.
    const stranger = await signUp(t.app);
    expect((await undo(id, { changes: applied.body.changes }, stranger)).status).toBe(403);
    expect((await undo(id, { changes: [] })).status).toBe(400);
    expect((await undo(id, { changes: [{ id: 'alpha', before: 'x', after: 1 }] })).status).toBe(
      400,
    );

    const auditsBefore = (await audits(id)).length;
    let res!: Awaited<ReturnType<typeof undo>>;
    const seen = await published(id, async () => {
      res = await undo(id, { changes: applied.body.changes });
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ restored: 4, skipped: 0 });
    expect(seen).toEqual([['teams']]);
    expect(await times(id)).toEqual(before);
    // A team that had no start time has none again (not a null or 0).
    expect(await teamListOf(t, id, 'alpha')).not.toHaveProperty('starttime');
    const undoAudits = (await audits(id)).filter(
      (a) =>
        a.action === 'team.starttime' &&
        a.path === 'teams/bravo/list/starttime' &&
        a.value === String(F + 42),
    );
    expect(undoAudits.map((a) => a.user_id)).toEqual([owner.uid]);
    expect(await audits(id)).toHaveLength(auditsBefore + 4);

    // A team whose time changed after the assignment keeps that change.
    const second = await assign(id, { first: F, onlyMissing: false, order: 'nr' });
    await patch(id, 'charlie', { starttime: F + 5 });
    const partly = await undo(id, { changes: second.body.changes });
    expect(partly.body).toEqual({ restored: 3, skipped: 1 });
    expect(await times(id)).toEqual({ ...before, charlie: F + 5 });
  });

  it('orders by name, by registration time, at random, or only the teams named', async () => {
    const id = await newEvent();
    await patch(id, 'alpha', { name: 'Zulu' });
    await assign(id, { first: F, order: 'name' });
    expect(await times(id)).toEqual({
      bravo: F,
      charlie: F + MIN,
      kilo: F + 2 * MIN,
      alpha: F + 3 * MIN,
    });

    const db = t.handle.db;
    await db
      .insertInto('registrations')
      .values([
        { event_id: id, team_id: 'kilo', user_id: null, regdata: '{}', regtime: 5 },
        { event_id: id, team_id: 'charlie', user_id: null, regdata: '{}', regtime: 9 },
      ])
      .execute();
    const all = { first: F, onlyMissing: false };
    await assign(id, { ...all, order: 'registration' });
    // Registered teams first by time, then the rest by number.
    expect(await times(id)).toEqual({
      kilo: F,
      charlie: F + MIN,
      alpha: F + 2 * MIN,
      bravo: F + 3 * MIN,
    });

    await assign(id, { ...all, order: 'random' });
    expect(Object.values(await times(id)).sort()).toEqual(
      [F, F + MIN, F + 2 * MIN, F + 3 * MIN].sort(),
    );

    await assign(id, { ...all, order: 'nr' });
    expect(
      (await assign(id, { first: F + 100, onlyMissing: false, teamIds: ['charlie', 'nobody'] }))
        .body,
    ).toMatchObject({ assigned: 1 });
    expect(await times(id)).toEqual({
      alpha: F,
      bravo: F + MIN,
      charlie: F + 100,
      kilo: F + 3 * MIN,
    });

    const list = await call<StartListView>(t.app, 'GET', `/api/events/${id}/startlist`);
    expect(list.body.teams.map((x) => x.id)).toEqual(['alpha', 'charlie', 'bravo', 'kilo']);
  });

  it('refuses bad bodies, strangers and archived events', async () => {
    const id = await newEvent();
    expect((await assign(id, {})).status).toBe(400);
    expect((await assign(id, { first: 0, order: 'age' })).status).toBe(400);
    expect((await assign(id, { first: 0, intervalMin: -1 })).status).toBe(400);
    expect((await assign(id, { first: 0, dryRun: 'yes' })).status).toBe(400);
    const stranger = await signUp(t.app);
    expect((await assign(id, { first: F, dryRun: true }, stranger)).status).toBe(403);
    await t.store.events.update(id, { arch: 'a1' });
    const res = await assign(id, { first: F });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('teams.error.archived');
    const undone = await undo(id, { changes: [{ id: 'alpha', before: null, after: F }] });
    expect(undone.status).toBe(409);
    expect(Object.values(await times(id))).toEqual([null, null, null, null]);
  });
});

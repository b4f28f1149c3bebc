import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary, WheelDraw, WheelDrawResult, WheelView } from '@rada/core';
import { WHEEL_ADD_EVENT_BEFORE_MS } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import {
  addAdmin,
  buildEvent,
  importEvent,
  signUp,
  signUpCreator,
  uniqueShortlink,
} from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';

const DAY = 86_400_000;

describe.each(testDialects())('the wheel of names on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let helper: TestUser;
  let stranger: TestUser;
  let event: EventSummary;
  const start = Date.now() + 30 * DAY;

  const addTeams = async (eventId: string, names: string[], as = owner) => {
    for (const name of names) {
      const res = await call(t.app, 'POST', `/api/events/${eventId}/teams`, { as, body: { name } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  };
  const view = async (eventId = event.id, as: TestUser = owner) => {
    const res = await call<WheelView>(t.app, 'GET', `/api/events/${eventId}/wheel`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const update = async (body: unknown, eventId = event.id, as: TestUser = owner) =>
    call<WheelView>(t.app, 'PUT', `/api/events/${eventId}/wheel`, { as, body });
  const draw = (eventId = event.id, as: TestUser = owner) =>
    call<WheelDrawResult>(t.app, 'POST', `/api/events/${eventId}/wheel/draw`, { as });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    helper = await signUp(t.app);
    stranger = await signUpCreator(t);
    event = await buildEvent(t.app, owner, { starttime: start, endtime: start + 6 * 3_600_000 });
    await addAdmin(t.app, owner, event.id, helper.uid);
    await addTeams(event.id, ['Charlie', 'Alpha', 'Bravo']);
  });
  afterAll(() => t.close());

  it('lets only the event admins in: 401 signed out, 403 others, 200 admins', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', 'wheel', undefined],
      ['PUT', 'wheel', { config: { title: 'Prizes' } }],
      ['POST', 'wheel/draw', undefined],
      ['GET', 'wheel/draws', undefined],
      ['POST', 'wheelofnames', { request: 'getwheels' }],
    ];
    for (const [method, path, body] of routes) {
      const url = `/api/events/${event.id}/${path}`;
      const anonymous = await call(t.app, method as 'GET', url, { body });
      expect([anonymous.status, errorOf(anonymous)], url).toEqual([401, 'error.unauthorized']);
      const other = await call(t.app, method as 'GET', url, { as: stranger, body });
      expect([other.status, errorOf(other)], url).toEqual([403, 'error.forbidden']);
    }
    for (const [method, path, body] of routes.slice(0, 4)) {
      const res = await call(t.app, method as 'GET', `/api/events/${event.id}/${path}`, {
        as: helper,
        body,
      });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    // Without a wheelofnames.com key the external part answers so, to admins only.
    const external = await call(t.app, 'POST', `/api/events/${event.id}/wheelofnames`, {
      as: helper,
      body: { request: 'getwheels' },
    });
    expect([external.status, errorOf(external)]).toEqual([409, 'wheel.error.notconfigured']);
    expect((await view()).external).toEqual({
      configured: false,
      path: null,
      url: null,
      matches: false,
    });
    const missing = await call(t.app, 'GET', '/api/events/no-such-event/wheel', { as: owner });
    expect(missing.status).toBe(404);
    const bad = await update({ config: { title: 5 } });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it("lists as addable only events the admin administers from a week before this one's start", async () => {
    const early = await buildEvent(t.app, owner, { starttime: start - 3 * DAY, endtime: start });
    const tooEarly = await buildEvent(t.app, owner, {
      starttime: start - WHEEL_ADD_EVENT_BEFORE_MS - 60_000,
      endtime: start,
    });
    const later = await buildEvent(t.app, owner, {
      starttime: start + 10 * DAY,
      endtime: start + 11 * DAY,
    });
    const othersEvent = await buildEvent(t.app, stranger, {
      starttime: start,
      endtime: start + DAY,
    });
    await addTeams(early.id, ['Delta', 'Echo']);
    await addTeams(othersEvent.id, ['Zulu'], stranger);

    const ids = (await view()).candidates.map((c) => c.id);
    expect(ids).toContain(early.id);
    expect(ids).toContain(later.id);
    expect(ids).not.toContain(tooEarly.id);
    expect(ids).not.toContain(othersEvent.id);
    expect(ids).not.toContain(event.id);
    // The helper administers none of them: their list is their own.
    expect((await view(event.id, helper)).candidates).toEqual([]);

    for (const refused of [tooEarly.id, othersEvent.id]) {
      const res = await update({ events: [refused] });
      expect([res.status, errorOf(res)], refused).toEqual([400, 'wheel.error.event']);
    }
    const added = await update({ events: [early.id] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.events).toEqual([
      { id: early.id, name: early.name, starttime: early.starttime, teams: 2 },
    ]);
    expect(added.body.entries).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(added.body.candidates.map((c) => c.id)).not.toContain(early.id);
    // Another admin may keep the added event (and remove it) without administering it.
    const kept = await update({ events: [early.id], ignored: [] }, event.id, helper);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const removed = await update({ events: [] }, event.id, helper);
    expect(removed.body.entries).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('draws only among the current entries, never an ignored name, and records every draw', async () => {
    const ignored = await update({ ignored: ['Bravo'], config: { title: 'Prize draw' } });
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body.entries).toEqual(['Alpha', 'Charlie']);
    expect(ignored.body.names).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(ignored.body.options.title).toBe('Prize draw');

    const before = (
      await call<WheelDraw[]>(t.app, 'GET', `/api/events/${event.id}/wheel/draws`, { as: owner })
    ).body.length;
    const winners: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await draw(event.id, i % 2 === 0 ? owner : helper);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.names).toEqual(['Alpha', 'Charlie']);
      expect(res.body.names[res.body.index]).toBe(res.body.winner);
      expect(res.body.entries).toBe(2);
      expect(res.body.removed).toBe(false);
      winners.push(res.body.winner);
    }
    expect(winners).not.toContain('Bravo');
    const list = await call<WheelDraw[]>(t.app, 'GET', `/api/events/${event.id}/wheel/draws`, {
      as: helper,
    });
    expect(list.body.length).toBe(before + 20);
    // Newest first: the last draw (by the helper) heads the list.
    expect(list.body[0]).toMatchObject({
      winner: winners.at(-1),
      by: helper.uid,
      entries: 2,
      removed: false,
    });
    expect(list.body[0]!.byName).toBeTruthy();
    expect(list.body.map((d) => d.seq).slice(0, 3)).toEqual([
      before + 20,
      before + 19,
      before + 18,
    ]);
    expect(list.body.slice(0, 20).map((d) => d.winner)).toEqual([...winners].reverse());
  });

  it('takes the winner off the wheel with autoRemoveWinner, until no one is left', async () => {
    const set = await update({ config: { autoRemoveWinner: true }, ignored: [] });
    expect(set.body.entries).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const winners: string[] = [];
    for (let left = 3; left > 0; left--) {
      const res = await draw();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ entries: left, removed: true });
      expect(winners).not.toContain(res.body.winner);
      winners.push(res.body.winner);
      const now = await view();
      expect(now.ignored).toEqual(winners);
      expect(now.entries).not.toContain(res.body.winner);
    }
    expect([...winners].sort()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const empty = await draw();
    expect([empty.status, errorOf(empty)]).toEqual([409, 'wheel.error.noentries']);
    const latest = await call<WheelDraw[]>(t.app, 'GET', `/api/events/${event.id}/wheel/draws`, {
      as: owner,
    });
    expect(latest.body[0]).toMatchObject({ winner: winners[2], removed: true, entries: 1 });
    await update({ config: { autoRemoveWinner: false }, ignored: [] });
  });

  it('spreads the wins evenly over the entries (crypto random)', async () => {
    const fair = await buildEvent(t.app, owner);
    await addTeams(fair.id, ['One', 'Two', 'Three']);
    const counts: Record<string, number> = { One: 0, Two: 0, Three: 0 };
    const n = 300;
    for (let i = 0; i < n; i++) {
      const res = await draw(fair.id);
      expect(res.status).toBe(200);
      counts[res.body.winner] = (counts[res.body.winner] ?? 0) + 1;
    }
    // Expected 100 each, standard deviation about 8.2: 60…140 fails a fair draw once in ~10^6.
    for (const [name, count] of Object.entries(counts)) {
      expect(count, `${name}: ${JSON.stringify(counts)}`).toBeGreaterThan(60);
      expect(count, `${name}: ${JSON.stringify(counts)}`).toBeLessThan(140);
    }
    expect(Object.keys(counts)).toHaveLength(3);
  });

  it('travels in the event file (conf.wheelofnames) and back', async () => {
    await update({ ignored: ['Charlie'], config: { winnerMessage: 'Well done!' } });
    const exported = await call<{ eventsdata: { conf: Record<string, unknown> } }>(
      t.app,
      'GET',
      `/api/events/${event.id}/export`,
      { as: owner },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.eventsdata.conf.wheelofnames).toMatchObject({
      ignnames: ['Charlie'],
      config: { winnerMessage: 'Well done!', title: 'Prize draw' },
    });
    const copy = uniqueShortlink('wheelcopy');
    await importEvent(t, exported.body, copy);
    const copied = await view(copy);
    expect(copied.ignored).toEqual(['Charlie']);
    expect(copied.options.winnerMessage).toBe('Well done!');
    expect(copied.entries).toEqual(['Alpha', 'Bravo']);
  });
});

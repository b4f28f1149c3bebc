import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEED } from '@rada/core';
import type {
  ErrorBody,
  EventLists,
  EventSettingsView,
  EventSummary,
  ExistsAnswer,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  buildEvent,
  countRows,
  importEvent,
  signUp,
  signUpCreator,
  uniqueShortlink,
} from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

const DAY = 86_400_000;

describe.each(testDialects())('events on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, as: TestUser = owner) =>
    call<EventSummary>(t.app, 'POST', '/api/events', {
      as,
      body: {
        name: 'Event',
        shortlink: uniqueShortlink(),
        starttime: t.clock.t,
        endtime: null,
        ...body,
      },
    });

  it('creates a fresh event with the product defaults: type valik, speed -/2/10/10/5', async () => {
    const shortlink = uniqueShortlink('Fresh');
    const start = t.clock.t + DAY;
    const res = await create({
      name: '  Spring rogaine ',
      shortlink,
      starttime: start,
      endtime: start + 3_600_000,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: shortlink,
      name: 'Spring rogaine',
      starttime: start,
      endtime: start + 3_600_000,
      type: 'valik',
      arch: null,
      hidden: false,
      role: 'owner',
      kpsinweb: false,
      hidetracks: false,
    });

    const settings = await call<EventSettingsView>(
      t.app,
      'GET',
      `/api/events/${shortlink}/settings`,
      {
        as: owner,
      },
    );
    expect(settings.status).toBe(200);
    // No limit stored: it follows the type (none for a rogaine on foot, 90 for a race).
    expect(settings.body.speed).toEqual({ over1: 2, delay1: 10, over2: 10, delay2: 5 });
    expect(settings.body.speed).toEqual(DEFAULT_SPEED);
    expect(settings.body.settings).toMatchObject({ type: 'valik', kpsinweb: false });
    expect(settings.body.event).toEqual(res.body);

    const anonymous = await call<EventSummary>(t.app, 'GET', `/api/events/${shortlink}`);
    expect(anonymous.body).toEqual({ ...res.body, role: null });
  });

  it('refuses a taken short link in any letter case (409 createevent.err.exists)', async () => {
    const first = await buildEvent(t.app, owner, { shortlink: uniqueShortlink('Taken') });
    const before = await countRows(t.handle.db);
    for (const shortlink of [first.id, first.id.toUpperCase(), first.id.toLowerCase()]) {
      const res = await create({ shortlink });
      expect(res.status, shortlink).toBe(409);
      expect(errorOf(res)).toBe('createevent.err.exists');
    }
    expect(await countRows(t.handle.db)).toEqual(before);
  });

  it('lets exactly one of several simultaneous creations of a short link win', async () => {
    const shortlink = uniqueShortlink('race');
    const results = await Promise.all(
      [shortlink, shortlink, shortlink.toUpperCase(), shortlink.toLowerCase(), shortlink].map(
        (link) => create({ shortlink: link }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('refuses bad and reserved short links (400 createevent.err.badlink)', async () => {
    for (const shortlink of [
      'has space',
      'Tartu-Öö',
      'a/b',
      'a.b',
      'api',
      'API',
      'cup',
      'accountdelete',
      'assets',
    ]) {
      const res = await create({ shortlink });
      expect(res.status, shortlink).toBe(400);
      expect(errorOf(res), shortlink).toBe('createevent.err.badlink');
    }
    const tooLong = await create({ shortlink: 'x'.repeat(65) });
    expect(tooLong.status).toBe(400);
  });

  it('refuses an end before the start, allows an empty end', async () => {
    const shortlink = uniqueShortlink();
    const bad = await create({ shortlink, starttime: 2_000_000, endtime: 1_999_999 });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('starttime.error.noorbadtime');
    expect((await call(t.app, 'GET', `/api/events/${shortlink}`)).status).toBe(404);

    const same = await create({ starttime: 2_000_000, endtime: 2_000_000 });
    expect(same.status).toBe(201);
    const open = await create({ shortlink, starttime: 2_000_000, endtime: null });
    expect(open.status).toBe(201);
    expect(open.body.endtime).toBeNull();
  });

  it('answers 400 error.validation with details to a malformed body', async () => {
    const res = await call<ErrorBody>(t.app, 'POST', '/api/events', {
      as: owner,
      body: { name: '', shortlink: 'ok', starttime: -1, endtime: 'soon', owner: 'me' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('error.validation');
    expect(res.body.details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(['name', 'starttime', 'endtime']),
    );
  });

  it('answers whether a short link exists and is valid', async () => {
    const event = await buildEvent(t.app, owner, { shortlink: uniqueShortlink('Exists') });
    const exists = (link: string) =>
      call<ExistsAnswer>(t.app, 'GET', `/api/events/${encodeURIComponent(link)}/exists`, {
        as: owner,
      });
    expect((await exists(event.id)).body).toEqual({ exists: true, valid: true });
    expect((await exists(event.id.toLowerCase())).body).toEqual({ exists: true, valid: true });
    expect((await exists(uniqueShortlink())).body).toEqual({ exists: false, valid: true });
    expect((await exists('api')).body).toEqual({ exists: false, valid: false });
    expect((await exists('Öö')).body).toEqual({ exists: false, valid: false });
  });

  it('lists the owner’s events as mine and public, unfinished ones as upcoming', async () => {
    const now = t.clock.t;
    const future = await buildEvent(t.app, owner, { starttime: now + DAY, endtime: now + 2 * DAY });
    const running = await buildEvent(t.app, owner, { starttime: now - DAY, endtime: now + DAY });
    const ended = await buildEvent(t.app, owner, { starttime: now - 2 * DAY, endtime: now - DAY });
    const openFuture = await buildEvent(t.app, owner, { starttime: now + DAY, endtime: null });
    const openOld = await buildEvent(t.app, owner, { starttime: now - 2 * DAY, endtime: null });
    const hidden = await buildEvent(t.app, owner, { starttime: now + DAY, endtime: now + 2 * DAY });
    expect(
      (
        await call(t.app, 'PATCH', `/api/events/${hidden.id}`, {
          as: owner,
          body: { hidden: true },
        })
      ).status,
    ).toBe(200);
    // An archived event is not upcoming either, whatever its times.
    const archived = uniqueShortlink('arch');
    const file = sampleEventFile({ owner: owner.uid, admin: 'nobody' });
    await importEvent(
      t,
      {
        ...file,
        events: { ...file.events, arch: 'a1', starttime: now + DAY, endtime: now + 2 * DAY },
        // The file's team times belong to its own date, not within a week of the moved one.
        teams: {
          ...file.teams,
          list: Object.fromEntries(
            Object.entries(file.teams.list).map(([id, team]) => [
              id,
              { ...team, starttime: null, finishtime: null },
            ]),
          ),
        },
      },
      archived,
    );
    const ours = [future, running, ended, openFuture, openOld, hidden]
      .map((e) => e.id)
      .concat(archived);

    const anonymous = await call<EventLists>(t.app, 'GET', '/api/events');
    expect(anonymous.body.mine).toEqual([]);
    const upcoming = anonymous.body.upcoming.filter((e) => ours.includes(e.id));
    expect(upcoming.map((e) => e.id).sort()).toEqual([future.id, running.id, openFuture.id].sort());
    expect(upcoming.every((e) => e.role === null)).toBe(true);
    // Soonest first.
    const starts = anonymous.body.upcoming.map((e) => e.starttime ?? 0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const mine = await call<EventLists>(t.app, 'GET', '/api/events', { as: owner });
    const mineIds = mine.body.mine.map((e) => e.id);
    expect(mineIds).toEqual(expect.arrayContaining(ours));
    expect(mine.body.mine.find((e) => e.id === hidden.id)).toMatchObject({
      hidden: true,
      role: 'owner',
    });
    expect(mine.body.upcoming.find((e) => e.id === future.id)?.role).toBe('owner');

    // A hidden event is still read by its link.
    const byLink = await call<EventSummary>(t.app, 'GET', `/api/events/${hidden.id}`);
    expect(byLink.status).toBe(200);
    expect(byLink.body.hidden).toBe(true);
  });

  it('lists the events a user takes part in among theirs, with their team', async () => {
    const event = await buildEvent(t.app, owner, { starttime: t.clock.t, endtime: null });
    const runner = await signUp(t.app);
    const team = await call<{ id: string }>(t.app, 'POST', `/api/events/${event.id}/teams`, {
      as: owner,
      body: { name: 'Runners' },
    });
    expect(team.status).toBe(201);
    const before = await call<EventLists>(t.app, 'GET', '/api/events', { as: runner });
    expect(before.body.mine.map((e) => e.id)).not.toContain(event.id);
    await t.handle.db
      .insertInto('team_members')
      .values({
        event_id: event.id,
        team_id: team.body.id,
        user_id: runner.uid,
        joined_at: 1,
        via: 'code',
      })
      .execute();

    const lists = await call<EventLists>(t.app, 'GET', '/api/events', { as: runner });
    expect(lists.body.mine.filter((e) => e.id === event.id)).toEqual([
      expect.objectContaining({ role: null, team: { id: team.body.id, name: 'Runners' } }),
    ]);
    // The organiser's own entry has a role and no team.
    const own = await call<EventLists>(t.app, 'GET', '/api/events', { as: owner });
    expect(own.body.mine.find((e) => e.id === event.id)).toMatchObject({
      role: 'owner',
      team: null,
    });
  });

  it('renames and moves an event with PATCH, keeping the end after the start', async () => {
    const event = await buildEvent(t.app, owner, { starttime: 5_000_000, endtime: 6_000_000 });
    const renamed = await call<EventSummary>(t.app, 'PATCH', `/api/events/${event.id}`, {
      as: owner,
      body: { name: ' Autumn rogaine ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...event, name: 'Autumn rogaine' });
    expect((await call<EventSummary>(t.app, 'GET', `/api/events/${event.id}`)).body.name).toBe(
      'Autumn rogaine',
    );

    const backwards = await call(t.app, 'PATCH', `/api/events/${event.id}`, {
      as: owner,
      body: { starttime: 7_000_000 },
    });
    expect(errorOf(backwards)).toBe('starttime.error.noorbadtime');
    const cleared = await call<EventSummary>(t.app, 'PATCH', `/api/events/${event.id}`, {
      as: owner,
      body: { starttime: 7_000_000, endtime: null },
    });
    expect(cleared.body).toMatchObject({ starttime: 7_000_000, endtime: null });

    for (const body of [{ name: '' }, { id: 'other' }, { hidden: 'yes' }]) {
      const res = await call(t.app, 'PATCH', `/api/events/${event.id}`, { as: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe('error.validation');
    }
    const exported = await call<{ events: { name: string } }>(
      t.app,
      'GET',
      `/api/events/${event.id}/export`,
      {
        as: owner,
      },
    );
    expect(exported.body.events.name).toBe('Autumn rogaine');
  });

  it('deletes an event with everything in it and frees its short link', async () => {
    const before = await countRows(t.handle.db);
    const event = await buildEvent(t.app, owner);
    const res = await call(t.app, 'DELETE', `/api/events/${event.id}`, { as: owner });
    expect(res.status).toBe(204);
    expect((await call(t.app, 'GET', `/api/events/${event.id}`)).status).toBe(404);
    expect(await countRows(t.handle.db)).toEqual(before);
    const exists = await call<ExistsAnswer>(t.app, 'GET', `/api/events/${event.id}/exists`, {
      as: owner,
    });
    expect(exists.body.exists).toBe(false);
    expect((await call(t.app, 'DELETE', `/api/events/${event.id}`, { as: owner })).status).toBe(
      404,
    );
  });

  it('answers 404 error.notfound to unknown paths under /api', async () => {
    const res = await call(t.app, 'GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(errorOf(res)).toBe('error.notfound');
  });
});

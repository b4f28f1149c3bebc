import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_COLOURS } from '@rada/core';
import type { DeletedTeamView, StartListView, TeamAnswerView, TeamListEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { CallResult, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { fromJsonMap } from '../db/json.ts';

/** The start of the test events (a team's times lie near its event's). */
const S0 = Date.UTC(2026, 0, 1, 10);

describe.each(testDialects())('teams on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const id = uniqueShortlink('tm');
    const file = resultsEventFile(owner.uid, S0 + 6 * 3_600_000);
    file.teams.list.alpha = {
      ...file.teams.list.alpha,
      klassid: 'A',
      starttime: S0 + 1000,
      lypoints: { Bonus: 5 },
    } as typeof file.teams.list.alpha;
    await importEvent(t, file, id);
    return id;
  };
  const patch = (id: string, teamId: string, body: unknown, as: TestUser | null = owner) =>
    call<TeamListEntry>(t.app, 'PATCH', `/api/events/${id}/teams/${teamId}`, { as, body });
  const audits = (id: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .orderBy('path')
      .execute();

  it('lets only the event admins read and change teams', async () => {
    const id = await newEvent();
    const urls = [`/api/events/${id}/teams`, `/api/events/${id}/teams/alpha/answers`];
    for (const url of urls) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, { as: stranger })).status, url).toBe(403);
      expect((await call(t.app, 'GET', url, { as: owner })).status, url).toBe(200);
    }
    expect((await patch(id, 'alpha', { dsq: true }, null)).status).toBe(401);
    expect((await patch(id, 'alpha', { dsq: true }, stranger)).status).toBe(403);
    expect((await patch(id, 'alpha', { dsq: true })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/events/nope-${id}/teams`, { as: owner })).status).toBe(
      404,
    );
    expect((await patch(id, 'nobody', { dsq: true })).status).toBe(404);
  });

  it('lists the team list entries with answer counts, and a team’s answers', async () => {
    const id = await newEvent();
    const res = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
      as: owner,
    });
    expect(res.body.map((x) => [x.id, x.answers])).toEqual([
      ['alpha', 2],
      ['bravo', 2],
      ['charlie', 0],
    ]);
    expect(res.body[0]).toEqual({
      id: 'alpha',
      name: 'Alpha',
      nr: '1',
      klassid: 'A',
      starttime: S0 + 1000,
      finishtime: null,
      dsq: false,
      katk: false,
      disabled: false,
      allowed: false,
      lypoints: { Bonus: 5 },
      answers: 2,
      col: null,
      devs: [],
      defaultdev: null,
      registered: false,
      members: 0,
    });
    const answers = await call<TeamAnswerView[]>(
      t.app,
      'GET',
      `/api/events/${id}/teams/bravo/answers`,
      { as: owner },
    );
    expect(answers.body.sort((a, b) => a.kpId.localeCompare(b.kpId))).toEqual([
      { kpId: 'k1', answer: 'r1', ok: null, aeg: 1500 },
      { kpId: 'k2', answer: 'r2', ok: null, aeg: 2500 },
    ]);
  });

  it('merges a change into the list entry and audits each changed field', async () => {
    const id = await newEvent();
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await patch(id, 'alpha', {
      name: 'Alpha Two',
      dsq: true,
      katk: false,
      starttime: S0 + 1000,
      finishtime: S0 + 9000,
      lypoints: { Bonus: 7, Late: -2 },
    });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Alpha Two',
      dsq: true,
      katk: false,
      starttime: S0 + 1000,
      finishtime: S0 + 9000,
      lypoints: { Bonus: 7, Late: -2 },
      klassid: 'A',
    });
    const row = await t.store.teams.findById(id, 'alpha');
    expect(row?.name).toBe('Alpha Two');
    // Fields not in the change stay as they were.
    expect(fromJsonMap(row?.list)).toMatchObject({ nr: 1, klassid: 'A', dsq: true });
    // katk false and starttime S0 + 1000 did not change anything: only real changes are audited.
    const rows = await audits(id);
    expect(rows.map((r) => [r.action, r.path, r.user_id, r.old_value, r.value])).toEqual([
      ['team.update', 'teams/alpha/list/dsq', owner.uid, null, 'true'],
      ['team.update', 'teams/alpha/list/finishtime', owner.uid, null, String(S0 + 9000)],
      ['team.update', 'teams/alpha/list/katk', owner.uid, null, 'false'],
      [
        'team.update',
        'teams/alpha/list/lypoints',
        owner.uid,
        '{"Bonus":5}',
        '{"Bonus":7,"Late":-2}',
      ],
      ['team.update', 'teams/alpha/list/name', owner.uid, '"Alpha"', '"Alpha Two"'],
    ]);
    expect(seen).toContainEqual(['teams']);

    // Null clears a time; the audit keeps the old value.
    expect((await patch(id, 'alpha', { finishtime: null })).body.finishtime).toBeNull();
    const cleared = (await audits(id)).filter((r) => r.path === 'teams/alpha/list/finishtime');
    expect(cleared.map((r) => [r.old_value, r.value])).toContainEqual([String(S0 + 9000), 'null']);
  });

  it('refuses bad bodies and changes on an archived event', async () => {
    const id = await newEvent();
    expect((await patch(id, 'alpha', { dsq: 'yes' })).status).toBe(400);
    expect((await patch(id, 'alpha', { color: 'red' })).status).toBe(400);
    await t.store.events.update(id, { arch: '2026-01-01' });
    const res = await patch(id, 'alpha', { dsq: true });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('teams.error.archived');
    expect(await audits(id)).toEqual([]);
  });

  const create = (id: string, body: unknown, as: TestUser | null = owner) =>
    call<TeamListEntry>(t.app, 'POST', `/api/events/${id}/teams`, { as, body });

  it('answers 401, 403 and success on every new team endpoint as the caller is', async () => {
    const id = await newEvent();
    const backup = await call<DeletedTeamView>(t.app, 'DELETE', `/api/events/${id}/teams/charlie`, {
      as: owner,
    });
    expect(backup.status).toBe(200);
    const requests: [string, string, unknown, number][] = [
      ['POST', `/api/events/${id}/teams`, { name: 'Delta', nr: '9' }, 201],
      ['POST', `/api/events/${id}/teams/starttimes`, { first: S0 + 5000 }, 200],
      ['GET', `/api/events/${id}/deletedteams`, undefined, 200],
      ['POST', `/api/events/${id}/deletedteams/${backup.body.id}/restore`, undefined, 200],
      ['DELETE', `/api/events/${id}/teams/bravo`, undefined, 200],
    ];
    for (const [method, url, body, ok] of requests) {
      const as = (who: TestUser | null) =>
        call(t.app, method as 'GET', url, { as: who, ...(body ? { body } : {}) });
      expect((await as(null)).status, `${method} ${url}`).toBe(401);
      expect((await as(stranger)).status, `${method} ${url}`).toBe(403);
      const res = await as(owner);
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(ok);
      const unknown = url.replace(id, `nope-${id}`);
      expect(
        (await call(t.app, method as 'GET', unknown, { as: owner, ...(body ? { body } : {}) }))
          .status,
      ).toBe(404);
    }
    // The start list is public, like the event itself.
    for (const who of [null, stranger, owner]) {
      expect((await call(t.app, 'GET', `/api/events/${id}/startlist`, { as: who })).status).toBe(
        200,
      );
    }
    expect((await call(t.app, 'GET', `/api/events/nope-${id}/startlist`)).status).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/events/${id}/teams/nobody`, { as: owner })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/events/${id}/deletedteams/nothing/restore`, { as: owner }))
        .status,
    ).toBe(404);
  });

  it('creates a team with the next number, the next colour and allowed on', async () => {
    const id = await newEvent();
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await create(id, { name: 'Delta', klassid: 'B' });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Delta',
      nr: '4',
      col: TEAM_COLOURS[3],
      allowed: true,
      disabled: false,
      klassid: 'B',
      starttime: null,
      answers: 0,
      devs: [],
      registered: false,
      members: 0,
    });
    expect(res.body.id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(seen).toContainEqual(['teams']);
    const row = await t.store.teams.findById(id, res.body.id);
    expect(row?.nr).toBe('4');
    // Stored as the product's files hold it: a plain number.
    expect(fromJsonMap(row?.list)).toEqual({
      name: 'Delta',
      nr: 4,
      col: TEAM_COLOURS[3],
      allowed: true,
      klassid: 'B',
    });
    const rows = (await audits(id)).filter((r) => r.action === 'team.create');
    expect(rows.map((r) => [r.path, r.user_id])).toEqual([
      [`teams/${res.body.id}/list`, owner.uid],
    ]);

    const given = await create(id, {
      name: 'Echo',
      nr: 'A7',
      col: '#123456',
      allowed: false,
      starttime: S0 + 7000,
    });
    expect(given.body).toMatchObject({
      nr: 'A7',
      col: '#123456',
      allowed: false,
      starttime: S0 + 7000,
    });
    // The next number ignores non-numeric ones.
    expect((await create(id, { name: 'Foxtrot' })).body.nr).toBe('5');
    const list = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
      as: owner,
    });
    expect(list.body.map((x) => x.nr)).toEqual(['1', '2', '3', '4', '5', 'A7']);
  });

  it('refuses a number another team has, on create, on change and with 400 for bad bodies', async () => {
    const id = await newEvent();
    const taken = await create(id, { name: 'Delta', nr: '2' });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toBe('teams.error.nrexists');
    expect((await create(id, { name: '' })).status).toBe(400);
    expect((await create(id, { name: 'X', col: 'red' })).status).toBe(400);
    const changed = await patch(id, 'alpha', { nr: '3' });
    expect(changed.status).toBe(409);
    expect(errorOf(changed)).toBe('teams.error.nrexists');
    expect((await t.store.teams.findById(id, 'alpha'))?.nr).toBe('1');
    // Its own number again is no change.
    expect((await patch(id, 'alpha', { nr: '1' })).status).toBe(200);
    expect((await audits(id)).filter((r) => r.path?.endsWith('/nr'))).toEqual([]);
    await t.store.events.update(id, { arch: 'a1' });
    const archived = await create(id, { name: 'Late' });
    expect(archived.status).toBe(409);
    expect(errorOf(archived)).toBe('teams.error.archived');
  });

  it('changes the number, colour and devices, keeping the nr column in sync', async () => {
    const id = await newEvent();
    const res = await patch(id, 'alpha', {
      nr: '11',
      col: '#00ff00',
      devs: ['phone-1', 'phone-2', 'phone-1'],
      defaultdev: 'phone-2',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      nr: '11',
      col: '#00ff00',
      devs: ['phone-1', 'phone-2'],
      defaultdev: 'phone-2',
    });
    const row = await t.store.teams.findById(id, 'alpha');
    expect(row?.nr).toBe('11');
    expect(fromJsonMap(row?.list)).toMatchObject({
      nr: 11,
      col: '#00ff00',
      devs: { 'phone-1': true, 'phone-2': true },
      defaultdev: 'phone-2',
    });
    // The same devices in another order are no change; a dropped one leaves the map.
    await patch(id, 'alpha', { devs: ['phone-2', 'phone-1'] });
    expect((await patch(id, 'alpha', { devs: ['phone-2'], nr: 'B2' })).body).toMatchObject({
      devs: ['phone-2'],
      nr: 'B2',
    });
    expect((await t.store.teams.findById(id, 'alpha'))?.nr).toBe('B2');
    const rows = await audits(id);
    expect(rows.filter((r) => r.path === 'teams/alpha/list/devs').map((r) => r.value)).toEqual([
      '{"phone-1":true,"phone-2":true}',
      '{"phone-2":true}',
    ]);
    expect(
      rows.filter((r) => r.path === 'teams/alpha/list/nr').map((r) => [r.old_value, r.value]),
    ).toEqual(
      expect.arrayContaining([
        ['1', '11'],
        ['11', '"B2"'],
      ]),
    );
    // Clearing the number and the colour.
    const cleared = await patch(id, 'alpha', { nr: null, col: null });
    expect(cleared.body).toMatchObject({ nr: null, col: null });
    expect((await t.store.teams.findById(id, 'alpha'))?.nr).toBeNull();
  });

  it('shows whether a team is registered and how many members it has', async () => {
    const id = await newEvent();
    await t.handle.db
      .insertInto('registrations')
      .values({ event_id: id, team_id: 'bravo', user_id: owner.uid, regdata: '{}', regtime: 1 })
      .execute();
    await t.store.members.add({
      event_id: id,
      team_id: 'bravo',
      user_id: owner.uid,
      joined_at: 1,
      via: 'reg',
    });
    await t.store.members.add({
      event_id: id,
      team_id: 'bravo',
      user_id: stranger.uid,
      joined_at: 2,
      via: 'code',
    });
    const res = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner });
    expect(res.body.map((x) => [x.id, x.registered, x.members])).toEqual([
      ['alpha', false, 0],
      ['bravo', true, 2],
      ['charlie', false, 0],
    ]);
  });

  it('lists enabled teams with a start time, earliest first, to anyone', async () => {
    const id = await newEvent();
    await patch(id, 'bravo', { starttime: S0 + 500 });
    await patch(id, 'charlie', { starttime: S0 + 500, disabled: true });
    const res = await call<StartListView>(t.app, 'GET', `/api/events/${id}/startlist`);
    expect(res.body).toEqual({
      eventId: id,
      eventName: 'Results test',
      teams: [
        { id: 'bravo', name: 'Bravo', nr: '2', klass: null, starttime: S0 + 500 },
        { id: 'alpha', name: 'Alpha', nr: '1', klass: 'A', starttime: S0 + 1000 },
      ],
    });
    // A hidden event is read by its link, as GET /api/events/:id.
    await t.store.events.update(id, { hidden: 1 });
    expect((await call(t.app, 'GET', `/api/events/${id}/startlist`)).status).toBe(200);
  });

  it('refuses team times outside a week either side of the event, on every way in', async () => {
    const id = await newEvent();
    const DAY = 86_400_000;
    const end = S0 + 6 * 3_600_000;
    const refused = async (res: CallResult<unknown>, what: string) => {
      expect(res.status, what).toBe(400);
      expect(errorOf(res), what).toBe('teams.error.timeoutofrange');
    };
    for (const body of [
      { starttime: 0 },
      { starttime: 1.5 },
      { starttime: 1e308 },
      { starttime: S0 - 8 * DAY },
      { finishtime: end + 8 * DAY },
      { finishtime: -1 },
    ]) {
      await refused(await patch(id, 'alpha', body), JSON.stringify(body));
      await refused(await create(id, { name: 'Late', ...body }), JSON.stringify(body));
    }
    await refused(
      await call(t.app, 'POST', `/api/events/${id}/teams/starttimes`, {
        as: owner,
        body: { first: 0 },
      }),
      'first 0',
    );
    await refused(
      await call(t.app, 'POST', `/api/events/${id}/teams/starttimes`, {
        as: owner,
        body: { first: S0 - 8 * DAY, dryRun: true },
      }),
      'first a week early',
    );
    // The last of many starts past the window refuses the assignment too.
    await refused(
      await call(t.app, 'POST', `/api/events/${id}/teams/starttimes`, {
        as: owner,
        body: {
          first: end + 7 * DAY - 60_000,
          intervalMin: 24 * 60,
          onlyMissing: false,
          includeStarted: true,
        },
      }),
      'last start a week late',
    );
    await refused(
      await call(t.app, 'POST', `/api/events/${id}/teams/starttimes/undo`, {
        as: owner,
        body: { changes: [{ id: 'alpha', before: 0, after: S0 + 1000 }] },
      }),
      'undo to 0',
    );
    const list = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
      as: owner,
    });
    expect(list.body.map((x) => [x.id, x.starttime, x.finishtime])).toEqual([
      ['alpha', S0 + 1000, null],
      ['bravo', null, null],
      ['charlie', null, null],
    ]);
    // The edges of the window are in it.
    expect((await patch(id, 'alpha', { starttime: S0 - 7 * DAY })).status).toBe(200);
    expect((await patch(id, 'alpha', { finishtime: end + 7 * DAY })).status).toBe(200);
  });
});

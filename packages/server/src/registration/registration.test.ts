import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ErrorBody,
  MyRegistration,
  RegConfig,
  RegFormView,
  RegistrationRow,
  RegistrationsView,
  TeamListEntry,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';
import { fromJsonMap } from '../db/json.ts';

const REGCONFIG: RegConfig = {
  fields: {
    email: { required: true },
    phone: { public: false },
    car: { deleted: false, public: true },
    size: { label: 'Size', muitype: 'single', selectvalues: 'S,M,L', public: true, s: 40 },
    food: { label: 'Food', muitype: 'multiple', selectvalues: 'meat,fish,veg', s: 50 },
    age: { label: 'Age', muitype: 'number', s: 60 },
    old: { label: 'Old question', deleted: true },
  },
};

describe.each(testDialects())('registration on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    alice = await signUp(t.app, undefined, 'Alice');
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async (settings: Record<string, unknown> = {}) => {
    const ev = await buildEvent(t.app, owner);
    const res = await call(t.app, 'PATCH', `/api/events/${ev.id}/settings`, {
      as: owner,
      body: { settings: { regconfig: REGCONFIG, ...settings } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ev.id;
  };
  const form = (id: string, as: TestUser | null = null) =>
    call<RegFormView>(t.app, 'GET', `/api/events/${id}/reg`, { as });
  const register = (id: string, values: Record<string, unknown>, as: TestUser | null = alice) =>
    call<MyRegistration>(t.app, 'POST', `/api/events/${id}/reg`, { as, body: { values } });
  const edit = (
    id: string,
    teamId: string,
    values: Record<string, unknown>,
    as: TestUser | null = alice,
  ) =>
    call<MyRegistration>(t.app, 'PUT', `/api/events/${id}/reg/${teamId}`, {
      as,
      body: { values },
    });
  const list = (id: string, as: TestUser | null = owner) =>
    call<RegistrationsView>(t.app, 'GET', `/api/events/${id}/registrations`, { as });
  const patch = (id: string, teamId: string, body: unknown, as: TestUser | null = owner) =>
    call<RegistrationRow>(t.app, 'PATCH', `/api/events/${id}/registrations/${teamId}`, {
      as,
      body,
    });
  const good = { teamname: 'Fast Feet', email: 'ff@example.com', phone: '555', size: 'M' };

  it('registers a team for the caller: team, registration, membership, audit, publish', async () => {
    const id = await newEvent();
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await register(id, { ...good, food: ['veg', 'fish'], age: '42' });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Fast Feet',
      allowed: true,
      regtime: t.clock.t,
      values: { ...good, food: ['fish', 'veg'], age: 42 },
    });
    expect(seen).toEqual([['teams', 'registrations']]);
    const teamId = res.body.teamId;
    const team = await t.store.teams.findById(id, teamId);
    expect(team?.name).toBe('Fast Feet');
    expect(team?.nr).toBe('1');
    expect(fromJsonMap(team?.list)).toMatchObject({ name: 'Fast Feet', nr: '1', allowed: true });
    expect(fromJsonMap(team?.data)).toEqual({ displayName: 'Alice', email: alice.email });
    const reg = await t.store.registrations.find(id, teamId);
    expect(reg?.user_id).toBe(alice.uid);
    expect(fromJsonMap(reg?.regdata)).toMatchObject({ teamname: 'Fast Feet', regtime: t.clock.t });
    expect((await t.store.members.ofTeam(id, teamId)).map((m) => [m.user_id, m.via])).toEqual([
      [alice.uid, 'reg'],
    ]);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .where('action', '=', 'team.register')
      .execute();
    expect(audit.map((a) => [a.user_id, a.path])).toEqual([
      [alice.uid, `teams/${teamId}/data/regdata`],
    ]);
    // A second team gets the next number and another colour.
    const second = await register(id, { ...good, teamname: 'Second' }, bob);
    const teams = (
      await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner })
    ).body;
    expect(teams.map((x) => x.nr)).toEqual(['1', '2']);
    expect(teams[0]?.col).not.toBe(teams[1]?.col);
    expect(second.body.name).toBe('Second');
  });

  it('refuses anonymous registration and refuses bad values with details', async () => {
    const id = await newEvent();
    expect((await register(id, good, null)).status).toBe(401);
    const bad = await register(id, {
      teamname: ' ',
      email: 'not-an-email',
      size: 'XL',
      food: 'meat',
      age: 'many',
      nosuch: 1,
      old: 'x',
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('reg.error.invalid');
    const details = (bad.body as unknown as ErrorBody).details ?? [];
    expect(Object.fromEntries(details.map((d) => [d.path, d.message]))).toEqual({
      teamname: 'reg.error.required',
      email: 'reg.error.email',
      size: 'reg.error.choice',
      age: 'reg.error.type',
      nosuch: 'reg.error.unknown',
      old: 'reg.error.unknown',
    });
    const missing = await register(id, { teamname: 'x' });
    expect((missing.body as unknown as ErrorBody).details).toEqual([
      { path: 'email', message: 'reg.error.required' },
    ]);
    expect((await register(id, { ...good, car: true })).status).toBe(400);
    expect(await t.store.registrations.forEvent(id)).toEqual([]);
    expect(await t.store.teams.list(id)).toEqual([]);
    // A body that is not {values} is a validation error.
    const shape = await call(t.app, 'POST', `/api/events/${id}/reg`, {
      as: alice,
      body: { teamname: 'x' },
    });
    expect(errorOf(shape)).toBe('error.validation');
    expect((await register(`nope-${id}`, good)).status).toBe(404);
  });

  it('bounds the teams one user registers by maxregsperuser, 5 by default', async () => {
    const id = await newEvent();
    for (let i = 1; i <= 5; i++) {
      t.clock.t += 1;
      const res = await register(id, { ...good, teamname: `Team ${i}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const sixth = await register(id, { ...good, teamname: 'Team 6' });
    expect([sixth.status, errorOf(sixth)]).toEqual([409, 'reg.error.toomany']);
    expect((await form(id, alice)).body.mine).toHaveLength(5);
    // Another user has their own count.
    expect((await register(id, { ...good, teamname: 'Bobs' }, bob)).status).toBe(201);

    const two = await newEvent({ maxregsperuser: 2 });
    expect((await register(two, good)).status).toBe(201);
    expect((await register(two, { ...good, teamname: 'Two' })).status).toBe(201);
    expect(errorOf(await register(two, { ...good, teamname: 'Three' }))).toBe('reg.error.toomany');
  });

  it('keeps one team per user when teamtype is single', async () => {
    const id = await newEvent({ teamtype: 'single' });
    expect((await register(id, good)).status).toBe(201);
    const again = await register(id, { ...good, teamname: 'Other' });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe('reg.error.single');
    expect((await register(id, { ...good, teamname: 'Bobs' }, bob)).status).toBe(201);
    // multiple (the default) lets a user register several teams.
    const multi = await newEvent();
    expect((await register(multi, good)).status).toBe(201);
    t.clock.t += 1;
    expect((await register(multi, { ...good, teamname: 'Two' })).status).toBe(201);
    expect((await form(multi, alice)).body.mine.map((m) => m.name)).toEqual(['Fast Feet', 'Two']);
  });

  it('makes new teams not allowed when joinrequiresconfirmation is on', async () => {
    const id = await newEvent({ joinrequiresconfirmation: true });
    const res = await register(id, good);
    expect(res.body.allowed).toBe(false);
    const f = await form(id, alice);
    expect(f.body.joinrequiresconfirmation).toBe(true);
    expect(f.body.mine[0]?.allowed).toBe(false);
  });

  it('registers a team in a class of the event, required under regclassrequired', async () => {
    const id = await newEvent({
      klassid: { m: { name: 'Men' }, w: { name: 'Women' } },
      regclassrequired: true,
    });
    const f = await form(id, alice);
    expect(f.body.classes).toEqual([
      { id: 'm', name: 'Men' },
      { id: 'w', name: 'Women' },
    ]);
    expect(f.body.classRequired).toBe(true);
    const post = (klassid?: string | null) =>
      call<MyRegistration>(t.app, 'POST', `/api/events/${id}/reg`, {
        as: alice,
        body: { values: good, ...(klassid === undefined ? {} : { klassid }) },
      });
    // Nothing is written for a missing or an unknown class.
    expect(errorOf(await post())).toBe('reg.error.classrequired');
    expect(errorOf(await post(null))).toBe('reg.error.classrequired');
    expect(errorOf(await post('x'))).toBe('reg.error.class');
    expect((await form(id, alice)).body.mine).toEqual([]);
    const made = await post('w');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.klassid).toBe('w');
    const teamId = made.body.teamId;
    const row = await t.store.teams.findById(id, teamId);
    expect(fromJsonMap(row?.list).klassid).toBe('w');
    expect((await form(id)).body.teams.find((r) => r.teamId === teamId)?.klassid).toBe('w');

    // The team changes its class with its registration; leaving it out keeps it.
    const put = (body: unknown) =>
      call<MyRegistration>(t.app, 'PUT', `/api/events/${id}/reg/${teamId}`, { as: alice, body });
    expect((await put({ values: good, klassid: 'm' })).body.klassid).toBe('m');
    expect((await put({ values: good })).body.klassid).toBe('m');
    expect(errorOf(await put({ values: good, klassid: null }))).toBe('reg.error.classrequired');
    expect(errorOf(await put({ values: good, klassid: 'zz' }))).toBe('reg.error.class');

    // The start list names the class.
    await call(t.app, 'PATCH', `/api/events/${id}/teams/${teamId}`, {
      as: owner,
      body: { starttime: Date.now() + 60_000 },
    });
    const start = await call<{ teams: { id: string; klass: string | null }[] }>(
      t.app,
      'GET',
      `/api/events/${id}/startlist`,
      { as: owner },
    );
    expect(start.body.teams.find((e) => e.id === teamId)?.klass).toBe('Men');
  });

  it('leaves the class optional without regclassrequired', async () => {
    const id = await newEvent({ klassid: { m: { name: 'Men' } } });
    expect((await form(id, alice)).body.classRequired).toBe(false);
    const res = await register(id, good);
    expect(res.status).toBe(201);
    expect(res.body.klassid).toBeNull();
  });

  it('closes registration for archived and ended events', async () => {
    const id = await newEvent();
    const reg = await register(id, good);
    await t.store.events.update(id, { endtime: t.clock.t - 1000 });
    const ended = await form(id);
    expect([ended.body.open, ended.body.closedReason]).toEqual([false, 'ended']);
    const late = await register(id, good);
    expect([late.status, errorOf(late)]).toEqual([409, 'reg.error.closed']);
    // A member cannot edit after the end; the organiser still can.
    expect(errorOf(await edit(id, reg.body.teamId, good))).toBe('reg.error.closed');
    expect((await edit(id, reg.body.teamId, good, owner)).status).toBe(200);
    await t.store.events.update(id, { arch: 'archive-1' });
    const arch = await form(id);
    expect([arch.body.open, arch.body.closedReason]).toEqual([false, 'archived']);
    expect(errorOf(await register(id, good))).toBe('reg.error.closed');
    expect(errorOf(await edit(id, reg.body.teamId, good, owner))).toBe('reg.error.closed');
  });

  it('shows everyone the public fields only, and the caller their own values', async () => {
    const id = await newEvent({ prepagemessage: 'Welcome', notallowedmessage: 'Wait' });
    const reg = await register(id, { ...good, car: 'Volvo', food: ['meat'], age: 30 });
    const anon = await form(id);
    expect(anon.status).toBe(200);
    expect(anon.body).toMatchObject({
      eventId: id,
      open: true,
      closedReason: null,
      teamtype: 'multiple',
      joinrequiresconfirmation: false,
      prepagemessage: 'Welcome',
      notallowedmessage: 'Wait',
      mine: [],
    });
    expect(anon.body.fields.map((f) => f.id)).toEqual([
      'teamname',
      'email',
      'phone',
      'car',
      'size',
      'food',
      'age',
    ]);
    expect(anon.body.teams).toEqual([
      {
        teamId: reg.body.teamId,
        nr: '1',
        name: 'Fast Feet',
        klassid: null,
        allowed: true,
        values: { teamname: 'Fast Feet', car: 'Volvo', size: 'M' },
      },
    ]);
    // A stranger sees the same; the registering user sees every value of their team.
    expect((await form(id, bob)).body.mine).toEqual([]);
    expect((await form(id, bob)).body.teams).toEqual(anon.body.teams);
    const mine = (await form(id, alice)).body.mine;
    expect(mine).toEqual([
      {
        teamId: reg.body.teamId,
        name: 'Fast Feet',
        klassid: null,
        allowed: true,
        regtime: t.clock.t,
        values: { ...good, car: 'Volvo', food: ['meat'], age: 30 },
      },
    ]);
    // The organiser sees the same public list on this page.
    expect((await form(id, owner)).body.teams).toEqual(anon.body.teams);
    expect((await form(`nope-${id}`)).status).toBe(404);
  });

  it('lets a member or an admin edit values, keeping regtime and the comment', async () => {
    const id = await newEvent();
    const reg = await register(id, good);
    const teamId = reg.body.teamId;
    expect((await patch(id, teamId, { orgcomment: 'paid' })).status).toBe(200);
    const regtime = reg.body.regtime;
    t.clock.t += 5000;
    expect((await edit(id, teamId, good, null)).status).toBe(401);
    expect((await edit(id, teamId, good, bob)).status).toBe(403);
    expect(errorOf(await edit(id, teamId, { teamname: 'x' }))).toBe('reg.error.invalid');
    const res = await edit(id, teamId, { teamname: 'Renamed', email: 'new@example.com' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      regtime,
      values: { teamname: 'Renamed', email: 'new@example.com' },
    });
    const stored = fromJsonMap((await t.store.registrations.find(id, teamId))?.regdata);
    expect(stored).toEqual({
      teamname: 'Renamed',
      email: 'new@example.com',
      regtime,
      orgcomment: 'paid',
    });
    const team = await t.store.teams.findById(id, teamId);
    expect([team?.name, fromJsonMap(team?.list).name]).toEqual(['Renamed', 'Renamed']);
    expect((await edit(id, teamId, { ...good, teamname: 'By admin' }, owner)).status).toBe(200);
    expect((await edit(id, 'no-such-team', good, owner)).status).toBe(404);
    expect((await edit(id, 'no-such-team', good, bob)).status).toBe(403);
  });

  it('lists registrations for event admins only, with every field and the user', async () => {
    const id = await newEvent();
    const first = await register(id, good);
    t.clock.t += 1000;
    const second = await register(id, { ...good, teamname: 'Later' }, bob);
    // An imported answer to a deleted field still shows.
    const reg = await t.store.registrations.find(id, first.body.teamId);
    await t.store.registrations.updateRegdata(
      id,
      first.body.teamId,
      JSON.stringify({ ...fromJsonMap(reg?.regdata), old: 'kept' }),
    );
    expect((await list(id, null)).status).toBe(401);
    expect((await list(id, alice)).status).toBe(403);
    expect((await list(id, bob)).status).toBe(403);
    const res = await list(id);
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f) => [f.id, f.deleted])).toEqual([
      ['teamname', false],
      ['email', false],
      ['phone', false],
      ['car', false],
      ['size', false],
      ['food', false],
      ['age', false],
      ['old', true],
    ]);
    expect(res.body.rows.map((r) => [r.teamId, r.name, r.user?.uid])).toEqual([
      [first.body.teamId, 'Fast Feet', alice.uid],
      [second.body.teamId, 'Later', bob.uid],
    ]);
    expect(res.body.rows[0]).toMatchObject({
      orgcomment: '',
      values: { ...good, old: 'kept' },
      user: { uid: alice.uid, email: alice.email, displayName: 'Alice', phone: null },
    });
    expect((await list(`nope-${id}`)).status).toBe(404);
  });

  it('lets admins comment, change values and allow a team', async () => {
    const id = await newEvent({ joinrequiresconfirmation: true });
    const reg = await register(id, { ...good, age: 5 });
    const teamId = reg.body.teamId;
    expect((await patch(id, teamId, { allowed: true }, null)).status).toBe(401);
    expect((await patch(id, teamId, { allowed: true }, alice)).status).toBe(403);
    expect((await patch(id, teamId, { allowed: true }, bob)).status).toBe(403);
    expect((await patch(id, 'nobody', { allowed: true })).status).toBe(404);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    // `required` is not enforced (email emptied), but types and choices are.
    expect(errorOf(await patch(id, teamId, { values: { size: 'XXL' } }))).toBe('reg.error.invalid');
    expect(errorOf(await patch(id, teamId, { values: { teamname: '' } }))).toBe(
      'reg.error.invalid',
    );
    const res = await patch(id, teamId, {
      orgcomment: 'Paid in cash',
      values: { email: '', age: '6', teamname: 'Admins name' },
      allowed: true,
    });
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Admins name',
      allowed: true,
      orgcomment: 'Paid in cash',
      values: { teamname: 'Admins name', phone: '555', size: 'M', age: 6 },
    });
    expect(res.body.values.email).toBeUndefined();
    expect(seen).toEqual([['teams', 'registrations']]);
    const team = await t.store.teams.findById(id, teamId);
    expect(fromJsonMap(team?.list)).toMatchObject({ allowed: true, name: 'Admins name' });
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['path', 'old_value', 'value'])
      .where('event_id', '=', id)
      .where('action', '=', 'registration.update')
      .orderBy('path')
      .execute();
    expect(audits.map((a) => a.path)).toEqual([
      `teams/${teamId}/data/regdata/age`,
      `teams/${teamId}/data/regdata/email`,
      `teams/${teamId}/data/regdata/orgcomment`,
      `teams/${teamId}/data/regdata/teamname`,
      `teams/${teamId}/list/allowed`,
    ]);
    // The team sees itself allowed now.
    expect((await form(id, alice)).body.mine[0]?.allowed).toBe(true);
  });

  it('removes the memberships of a deleted account', async () => {
    const id = await newEvent();
    const carol = await signUp(t.app);
    const reg = await register(id, good, carol);
    expect(await t.store.members.teamsOf(id, carol.uid)).toHaveLength(1);
    const del = await call(t.app, 'DELETE', '/api/account', {
      as: carol,
      body: { confirm: carol.email },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(204);
    expect(await t.store.members.teamsOf(id, carol.uid)).toEqual([]);
    expect((await t.store.registrations.find(id, reg.body.teamId))?.user_id).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JoinCodeInfo,
  JoinCodeValidities,
  JoinCodeView,
  JoinResult,
  MyRegistration,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';
import { fromJsonMap } from '../db/json.ts';
import { joinCodeService } from './joinCode.service.ts';

const DAY = 86_400_000;

describe.each(testDialects())('join codes on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    alice = await signUp(t.app, undefined, 'Alice');
    bob = await signUp(t.app, undefined, 'Bob');
  });
  afterAll(() => t.close());

  const newEvent = async (settings: Record<string, unknown> = {}) => {
    const ev = await buildEvent(t.app, owner);
    if (Object.keys(settings).length > 0) {
      const res = await call(t.app, 'PATCH', `/api/events/${ev.id}/settings`, {
        as: owner,
        body: { settings },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return ev.id;
  };
  const create = (id: string, body: Record<string, unknown> = {}, as: TestUser | null = owner) =>
    call<JoinCodeView>(t.app, 'POST', `/api/events/${id}/joincodes`, {
      as,
      body: { valid: t.clock.t + 7 * DAY, ...body },
    });
  const codes = (id: string, as: TestUser | null = owner) =>
    call<JoinCodeView[]>(t.app, 'GET', `/api/events/${id}/joincodes`, { as });
  const join = (code: string, as: TestUser | null = alice, teamName?: string) =>
    call<JoinResult>(t.app, 'POST', '/api/join', {
      as,
      body: { code, ...(teamName ? { teamName } : {}) },
    });
  const info = (code: string) => call<JoinCodeInfo>(t.app, 'GET', `/api/joincodes/${code}`);

  it('lets only event admins list, create, change and delete codes', async () => {
    const id = await newEvent();
    expect((await create(id, {}, null)).status).toBe(401);
    expect((await create(id, {}, alice)).status).toBe(403);
    expect((await codes(id, null)).status).toBe(401);
    expect((await codes(id, alice)).status).toBe(403);
    const made = await create(id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = `/api/events/${id}/joincodes/${made.body.code}`;
    for (const as of [null, alice]) {
      const status = as ? 403 : 401;
      expect((await call(t.app, 'PATCH', url, { as, body: { singleteam: true } })).status).toBe(
        status,
      );
      expect((await call(t.app, 'DELETE', url, { as })).status).toBe(status);
    }
    expect((await codes(id)).body.map((c) => c.code)).toEqual([made.body.code]);
    expect((await create(`nope-${id}`)).status).toBe(404);
  });

  it('creates generated and chosen codes, unique across events in any case', async () => {
    const id = await newEvent();
    const other = await newEvent();
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const gen = await create(id);
    stop();
    expect(gen.body.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(gen.body).toMatchObject({
      singleteam: false,
      teamId: null,
      used: null,
      uses: [],
      createdAt: t.clock.t,
      link: `/${id}/join/${gen.body.code}`,
    });
    expect(seen).toEqual([['joincodes']]);
    const chosen = await create(id, { code: ' spring26 ', singleteam: true });
    expect(chosen.status).toBe(201);
    expect(chosen.body.code).toBe('SPRING26');
    const taken = await create(other, { code: 'Spring26' });
    expect([taken.status, errorOf(taken)]).toEqual([409, 'joinc.error.codeexists']);
    expect(errorOf(await create(id, { valid: t.clock.t - 1 }))).toBe('error.validation');
    expect(errorOf(await create(id, { code: 'a!' }))).toBe('error.validation');
    // A chosen code is guessed too easily under 6 characters.
    const short = await create(id, { code: 'ab12c' });
    expect([short.status, errorOf(short)]).toEqual([400, 'joinc.error.tooshort']);
    // A team only for a single-team code, and only a team of this event.
    expect(errorOf(await create(id, { teamId: 'x' }))).toBe('error.validation');
    expect((await create(id, { singleteam: true, teamId: 'nosuch' })).status).toBe(404);
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'path'])
      .where('event_id', '=', id)
      .execute();
    expect(audits.sort((a, b) => (a.path ?? '').localeCompare(b.path ?? ''))).toEqual(
      [
        { action: 'joincode.create', path: `eventcodes/${gen.body.code}` },
        { action: 'joincode.create', path: 'eventcodes/SPRING26' },
      ].sort((a, b) => a.path.localeCompare(b.path)),
    );
  });

  it("ends a validity choice at the end of a day in the event's time zone", async () => {
    const saved = t.clock.t;
    // 25 October 2026, the night summer time ends in Tallinn: 00:30 there, still 24 October in UTC.
    t.clock.t = Date.parse('2026-10-24T21:30:00Z');
    try {
      const id = await newEvent();
      const ends = await call<JoinCodeValidities>(
        t.app,
        'GET',
        `/api/events/${id}/joincodes/validities`,
        { as: owner },
      );
      expect(ends.status).toBe(200);
      expect(ends.body).toEqual({
        timeZone: 'Europe/Tallinn',
        ends: {
          '1w': Date.parse('2026-11-01T23:59:59.999+02:00'),
          '2w': Date.parse('2026-11-08T23:59:59.999+02:00'),
          '1m': Date.parse('2026-11-25T23:59:59.999+02:00'),
          '2m': Date.parse('2026-12-25T23:59:59.999+02:00'),
        },
      });
      const made = await call<JoinCodeView>(t.app, 'POST', `/api/events/${id}/joincodes`, {
        as: owner,
        body: { validity: '1w' },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ valid: ends.body.ends['1w'], timeZone: 'Europe/Tallinn' });

      // In the event's own zone: 21:30 UTC is 17:30 on 24 October in New York.
      const ny = await newEvent({ timezone: 'America/New_York' });
      const inNy = await call<JoinCodeView>(t.app, 'POST', `/api/events/${ny}/joincodes`, {
        as: owner,
        body: { validity: '1w' },
      });
      expect(inNy.body).toMatchObject({
        valid: Date.parse('2026-10-31T23:59:59.999-04:00'),
        timeZone: 'America/New_York',
      });
      // An unknown zone is refused; a choice and an exact end together too.
      const bad = await call(t.app, 'PATCH', `/api/events/${ny}/settings`, {
        as: owner,
        body: { settings: { timezone: 'Europe/Nowhere' } },
      });
      expect(bad.status).toBe(400);
      const both = await call(t.app, 'POST', `/api/events/${id}/joincodes`, {
        as: owner,
        body: { validity: '1w', valid: t.clock.t + DAY },
      });
      expect(both.status).toBe(400);
      for (const as of [null, alice]) {
        const res = await call(t.app, 'GET', `/api/events/${id}/joincodes/validities`, { as });
        expect(res.status).toBe(as ? 403 : 401);
      }
    } finally {
      t.clock.t = saved;
    }
  });

  it('retries a generated code that collides', async () => {
    const id = await newEvent();
    await create(id, { code: 'AAAAAA' });
    // First draw gives AAAAAA (taken), the next BBBBBB.
    let n = 0;
    const service = joinCodeService({
      store: t.store,
      bus: t.bus,
      now: () => t.clock.t,
      randomInt: () => (n++ < 6 ? 0 : 1),
    });
    const actor = {
      uid: owner.uid,
      email: owner.email,
      superAdmin: false,
      platformOwner: false,
      creator: true,
    };
    const view = await service.create(actor, id, { singleteam: false, valid: t.clock.t + DAY });
    expect(view.code).toBe('BBBBBB');
  });

  it('changes and deletes a code of this event only', async () => {
    const id = await newEvent();
    const other = await newEvent();
    const code = (await create(id)).body.code;
    const url = (ev: string) => `/api/events/${ev}/joincodes/${code.toLowerCase()}`;
    const res = await call<JoinCodeView>(t.app, 'PATCH', url(id), {
      as: owner,
      body: { singleteam: true, valid: t.clock.t + 2 * DAY },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ singleteam: true, valid: t.clock.t + 2 * DAY });
    expect(errorOf(await call(t.app, 'PATCH', url(other), { as: owner, body: {} }))).toBe(
      'joinc.error.notfound',
    );
    expect((await call(t.app, 'DELETE', url(other), { as: owner })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(id), { as: owner })).status).toBe(204);
    expect((await codes(id)).body).toEqual([]);
    // A deleted code is not found any more.
    expect(errorOf(await info(code))).toBe('joinc.error.notfound');
    expect(errorOf(await join(code))).toBe('joinc.error.notfound');
  });

  it('tells anyone about a code and its state', async () => {
    const id = await newEvent();
    const code = (await create(id, { singleteam: true })).body.code;
    const res = await info(code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code, eventId: id, singleteam: true, status: 'ok' });
    await join(code);
    expect((await info(code)).body.status).toBe('used');
    const later = (await create(id, { valid: t.clock.t + 1000 })).body.code;
    t.clock.t += 2000;
    expect((await info(later)).body.status).toBe('expired');
    await t.store.events.update(id, { arch: 'a1' });
    expect((await info(later)).body.status).toBe('archived');
    expect(errorOf(await info('ZZZZ99'))).toBe('joinc.error.notfound');
  });

  it('gives each user of a multi-team code a team, and the same one again', async () => {
    const id = await newEvent();
    const code = (await create(id)).body.code;
    expect((await join(code, null)).status).toBe(401);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const a = await join(code.toLowerCase());
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ eventId: id, teamName: 'Alice', created: true, allowed: true });
    const again = await join(code);
    expect(again.body).toMatchObject({ teamId: a.body.teamId, created: false });
    t.clock.t += 1;
    const b = await join(code, bob, 'Bobcats');
    stop();
    expect(b.body).toMatchObject({ teamName: 'Bobcats', created: true });
    expect(b.body.teamId).not.toBe(a.body.teamId);
    expect(seen).toEqual([
      ['teams', 'joincodes'],
      ['teams', 'joincodes'],
    ]);
    const team = await t.store.teams.findById(id, a.body.teamId);
    expect(fromJsonMap(team?.data)).toEqual({ displayName: 'Alice', email: alice.email });
    expect((await t.store.members.ofTeam(id, a.body.teamId)).map((m) => m.via)).toEqual(['code']);
    const [view] = (await codes(id)).body;
    expect(view?.used).toBe(alice.uid);
    expect(view?.uses.map((u) => [u.uid, u.displayName, u.email, u.teamName])).toEqual([
      [alice.uid, 'Alice', alice.email, 'Alice'],
      [bob.uid, 'Bob', bob.email, 'Bobcats'],
    ]);
  });

  it('returns the team a registered user already has', async () => {
    const id = await newEvent();
    const reg = await call<MyRegistration>(t.app, 'POST', `/api/events/${id}/reg`, {
      as: alice,
      body: { values: { teamname: 'Registered' } },
    });
    const code = (await create(id)).body.code;
    const res = await join(code);
    expect(res.body).toMatchObject({ teamId: reg.body.teamId, created: false });
  });

  it('makes joined teams wait for confirmation when the event asks for it', async () => {
    const id = await newEvent({ joinrequiresconfirmation: true });
    const code = (await create(id)).body.code;
    const res = await join(code);
    expect(res.body).toMatchObject({ created: true, allowed: false });
  });

  it('gives a single-team code without a team to its first user only', async () => {
    const id = await newEvent();
    const code = (await create(id, { singleteam: true })).body.code;
    const a = await join(code, alice, 'Solo');
    expect(a.body).toMatchObject({ teamName: 'Solo', created: true });
    expect((await codes(id)).body[0]).toMatchObject({
      teamId: a.body.teamId,
      teamName: 'Solo',
      used: alice.uid,
    });
    const again = await join(code);
    expect([again.status, again.body.teamId, again.body.created]).toEqual([
      200,
      a.body.teamId,
      false,
    ]);
    const b = await join(code, bob);
    expect([b.status, errorOf(b)]).toEqual([409, 'joinc.error.used']);
    expect(await t.store.members.teamsOf(id, bob.uid)).toEqual([]);
  });

  it('attaches the user of a single-team code to its team', async () => {
    const id = await newEvent();
    const reg = await call<MyRegistration>(t.app, 'POST', `/api/events/${id}/reg`, {
      as: owner,
      body: { values: { teamname: 'Crew' } },
    });
    const code = (await create(id, { singleteam: true, teamId: reg.body.teamId })).body.code;
    const res = await join(code);
    expect(res.body).toMatchObject({ teamId: reg.body.teamId, teamName: 'Crew', created: false });
    const members = await t.store.members.ofTeam(id, reg.body.teamId);
    expect(new Map(members.map((m) => [m.user_id, m.via]))).toEqual(
      new Map([
        [owner.uid, 'reg'],
        [alice.uid, 'code'],
      ]),
    );
    expect(errorOf(await join(code, bob))).toBe('joinc.error.used');
    // A code whose team was deleted is refused.
    const gone = (await create(id, { singleteam: true, teamId: reg.body.teamId })).body.code;
    await t.handle.db.deleteFrom('teams').where('id', '=', reg.body.teamId).execute();
    expect(errorOf(await join(gone, bob))).toBe('joinc.error.badteam');
    expect((await codes(id)).body.find((c) => c.code === gone)?.used).toBeNull();
  });

  it('refuses expired codes and codes of archived events', async () => {
    const id = await newEvent();
    const code = (await create(id, { valid: t.clock.t + 1000 })).body.code;
    t.clock.t += 2000;
    const expired = await join(code);
    expect([expired.status, errorOf(expired)]).toEqual([410, 'joinc.error.expired']);
    const fresh = (await create(id)).body.code;
    await t.store.events.update(id, { arch: 'a1' });
    const arch = await join(fresh);
    expect([arch.status, errorOf(arch)]).toEqual([409, 'joinc.error.archived']);
    expect(await t.store.teams.list(id)).toEqual([]);
  });

  it('lets exactly one of two concurrent users take a single-team code', async () => {
    const id = await newEvent();
    const code = (await create(id, { singleteam: true })).body.code;
    const [a, b] = await Promise.all([join(code, alice), join(code, bob)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(errorOf(loser)).toBe('joinc.error.used');
    expect(await t.store.teams.list(id)).toHaveLength(1);
    const [view] = (await codes(id)).body;
    expect(view?.uses).toHaveLength(1);
    expect(view?.used).toBe(view?.uses[0]?.uid);
  });

  it('claims a code for one user only, whatever the order of the updates', async () => {
    const id = await newEvent();
    const code = (await create(id, { singleteam: true })).body.code;
    // Without the event row lock: the conditional update alone decides.
    const results = await Promise.all([
      t.store.joinCodes.claim(code, alice.uid),
      t.store.joinCodes.claim(code, bob.uid),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? alice.uid : bob.uid;
    expect((await t.store.joinCodes.find(code))?.used_by).toBe(winner);
    expect(await t.store.joinCodes.claim(code, winner)).toBe(false);
  });

  it('removes the code uses of a deleted account', async () => {
    const id = await newEvent();
    const carol = await signUp(t.app);
    const code = (await create(id)).body.code;
    const res = await join(code, carol);
    expect(await t.store.members.teamsOf(id, carol.uid)).toHaveLength(1);
    const del = await call(t.app, 'DELETE', '/api/account', {
      as: carol,
      body: { confirm: carol.email },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(204);
    expect(await t.store.members.teamsOf(id, carol.uid)).toEqual([]);
    const [view] = (await codes(id)).body;
    expect([view?.used, view?.uses]).toEqual([null, []]);
    expect(await t.store.teams.findById(id, res.body.teamId)).toBeDefined();
  });
});

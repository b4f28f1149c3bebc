import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestAnswer, JoinCodeView, JoinResult, Me, MyTeam } from '@rada/core';
import { NAME_MAX_LENGTH } from '@rada/core';
import { newSession } from './auth.service.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  PASSWORD,
  buildEvent,
  sessionCookie,
  signIn,
  signUp,
  signUpCreator,
  uniqueEmail,
} from '../test/factories.ts';

const DAY = 86_400_000;

describe.each(testDialects())('guest accounts and the display name on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
  });
  afterAll(() => t.close());

  const newGuest = async () => {
    const res = await call<GuestAnswer>(t.app, 'POST', '/api/auth/guest');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cookie = sessionCookie(res.headers['set-cookie']);
    return { ...res.body, as: { uid: res.body.me.uid, email: res.body.me.email, cookie } };
  };
  const upgrade = (as: Caller, body: Record<string, unknown>) =>
    call<Me>(t.app, 'POST', '/api/auth/upgrade', { as, body });
  const myTeams = async (as: Caller) => {
    const res = await call<MyTeam[]>(t.app, 'GET', '/api/me/teams', { as });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('makes a signed-in guest with a reserved email and a secret to sign in again', async () => {
    const g = await newGuest();
    expect(g.me).toMatchObject({ guest: true, creator: false, phoneNumber: null });
    expect(g.me.email).toBe(`${g.me.uid.toLowerCase()}@guest.invalid`);
    expect(g.me.displayName).toMatch(/^Guest [A-Z0-9]{4}$/);
    expect(g.secret.length).toBeGreaterThanOrEqual(20);
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: g.as });
    expect(me.body).toEqual(g.me);
    // The device signs in again with the email and the secret.
    const again = await signIn(t.app, g.me.email, g.secret);
    const me2 = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie: again } });
    expect(me2.body.uid).toBe(g.me.uid);
    // Two guests are two accounts.
    expect((await newGuest()).me.uid).not.toBe(g.me.uid);
  });

  it('upgrades a guest to a full account that keeps its team', async () => {
    const ev = await buildEvent(t.app, owner);
    const code = await call<JoinCodeView>(t.app, 'POST', `/api/events/${ev.id}/joincodes`, {
      as: owner,
      body: { valid: t.clock.t + 7 * DAY },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const g = await newGuest();
    const joined = await call<JoinResult>(t.app, 'POST', '/api/join', {
      as: g.as,
      body: { code: code.body.code, teamName: 'Guest runners' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    // The guest's made-up address is no contact: the team's data carries only its name.
    const teamRow = await t.handle.db
      .selectFrom('teams')
      .select('data')
      .where('id', '=', joined.body.teamId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(teamRow.data)).toEqual({ displayName: g.me.displayName });

    const email = uniqueEmail('Upgraded');
    const res = await upgrade(g.as, { email, password: PASSWORD, displayName: ' Mari ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      uid: g.me.uid,
      email: email.toLowerCase(),
      displayName: 'Mari',
      guest: false,
    });
    // The same session goes on; the device secret is no longer a password.
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: g.as })).body.guest).toBe(false);
    const old = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: g.me.email, password: g.secret },
    });
    expect(old.status).toBe(401);
    // Signed in with the new email and password, the team is still theirs.
    const cookie = await signIn(t.app, email, PASSWORD);
    const teams = await myTeams({ cookie });
    expect(teams.map((m) => [m.eventId, m.teamId, m.teamName])).toEqual([
      [ev.id, joined.body.teamId, 'Guest runners'],
    ]);
    // Upgraded once: a second upgrade is refused.
    const twice = await upgrade({ cookie }, { email, password: PASSWORD, displayName: 'M' });
    expect([twice.status, errorOf(twice)]).toEqual([403, 'error.forbidden']);
  });

  it('refuses a used email, a full account, a token and anonymous callers', async () => {
    const g = await newGuest();
    const taken = await upgrade(g.as, {
      email: owner.email.toUpperCase(),
      password: PASSWORD,
      displayName: 'Copy',
    });
    expect([taken.status, errorOf(taken)]).toEqual([409, 'auth.error.emailtaken']);
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: g.as })).body.guest).toBe(true);
    const body = { email: uniqueEmail(), password: PASSWORD, displayName: 'X' };
    const full = await upgrade(owner, body);
    expect([full.status, errorOf(full)]).toEqual([403, 'error.forbidden']);
    expect((await upgrade(null, body)).status).toBe(401);
    const short = await upgrade(g.as, { ...body, password: 'short' });
    expect([short.status, errorOf(short)]).toEqual([400, 'error.validation']);
    // A guest makes no API tokens (issue 33); one made before that rule cannot upgrade it.
    const refused = await call(t.app, 'POST', '/api/auth/tokens', {
      as: g.as,
      body: { name: 'Phone' },
    });
    expect([refused.status, errorOf(refused)]).toEqual([403, 'auth.error.guest']);
    const token = newSession(g.me.uid, 'token', 'Phone', t.clock.t);
    await t.store.sessions.create(token.row);
    const viaToken = await upgrade({ bearer: token.token }, body);
    expect(viaToken.status).toBe(403);
  });

  it('keeps a guest from creating events even with a creator record', async () => {
    const g = await newGuest();
    await t.store.users.grantCreator(g.me.uid, null, t.clock.t);
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: g.as })).body.creator).toBe(false);
    const res = await call(t.app, 'POST', '/api/events', {
      as: g.as,
      body: { name: 'Guest event', shortlink: `g-${Date.now()}`, starttime: 1, endtime: 2 },
    });
    expect(res.status).toBe(403);
  });

  it('changes the display name of the caller only, by browser or token', async () => {
    const user = await signUp(t.app, undefined, 'Before');
    const rename = (as: Caller, displayName: unknown) =>
      call<Me>(t.app, 'PATCH', '/api/account', { as, body: { displayName } });
    expect((await rename(null, 'Nobody')).status).toBe(401);
    const res = await rename(user, '  Mari Maasikas ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ uid: user.uid, displayName: 'Mari Maasikas' });
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: user })).body.displayName).toBe(
      'Mari Maasikas',
    );
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'Script' },
    });
    const byToken = await rename({ bearer: token.body.token }, 'Via token');
    expect([byToken.status, byToken.body.displayName]).toEqual([200, 'Via token']);
    for (const bad of ['   ', 'x'.repeat(NAME_MAX_LENGTH + 1), 5]) {
      const r = await rename(user, bad);
      expect([r.status, errorOf(r)]).toEqual([400, 'error.validation']);
    }
    // Nobody else's name changed.
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: owner })).body.displayName).not.toBe(
      'Via token',
    );
    const guest = await newGuest();
    expect((await rename(guest.as, 'Team captain')).body).toMatchObject({
      displayName: 'Team captain',
      guest: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf, testConfig } from '../test/app.ts';
import { buildApp } from '../http/app.ts';
import { inProcessBus } from '../realtime/bus.ts';
import type { TestApp } from '../test/app.ts';
import {
  PASSWORD,
  buildEvent,
  importEvent,
  makeCreator,
  sessionCookie,
  signIn,
  signUp,
  uniqueEmail,
  uniqueShortlink,
} from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

describe.each(testDialects())('auth on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('signs up with an httpOnly SameSite=Lax session cookie and answers /me', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await call<Me>(t.app, 'POST', '/api/auth/signup', {
      body: { email, password: PASSWORD, displayName: '  Mari Maasikas ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      uid: expect.any(String),
      email: email.toLowerCase(),
      displayName: 'Mari Maasikas',
      phoneNumber: null,
      creator: false,
      superAdmin: false,
      platformOwner: false,
      guest: false,
      emailVerified: false,
      hasPassword: true,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^rada_session=[\w-]{20,};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/i);

    const me = await call<Me>(t.app, 'GET', '/api/auth/me', {
      as: { cookie: sessionCookie(res.headers['set-cookie']) },
    });
    expect(me.status).toBe(200);
    expect(me.body.uid).toBe(res.body.uid);
    // The password hash never leaves the server.
    expect(JSON.stringify(me.body)).not.toContain('argon2');
  });

  it('answers null to /me without credentials, 401 error.unauthorized with made-up ones', async () => {
    // Signed out is no error: public pages ask on every visit.
    const none = await call(t.app, 'GET', '/api/auth/me');
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    const forged = await call(t.app, 'GET', '/api/auth/me', {
      as: { cookie: 'rada_session=not-a-real-token' },
    });
    expect(forged.status).toBe(401);
    expect(errorOf(forged)).toBe('error.unauthorized');
    const badToken = await call(t.app, 'GET', '/api/auth/me', { as: { bearer: 'nonsense' } });
    expect(badToken.status).toBe(401);
  });

  it('refuses a second account with the same email in any letter case (409)', async () => {
    const email = uniqueEmail('dup');
    await signUp(t.app, email);
    const again = await call(t.app, 'POST', '/api/auth/signup', {
      body: { email: email.toUpperCase(), password: PASSWORD, displayName: 'Other' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe('auth.error.emailtaken');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 error.validation with per-field details to a bad body', async () => {
    const res = await call<ErrorBody>(t.app, 'POST', '/api/auth/signup', {
      body: { email: 'not-an-email', password: 'short', displayName: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('error.validation');
    expect(res.body.details?.map((d) => d.path).sort()).toEqual([
      'displayName',
      'email',
      'password',
    ]);

    const extra = await call<ErrorBody>(t.app, 'POST', '/api/auth/signin', {
      body: { email: 'a@example.com', password: 'x', admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toBe('error.validation');
  });

  it('signs in with the right password only: 401 auth.error.badcredentials otherwise', async () => {
    const user = await signUp(t.app);
    const wrong = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: user.email, password: 'wrong password!' },
      remoteAddress: '10.0.0.1',
    });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong)).toBe('auth.error.badcredentials');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const unknown = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: uniqueEmail('nobody'), password: PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown)).toBe('auth.error.badcredentials');

    const cookie = await signIn(t.app, user.email.toUpperCase(), PASSWORD, '10.0.0.1');
    expect(cookie).not.toBe(user.cookie);
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
    expect(me.body.uid).toBe(user.uid);
  });

  it('signs out: the session stops working, other sessions of the account go on', async () => {
    const user = await signUp(t.app);
    const second = await signIn(t.app, user.email, PASSWORD, '10.0.0.2');
    const out = await call(t.app, 'POST', '/api/auth/signout', { as: user });
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^rada_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await call(t.app, 'GET', '/api/auth/me', { as: user })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { as: { cookie: second } })).status).toBe(200);
  });

  it('authenticates Authorization: Bearer with a token from POST /api/auth/tokens', async () => {
    const user = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/auth/tokens', { body: { name: 'x' } })).status).toBe(
      401,
    );
    const bad = await call(t.app, 'POST', '/api/auth/tokens', { as: user, body: { name: ' ' } });
    expect(bad.status).toBe(400);

    const res = await call<{ id: string; token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'Finish line laptop' },
    });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);

    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { bearer: res.body.token } });
    expect(me.status).toBe(200);
    expect(me.body.uid).toBe(user.uid);
    const forged = await call(t.app, 'GET', '/api/auth/me', {
      as: { bearer: 'x' + res.body.token },
    });
    expect(forged.status).toBe(401);
    // Only the token's hash is stored.
    const stored = await t.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.uid)
      .execute();
    expect(stored.map((s) => s.id)).not.toContain(res.body.token);
  });

  it('deletes an account only with its email typed again, erasing sessions and admin rights', async () => {
    const user = await makeCreator(t, await signUp(t.app));
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'phone' },
    });
    const event = await buildEvent(t.app, user);
    const imported = uniqueShortlink('imp');
    await importEvent(t, sampleEventFile({ owner: 'someone-else', admin: user.uid }), imported);

    const wrong = await call(t.app, 'DELETE', '/api/account', {
      as: user,
      body: { confirm: 'other@example.com' },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toBe('auth.error.confirm');
    expect((await call(t.app, 'GET', '/api/auth/me', { as: user })).status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', '/api/account', { body: { confirm: user.email } })).status,
    ).toBe(401);

    // An owner's account cannot go (accountDelete.test.ts); this owner deletes the event first.
    expect((await call(t.app, 'DELETE', `/api/events/${event.id}`, { as: user })).status).toBe(204);
    const done = await call(t.app, 'DELETE', '/api/account', {
      as: user,
      body: { confirm: ` ${user.email.toUpperCase()} ` },
    });
    expect(done.status).toBe(204);
    expect(String(done.headers['set-cookie'])).toMatch(/^rada_session=;/);

    expect((await call(t.app, 'GET', '/api/auth/me', { as: user })).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/auth/me', { as: { bearer: token.body.token } })).status,
    ).toBe(401);
    const again = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: user.email, password: PASSWORD },
      remoteAddress: '10.0.0.3',
    });
    expect(errorOf(again)).toBe('auth.error.badcredentials');

    const db = t.handle.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', user.uid).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', user.uid).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('creators').select('user_id').where('user_id', '=', user.uid).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('event_admins')
        .select('event_id')
        .where('user_id', '=', user.uid)
        .execute(),
    ).toEqual([]);
    // The events themselves stay, with their other admins.
    const left = await db
      .selectFrom('event_admins')
      .select(['event_id', 'user_id'])
      .where('event_id', 'in', [event.id, imported])
      .execute();
    expect(left).toEqual([{ event_id: imported, user_id: 'someone-else' }]);
  });

  it('keeps a browser session 30 days from its last use; a bearer token lasts 90 days', async () => {
    const user = await signUp(t.app);
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'device' },
    });
    const me = (as: { cookie: string } | { bearer: string }) =>
      call(t.app, 'GET', '/api/auth/me', { as }).then((r) => r.status);
    const DAY = 86_400_000;
    t.clock.t += 29 * DAY;
    expect(await me(user)).toBe(200); // used: now valid for another 30 days
    t.clock.t += 29 * DAY;
    expect(await me(user)).toBe(200);
    t.clock.t += 31 * DAY;
    expect(await me(user)).toBe(401);
    expect(await me({ bearer: token.body.token })).toBe(200);
  });

  it('answers 400 error.validation to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'error.validation' });
  });

  it('marks the cookie Secure when COOKIE_SECURE is set', async () => {
    const secure = await buildApp({
      db: t.handle.db,
      config: testConfig({ cookieSecure: true }),
      bus: inProcessBus(),
    });
    try {
      const res = await call(secure, 'POST', '/api/auth/signup', {
        body: { email: uniqueEmail(), password: PASSWORD, displayName: 'S' },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses sign-up when SIGNUP_OPEN is false', async () => {
    const closed = await buildApp({
      db: t.handle.db,
      config: testConfig({ signupOpen: false }),
      bus: inProcessBus(),
    });
    try {
      const res = await call(closed, 'POST', '/api/auth/signup', {
        body: { email: uniqueEmail(), password: PASSWORD, displayName: 'X' },
      });
      expect(res.status).toBe(403);
      const config = await call<{ signupOpen: boolean }>(closed, 'GET', '/api/config');
      expect(config.body.signupOpen).toBe(false);
    } finally {
      await closed.close(); // the database is t's
    }
  });
});

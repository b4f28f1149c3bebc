import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView, SessionsAnswer } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signIn, signUp } from '../test/factories.ts';

const DAY = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(testDialects())('sessions and tokens on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = async (as: Caller) => {
    const res = await call<SessionsAnswer>(t.app, 'GET', '/api/auth/sessions', { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.sessions;
  };
  const me = (as: Caller) => call(t.app, 'GET', '/api/auth/me', { as });
  const newToken = async (as: Caller, name = 'Finish line laptop') => {
    const res = await call<{ id: string; token: string; expiresAt: number }>(
      t.app,
      'POST',
      '/api/auth/tokens',
      { as, body: { name } },
    );
    expect(res.status).toBe(201);
    return res.body;
  };

  it('lists the caller’s sessions and tokens with this device marked, never a token hash', async () => {
    const user = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: user.email, password: PASSWORD },
      headers: { 'user-agent': FIREFOX },
    });
    const firefox = sessionCookie(res.headers['set-cookie']);
    const token = await newToken(user);

    const sessions = await list({ cookie: firefox });
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toEqual([
      expect.objectContaining({ kind: 'browser', userAgent: FIREFOX, expired: false }),
    ]);
    expect(sessions.find((s) => s.kind === 'token')).toEqual({
      id: token.id,
      kind: 'token',
      name: 'Finish line laptop',
      createdAt: t.clock.t,
      lastUsedAt: t.clock.t,
      expiresAt: t.clock.t + 90 * DAY,
      expired: false,
      userAgent: null,
      current: false,
    });
    const stored = await t.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.uid)
      .execute();
    const text = JSON.stringify(sessions);
    for (const s of stored) expect(text).not.toContain(s.id);
    expect(text).not.toContain(token.token);

    expect((await call(t.app, 'GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('revokes one of the caller’s own sessions or tokens: that one stops working', async () => {
    const user = await signUp(t.app);
    const other = await signIn(t.app, user.email);
    const token = await newToken(user);
    const otherId = (await list({ cookie: other })).find((s) => s.current)?.id;

    const res = await call(t.app, 'DELETE', `/api/auth/sessions/${otherId}`, { as: user });
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined(); // not the caller's own session
    expect((await me({ cookie: other })).status).toBe(401);
    expect((await me(user)).status).toBe(200);

    expect(
      (await call(t.app, 'DELETE', `/api/auth/sessions/${token.id}`, { as: user })).status,
    ).toBe(204);
    expect((await me({ bearer: token.token })).status).toBe(401);
    expect((await list(user)).map((s) => s.kind)).toEqual(['browser']);

    // Revoking the session in use signs this browser out.
    const ownId = (await list(user))[0]?.id;
    const self = await call(t.app, 'DELETE', `/api/auth/sessions/${ownId}`, { as: user });
    expect(self.status).toBe(204);
    expect(String(self.headers['set-cookie'])).toMatch(/^rada_session=;/);
    expect((await me(user)).status).toBe(401);
  });

  it('never shows, revokes or renews another user’s sessions or tokens (404)', async () => {
    const alice = await signUp(t.app);
    const mallory = await signUp(t.app);
    const aliceToken = await newToken(alice);
    const aliceIds = (await list(alice)).map((s) => s.id);
    expect(aliceIds).toHaveLength(2);

    const seen = (await list(mallory)).map((s) => s.id);
    for (const id of aliceIds) expect(seen).not.toContain(id);

    for (const id of aliceIds) {
      const del = await call(t.app, 'DELETE', `/api/auth/sessions/${id}`, { as: mallory });
      expect(del.status).toBe(404);
      expect(errorOf(del)).toBe('error.notfound');
    }
    const renew = await call(t.app, 'POST', `/api/auth/tokens/${aliceToken.id}/renew`, {
      as: mallory,
    });
    expect(renew.status).toBe(404);
    // Nor by a token of her own, which ends no sessions at all (403).
    const malloryToken = await newToken(mallory, 'script');
    const byToken = await call(t.app, 'DELETE', `/api/auth/sessions/${aliceIds[0]}`, {
      as: { bearer: malloryToken.token },
    });
    expect(byToken.status).toBe(403);

    expect((await me(alice)).status).toBe(200);
    expect((await me({ bearer: aliceToken.token })).status).toBe(200);
    expect((await list(alice)).map((s) => s.id).sort()).toEqual([...aliceIds].sort());

    for (const [method, url] of [
      ['DELETE', `/api/auth/sessions/${aliceIds[0]}`],
      ['POST', `/api/auth/tokens/${aliceToken.id}/renew`],
    ] as const) {
      expect((await call(t.app, method, url)).status).toBe(401);
    }
  });

  it('expires an API token after 90 days with 401 error.expired; renewing gives 90 more', async () => {
    const user = await signUp(t.app);
    const token = await newToken(user);
    t.clock.t += 89 * DAY;
    expect((await me({ bearer: token.token })).status).toBe(200);
    t.clock.t += 1 * DAY;
    const expired = await me({ bearer: token.token });
    expect(expired.status).toBe(401);
    expect(errorOf(expired)).toBe('error.expired');
    // Also where signing in is optional: the script learns its token is over.
    expect(errorOf(await call(t.app, 'GET', '/api/events', { as: { bearer: token.token } }))).toBe(
      'error.expired',
    );

    const cookie = await signIn(t.app, user.email);
    const listed = (await list({ cookie })).find((s) => s.id === token.id);
    expect(listed).toMatchObject({ kind: 'token', expired: true });

    const renewed = await call<SessionView>(t.app, 'POST', `/api/auth/tokens/${token.id}/renew`, {
      as: { cookie },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id: token.id, expired: false });
    expect(renewed.body.expiresAt).toBe(t.clock.t + 90 * DAY);
    expect((await me({ bearer: token.token })).status).toBe(200);

    // A browser session is not a token: nothing to renew.
    const sessionId = (await list({ cookie })).find((s) => s.current)?.id;
    const notToken = await call(t.app, 'POST', `/api/auth/tokens/${sessionId}/renew`, {
      as: { cookie },
    });
    expect(notToken.status).toBe(404);
  });

  it('ends a browser session 90 days after sign-in however often it is used', async () => {
    const user = await signUp(t.app);
    for (let day = 20; day < 90; day += 20) {
      t.clock.t += 20 * DAY;
      expect((await me(user)).status, `day ${day}`).toBe(200);
    }
    t.clock.t += 10 * DAY; // day 90: used 10 days ago, but the lifetime is over
    expect((await me(user)).status).toBe(401);
    const row = await t.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.uid)
      .execute();
    expect(row).toEqual([]); // forgotten, not kept as a dead row
  });

  it('lets an API token neither renew tokens, make tokens nor change the password (403)', async () => {
    const user = await signUp(t.app);
    const token = await newToken(user);
    const as = { bearer: token.token };
    const renew = await call(t.app, 'POST', `/api/auth/tokens/${token.id}/renew`, { as });
    expect(renew.status).toBe(403);
    const make = await call(t.app, 'POST', '/api/auth/tokens', { as, body: { name: 'copy' } });
    expect(make.status).toBe(403);
    const password = await call(t.app, 'POST', '/api/auth/password', {
      as,
      body: { current: PASSWORD, next: 'a brand new passphrase' },
    });
    expect(password.status).toBe(403);
    expect((await list(user)).filter((s) => s.kind === 'token')).toEqual([
      expect.objectContaining({ id: token.id, expiresAt: token.expiresAt }),
    ]);
    await signIn(t.app, user.email); // the password did not change
    // A script ends its own token by signing out.
    expect((await call(t.app, 'POST', '/api/auth/signout', { as })).status).toBe(204);
    expect((await me(as)).status).toBe(401);
  });

  // Issue 33, item 12: a token could list its owner's browser sessions and end them.
  it('lets an API token neither see nor end sessions and tokens, its own neither (403)', async () => {
    const user = await signUp(t.app);
    const token = await newToken(user);
    const other = await newToken(user, 'Other script');
    const as = { bearer: token.token };
    const seen = await call(t.app, 'GET', '/api/auth/sessions', { as });
    expect([seen.status, errorOf(seen)]).toEqual([403, 'error.forbidden']);
    const browserId = (await list(user)).find((s) => s.kind === 'browser')?.id;
    for (const id of [browserId, other.id, token.id]) {
      const end = await call(t.app, 'DELETE', `/api/auth/sessions/${id}`, { as });
      expect([end.status, errorOf(end)], String(id)).toEqual([403, 'error.forbidden']);
    }
    expect((await me(user)).status).toBe(200);
    expect((await me({ bearer: other.token })).status).toBe(200);
    expect((await me(as)).status).toBe(200);
  });

  it('changes the password with the current one, ending the other browser sessions', async () => {
    const user = await signUp(t.app);
    const other = await signIn(t.app, user.email);
    const token = await newToken(user);
    const next = 'a brand new passphrase';

    const wrong = await call(t.app, 'POST', '/api/auth/password', {
      as: user,
      body: { current: 'not my password', next },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toBe('auth.error.wrongpassword');
    expect((await me({ cookie: other })).status).toBe(200);

    const short = await call(t.app, 'POST', '/api/auth/password', {
      as: user,
      body: { current: PASSWORD, next: 'short' },
    });
    expect(short.status).toBe(400);
    expect(errorOf(short)).toBe('error.validation');
    expect(
      (await call(t.app, 'POST', '/api/auth/password', { body: { current: PASSWORD, next } }))
        .status,
    ).toBe(401);

    const ok = await call(t.app, 'POST', '/api/auth/password', {
      as: user,
      body: { current: PASSWORD, next },
    });
    expect(ok.status).toBe(204);
    expect((await me(user)).status).toBe(200);
    expect((await me({ cookie: other })).status).toBe(401);
    expect((await me({ bearer: token.token })).status).toBe(200);

    const oldPassword = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    await signIn(t.app, user.email, next);
  });
});

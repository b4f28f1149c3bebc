import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestAnswer, LinkSignInAnswer, Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signIn, signUp, uniqueEmail } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import { authService } from './auth.service.ts';
import { sessionService } from './session.service.ts';
import type { TestSmtp } from '../test/smtpServer.ts';

const PUBLIC_URL = 'https://rada.example.org';

// Issue 33 item 2: whoever signs up first with someone else's address (a password sign-up or a
// guest's upgrade, both unproven) must not keep a way into the account its owner then proves.
describe.each(testDialects())('an unproven account claimed by its address on $name', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp(dialect, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const status = async (as: Caller) => (await call(t.app, 'GET', '/api/auth/me', { as })).status;

  /** What the first comer sets up to get back in: a token, a passkey, a provider, a phone. */
  async function setUpWaysIn(uid: string, as: Caller) {
    const made = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as,
      body: { name: 'script' },
    });
    expect(made.status).toBe(201);
    await t.store.passkeys.insert({
      id: `pk-${uid}`,
      user_id: uid,
      public_key: 'AAAA',
      counter: 0,
      transports: '[]',
      name: 'Squatter key',
      created_at: Date.now(),
      last_used_at: null,
    });
    await t.store.oidc.addIdentity({
      provider: 'squat',
      subject: `sub-${uid}`,
      user_id: uid,
      email: null,
      created_at: Date.now(),
    });
    await t.handle.db
      .updateTable('users')
      .set({ phone: `+3725${uid.replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}` })
      .where('id', '=', uid)
      .execute();
    return { bearer: made.body.token };
  }

  async function expectNoWayInLeft(uid: string, email: string, password: string, olds: Caller[]) {
    const signin = await call(t.app, 'POST', '/api/auth/signin', { body: { email, password } });
    expect(signin.status, 'the first comer’s password').toBe(401);
    for (const old of olds) expect(await status(old), JSON.stringify(old)).toBe(401);
    expect(await t.store.passkeys.listOf(uid)).toEqual([]);
    expect(await t.store.oidc.identitiesOf(uid)).toEqual([]);
    expect((await t.store.users.findById(uid))?.phone).toBeNull();
  }

  const linkSignIn = async (email: string) => {
    await call(t.app, 'POST', '/api/auth/email-link', { body: { email } });
    return call<LinkSignInAnswer>(t.app, 'POST', '/api/auth/email-link/signin', {
      body: { token: smtp.lastToken(email), email },
    });
  };

  it('a password sign-up loses every way in when the owner signs in with a link', async () => {
    const email = uniqueEmail('victim');
    const squatter = await signUp(t.app, email);
    const token = await setUpWaysIn(squatter.uid, squatter);
    const second = { cookie: await signIn(t.app, email) };

    const owner = await linkSignIn(email);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body).toMatchObject({
      uid: squatter.uid,
      emailVerified: true,
      hasPassword: false,
      cleared: true,
    });
    await expectNoWayInLeft(squatter.uid, email, PASSWORD, [squatter, second, token]);
    // The owner's own session works, and a later link sign-in clears nothing more.
    const ownerCookie = { cookie: sessionCookie(owner.headers['set-cookie']) };
    expect(await status(ownerCookie)).toBe(200);
    const again = await linkSignIn(email);
    expect(again.body.cleared).toBeUndefined();
    expect(await status(ownerCookie)).toBe(200);
  });

  it('a password reset by the owner ends the first comer’s ways in too, and sets the owner’s', async () => {
    const email = uniqueEmail('victim');
    const squatter = await signUp(t.app, email);
    const token = await setUpWaysIn(squatter.uid, squatter);
    await call(t.app, 'POST', '/api/auth/password-reset', { body: { email } });
    const reset = await call<LinkSignInAnswer>(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: smtp.lastToken(email), password: 'the owner’s own password' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ uid: squatter.uid, hasPassword: true, cleared: true });
    await expectNoWayInLeft(squatter.uid, email, PASSWORD, [squatter, token]);
    expect(await signIn(t.app, email, 'the owner’s own password')).toMatch(/^rada_session=/);
  });

  it('a guest upgraded to the address loses every way in when the owner signs in with a link', async () => {
    const email = uniqueEmail('victim');
    const guest = await call<GuestAnswer>(t.app, 'POST', '/api/auth/guest');
    const cookie = { cookie: sessionCookie(guest.headers['set-cookie']) };
    const upgraded = await call<Me>(t.app, 'POST', '/api/auth/upgrade', {
      as: cookie,
      body: { email, password: PASSWORD, displayName: 'Squatter' },
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.emailVerified).toBe(false);
    const uid = upgraded.body.uid;
    const token = await setUpWaysIn(uid, cookie);

    const owner = await linkSignIn(email);
    expect(owner.body).toMatchObject({ uid, emailVerified: true, cleared: true });
    await expectNoWayInLeft(uid, email, PASSWORD, [cookie, token]);
    // The device's secret was replaced by the upgrade's password, which is gone too.
    expect(
      (
        await call(t.app, 'POST', '/api/auth/signin', {
          body: { email: guest.body.me.email, password: guest.body.secret },
        })
      ).status,
    ).toBe(401);
  });

  it('a password sign-in under way when the owner claims the account keeps no session', async () => {
    const email = uniqueEmail('victim');
    await signUp(t.app, email);
    // The first comer signs in: their password is read, then the owner's link claims the
    // account (its transaction ends every session) while the password is being checked.
    let claimed: Promise<unknown> | undefined;
    const users = {
      ...t.store.users,
      findByEmail: async (address: string) => {
        const found = await t.store.users.findByEmail(address);
        claimed ??= linkSignIn(email);
        await claimed;
        return found;
      },
    };
    const auth = authService({
      users,
      sessions: t.store.sessions,
      config: t.config,
      now: Date.now,
    });
    const late = await auth.signIn({ email, password: PASSWORD }).catch((e: unknown) => e);
    expect(await claimed).toMatchObject({ body: { cleared: true } });
    if (late && typeof late === 'object' && 'token' in late) {
      expect(await status({ cookie: `rada_session=${String(late.token)}` })).toBe(401);
    } else {
      expect(late).toMatchObject({ key: 'auth.error.badcredentials' });
    }
  });

  it('a password change under way when the owner claims the account sets no password', async () => {
    const email = uniqueEmail('victim');
    const squatter = await signUp(t.app, email);
    // The first comer changes the password from their session: the current one is read and
    // checked, and the owner's link claims the account before the new one is stored.
    let claimed: Promise<unknown> | undefined;
    const users = {
      ...t.store.users,
      findById: async (id: string) => {
        const found = await t.store.users.findById(id);
        claimed ??= linkSignIn(email);
        await claimed;
        return found;
      },
    };
    const sessions = sessionService({ sessions: t.store.sessions, users, now: Date.now });
    const token = squatter.cookie.replace(/^rada_session=/, '');
    const next = 'the first comer’s new password';
    await sessions
      .changePassword({ uid: squatter.uid } as never, { current: PASSWORD, next }, token)
      .catch(() => undefined);
    expect(await claimed).toMatchObject({ body: { cleared: true } });
    expect((await t.store.users.findById(squatter.uid))?.password_hash).toBeNull();
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: next },
    });
    expect(signin.status).toBe(401);
  });

  it('an API token made across the owner’s claim of the account does not outlive it', async () => {
    const email = uniqueEmail('victim');
    const squatter = await signUp(t.app, email);
    // The first comer's session was seen, then the claim ends it before the token is stored.
    let claimed: Promise<unknown> | undefined;
    const sessions = {
      ...t.store.sessions,
      create: async (row: Parameters<typeof t.store.sessions.create>[0]) => {
        claimed ??= linkSignIn(email);
        await claimed;
        return t.store.sessions.create(row);
      },
    };
    const auth = authService({ users: t.store.users, sessions, config: t.config, now: Date.now });
    const token = squatter.cookie.replace(/^rada_session=/, '');
    const made = await auth
      .createToken({ uid: squatter.uid } as never, 'script', token)
      .catch(() => undefined);
    expect(await claimed).toMatchObject({ body: { cleared: true } });
    if (made) expect(await status({ bearer: made.token })).toBe(401);
    expect((await t.store.sessions.listOf(squatter.uid)).every((r) => r.kind === 'browser')).toBe(
      true,
    );
  });

  it('leaves a proven account, and a link opened in the account’s own session, as they are', async () => {
    const email = uniqueEmail('owner');
    const user = await signUp(t.app, email);
    // Opened in a browser signed in to the account: its holder has the mailbox too.
    await call(t.app, 'POST', '/api/auth/email-link', { body: { email } });
    const own = await call<LinkSignInAnswer>(t.app, 'POST', '/api/auth/email-link/signin', {
      as: user,
      body: { token: smtp.lastToken(email), email },
    });
    expect(own.body).toMatchObject({ emailVerified: true, hasPassword: true });
    expect(own.body.cleared).toBeUndefined();
    expect(await status(user)).toBe(200);
    // Proven now: another link elsewhere signs in beside the password.
    const elsewhere = await linkSignIn(email);
    expect(elsewhere.body.cleared).toBeUndefined();
    expect(await status(user)).toBe(200);
    expect(await signIn(t.app, email)).toMatch(/^rada_session=/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me, OneTapNonce, PublicConfig } from '@rada/core';
import { ONE_TAP_NONCE_TTL_MS } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { sessionCookie, signUp, uniqueEmail } from '../test/factories.ts';
import { startTestIdTokenIssuer } from '../test/idTokenIssuer.ts';
import type { TestIdTokenIssuer } from '../test/idTokenIssuer.ts';
import { loadConfig } from '../config.ts';
import { oneTapInfo } from './oidcConfig.ts';

const PUBLIC_URL = 'https://rada.example.org';
const GSI = [
  'https://accounts.google.com/gsi/client',
  'https://accounts.google.com/gsi/style',
  'https://accounts.google.com/gsi/',
];

describe('One Tap configuration', () => {
  const google = {
    PUBLIC_URL,
    OIDC_PROVIDERS: 'google,idp',
    OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
    OIDC_GOOGLE_CLIENT_ID: 'gid.apps.googleusercontent.com',
    OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    OIDC_IDP_ISSUER: 'https://idp.example.org',
    OIDC_IDP_CLIENT_ID: 'id2',
    OIDC_IDP_CLIENT_SECRET: 'secret2',
  };
  it('is on by default for Google’s issuer only, and for one provider at most', () => {
    expect(loadConfig(google).oneTap).toBe('google');
    expect(oneTapInfo(loadConfig(google))).toEqual({
      provider: 'google',
      clientId: 'gid.apps.googleusercontent.com',
    });
    expect(loadConfig({ ...google, OIDC_GOOGLE_ONE_TAP: 'false' }).oneTap).toBeNull();
    expect(loadConfig({ ...google, OIDC_PROVIDERS: 'idp' }).oneTap).toBeNull();
    expect(
      loadConfig({ ...google, OIDC_GOOGLE_ONE_TAP: 'false', OIDC_IDP_ONE_TAP: 'true' }).oneTap,
    ).toBe('idp');
    expect(() => loadConfig({ ...google, OIDC_IDP_ONE_TAP: 'true' })).toThrow(/google and idp/);
    expect(() => loadConfig({ ...google, OIDC_GOOGLE_ONE_TAP: 'yes' })).toThrow(/ONE_TAP/);
    expect(loadConfig({}).oneTap).toBeNull();
  });
});

describe.each(testDialects())('Google One Tap on $name', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let idp: TestIdTokenIssuer;
  beforeAll(async () => {
    idp = await startTestIdTokenIssuer();
    const oidc = [idp.provider];
    t = await buildTestApp(dialect, { publicUrl: PUBLIC_URL, oidc, oneTap: 'google' });
    // The same provider without One Tap: no routes, no config, no CSP additions.
    off = await buildTestApp(dialect, { publicUrl: PUBLIC_URL, oidc, oneTap: null });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await idp?.close();
  });

  const nonce = async (app = t) => {
    const res = await call<OneTapNonce>(app.app, 'POST', '/api/auth/onetap/nonce');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.nonce;
  };
  const send = (credential: string, app = t) =>
    call<Me>(app.app, 'POST', '/api/auth/onetap', { body: { credential } });
  /** A Google-like account's claims; `sub` is stable per email. */
  const claims = (email: string, more: Record<string, unknown> = {}) => ({
    sub: `g-${email}`,
    email,
    email_verified: true,
    name: 'One Tapper',
    ...more,
  });

  it('tells the web app, and the CSP lets Google Identity Services in', async () => {
    const res = await call<PublicConfig>(t.app, 'GET', '/api/config');
    expect(res.body.oneTap).toEqual({ provider: 'google', clientId: idp.clientId });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(csp).toContain(
      "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style;",
    );
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/;');
    expect(csp).toMatch(
      /connect-src 'self' https: wss:\/\/rada\.example\.org https:\/\/accounts\.google\.com\/gsi\/;/,
    );

    const plain = await call<PublicConfig>(off.app, 'GET', '/api/config');
    expect(plain.body.oneTap).toBeNull();
    const offCsp = String(plain.headers['content-security-policy']);
    for (const source of GSI) expect(offCsp).not.toContain(source);
    expect(offCsp).toContain("frame-src 'none';");
  });

  it('answers 404 without One Tap', async () => {
    const n = await call(off.app, 'POST', '/api/auth/onetap/nonce');
    expect([n.status, errorOf(n)]).toEqual([404, 'auth.error.oidcprovider']);
    const credential = await idp.mint({ ...claims(uniqueEmail('off')), nonce: 'x' });
    const s = await send(credential, off);
    expect([s.status, errorOf(s)]).toEqual([404, 'auth.error.oidcprovider']);
  });

  it('signs up with a valid ID token, signs in again with the next, and refuses a replay', async () => {
    const email = uniqueEmail('onetap');
    const n = await nonce();
    const row = await t.handle.db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('id', '=', n)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'onetap', user_id: null });
    expect(row.expires_at).toBe(t.clock.t + ONE_TAP_NONCE_TTL_MS);

    const credential = await idp.mint({ ...claims(email.toUpperCase()), nonce: n });
    const res = await send(credential);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email, displayName: 'One Tapper' });
    const cookie = sessionCookie(res.headers['set-cookie']);
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
    expect(me.body.uid).toBe(res.body.uid);
    const ids = await t.store.oidc.identitiesOf(res.body.uid);
    expect(ids.map((i) => [i.provider, i.subject])).toEqual([
      ['google', `g-${email.toUpperCase()}`],
    ]);

    // The same token again: its nonce was taken.
    const replay = await send(credential);
    expect([replay.status, errorOf(replay)]).toEqual([401, 'auth.error.onetap']);

    const again = await send(
      await idp.mint({ ...claims(email.toUpperCase()), nonce: await nonce() }),
    );
    expect(again.status).toBe(200);
    expect(again.body.uid).toBe(res.body.uid);
  });

  it('joins an existing account only when the provider verified the email', async () => {
    const existing = await signUp(t.app, uniqueEmail('existing'));
    // A password account's address is unproven: no provider's sign-in joins it (oidc.service.ts).
    const unproven = await send(
      await idp.mint({ ...claims(existing.email), nonce: await nonce() }),
    );
    expect([unproven.status, errorOf(unproven)]).toEqual([400, 'auth.error.oidcemailtaken']);
    // Its owner proves it (a sign-in link by email does this).
    await t.handle.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', existing.uid)
      .execute();
    const unverified = await send(
      await idp.mint({
        ...claims(existing.email, { email_verified: false }),
        nonce: await nonce(),
      }),
    );
    expect([unverified.status, errorOf(unverified)]).toEqual([400, 'auth.error.oidcemailtaken']);
    expect(await t.store.oidc.identitiesOf(existing.uid)).toEqual([]);

    const verified = await send(
      await idp.mint({ ...claims(existing.email), nonce: await nonce() }),
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.uid).toBe(existing.uid);
  });

  it('refuses a wrong audience, issuer, an expired token, a forged signature and bad nonces', async () => {
    const email = uniqueEmail('refused');
    const refused = async (credential: string) => {
      const res = await send(credential);
      expect([res.status, errorOf(res)]).toEqual([401, 'auth.error.onetap']);
    };
    await refused(
      await idp.mint({ ...claims(email), aud: 'another-client', nonce: await nonce() }),
    );
    await refused(
      await idp.mint({
        ...claims(email),
        iss: 'https://accounts.google.com',
        nonce: await nonce(),
      }),
    );
    await refused(
      await idp.mint({ ...claims(email), nonce: await nonce() }, { now: t.clock.t - 2 * 3600_000 }),
    );
    await refused(await idp.mint({ ...claims(email), nonce: await nonce() }, { sign: 'other' }));
    await refused(await idp.mint(claims(email)));
    await refused(await idp.mint({ ...claims(email), nonce: 'never-given-out' }));
    // A nonce past its time.
    const late = await nonce();
    t.clock.t += ONE_TAP_NONCE_TTL_MS + 1;
    await refused(await idp.mint({ ...claims(email), nonce: late }, { now: t.clock.t }));
    // A passkey ceremony's challenge is not a One Tap nonce.
    await t.store.passkeys.addChallenge({
      id: 'passkey-challenge',
      purpose: 'passkey-signin',
      user_id: null,
      expires_at: t.clock.t + 60_000,
    });
    await refused(
      await idp.mint({ ...claims(email), nonce: 'passkey-challenge' }, { now: t.clock.t }),
    );
    // None of them made an account.
    expect(await t.store.users.findByEmail(email)).toBeUndefined();
    // Not a JWT at all.
    const junk = await call(t.app, 'POST', '/api/auth/onetap', { body: { credential: 'abc' } });
    expect([junk.status, errorOf(junk)]).toEqual([400, 'error.validation']);
  });
});

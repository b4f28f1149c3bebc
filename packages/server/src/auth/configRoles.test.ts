import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestAnswer, Me, UserRecord } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signUp, uniqueEmail } from '../test/factories.ts';
import { startTestOidcProvider } from '../test/oidcProvider.ts';
import type { TestOidcProvider } from '../test/oidcProvider.ts';

const PUBLIC_URL = 'https://rada.example.org';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/test/callback`;

// Issue 33 item 3: SUPERADMIN_EMAILS and PLATFORM_OWNER_EMAIL name addresses; they grant their
// roles only to an account that proved its address, whichever way it was made.
describe.each(testDialects())('roles by configuration on $name', (dialect) => {
  const bySignUp = uniqueEmail('boss-signup');
  const byGuest = uniqueEmail('boss-guest');
  const byProvider = uniqueEmail('boss-oidc');
  const owner = uniqueEmail('owner');
  let t: TestApp;
  let idp: TestOidcProvider;
  let bystander: { email: string };
  beforeAll(async () => {
    idp = await startTestOidcProvider([CALLBACK]);
    t = await buildTestApp(dialect, {
      superAdminEmails: [bySignUp, byGuest, byProvider],
      platformOwnerEmail: owner,
      publicUrl: PUBLIC_URL,
      oidc: [
        {
          id: 'test',
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          label: 'Test IdP',
          icon: null,
        },
      ],
    });
    bystander = await signUp(t.app, uniqueEmail('bystander'));
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const me = async (as: Caller) => (await call<Me>(t.app, 'GET', '/api/auth/me', { as })).body;
  /** What a super admin may and others may not: the creators list, anyone's email by search. */
  async function expectSuperAdmin(as: Caller, yes: boolean) {
    expect((await me(as)).superAdmin).toBe(yes);
    expect((await call(t.app, 'GET', '/api/admin/creators', { as })).status).toBe(yes ? 200 : 403);
    const found = await call<UserRecord[]>(t.app, 'GET', '/api/users?s=bystander', { as });
    expect(Array.isArray(found.body) && found.body.some((u) => u.email === bystander.email)).toBe(
      yes,
    );
  }
  const prove = (uid: string) => t.store.users.markEmailVerified(uid);

  it('a password sign-up with a configured address gets no role until it proves it', async () => {
    const boss = await signUp(t.app, bySignUp);
    await expectSuperAdmin(boss, false);
    await prove(boss.uid);
    await expectSuperAdmin(boss, true);

    const o = await signUp(t.app, owner);
    expect((await me(o)).platformOwner).toBe(false);
    await prove(o.uid);
    expect((await me(o)).platformOwner).toBe(true);
  });

  it('a guest upgraded to a configured address gets no role until it proves it', async () => {
    const guest = await call<GuestAnswer>(t.app, 'POST', '/api/auth/guest');
    const as = { cookie: sessionCookie(guest.headers['set-cookie']) };
    const upgraded = await call<Me>(t.app, 'POST', '/api/auth/upgrade', {
      as,
      body: { email: byGuest, password: PASSWORD, displayName: 'Boss?' },
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.superAdmin).toBe(false);
    await expectSuperAdmin(as, false);
    await prove(upgraded.body.uid);
    await expectSuperAdmin(as, true);
  });

  it('a provider that does not vouch for a configured address makes an account without the role', async () => {
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/test/start' });
    const flow = /rada_oidc=[^;]+/.exec(String(started.headers['set-cookie']))![0];
    const returned = new URL(
      await idp.authorize(String(started.headers.location), `unverified:${byProvider}`),
    );
    const back = await t.app.inject({
      method: 'GET',
      url: returned.pathname + returned.search,
      headers: { cookie: flow },
    });
    const session = /rada_session=[^;]+/.exec(String(back.headers['set-cookie']))?.[0];
    expect(session, String(back.headers.location)).toBeTruthy();
    const as = { cookie: session! };
    expect(await me(as)).toMatchObject({ email: byProvider, emailVerified: false });
    await expectSuperAdmin(as, false);
    await prove((await me(as)).uid);
    await expectSuperAdmin(as, true);
  });
});

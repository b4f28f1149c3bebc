import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityView, Me, OidcLinkStart, PublicConfig } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { signUp, uniqueEmail } from '../test/factories.ts';
import { startTestOidcProvider } from '../test/oidcProvider.ts';
import type { TestOidcProvider } from '../test/oidcProvider.ts';
import { tokenHash } from '../db/ids.ts';
import { loadConfig } from '../config.ts';
import type { Store } from '../db/store.ts';
import { oidcService } from './oidc.service.ts';

const PUBLIC_URL = 'https://rada.example.org';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/test/callback`;

/** The `name=value` of cookie `name` among an answer's Set-Cookie headers, or null. */
function cookieOf(setCookie: string | string[] | number | undefined, name: string): string | null {
  const all = Array.isArray(setCookie) ? setCookie : [String(setCookie ?? '')];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found ? (found.split(';')[0] ?? null) : null;
}

describe('OIDC configuration', () => {
  const env = {
    PUBLIC_URL,
    OIDC_PROVIDERS: 'google, my-idp',
    OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
    OIDC_GOOGLE_CLIENT_ID: 'id',
    OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    OIDC_GOOGLE_LABEL: 'Google',
    OIDC_GOOGLE_ICON: 'https://example.org/g.svg',
    OIDC_MY_IDP_ISSUER: 'https://idp.example.org/realms/x',
    OIDC_MY_IDP_CLIENT_ID: 'id2',
    OIDC_MY_IDP_CLIENT_SECRET: 'secret2',
  };
  it('reads any number of providers and refuses what cannot work', () => {
    expect(loadConfig(env).oidc).toEqual([
      {
        id: 'google',
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'secret',
        label: 'Google',
        icon: 'https://example.org/g.svg',
      },
      {
        id: 'my-idp',
        issuer: 'https://idp.example.org/realms/x',
        clientId: 'id2',
        clientSecret: 'secret2',
        label: 'my-idp',
        icon: null,
      },
    ]);
    expect(loadConfig({}).oidc).toEqual([]);
    expect(() => loadConfig({ ...env, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...env, OIDC_GOOGLE_CLIENT_SECRET: '' })).toThrow(
      /OIDC_GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...env, OIDC_GOOGLE_ICON: 'javascript:alert(1)' })).toThrow(/ICON/);
  });
});

describe.each(testDialects())('OpenID Connect sign-in on $name', (dialect) => {
  let t: TestApp;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    idp = await startTestOidcProvider([CALLBACK]);
    t = await buildTestApp(dialect, {
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
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** GET /start as a browser: the provider's URL and the flow cookie. */
  const start = async (returnTo = '/events') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/test/start?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(res.statusCode, res.body).toBe(302);
    const flowCookie = cookieOf(res.headers['set-cookie'], 'rada_oidc');
    expect(flowCookie).toBeTruthy();
    return { url: new URL(String(res.headers.location)), flowCookie: flowCookie! };
  };
  /** The provider's return, opened in a browser with `cookie`. */
  const back = async (returned: URL, cookie: string) => {
    expect(returned.href.startsWith(CALLBACK)).toBe(true);
    const res = await t.app.inject({
      method: 'GET',
      url: returned.pathname + returned.search,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(302);
    return {
      location: String(res.headers.location),
      session: cookieOf(res.headers['set-cookie'], 'rada_session'),
    };
  };
  /** The whole flow as `login` at the provider. */
  const signInAs = async (login: string, returnTo = '/events') => {
    const started = await start(returnTo);
    return back(await idp.authorize(started.url.href, login), started.flowCookie);
  };
  const meOf = async (cookie: string) =>
    (await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } })).body;

  it('lists the provider in the public configuration', async () => {
    const res = await call<PublicConfig>(t.app, 'GET', '/api/config');
    expect(res.body.oidc).toEqual([{ id: 'test', label: 'Test IdP', icon: null }]);
  });

  it('signs up through the provider with PKCE S256, state and nonce, then signs in again', async () => {
    const email = uniqueEmail('oidc');
    const started = await start('/events/abc?x=1');
    const q = started.url.searchParams;
    expect(started.url.href.startsWith(idp.issuer)).toBe(true);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('code_challenge_method')).toBe('S256');
    const state = q.get('state')!;
    const flow = await t.handle.db
      .selectFrom('oidc_flows')
      .selectAll()
      .where('id', '=', tokenHash(state))
      .executeTakeFirstOrThrow();
    // The challenge is the stored verifier's SHA-256; the state itself is not stored.
    expect(q.get('code_challenge')).toBe(
      createHash('sha256').update(flow.code_verifier).digest('base64url'),
    );
    expect(q.get('nonce')).toBe(flow.nonce);
    expect(flow.return_to).toBe('/events/abc?x=1');

    const done = await back(await idp.authorize(started.url.href, email), started.flowCookie);
    expect(done.location).toBe('/events/abc?x=1');
    expect(done.session).toBeTruthy();
    const me = await meOf(done.session!);
    expect(me).toMatchObject({
      email,
      displayName: `${email.split('@')[0]} OIDC`,
      emailVerified: true,
    });

    const again = await signInAs(email);
    expect((await meOf(again.session!)).uid).toBe(me.uid);
    const ids = await call<IdentityView[]>(t.app, 'GET', '/api/auth/identities', {
      as: { cookie: again.session! },
    });
    expect(ids.body).toEqual([{ provider: 'test', email, createdAt: expect.any(Number) }]);
  });

  it('refuses a state used twice, an unknown state and another browser’s return', async () => {
    const started = await start();
    const returned = await idp.authorize(started.url.href, uniqueEmail('replay'));
    const first = await back(returned, started.flowCookie);
    expect(first.session).toBeTruthy();
    const second = await back(returned, started.flowCookie);
    expect(second).toEqual({ location: '/?signin_error=auth.error.oidcstate', session: null });

    const tampered = new URL(returned);
    const other = await start();
    tampered.searchParams.set('state', `${other.url.searchParams.get('state')}x`);
    expect((await back(tampered, other.flowCookie)).location).toBe(
      '/?signin_error=auth.error.oidcstate',
    );

    // A valid return opened in a browser that did not start it (a login CSRF) signs no one in.
    const victim = await start();
    const attackerReturn = await idp.authorize(victim.url.href, uniqueEmail('csrf'));
    const elsewhere = await back(attackerReturn, 'rada_oidc=something-else');
    expect(elsewhere).toEqual({ location: '/?signin_error=auth.error.oidcstate', session: null });
  });

  it('refuses an ID token whose nonce is not the flow’s', async () => {
    const started = await start();
    const state = started.url.searchParams.get('state')!;
    await t.handle.db
      .updateTable('oidc_flows')
      .set({ nonce: 'another-nonce' })
      .where('id', '=', tokenHash(state))
      .execute();
    const done = await back(
      await idp.authorize(started.url.href, uniqueEmail('nonce')),
      started.flowCookie,
    );
    expect(done).toEqual({ location: '/?signin_error=auth.error.oidc', session: null });
  });

  it('needs the PKCE verifier: a wrong one, or none, does not redeem the code', async () => {
    const started = await start();
    const state = started.url.searchParams.get('state')!;
    await t.handle.db
      .updateTable('oidc_flows')
      .set({ code_verifier: 'x'.repeat(43) })
      .where('id', '=', tokenHash(state))
      .execute();
    const done = await back(
      await idp.authorize(started.url.href, uniqueEmail('pkce')),
      started.flowCookie,
    );
    expect(done).toEqual({ location: '/?signin_error=auth.error.oidc', session: null });

    // Someone who caught the code and has the client's secret still lacks the verifier.
    const caught = await start();
    const code = (await idp.authorize(caught.url.href, uniqueEmail('pkce2'))).searchParams.get(
      'code',
    )!;
    const discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as { token_endpoint: string };
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${idp.clientId}:${idp.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('links to an existing account by a verified email only, and only when the account proved it', async () => {
    const owner = await signUp(t.app, uniqueEmail('verified'));
    // Anyone may sign up with a password under any address: such an account is not joined.
    const unproven = await signInAs(owner.email);
    expect(unproven).toEqual({
      location: '/?signin_error=auth.error.oidcemailtaken',
      session: null,
    });
    // Once a link mailed to the address was opened (here: marked so), the provider joins it.
    await t.store.users.markEmailVerified(owner.uid);
    const verified = await signInAs(owner.email);
    expect((await meOf(verified.session!)).uid).toBe(owner.uid);

    const other = await signUp(t.app, uniqueEmail('unverified'));
    const unverified = await signInAs(`unverified:${other.email}`);
    expect(unverified).toEqual({
      location: '/?signin_error=auth.error.oidcemailtaken',
      session: null,
    });
    const ids = await t.handle.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', other.uid)
      .execute();
    expect(ids).toEqual([]);

    // An unverified address that no account has makes a new account.
    const fresh = uniqueEmail('fresh');
    const made = await signInAs(`unverified:${fresh}`);
    expect(await meOf(made.session!)).toMatchObject({ email: fresh, emailVerified: false });

    expect((await signInAs('noemail:carol')).location).toBe(
      '/?signin_error=auth.error.oidcnoemail',
    );
  });

  it('keeps returnTo on this site', async () => {
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'x']) {
      const started = await start(evil);
      const flow = await t.handle.db
        .selectFrom('oidc_flows')
        .select('return_to')
        .where('id', '=', tokenHash(started.url.searchParams.get('state')!))
        .executeTakeFirstOrThrow();
      expect(flow.return_to).toBe('/');
    }
  });

  it('links and unlinks from the account page, never another’s identity nor the last way in', async () => {
    const user = await signUp(t.app, uniqueEmail('linker'));
    const idpLogin = uniqueEmail('elsewhere');

    expect((await call(t.app, 'POST', '/api/auth/oidc/test/link')).status).toBe(401);
    expect(errorOf(await call(t.app, 'POST', '/api/auth/oidc/nope/link', { as: user }))).toBe(
      'auth.error.oidcprovider',
    );

    const link = await call<OidcLinkStart>(t.app, 'POST', '/api/auth/oidc/test/link', {
      as: user,
    });
    expect(link.status).toBe(200);
    const flowCookie = cookieOf(link.headers['set-cookie'], 'rada_oidc')!;
    const returned = await idp.authorize(link.body.url, idpLogin);
    // The link completes only in the linking user's own signed-in browser.
    const linked = await back(returned, `${flowCookie}; ${user.cookie}`);
    expect(linked).toEqual({ location: '/account', session: null });
    const ids = await call<IdentityView[]>(t.app, 'GET', '/api/auth/identities', { as: user });
    expect(ids.body.map((i) => [i.provider, i.email])).toEqual([['test', idpLogin]]);
    // That provider account now signs in to this user (its email differs from the account's).
    expect((await meOf((await signInAs(idpLogin)).session!)).uid).toBe(user.uid);

    // Another user cannot take the identity over.
    const thief = await signUp(t.app, uniqueEmail('thief'));
    const steal = await call<OidcLinkStart>(t.app, 'POST', '/api/auth/oidc/test/link', {
      as: thief,
    });
    const stolen = await back(
      await idp.authorize(steal.body.url, idpLogin),
      `${cookieOf(steal.headers['set-cookie'], 'rada_oidc')}; ${thief.cookie}`,
    );
    expect(stolen.location).toBe('/account?link_error=auth.error.oidclinked');

    // A link flow finished without the linking user's session links nothing.
    const started = await call<OidcLinkStart>(t.app, 'POST', '/api/auth/oidc/test/link', {
      as: thief,
    });
    const anonymous = await back(
      await idp.authorize(started.body.url, uniqueEmail('nobody')),
      cookieOf(started.headers['set-cookie'], 'rada_oidc')!,
    );
    expect(anonymous.location).toBe('/account?link_error=auth.error.oidcstate');
    expect(
      (await call<IdentityView[]>(t.app, 'GET', '/api/auth/identities', { as: thief })).body,
    ).toEqual([]);

    // Unlinking: the owner only (another user's delete finds nothing of theirs).
    expect((await call(t.app, 'GET', '/api/auth/identities')).status).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/auth/identities/test')).status).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/auth/identities/test', { as: thief })).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', '/api/auth/identities/test', { as: user })).status).toBe(
      204,
    );
    expect(
      (await call<IdentityView[]>(t.app, 'GET', '/api/auth/identities', { as: user })).body,
    ).toEqual([]);
  });

  it('forgets the identities of a deleted account', async () => {
    const email = uniqueEmail('gone');
    const first = await signInAs(email);
    const uid = (await meOf(first.session!)).uid;
    const deleted = await call(t.app, 'DELETE', '/api/account', {
      as: { cookie: first.session! },
      body: { confirm: email },
    });
    expect(deleted.status).toBe(204);
    const again = await signInAs(email);
    const me = await meOf(again.session!);
    expect(me.email).toBe(email);
    expect(me.uid).not.toBe(uid);
  });

  it('links nothing when the linking session ended during the code exchange (a claim of the account)', async () => {
    const user = await signUp(t.app, uniqueEmail('squatter'));
    const token = user.cookie.replace(/^rada_session=/, '');
    // The address's owner claims the account (every session and provider goes) while the
    // provider's code is being exchanged, after the callback saw the linking session.
    const store: Store = {
      ...t.store,
      transaction: async (fn) => {
        await t.store.transaction((repos) => repos.users.claimByAddressOwner(user.uid));
        return t.store.transaction(fn);
      },
    };
    const oidc = oidcService({
      store,
      auth: { actorFor: () => Promise.resolve({}) as never },
      providers: t.config.oidc,
      publicUrl: PUBLIC_URL,
      signupOpen: true,
      waysIn: { emailLinks: false, phoneCodes: false },
      now: Date.now,
    });
    const started = await oidc.start('test', '/account', user.uid);
    const returned = await idp.authorize(started.url, uniqueEmail('squatters-own'));
    const outcome = await oidc
      .callback(
        'test',
        returned.searchParams,
        started.state,
        { uid: user.uid, via: 'browser' } as never,
        undefined,
        token,
      )
      .catch((e: unknown) => e);
    expect(outcome).toMatchObject({ key: 'auth.error.oidcstate' });
    expect(await t.store.oidc.identitiesOf(user.uid)).toEqual([]);
  });

  it('refuses to unlink the last way in', async () => {
    const email = uniqueEmail('only');
    const done = await signInAs(email);
    const cookie = done.session!;
    const res = await call(t.app, 'DELETE', '/api/auth/identities/test', { as: { cookie } });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('auth.error.lastmethod');
    expect(
      (await call<IdentityView[]>(t.app, 'GET', '/api/auth/identities', { as: { cookie } })).body,
    ).toHaveLength(1);
  });
});

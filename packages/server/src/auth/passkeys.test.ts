import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_TTL_MS } from '@rada/core';
import type { Me, PasskeyView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { sessionCookie, signUp } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { softPasskey } from '../test/softAuthenticator.ts';
import type { SoftPasskey } from '../test/softAuthenticator.ts';
import type { Store } from '../db/store.ts';
import { passkeyService } from './passkey.service.ts';

const ORIGIN = 'https://rada.example.org';
const RP_ID = 'rada.example.org';

describe.each(testDialects())('passkeys on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { publicUrl: ORIGIN });
  });
  afterAll(() => t.close());

  const options = async (as: Caller) =>
    (
      await call<{ challenge: string; rp: { id: string } }>(
        t.app,
        'POST',
        '/api/auth/passkeys/options',
        { as },
      )
    ).body;
  /** Registers `key` for `user` through the API; answers the added passkey. */
  const register = async (user: TestUser, key: SoftPasskey, name = 'Laptop') => {
    const { challenge, rp } = await options(user);
    expect(rp.id).toBe(RP_ID);
    const res = await call<PasskeyView>(t.app, 'POST', '/api/auth/passkeys', {
      as: user,
      body: { name, credential: key.register(challenge, RP_ID, ORIGIN) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const signInOptions = async () =>
    (await call<{ challenge: string }>(t.app, 'POST', '/api/auth/passkey/options')).body.challenge;
  const signIn = (credential: unknown) =>
    call<Me>(t.app, 'POST', '/api/auth/passkey/signin', { body: { credential } });

  it('registers passkeys, signs in with one without a password, and lists when each was used', async () => {
    const user = await signUp(t.app);
    const laptop = softPasskey(user.uid);
    const phone = softPasskey(user.uid);
    const added = await register(user, laptop);
    expect(added).toMatchObject({ id: laptop.credentialId, name: 'Laptop', lastUsedAt: null });
    await register(user, phone, 'Phone');

    const res = await signIn(laptop.assert(await signInOptions(), RP_ID, ORIGIN));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.uid).toBe(user.uid);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } })).body.uid).toBe(
      user.uid,
    );

    const list = await call<PasskeyView[]>(t.app, 'GET', '/api/auth/passkeys', { as: user });
    expect(list.body.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(list.body[0]!.lastUsedAt).not.toBeNull();
    expect(list.body[1]!.lastUsedAt).toBeNull();
    // Its public key only: no secret leaves the server.
    expect(Object.keys(list.body[0]!).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
  });

  it('makes no session with a passkey removed while its signature was being checked', async () => {
    const user = await signUp(t.app);
    const key = softPasskey(user.uid);
    await register(user, key);
    // The key goes (its owner removes it, or the address's owner claims the account) after the
    // sign-in has read it and checked the signature, before the session is made.
    const store: Store = {
      ...t.store,
      users: {
        ...t.store.users,
        findById: async (id: string) => {
          await t.store.passkeys.deleteOwn(user.uid, key.credentialId);
          return t.store.users.findById(id);
        },
      },
    };
    const passkeys = passkeyService({
      store,
      auth: { actorFor: (u) => Promise.resolve({ uid: u.id }) as never },
      waysIn: { emailLinks: false, phoneCodes: false },
      now: Date.now,
    });
    const answer = key.assert(await signInOptions(), RP_ID, ORIGIN);
    const outcome = await passkeys
      .signIn({ credential: answer } as never, { id: RP_ID, origin: ORIGIN })
      .catch((e: unknown) => e);
    expect(outcome).toMatchObject({ key: 'auth.error.passkey', status: 401 });
    expect((await t.store.sessions.listOf(user.uid)).length).toBe(1);
  });

  it('stores no passkey whose registering session ended while it was being checked', async () => {
    const user = await signUp(t.app);
    const key = softPasskey(user.uid);
    const token = user.cookie.replace(/^rada_session=/, '');
    const { challenge } = await options(user);
    // The session ends (the address's owner claims the account, which ends every session and
    // removes every passkey) after the challenge was taken, before the key is stored.
    const store: Store = {
      ...t.store,
      passkeys: {
        ...t.store.passkeys,
        find: async (id: string) => {
          await t.store.sessions.deleteOwn(
            user.uid,
            (await t.store.sessions.listOf(user.uid))[0]!.public_id,
          );
          return t.store.passkeys.find(id);
        },
      },
    };
    const passkeys = passkeyService({
      store,
      auth: { actorFor: () => Promise.resolve({}) as never },
      waysIn: { emailLinks: false, phoneCodes: false },
      now: Date.now,
    });
    const outcome = await passkeys
      .add(
        { uid: user.uid, via: 'browser' } as never,
        { name: 'Late', credential: key.register(challenge, RP_ID, ORIGIN) } as never,
        { id: RP_ID, origin: ORIGIN },
        token,
      )
      .catch((e: unknown) => e);
    expect(outcome).toMatchObject({ status: 401 });
    expect(await t.store.passkeys.listOf(user.uid)).toEqual([]);
  });

  it('takes each challenge once: a replayed sign-in or registration is refused', async () => {
    const user = await signUp(t.app);
    const key = softPasskey(user.uid);
    await register(user, key);
    const answer = key.assert(await signInOptions(), RP_ID, ORIGIN);
    expect((await signIn(answer)).status).toBe(200);
    const replay = await signIn(answer);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'auth.error.passkey' });

    const other = softPasskey(user.uid);
    const { challenge } = await options(user);
    const credential = other.register(challenge, RP_ID, ORIGIN);
    const body = { name: 'Tablet', credential };
    expect((await call(t.app, 'POST', '/api/auth/passkeys', { as: user, body })).status).toBe(201);
    const again = await call(t.app, 'POST', '/api/auth/passkeys', { as: user, body });
    expect(again.status).toBe(400);
  });

  it("refuses another site's answer, another account's challenge, an expired one and a forged signature", async () => {
    const user = await signUp(t.app);
    const intruder = await signUp(t.app);
    const key = softPasskey(user.uid);
    await register(user, key);

    // A phishing page's origin (its RP id hash differs too).
    const phished = await signIn(
      key.assert(await signInOptions(), 'rada.example.org.evil', 'https://rada.example.org.evil'),
    );
    expect(phished.status).toBe(401);
    const wrongOrigin = await signIn(
      key.assert(await signInOptions(), RP_ID, 'https://evil.example'),
    );
    expect(wrongOrigin.status).toBe(401);

    // The user's registration challenge answered by another account.
    const { challenge } = await options(user);
    const stolen = await call(t.app, 'POST', '/api/auth/passkeys', {
      as: intruder,
      body: { name: 'x', credential: softPasskey().register(challenge, RP_ID, ORIGIN) },
    });
    expect(stolen.status).toBe(400);

    const late = await signInOptions();
    t.clock.t += PASSKEY_CHALLENGE_TTL_MS + 1;
    expect((await signIn(key.assert(late, RP_ID, ORIGIN))).status).toBe(401);

    // Signed by another key under this credential's id.
    const forger = softPasskey(user.uid);
    const forged = forger.assert(await signInOptions(), RP_ID, ORIGIN);
    expect(
      (await signIn({ ...forged, id: key.credentialId, rawId: key.credentialId })).status,
    ).toBe(401);
    // An unknown credential.
    expect((await signIn(softPasskey().assert(await signInOptions(), RP_ID, ORIGIN))).status).toBe(
      401,
    );
    // Malformed.
    expect(
      (await call(t.app, 'POST', '/api/auth/passkey/signin', { body: { credential: { id: 'x' } } }))
        .status,
    ).toBe(400);
  });

  it('lets only the signed-in owner, in a browser, see, add and remove passkeys', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const key = softPasskey(user.uid);
    const added = await register(user, key);
    for (const [method, url] of [
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/options'],
      ['DELETE', `/api/auth/passkeys/${added.id}`],
    ] as const) {
      expect((await call(t.app, method, url)).status, `${method} ${url}`).toBe(401);
    }
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'script' },
    });
    const bearer = { bearer: token.body.token };
    expect((await call(t.app, 'POST', '/api/auth/passkeys/options', { as: bearer })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'DELETE', `/api/auth/passkeys/${added.id}`, { as: bearer })).status,
    ).toBe(403);
    // Someone else's passkey is not found for them; their list does not show it.
    expect(
      (await call(t.app, 'DELETE', `/api/auth/passkeys/${added.id}`, { as: other })).status,
    ).toBe(404);
    expect(
      (await call<PasskeyView[]>(t.app, 'GET', '/api/auth/passkeys', { as: other })).body,
    ).toEqual([]);

    expect(
      (await call(t.app, 'DELETE', `/api/auth/passkeys/${added.id}`, { as: user })).status,
    ).toBe(204);
    expect((await signIn(key.assert(await signInOptions(), RP_ID, ORIGIN))).status).toBe(401);
  });

  it('keeps a way in: the last passkey of an account without a password or provider stays', async () => {
    const user = await signUp(t.app);
    const first = await register(user, softPasskey(user.uid));
    const second = await register(user, softPasskey(user.uid), 'Phone');
    await t.handle.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', user.uid)
      .execute();
    const remove = (id: string) =>
      call(t.app, 'DELETE', `/api/auth/passkeys/${encodeURIComponent(id)}`, { as: user });
    expect((await remove(first.id)).status).toBe(204);
    const last = await remove(second.id);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: 'auth.error.lastmethod' });
  });

  it("forgets an account's passkeys with the account", async () => {
    const user = await signUp(t.app);
    const key = softPasskey(user.uid);
    await register(user, key);
    const del = await call(t.app, 'DELETE', '/api/account', {
      as: user,
      body: { confirm: user.email },
    });
    expect(del.status).toBe(204);
    expect((await signIn(key.assert(await signInOptions(), RP_ID, ORIGIN))).status).toBe(401);
  });
});

describe('passkeys without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
  });
  afterAll(() => t.close());

  it('belong to the host the page was loaded from', async () => {
    const user = await signUp(t.app);
    const headers = { host: 'rogaine.example:8080' };
    const opts = await call<{ challenge: string; rp: { id: string } }>(
      t.app,
      'POST',
      '/api/auth/passkeys/options',
      { as: user, headers },
    );
    expect(opts.body.rp.id).toBe('rogaine.example');
    const key = softPasskey(user.uid);
    const added = await call(t.app, 'POST', '/api/auth/passkeys', {
      as: user,
      headers,
      body: {
        name: 'Phone',
        credential: key.register(
          opts.body.challenge,
          'rogaine.example',
          'http://rogaine.example:8080',
        ),
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });
});

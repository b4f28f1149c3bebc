import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestAnswer } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, uniqueEmail } from '../test/factories.ts';

// Issue 33, item 12: a guest could make API tokens, start adding a passkey and link a sign-in
// provider before the account had a real address; now only after saving the account.
describe.each(testDialects())('what a guest may not add on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const newGuest = async (): Promise<Caller> => {
    const res = await call<GuestAnswer>(t.app, 'POST', '/api/auth/guest');
    expect(res.status).toBe(201);
    return { cookie: sessionCookie(res.headers['set-cookie']) };
  };
  const tries = (as: Caller) => [
    call(t.app, 'POST', '/api/auth/tokens', { as, body: { name: 'script' } }),
    call(t.app, 'POST', '/api/auth/passkeys/options', { as }),
    call(t.app, 'POST', '/api/auth/passkeys', {
      as,
      body: {
        name: 'Phone',
        credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      },
    }),
    call(t.app, 'POST', '/api/auth/oidc/google/link', { as }),
  ];

  it('refuses a guest API tokens, passkeys and provider links (403 auth.error.guest)', async () => {
    const guest = await newGuest();
    for (const res of await Promise.all(tries(guest))) {
      expect([res.status, errorOf(res)]).toEqual([403, 'auth.error.guest']);
    }
    const sessions = await call<{ sessions: { kind: string }[] }>(
      t.app,
      'GET',
      '/api/auth/sessions',
      { as: guest },
    );
    expect(sessions.body.sessions.map((s) => s.kind)).toEqual(['browser']);
  });

  it('lets the guest make a token once the account is saved', async () => {
    const guest = await newGuest();
    const saved = await call(t.app, 'POST', '/api/auth/upgrade', {
      as: guest,
      body: { email: uniqueEmail('saved'), password: PASSWORD, displayName: 'Saved' },
    });
    expect(saved.status).toBe(200);
    const token = await call(t.app, 'POST', '/api/auth/tokens', {
      as: guest,
      body: { name: 'script' },
    });
    expect(token.status).toBe(201);
  });
});

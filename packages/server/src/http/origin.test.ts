import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { CallResult, Caller, TestApp } from '../test/app.ts';
import { PASSWORD, buildEvent, signUp, signUpCreator, uniqueShortlink } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';

// The Origin and content-type checks do not touch the database beyond the calls: one dialect.
const sqlite = testDialects()[0]!;

/** The Host the requests name, and so the server's own origin (no PUBLIC_URL). */
const HOST = 'rada.test:8080';
const OWN = `http://${HOST}`;

describe('writes from another site (issue 33, item 6)', () => {
  let t: TestApp;
  let creator: TestUser;
  let other: TestUser;
  let eventId: string;
  let bearer: string;

  beforeAll(async () => {
    t = await buildTestApp(sqlite, { allowedOrigins: ['https://partner.example'] });
    creator = await signUpCreator(t);
    other = await signUp(t.app);
    eventId = (await buildEvent(t.app, creator)).id;
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: creator,
      body: { name: 'cli' },
    });
    bearer = token.body.token;
  });
  afterAll(() => t.close());

  /** One state-changing request of each method, as `as` with these headers. */
  const writes: Record<string, (as: Caller, headers: Record<string, string>) => Promise<unknown>> =
    {
      POST: (as, headers) =>
        call(t.app, 'POST', '/api/events', {
          as,
          headers: { host: HOST, ...headers },
          body: {
            name: 'Cross-site event',
            shortlink: uniqueShortlink(),
            starttime: Date.now() + 86_400_000,
            endtime: Date.now() + 90_000_000,
          },
        }),
      PUT: (as, headers) =>
        call(t.app, 'PUT', `/api/events/${eventId}/admins/${other.uid}`, {
          as,
          headers: { host: HOST, ...headers },
        }),
      PATCH: (as, headers) =>
        call(t.app, 'PATCH', '/api/account', {
          as,
          headers: { host: HOST, ...headers },
          body: { displayName: 'Renamed' },
        }),
      DELETE: (as, headers) =>
        call(t.app, 'DELETE', `/api/events/${eventId}/admins/${other.uid}`, {
          as,
          headers: { host: HOST, ...headers },
        }),
    };
  const methods = Object.keys(writes);
  const send = async (method: string, as: Caller, headers: Record<string, string>) =>
    (await writes[method]!(as, headers)) as CallResult<unknown>;

  const refusals: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the same host on another port (same site)', { origin: 'http://rada.test:8081' }],
    ['the same host over another scheme', { origin: 'https://rada.test:8080' }],
    ['Origin null (a sandboxed frame, a file)', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['Origin null from a sandboxed frame', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ];

  for (const method of methods) {
    it.each(refusals)(
      `${method} with the session cookie and %s: 403 error.badorigin`,
      async (_, headers) => {
        const res = await send(method, creator, headers);
        expect([res.status, errorOf(res)]).toEqual([403, 'error.badorigin']);
      },
    );

    it(`${method} with the session cookie from the own origin, an allowed one, or no browser: done`, async () => {
      const allowed: Record<string, string>[] = [
        { origin: OWN },
        { origin: 'https://partner.example' },
        { 'sec-fetch-site': 'same-origin' },
        // A page of this origin whose request has referrerPolicy no-referrer: the spec's
        // Origin is "null" then, the browser still says same-origin.
        { origin: 'null', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ];
      for (const headers of allowed) {
        const res = await send(method, creator, headers);
        expect(res.status, JSON.stringify(headers)).toBeLessThan(300);
      }
    });

    it(`${method} with a bearer token is not a browser's: a foreign Origin does not matter`, async () => {
      const res = await send(method, { bearer }, { origin: 'https://evil.example' });
      expect(res.status).toBeLessThan(300);
    });
  }

  it('a sign-in from another site is refused too: it would sign the visitor in to its account', async () => {
    const signIn = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/api/auth/signin', {
        headers: { host: HOST, ...headers },
        body: { email: creator.email, password: PASSWORD },
      });
    for (const [, headers] of refusals) {
      const res = await signIn(headers);
      expect([res.status, errorOf(res)], JSON.stringify(headers)).toEqual([403, 'error.badorigin']);
    }
    expect((await signIn({ origin: OWN })).status).toBe(200);
    expect((await signIn({})).status).toBe(200);
  });

  it('reads (GET) are not checked', async () => {
    const res = await call(t.app, 'GET', `/api/events/${eventId}`, {
      as: creator,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});

describe('content types of request bodies (issue 33, item 6)', () => {
  let t: TestApp;
  let creator: TestUser;
  let eventId: string;

  beforeAll(async () => {
    t = await buildTestApp(sqlite);
    creator = await signUpCreator(t);
    eventId = (await buildEvent(t.app, creator)).id;
  });
  afterAll(() => t.close());

  const post = (url: string, type: string, body: string) =>
    call(t.app, 'POST', url, { as: creator, headers: { 'content-type': type }, body });

  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])(
    'a JSON route refuses a %s body with 415 error.mediatype, and does nothing',
    async (type) => {
      const archive = await post(`/api/events/${eventId}/archive`, type, '{}');
      expect([archive.status, errorOf(archive)]).toEqual([415, 'error.mediatype']);
      const create = await post(
        '/api/events',
        type,
        JSON.stringify({
          name: 'Plain',
          shortlink: uniqueShortlink(),
          starttime: Date.now() + 86_400_000,
          endtime: Date.now() + 90_000_000,
        }),
      );
      expect([create.status, errorOf(create)]).toEqual([415, 'error.mediatype']);
      const status = await call<{ state: string }>(t.app, 'GET', `/api/events/${eventId}/archive`, {
        as: creator,
      });
      expect(status.body).not.toMatchObject({ state: 'archived' });
    },
  );

  it('multipart and unknown types are 415 error.mediatype too', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'application/octet-stream']) {
      const res = await post(`/api/events/${eventId}/wheel/draw`, type, '--x--');
      expect([res.status, errorOf(res)], type).toEqual([415, 'error.mediatype']);
    }
  });

  it('JSON is taken as before', async () => {
    const res = await call(t.app, 'PATCH', '/api/account', {
      as: creator,
      body: { displayName: 'Still JSON' },
    });
    expect(res.status).toBe(200);
  });
});

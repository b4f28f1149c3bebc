import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, SendMessageResult } from '@rada/core';
import { JSON_MAX_DEPTH } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { UNLIMITED_RATES, buildTestApp, call, errorOf } from '../test/app.ts';
import type { CallResult, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  PASSWORD,
  buildEvent,
  importEvent,
  sessionCookie,
  signUp,
  signUpCreator,
  uniqueEmail,
  uniqueShortlink,
} from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { jsonDepthOver } from './limits.ts';

const MB = 1024 * 1024;

/** JSON text of `levels` nested arrays around a string. */
const nested = (levels: number) => '['.repeat(levels) + '"x"' + ']'.repeat(levels);

/** A request body that never ends: only a server that refuses before reading can answer. */
function endlessBody(): PassThrough {
  const body = new PassThrough();
  body.write('{"email":"');
  return body;
}

describe('jsonDepthOver', () => {
  it('counts array and object nesting, not brackets inside strings', () => {
    expect(jsonDepthOver('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonDepthOver('{"a":[[1]]}', 2)).toBe(true);
    expect(jsonDepthOver('["[[[[", "\\"[[[[", {}]', 2)).toBe(false);
    expect(jsonDepthOver(nested(10_000), JSON_MAX_DEPTH)).toBe(true);
    expect(jsonDepthOver(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
  });
});

describe.each(testDialects())('body size, nesting and text on $name', (dialect) => {
  let t: TestApp;
  let creator: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    creator = await signUpCreator(t);
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('answers 413 error.toolarge at once to a 2 MB anonymous sign-in, before reading it', async () => {
    const began = Date.now();
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * MB) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<ErrorBody>().error).toBe('error.toolarge');
    expect(Date.now() - began).toBeLessThan(2000);

    // Content-Length alone decides: this body never ends, yet the answer comes.
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * MB) },
      payload: endlessBody(),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json<ErrorBody>().error).toBe('error.toolarge');
  });

  it('refuses a large body on a file route before reading it unless the caller may send one', async () => {
    const post = (url: string, as: TestUser | null) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'content-length': String(5 * MB),
          ...(as ? { cookie: as.cookie } : {}),
        },
        payload: endlessBody(),
      });
    const routes = [
      '/api/events',
      '/api/devices/dev-1/uploads',
      '/api/events/ev/teams/team/track.gpx',
      '/api/events/ev/checkpoints/import',
    ];
    for (const url of routes) {
      const anonymous = await post(url, null);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json<ErrorBody>().error, url).toBe('error.unauthorized');
    }
    // Only a creator may send an event file of many megabytes, only an event's admins its files.
    const event = await buildEvent(t.app, creator);
    for (const url of [
      '/api/events',
      `/api/events/${event.id}/checkpoints/import`,
      `/api/events/${event.id}/teams/team/track.gpx`,
    ]) {
      const notAllowed = await post(url, user);
      expect(notAllowed.statusCode, url).toBe(403);
      expect(notAllowed.json<ErrorBody>().error, url).toBe('error.forbidden');
    }
  });

  it("reads a device's 2 MB upload from its owner only, refusing others before reading", async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const id = uniqueShortlink('upl');
    await importEvent(t, resultsEventFile(owner.uid, Date.now() + 3_600_000), id);
    await t.handle.db
      .insertInto('team_members')
      .values({ event_id: id, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' })
      .execute();
    const dev = `dev-big-${dialect.name}`;
    const reg = await call(t.app, 'PUT', `/api/devices/${dev}`, {
      as: member,
      body: { eventId: id },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const sent = await call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, {
      as: owner,
      body: { teamId: 'alpha', cmnd: 'sendLog' },
    });
    const messageId = sent.body.results[0]?.messageId;
    const body = { kind: 'log', messageId, content: 'log line\n'.repeat(MB / 4) };

    const other = await call(t.app, 'POST', `/api/devices/${dev}/uploads`, { as: user, body });
    expect([other.status, errorOf(other)]).toEqual([403, 'error.forbidden']);
    const own = await call(t.app, 'POST', `/api/devices/${dev}/uploads`, { as: member, body });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });

  it("reads an event admin's KP and GPX files of over 1 MB", async () => {
    const event = await buildEvent(t.app, creator);
    const kps = await call(t.app, 'POST', `/api/events/${event.id}/checkpoints/import`, {
      as: creator,
      body: { mode: 'add', checkpoints: [], pad: 'x'.repeat(2 * MB) },
    });
    // Read and validated (an unknown key), not refused for its size.
    expect([kps.status, errorOf(kps)]).toEqual([400, 'error.validation']);
    const gpx = await call(t.app, 'POST', `/api/events/${event.id}/teams/nosuch/track.gpx`, {
      as: creator,
      body: { gpx: `<gpx>${' '.repeat(2 * MB)}</gpx>` },
    });
    expect(gpx.status).not.toBe(413);
    expect(gpx.status).toBeLessThan(500);
    // The same from a signed-in stranger is refused for its size before anything else.
    const stranger = await call(t.app, 'POST', `/api/events/${event.id}/checkpoints/import`, {
      as: user,
      body: { mode: 'add', checkpoints: [], pad: 'x'.repeat(2 * MB) },
    });
    expect([stranger.status, errorOf(stranger)]).toEqual([403, 'error.forbidden']);
  });

  it('refuses a device id with a NUL on a file route with 400, not a failed look-up', async () => {
    // Found by the participant fuzz on PostgreSQL: no body, so no length, so the owner look-up ran
    // with the NUL and the database failed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices/%00/uploads',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toBe('error.validation');
  });

  it('caps an anonymous body without a length at the ordinary limit on a file route', async () => {
    const chunks = Array.from({ length: 3 }, () => Buffer.alloc(MB, 0x20));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices/dev-1/uploads',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().error).toBe('error.toolarge');
  });

  it('lets a creator make an event from a 3 MB event file, but nobody send 2 MB elsewhere', async () => {
    const template = { ...sampleEventFile(), futureTopLevel: { notes: 'n'.repeat(3 * MB) } };
    const created = await call(t.app, 'POST', '/api/events', {
      as: creator,
      body: {
        name: 'Big',
        shortlink: uniqueShortlink('big'),
        starttime: 0,
        endtime: null,
        template,
      },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);

    const patch = await call(t.app, 'POST', '/api/auth/tokens', {
      as: creator,
      body: { name: 'x'.repeat(2 * MB) },
    });
    expect(patch.status).toBe(413);
    expect(errorOf(patch)).toBe('error.toolarge');
  });

  it('answers 400 error.toodeep to 10,000 levels of nesting, anonymous or not', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nested(10_000)}}`,
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json<ErrorBody>().error).toBe('error.toodeep');

    const template = `{"name":"Deep","shortlink":"${uniqueShortlink()}","starttime":0,"endtime":null,"template":${nested(10_000)}}`;
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: creator.cookie },
      payload: template,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<ErrorBody>().error).toBe('error.toodeep');

    // Ordinary nesting still reaches validation.
    const shallow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nested(20)}}`,
    });
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json<ErrorBody>().error).toBe('error.validation');
    // Prototype poisoning stays refused by Fastify's parser.
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses a lone surrogate in a body value or key with 400 error.badtext, storing nothing', async () => {
    const email = uniqueEmail('surrogate');
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a client would.
    const cases: [string, Parameters<typeof call>][] = [
      [
        'body.displayName',
        [
          t.app,
          'POST',
          '/api/auth/signup',
          { body: { email, password: PASSWORD, displayName: 'Mari \ud800' } },
        ],
      ],
      [
        'body.name',
        [t.app, 'POST', '/api/auth/tokens', { as: user, body: { name: '\udc00phone' } }],
      ],
      [
        'body.template.eventsdata.kp.k\ud83d',
        [
          t.app,
          'POST',
          '/api/events',
          {
            as: creator,
            body: {
              name: 'T',
              shortlink: uniqueShortlink(),
              starttime: 0,
              endtime: null,
              template: { ...sampleEventFile(), eventsdata: { kp: { 'k\ud83d': { nr: 1 } } } },
            },
          },
        ],
      ],
    ];
    for (const [path, args] of cases) {
      const res = await call<ErrorBody>(...args);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe('error.badtext');
      expect(res.body.details?.[0]?.path, path).toBe(path);
    }
    expect(await t.store.users.findByEmail(email)).toBeUndefined();

    // A whole pair (an emoji) is text like any other.
    const emoji = await call(t.app, 'POST', '/api/auth/tokens', {
      as: user,
      body: { name: 'phone 🏃\u200d♀️' },
    });
    expect(emoji.status).toBe(201);
  });

  it('never turns a percent-encoded surrogate in the query or path into text', async () => {
    // UTF-8 cannot encode a surrogate: %ED%A0%80 stays undecoded or is refused, never stored.
    const query = await call<ErrorBody>(t.app, 'GET', '/api/users?s=%ED%A0%80', { as: creator });
    expect(query.status).toBe(200);
    const path = await call<ErrorBody>(t.app, 'GET', '/api/events/a%ED%A0%80b', {});
    expect([400, 404]).toContain(path.status);
    expect(path.body.error).toMatch(/^error\.(validation|badtext|notfound)$/);
  });
});

/** Limits low enough to reach in a test; windows long enough never to end during one. */
const LOW = {
  ...UNLIMITED_RATES,
  signinAccountAddress: { max: 3, windowMs: 600_000 },
  signinAccount: { max: 5, windowMs: 900_000 },
  signinAddress: { max: 6, windowMs: 600_000 },
  signup: { max: 2, windowMs: 3_600_000 },
  joinLookup: { max: 3, windowMs: 60_000 },
  join: { max: 2, windowMs: 60_000 },
  registration: { max: 2, windowMs: 600_000 },
  upload: { max: 2, windowMs: 600_000 },
  password: { max: 2, windowMs: 900_000 },
};

/** A refusal for being over a limit: 429, the key, and Retry-After within the window. */
function expectTooMany(res: CallResult<unknown>, key: string, windowMs: number, what = '') {
  expect(res.status, what).toBe(429);
  expect(errorOf(res), what).toBe(key);
  const after = Number(res.headers['retry-after']);
  expect(after, what).toBeGreaterThan(0);
  expect(after, what).toBeLessThanOrEqual(windowMs / 1000);
}

describe('rate limits', () => {
  const dialect = testDialects()[0]!;
  let t: TestApp;
  let n = 0;
  /** A fresh client address behind the trusted local proxy (X-Forwarded-For from 127.0.0.1). */
  const address = () => `203.0.113.${++n}`;
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: LOW });
  });
  afterAll(() => t.close());

  /** Signs up from its own address, so sign-ups of the tests do not meet their limit. */
  async function newUser(): Promise<TestUser> {
    const res = await call<{ uid: string; email: string }>(t.app, 'POST', '/api/auth/signup', {
      body: { email: uniqueEmail(), password: PASSWORD, displayName: 'Runner' },
      ...from(address()),
    });
    expect(res.status).toBe(201);
    return {
      uid: res.body.uid,
      email: res.body.email,
      cookie: sessionCookie(res.headers['set-cookie']),
    };
  }

  const signin = (email: string, ip: string, password = 'wrong password!') =>
    call(t.app, 'POST', '/api/auth/signin', { body: { email, password }, ...from(ip) });

  it('stops one address guessing one account, while its owner signs in from elsewhere', async () => {
    const owner = await newUser();
    const attacker = address();
    for (let i = 0; i < 3; i++) expect((await signin(owner.email, attacker)).status).toBe(401);
    // Refused before the password is even checked, right or wrong.
    expectTooMany(await signin(owner.email, attacker), 'auth.error.toomany', 600_000);
    expectTooMany(await signin(owner.email, attacker, PASSWORD), 'auth.error.toomany', 600_000);
    // The account's own limit is not reached by one address, so the owner gets in.
    expect((await signin(owner.email, address(), PASSWORD)).status).toBe(200);
  });

  it('locks an account guessed from many addresses: 429 auth.error.toomanyaccount', async () => {
    const owner = await newUser();
    // Letter case does not make another account.
    for (let i = 0; i < 5; i++) {
      const email = i % 2 ? owner.email.toUpperCase() : owner.email;
      expect((await signin(email, address())).status).toBe(401);
    }
    expectTooMany(
      await signin(owner.email, address(), PASSWORD),
      'auth.error.toomanyaccount',
      900_000,
    );
    // Other accounts are not affected.
    const other = await newUser();
    expect((await signin(other.email, address(), PASSWORD)).status).toBe(200);
  });

  it('stops one address trying many accounts', async () => {
    const sprayer = address();
    for (let i = 0; i < 6; i++) {
      expect((await signin(uniqueEmail('guess'), sprayer)).status).toBe(401);
    }
    const someone = await newUser();
    expectTooMany(await signin(someone.email, sprayer, PASSWORD), 'auth.error.toomany', 600_000);
  });

  it('counts no successful sign-in: a venue behind one address signs in all day', async () => {
    const venue = address();
    const people = [await newUser(), await newUser()];
    // One typo each stays far under every limit.
    for (const p of people) expect((await signin(p.email, venue)).status).toBe(401);
    for (let i = 0; i < 12; i++) {
      const who = people[i % people.length]!;
      expect((await signin(who.email, venue, PASSWORD)).status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('limits sign-ups per address', async () => {
    const ip = address();
    const signup = (at: string) =>
      call(t.app, 'POST', '/api/auth/signup', {
        body: { email: uniqueEmail(), password: PASSWORD, displayName: 'S' },
        ...from(at),
      });
    expect((await signup(ip)).status).toBe(201);
    expect((await signup(ip)).status).toBe(201);
    expectTooMany(await signup(ip), 'error.toomany', 3_600_000);
    expect((await signup(address())).status).toBe(201);
  });

  it('limits password changes per user, wherever they come from', async () => {
    const u = await newUser();
    const change = () =>
      call(t.app, 'POST', '/api/auth/password', {
        as: u,
        body: { current: 'not-the-password', next: 'a-new-password-1' },
        ...from(address()),
      });
    expect(errorOf(await change())).toBe('auth.error.wrongpassword');
    expect(errorOf(await change())).toBe('auth.error.wrongpassword');
    expectTooMany(await change(), 'error.toomany', 900_000);
    // Another user's allowance is their own.
    const other = await newUser();
    const res = await call(t.app, 'POST', '/api/auth/password', {
      as: other,
      body: { current: 'not-the-password', next: 'a-new-password-1' },
    });
    expect(errorOf(res)).toBe('auth.error.wrongpassword');
  });

  it('limits join code look-ups per address, and per user when signed in', async () => {
    const ip = address();
    const lookup = (as: TestUser | null = null) =>
      call(t.app, 'GET', '/api/joincodes/ABCDEFG', { as, ...from(ip) });
    for (let i = 0; i < 3; i++) expect((await lookup()).status).toBe(404);
    expectTooMany(await lookup(), 'error.toomany', 60_000);
    // People signed in at the same venue each have their own allowance.
    const [a, b] = [await newUser(), await newUser()];
    for (let i = 0; i < 3; i++) expect((await lookup(a)).status).toBe(404);
    expectTooMany(await lookup(a), 'error.toomany', 60_000);
    expect((await lookup(b)).status).toBe(404);
  });

  it('limits POST /join per user', async () => {
    const u = await newUser();
    const join = () =>
      call(t.app, 'POST', '/api/join', { as: u, body: { code: 'ABCDEFG' }, ...from(address()) });
    expect((await join()).status).toBe(404);
    expect((await join()).status).toBe(404);
    expectTooMany(await join(), 'error.toomany', 60_000);
  });

  it('limits registrations per user', async () => {
    const u = await newUser();
    const register = () =>
      call(t.app, 'POST', '/api/events/no-such-event/reg', {
        as: u,
        body: { values: {} },
        ...from(address()),
      });
    expect((await register()).status).not.toBe(429);
    expect((await register()).status).not.toBe(429);
    expectTooMany(await register(), 'error.toomany', 600_000);
  });

  it('limits each upload and import route per user, before reading the body', async () => {
    const u = await newUser();
    const routes = [
      '/api/devices/dev-1/uploads',
      '/api/events/ev/teams/team/track.gpx',
      '/api/events/ev/checkpoints/import',
      '/api/events',
    ];
    for (const url of routes) {
      const post = () => call(t.app, 'POST', url, { as: u, body: {}, ...from(address()) });
      expect((await post()).status, url).not.toBe(429);
      expect((await post()).status, url).not.toBe(429);
      expectTooMany(await post(), 'error.toomany', 600_000, url);
    }
  });

  it('believes X-Forwarded-For only from this host by default (TRUST_PROXY=loopback)', async () => {
    const lookup = (remoteAddress: string, forwarded: string) =>
      call(t.app, 'GET', '/api/joincodes/ABCDEFG', {
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
    // A machine on the LAN cannot pose as a new client with each request.
    for (let i = 0; i < 3; i++) expect((await lookup('10.0.0.5', address())).status).toBe(404);
    expectTooMany(await lookup('10.0.0.5', address()), 'error.toomany', 60_000);
    // A proxy on this host forwards the client's own address.
    for (let i = 0; i < 5; i++) expect((await lookup('127.0.0.1', address())).status).toBe(404);
  });
});

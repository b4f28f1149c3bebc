import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary } from '@rada/core';
import { freshDatabase, testDialects } from '../test/databases.ts';
import { UNLIMITED_RATES, buildTestAppOn, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signUpCreator, uniqueEmail, uniqueShortlink } from '../test/factories.ts';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis.ts';

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`shared-state tests skipped: no Redis answers at ${TEST_REDIS_URL}`);

/**
 * Two app instances on one database and one Redis stand for two server processes behind a load
 * balancer: what one counts or remembers, the other knows.
 */
describe.skipIf(!hasRedis)('two servers share rate limits and idempotency keys in Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const handle = await freshDatabase(testDialects()[0]!);
    const shared = {
      redisUrl: TEST_REDIS_URL,
      redisPrefix: `test-${randomUUID()}:`,
      rateLimits: { ...UNLIMITED_RATES, signup: { max: 2, windowMs: 3_600_000 } },
    };
    a = await buildTestAppOn(handle, shared);
    b = await buildTestAppOn(handle, shared);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('counts sign-ups from one address on both servers together', async () => {
    const signup = (t: TestApp) =>
      call(t.app, 'POST', '/api/auth/signup', {
        body: { email: uniqueEmail(), password: PASSWORD, displayName: 'S' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
    expect((await signup(a)).status).toBe(201);
    expect((await signup(b)).status).toBe(201);
    const third = await signup(a);
    expect([third.status, errorOf(third)]).toEqual([429, 'error.toomany']);
    const fourth = await signup(b);
    expect([fourth.status, errorOf(fourth)]).toEqual([429, 'error.toomany']);
  });

  it('answers a repeated Idempotency-Key on the other server with the same event', async () => {
    const creator = await signUpCreator(a);
    const link = uniqueShortlink('idem2');
    const body = {
      name: 'Two servers',
      shortlink: link,
      starttime: Date.now() + 86_400_000,
      endtime: null,
    };
    const create = (t: TestApp) =>
      call<EventSummary>(t.app, 'POST', '/api/events', {
        as: creator,
        body,
        headers: { 'idempotency-key': 'key-1' },
      });
    const [first, second] = await Promise.all([create(a), create(b)]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([
      201, 201,
    ]);
    expect(second.body.id).toBe(first.body.id);
    const later = await create(b);
    expect([later.status, later.body.id]).toEqual([201, first.body.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUpCreator, uniqueShortlink } from '../test/factories.ts';

describe.each(testDialects())('creating an event with an Idempotency-Key on $name', (dialect) => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    creator = await signUpCreator(t);
  });
  afterAll(() => t.close());

  const body = (shortlink: string) => ({
    name: 'Double click',
    shortlink,
    starttime: Date.now() + 86_400_000,
    endtime: null,
  });
  const create = (b: unknown, key?: string, as: TestUser = creator) =>
    call<EventSummary>(t.app, 'POST', '/api/events', {
      as,
      body: b,
      ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
    });
  const eventsNamed = (shortlink: string) =>
    t.handle.db.selectFrom('events').select('id').where('id', '=', shortlink).execute();

  it('answers a repeat (even a concurrent one) with the same event instead of a 409', async () => {
    const link = uniqueShortlink('idem');
    const [a, b] = await Promise.all([create(body(link), 'k-1'), create(body(link), 'k-1')]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const again = await create(body(link), 'k-1');
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(a.body.id);
    expect(await eventsNamed(link)).toHaveLength(1);

    // Without a key a repeat is a new request: the link is taken.
    const plain = await create(body(link));
    expect(plain.status).toBe(409);
    expect(errorOf(plain)).toBe('createevent.err.exists');
  });

  it('keeps keys per caller and forgets failures, and refuses a malformed key', async () => {
    const link = uniqueShortlink('idem');
    expect((await create(body(link), 'shared')).status).toBe(201);
    // Another creator with the same key does not get the first one's event.
    const other = await signUpCreator(t);
    const theirs = await create(body(link), 'shared', other);
    expect(theirs.status).toBe(409);

    // A failed request is not remembered: the same key may try again and succeed.
    const free = uniqueShortlink('idem');
    expect((await create(body(free), 'shared', other)).status).toBe(201);
    expect(await eventsNamed(free)).toHaveLength(1);

    const bad = await create(body(uniqueShortlink('idem')), 'x'.repeat(101));
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('error.validation');
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@rada/core';
import { redisBus } from './redisBus.ts';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis.ts';
import type { Bus } from './bus.ts';

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`redis bus tests skipped: no Redis answers at ${TEST_REDIS_URL}`);

const changed = (eventId: string): ServerMessage => ({
  v: 1,
  type: 'event.changed',
  eventId,
  what: ['teams'],
});

describe.skipIf(!hasRedis)('redis bus (two processes simulated by two buses)', () => {
  const buses: Bus[] = [];
  const open = (prefix: string) => {
    const bus = redisBus(TEST_REDIS_URL, { prefix });
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('delivers a message to subscribers of another bus once, and to its own at once', async () => {
    const prefix = `test-${randomUUID()}:`;
    const a = open(prefix);
    const b = open(prefix);
    const onA: ServerMessage[] = [];
    const onB: ServerMessage[] = [];
    a.subscribe('event:x', (m) => onA.push(m));
    b.subscribe('event:x', (m) => onB.push(m));
    await Promise.all([a.ready('event:x'), b.ready('event:x')]);

    a.publish('event:x', changed('x'));
    expect(onA).toEqual([changed('x')]); // synchronous, as in one process
    await expect.poll(() => onB.length).toBe(1);
    expect(onB).toEqual([changed('x')]);
    // Nothing comes back to A through Redis.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA).toHaveLength(1);
  });

  it('sends a burst to the other buses together, in order, on every topic; a close sends what waits', async () => {
    const prefix = `test-${randomUUID()}:`;
    const a = open(prefix);
    const b = open(prefix);
    const got: string[] = [];
    for (const topic of ['event:x', 'event:y'])
      b.subscribe(topic, (m) =>
        got.push(`${topic} ${m.type === 'event.changed' ? m.eventId : ''}`),
      );
    await Promise.all([b.ready('event:x'), b.ready('event:y')]);
    const sent = ['x1', 'x2', 'y1', 'x3', 'y2'];
    for (const id of sent) a.publish(`event:${id[0]}`, changed(id));
    await expect.poll(() => got.length).toBe(sent.length);
    expect(got).toEqual(sent.map((id) => `event:${id[0]} ${id}`));
    // Published and closed at once: the waiting message still goes.
    a.publish('event:x', changed('last'));
    await a.close();
    await expect.poll(() => got.at(-1)).toBe('event:x last');
  });

  it('is healthy while Redis answers, and not when it cannot be reached or is closed', async () => {
    const bus = open(`test-${randomUUID()}:`);
    await expect.poll(() => bus.healthy()).toBe(true);
    // Nothing listens on port 1: never healthy, and the check does not hang.
    const away = redisBus('redis://127.0.0.1:1', { prefix: 'x:' });
    buses.push(away);
    expect(await away.healthy()).toBe(false);
    await bus.close();
    expect(await bus.healthy()).toBe(false);
  });

  it('keeps installations with other prefixes and other topics apart', async () => {
    const prefix = `test-${randomUUID()}:`;
    const a = open(prefix);
    const b = open(`test-${randomUUID()}:`);
    const c = open(prefix);
    const heard: string[] = [];
    b.subscribe('event:x', () => heard.push('b'));
    c.subscribe('event:y', () => heard.push('c'));
    await Promise.all([b.ready('event:x'), c.ready('event:y')]);
    a.publish('event:x', changed('x'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard).toEqual([]);
  });

  it('stops delivering after the last unsubscribe of a topic, and resubscribes', async () => {
    const prefix = `test-${randomUUID()}:`;
    const a = open(prefix);
    const b = open(prefix);
    const heard: string[] = [];
    const off1 = b.subscribe('t', () => heard.push('1'));
    const off2 = b.subscribe('t', () => heard.push('2'));
    await b.ready('t');
    off1();
    a.publish('t', changed('x'));
    await expect.poll(() => heard).toEqual(['2']);
    off2();
    a.publish('t', changed('x'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard).toEqual(['2']);
    b.subscribe('t', () => heard.push('3'));
    await b.ready('t');
    a.publish('t', changed('x'));
    await expect.poll(() => heard).toEqual(['2', '3']);
  });
});

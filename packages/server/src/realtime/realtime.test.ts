import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';

/** A WebSocket client that queues what it receives; `next` waits at most `ms` for a message. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const queue: ServerMessage[] = [];
  const waiting: ((m: ServerMessage) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next: (ms = 1000) =>
      new Promise<ServerMessage>((resolve, reject) => {
        const queued = queue.shift();
        if (queued) return resolve(queued);
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no message within ${ms} ms`));
        }, ms);
        const done = (m: ServerMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        waiting.push(done);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

describe.each(testDialects())('live updates over a real WebSocket on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    admin = await signUp(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace(/^http/, 'ws')}/api/ws`;
  });
  afterAll(() => t.close());

  it('tells a subscriber within 1 s that the event it watches changed', async () => {
    const event = await buildEvent(t.app, owner);
    const other = await buildEvent(t.app, owner);
    await call(t.app, 'PUT', `/api/events/${event.id}/admins/${admin.uid}`, { as: owner });
    const client = await connect(url);
    try {
      expect(await client.next()).toEqual({ v: 1, type: 'hello' });
      client.send({ v: 1, type: 'subscribe', topic: `event:${event.id}` });
      expect(await client.next()).toEqual({ v: 1, type: 'subscribed', topic: `event:${event.id}` });

      // A change to another event is not sent.
      await call(t.app, 'PATCH', `/api/events/${other.id}`, { as: owner, body: { name: 'Other' } });
      const patched = await call(t.app, 'PATCH', `/api/events/${event.id}`, {
        as: admin,
        body: { name: 'Renamed live' },
      });
      expect(patched.status).toBe(200);
      expect(await client.next(1000)).toEqual({
        v: 1,
        type: 'event.changed',
        eventId: event.id,
        what: ['event'],
      });

      await call(t.app, 'PATCH', `/api/events/${event.id}/settings`, {
        as: admin,
        body: { settings: { kpsinweb: true } },
      });
      expect(await client.next()).toMatchObject({ type: 'event.changed', what: ['settings'] });

      await call(t.app, 'DELETE', `/api/events/${event.id}/admins/${admin.uid}`, { as: owner });
      expect(await client.next()).toMatchObject({ type: 'event.changed', what: ['admins'] });

      // A refused change sends nothing.
      const refused = await call(t.app, 'PATCH', `/api/events/${event.id}`, {
        as: admin,
        body: { name: 'Not allowed now' },
      });
      expect(refused.status).toBe(403);
      client.send({ v: 1, type: 'ping' });
      expect(await client.next()).toEqual({ v: 1, type: 'pong' });
    } finally {
      await client.close();
    }
  });

  it('stops sending after unsubscribe', async () => {
    const event = await buildEvent(t.app, owner);
    const client = await connect(url);
    try {
      await client.next(); // hello
      client.send({ v: 1, type: 'subscribe', topic: `event:${event.id}` });
      await client.next(); // subscribed
      client.send({ v: 1, type: 'unsubscribe', topic: `event:${event.id}` });
      client.send({ v: 1, type: 'ping' });
      expect(await client.next()).toEqual({ v: 1, type: 'pong' }); // unsubscribe has been handled
      await call(t.app, 'PATCH', `/api/events/${event.id}`, { as: owner, body: { name: 'Quiet' } });
      await expect(client.next(300)).rejects.toThrow(/no message/);
    } finally {
      await client.close();
    }
  });
});

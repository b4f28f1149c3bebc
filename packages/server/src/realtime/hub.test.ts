import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@rada/core';
import { inProcessBus } from './bus.ts';
import { attachSocket } from './hub.ts';

/** A socket that records what the hub sends. */
function fakeSocket() {
  const sent: ServerMessage[] = [];
  let closed = false;
  return {
    sent,
    get closed() {
      return closed;
    },
    send: (text: string) => {
      sent.push(JSON.parse(text) as ServerMessage);
    },
    close: () => {
      closed = true;
    },
  };
}

const changed = (eventId: string): ServerMessage => ({
  v: 1,
  type: 'event.changed',
  eventId,
  what: ['event'],
});

function connect() {
  const bus = inProcessBus();
  const socket = fakeSocket();
  const session = attachSocket(bus, socket);
  const send = (message: unknown) =>
    session.onMessage(typeof message === 'string' ? message : JSON.stringify(message));
  /** Messages sent since the last call. */
  let seen = 0;
  const fresh = () => {
    const out = socket.sent.slice(seen);
    seen = socket.sent.length;
    return out;
  };
  return { bus, socket, session, send, fresh };
}

describe('realtime hub', () => {
  it('greets, then delivers what is published on a subscribed topic only', () => {
    const { bus, send, fresh } = connect();
    expect(fresh()).toEqual([{ v: 1, type: 'hello' }]);

    send({ v: 1, type: 'subscribe', topic: 'event:spring' });
    expect(fresh()).toEqual([{ v: 1, type: 'subscribed', topic: 'event:spring' }]);

    bus.publish('event:spring', changed('spring'));
    bus.publish('event:autumn', changed('autumn'));
    expect(fresh()).toEqual([changed('spring')]);
  });

  it('delivers once however often the same topic is subscribed', () => {
    const { bus, send, fresh } = connect();
    send({ v: 1, type: 'subscribe', topic: 'event:a' });
    send({ v: 1, type: 'subscribe', topic: 'event:a' });
    fresh();
    bus.publish('event:a', changed('a'));
    expect(fresh()).toEqual([changed('a')]);
  });

  it('stops delivering after unsubscribe, and after close', () => {
    const { bus, send, session, fresh } = connect();
    send({ v: 1, type: 'subscribe', topic: 'event:a' });
    send({ v: 1, type: 'subscribe', topic: 'event:b' });
    send({ v: 1, type: 'unsubscribe', topic: 'event:a' });
    fresh();
    bus.publish('event:a', changed('a'));
    bus.publish('event:b', changed('b'));
    expect(fresh()).toEqual([changed('b')]);

    session.onClose();
    bus.publish('event:b', changed('b'));
    expect(fresh()).toEqual([]);
    // Unsubscribing from something never subscribed is harmless and silent.
    send({ v: 1, type: 'unsubscribe', topic: 'event:zzz' });
    expect(fresh()).toEqual([]);
  });

  it('keeps sockets apart: each gets only its own topics', () => {
    const bus = inProcessBus();
    const one = fakeSocket();
    const two = fakeSocket();
    attachSocket(bus, one).onMessage(JSON.stringify({ v: 1, type: 'subscribe', topic: 'event:a' }));
    attachSocket(bus, two).onMessage(JSON.stringify({ v: 1, type: 'subscribe', topic: 'event:b' }));
    bus.publish('event:a', changed('a'));
    expect(one.sent.at(-1)).toEqual(changed('a'));
    expect(two.sent.at(-1)).toEqual({ v: 1, type: 'subscribed', topic: 'event:b' });
  });

  it('answers ping with pong', () => {
    const { send, fresh } = connect();
    fresh();
    send({ v: 1, type: 'ping' });
    expect(fresh()).toEqual([{ v: 1, type: 'pong' }]);
  });

  it('answers an error to messages outside the protocol, without closing', () => {
    const { socket, send, fresh } = connect();
    fresh();
    const bad = [
      'not json',
      'null',
      '[]',
      { type: 'ping' },
      { v: 2, type: 'ping' },
      { v: 1, type: 'shout' },
      { v: 1, type: 'subscribe' },
      { v: 1, type: 'subscribe', topic: 42 },
    ];
    for (const message of bad) send(message);
    expect(fresh()).toEqual(bad.map(() => ({ v: 1, type: 'error', error: 'error.validation' })));
    expect(socket.closed).toBe(false);
  });

  it('accepts only event topics of valid short links', () => {
    const { bus, send, fresh } = connect();
    fresh();
    const refused = [
      'spring',
      'event:',
      'event:a b',
      'event:a/b',
      'user:abc',
      `event:${'x'.repeat(65)}`,
    ];
    for (const topic of refused) send({ v: 1, type: 'subscribe', topic });
    expect(fresh()).toEqual(
      refused.map(() => ({ v: 1, type: 'error', error: 'error.validation' })),
    );
    bus.publish('spring', changed('spring'));
    expect(fresh()).toEqual([]);

    send({ v: 1, type: 'subscribe', topic: `event:${'x'.repeat(64)}` });
    expect(fresh()).toEqual([{ v: 1, type: 'subscribed', topic: `event:${'x'.repeat(64)}` }]);
  });

  it('accepts device topics, which tell the participant app that messages wait', () => {
    const { bus, send, fresh } = connect();
    fresh();
    send({ v: 1, type: 'subscribe', topic: 'device:abc' });
    send({ v: 1, type: 'subscribe', topic: 'device:a b c' });
    const refused = { v: 1, type: 'error', error: 'error.validation' };
    expect(fresh()).toEqual([refused, refused]);
    send({ v: 1, type: 'subscribe', topic: 'device:phone-1.a:b_c' });
    expect(fresh()).toEqual([{ v: 1, type: 'subscribed', topic: 'device:phone-1.a:b_c' }]);
    bus.publish('device:phone-1.a:b_c', {
      v: 1,
      type: 'device.messages',
      deviceId: 'phone-1.a:b_c',
    });
    expect(fresh()).toEqual([{ v: 1, type: 'device.messages', deviceId: 'phone-1.a:b_c' }]);
  });

  it('limits a socket to 50 topics', () => {
    const { send, fresh } = connect();
    fresh();
    for (let i = 0; i < 50; i++) send({ v: 1, type: 'subscribe', topic: `event:e${i}` });
    expect(fresh().every((m) => m.type === 'subscribed')).toBe(true);
    send({ v: 1, type: 'subscribe', topic: 'event:one-too-many' });
    expect(fresh()).toEqual([{ v: 1, type: 'error', error: 'error.validation' }]);
    // Leaving one makes room again.
    send({ v: 1, type: 'unsubscribe', topic: 'event:e0' });
    send({ v: 1, type: 'subscribe', topic: 'event:one-too-many' });
    expect(fresh()).toEqual([{ v: 1, type: 'subscribed', topic: 'event:one-too-many' }]);
  });
});

describe('in-process bus', () => {
  it('keeps delivering to the others when one subscriber throws', () => {
    const bus = inProcessBus();
    const got: string[] = [];
    bus.subscribe('t', () => {
      throw new Error('broken');
    });
    const off = bus.subscribe('t', () => got.push('second'));
    bus.publish('t', { v: 1, type: 'pong' });
    off();
    bus.publish('t', { v: 1, type: 'pong' });
    expect(got).toEqual(['second']);
  });
});

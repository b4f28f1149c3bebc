import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerMessage } from '@rada/core';
import {
  PING_INTERVAL_MS,
  RealtimeConnection,
  invalidationsForChange,
  reconnectDelay,
  socketUrl,
} from './realtime.ts';

/** A stand-in WebSocket the test drives by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('invalidationsForChange', () => {
  it('maps each change to the queries that read it', () => {
    const keys = (what: Parameters<typeof invalidationsForChange>[1]) =>
      invalidationsForChange('ev1', what).map((i) => i.queryKey);
    expect(keys(['event'])).toEqual([
      ['event', 'ev1'],
      ['event', 'ev1', 'map'],
      ['events'],
      ['event', 'ev1', 'overview'],
    ]);
    expect(keys(['results'])).toContainEqual(['event', 'ev1', 'overview']);
    expect(keys(['messages'])).not.toContainEqual(['event', 'ev1', 'overview']);
    expect(keys(['settings'])).toContainEqual(['event', 'ev1', 'settings']);
    expect(keys(['admins'])).toContainEqual(['event', 'ev1', 'admins']);
    // Map layers follow the settings, and private ones who administers the event.
    expect(keys(['settings'])).toContainEqual(['event', 'ev1', 'map']);
    // Map images: the organiser's list and every map that draws them.
    expect(keys(['maps'])).toEqual([
      ['event', 'ev1', 'maps'],
      ['event', 'ev1', 'map'],
    ]);
    expect(keys(['admins'])).toContainEqual(['event', 'ev1', 'map']);
    expect(keys(['event', 'settings']).length).toBeGreaterThan(2);
    // The event itself is refreshed exactly, so its settings are not refetched by a rename.
    expect(invalidationsForChange('ev1', ['event'])[0]?.exact).toBe(true);
  });
});

describe('protocol helpers', () => {
  it('backs off from 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
  it('reads only messages of protocol version 1', () => {
    expect(parseServerMessage('{"v":1,"type":"hello"}')).toEqual({ v: 1, type: 'hello' });
    expect(parseServerMessage('{"v":2,"type":"hello"}')).toBeNull();
    expect(parseServerMessage('nonsense')).toBeNull();
  });
  it('uses wss on https pages', () => {
    expect(socketUrl({ protocol: 'https:', host: 'rada.ee' })).toBe('wss://rada.ee/api/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/ws',
    );
  });
});

describe('RealtimeConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', { OPEN: 1 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const make = () => {
    const changed: [string, string[]][] = [];
    const resubscribed: string[][] = [];
    const counts: number[] = [];
    const conn = new RealtimeConnection({
      url: () => 'ws://test/api/ws',
      onEventChanged: (id, what) => changed.push([id, what]),
      onResubscribed: (topics) => resubscribed.push(topics),
      onConfirmedCount: (n) => counts.push(n),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    return { conn, changed, resubscribed, counts };
  };

  it('subscribes once per topic, reports changes, and unsubscribes after the last user', () => {
    const { conn, changed, counts } = make();
    const off1 = conn.subscribe('event:a');
    const off2 = conn.subscribe('event:a');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ v: 1, type: 'subscribe', topic: 'event:a' }]);
    socket.receive({ v: 1, type: 'subscribed', topic: 'event:a' });
    expect(counts).toEqual([1]);
    socket.receive({ v: 1, type: 'event.changed', eventId: 'a', what: ['event'] });
    expect(changed).toEqual([['a', ['event']]]);
    off1();
    expect(socket.sent).toHaveLength(1);
    off2();
    expect(socket.sent[1]).toEqual({ v: 1, type: 'unsubscribe', topic: 'event:a' });
    expect(counts).toEqual([1, 0]);
    conn.close();
  });

  it('reconnects with backoff and subscribes again', () => {
    const { conn, resubscribed } = make();
    conn.subscribe('event:a');
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.close();
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.instances[1]!;
    second.close(); // fails before opening: next try waits longer
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.instances[2]!;
    third.open();
    expect(third.sent).toEqual([{ v: 1, type: 'subscribe', topic: 'event:a' }]);
    expect(resubscribed).toEqual([['event:a']]);
    conn.close();
  });

  it('tells listeners every message and every close, until they stop listening', () => {
    const { conn } = make();
    const heard: unknown[] = [];
    const stop = conn.listen({
      message: (m) => heard.push(m),
      closed: () => heard.push('closed'),
    });
    conn.subscribe('device:d1');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({ v: 1, type: 'subscribed', topic: 'device:d1' });
    socket.receive({ v: 1, type: 'device.messages', deviceId: 'd1' });
    socket.receive({ v: 9, type: 'future' });
    socket.close();
    expect(heard).toEqual([
      { v: 1, type: 'subscribed', topic: 'device:d1' },
      { v: 1, type: 'device.messages', deviceId: 'd1' },
      'closed',
    ]);
    stop();
    vi.advanceTimersByTime(1000);
    FakeSocket.instances[1]!.open();
    FakeSocket.instances[1]!.receive({ v: 1, type: 'subscribed', topic: 'device:d1' });
    expect(heard).toHaveLength(3);
    conn.close();
  });

  it('pings every 25 s, or as often as a page asks while it is open', () => {
    const { conn } = make();
    conn.subscribe('event:a');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    const pings = () => socket.sent.filter((m) => (m as { type: string }).type === 'ping').length;
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(pings()).toBe(1);
    const restore = conn.pingEvery(240_000);
    vi.advanceTimersByTime(239_999);
    expect(pings()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(pings()).toBe(2);
    restore();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(pings()).toBe(3);
    conn.close();
  });
});

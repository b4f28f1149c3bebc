import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveTopic } from '@rada/core';
import type { ListenBatch } from '@rada/core';
import { inProcessBus } from '../realtime/bus.ts';
import { createListenHub } from './listenHub.ts';
import type { ListenSocket } from './listenHub.ts';

/** A socket that records what the hub sends; `buffered` plays the unsent bytes. */
function fakeSocket() {
  const texts: Buffer[] = [];
  const binaries: Uint8Array[] = [];
  const state = { buffered: 0, closed: null as number | null, terminated: false, pings: 0 };
  const socket: ListenSocket = {
    sendText: (frame) => texts.push(frame.payload),
    sendBinary: (bytes) => binaries.push(bytes),
    get bufferedAmount() {
      return state.buffered;
    },
    close: (code) => {
      state.closed = code;
    },
    terminate: () => {
      state.terminated = true;
    },
    ping: () => {
      state.pings++;
    },
  };
  return { socket, texts, binaries, state, strings: () => texts.map((b) => b.toString()) };
}

const batch = (t: number): ListenBatch => ({
  devid: 'phone-1',
  uid: 'u1',
  tid: 't1',
  locations: [{ t, y: 58, x: 26, a: null, s: null, l: null, g: null, d: null }],
});

const publish = (bus: ReturnType<typeof inProcessBus>, eventId: string, t: number) =>
  bus.publish(liveTopic(eventId), { v: 1, type: 'live.locations', eventId, batches: [batch(t)] });

describe('listen hub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds live frames until the history is sent, then sends them in order', () => {
    const bus = inProcessBus();
    const hub = createListenHub({ bus, coalesceMs: 0 });
    const a = fakeSocket();
    const viewer = hub.add('spring', a.socket);
    publish(bus, 'spring', 1);
    expect(a.texts).toEqual([]);
    viewer.start(new Uint8Array([0x7a, 0x3a, 1, 0, 0, 0, 0]));
    publish(bus, 'spring', 2);
    expect(a.binaries).toHaveLength(1);
    expect(a.strings()).toEqual([
      `j:${JSON.stringify([batch(1)])}`,
      `j:${JSON.stringify([batch(2)])}`,
    ]);
    hub.close();
  });

  it('serialises a bus message once and sends the same bytes to every viewer of the event', () => {
    const bus = inProcessBus();
    const hub = createListenHub({ bus, coalesceMs: 0 });
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const s of sockets) hub.add('spring', s.socket).start(new Uint8Array());
    const other = fakeSocket();
    hub.add('autumn', other.socket).start(new Uint8Array());
    publish(bus, 'spring', 5);
    const frames = sockets.map((s) => s.texts[0]);
    expect(frames[0]).toBeDefined();
    expect(frames.every((f) => f === frames[0])).toBe(true);
    expect(other.texts).toEqual([]);
    expect(hub.counts()).toEqual({ spring: 3, autumn: 1 });
    hub.close();
  });

  it('drops a viewer with too much unsent rather than buffering; the others keep getting frames', () => {
    const bus = inProcessBus();
    const hub = createListenHub({ bus, maxBuffered: 1000, coalesceMs: 0 });
    const slow = fakeSocket();
    const fast = fakeSocket();
    hub.add('spring', slow.socket).start(new Uint8Array(500));
    hub.add('spring', fast.socket).start(new Uint8Array());
    slow.state.buffered = 1400; // within 1000 + the 500-byte history
    publish(bus, 'spring', 1);
    expect(slow.texts).toHaveLength(1);
    slow.state.buffered = 1600;
    publish(bus, 'spring', 2);
    publish(bus, 'spring', 3);
    expect(slow.texts).toHaveLength(1);
    expect(slow.state.closed).toBe(1013);
    expect(fast.texts).toHaveLength(3);
    expect(hub.counts()).toEqual({ spring: 1 });
  });

  it('drops a viewer whose history never finishes loading once too much is waiting', () => {
    const bus = inProcessBus();
    const hub = createListenHub({ bus, maxPending: 2, coalesceMs: 0 });
    const stuck = fakeSocket();
    const viewer = hub.add('spring', stuck.socket);
    for (let t = 1; t <= 3; t++) publish(bus, 'spring', t);
    expect(stuck.state.closed).toBe(1013);
    viewer.start(new Uint8Array()); // too late: nothing is sent
    expect(stuck.binaries).toEqual([]);
    hub.close();
  });

  it('sends the first batch of a quiet spell at once and coalesces the rest of the window', () => {
    vi.useFakeTimers();
    const bus = inProcessBus();
    const hub = createListenHub({ bus, coalesceMs: 50 });
    const a = fakeSocket();
    hub.add('spring', a.socket).start(new Uint8Array());
    publish(bus, 'spring', 1);
    expect(a.strings()).toEqual([`j:${JSON.stringify([batch(1)])}`]);
    publish(bus, 'spring', 2);
    publish(bus, 'spring', 3);
    expect(a.texts).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(a.strings()[1]).toBe(`j:${JSON.stringify([batch(2), batch(3)])}`);
    vi.advanceTimersByTime(1000);
    publish(bus, 'spring', 4);
    expect(a.texts).toHaveLength(3);
    hub.close();
  });

  it('asks again who may watch when the settings change, and drops those refused', async () => {
    const bus = inProcessBus();
    const asked: unknown[] = [];
    const hub = createListenHub({
      bus,
      coalesceMs: 0,
      recheck: (eventId, who) => {
        asked.push([eventId, who]);
        return Promise.resolve(who.map((w) => w !== null));
      },
    });
    const anonymous = fakeSocket();
    const admin = fakeSocket();
    hub.add('spring', anonymous.socket, null).start(new Uint8Array());
    hub.add('spring', admin.socket, { uid: 'u1', superAdmin: false }).start(new Uint8Array());
    const changed = (what: ('teams' | 'settings')[]) =>
      bus.publish('event:spring', { v: 1, type: 'event.changed', eventId: 'spring', what });
    changed(['teams']);
    expect(asked).toEqual([]);
    changed(['settings']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([['spring', [null, { uid: 'u1', superAdmin: false }]]]);
    expect(anonymous.strings()).toEqual(['e:{"error":"error.forbidden"}']);
    expect(anonymous.state.closed).toBe(1008);
    expect(admin.state.closed).toBeNull();
    expect(hub.counts()).toEqual({ spring: 1 });
    hub.close();
  });

  it('leaves the bus when the last viewer of an event goes', () => {
    const bus = inProcessBus();
    const subscribe = vi.spyOn(bus, 'subscribe');
    const hub = createListenHub({ bus, coalesceMs: 0 });
    const one = hub.add('spring', fakeSocket().socket);
    const two = hub.add('spring', fakeSocket().socket);
    expect(subscribe).toHaveBeenCalledTimes(1);
    one.remove();
    two.remove();
    expect(hub.counts()).toEqual({});
    hub.add('spring', fakeSocket().socket);
    expect(subscribe).toHaveBeenCalledTimes(2);
    hub.close();
  });

  it('pings every interval and ends a viewer that did not answer the last ping', () => {
    vi.useFakeTimers();
    const bus = inProcessBus();
    const hub = createListenHub({ bus, pingIntervalMs: 1000 });
    const answering = fakeSocket();
    const silent = fakeSocket();
    const a = hub.add('spring', answering.socket);
    hub.add('spring', silent.socket);
    vi.advanceTimersByTime(1000);
    expect(answering.state.pings).toBe(1);
    expect(silent.state.pings).toBe(1);
    a.pong();
    vi.advanceTimersByTime(1000);
    expect(answering.state.pings).toBe(2);
    expect(silent.state.terminated).toBe(true);
    expect(hub.counts()).toEqual({ spring: 1 });
    hub.close();
  });
});

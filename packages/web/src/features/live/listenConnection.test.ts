import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListenMessage } from '@rada/core';
import { listenUrl, openListen } from './listenConnection.ts';
import type { ListenStatus } from './listenConnection.ts';

/** A stand-in WebSocket the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  binaryType = '';
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(line: string) {
    this.sent.push(line);
  }
  close() {
    this.closed = true;
  }
}

describe('openListen', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    clock = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const statuses: ListenStatus[] = [];
    const messages: ListenMessage[] = [];
    const stop = openListen({
      eventId: 'ev1',
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      now: () => clock,
    });
    return { statuses, messages, stop };
  };

  it('builds the socket address from the page origin', () => {
    expect(listenUrl({ protocol: 'https:', host: 'rada.ee' })).toBe('wss://rada.ee/listen');
    expect(listenUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/listen',
    );
  });

  it('says which event it watches, goes live on the history and passes batches on', () => {
    const { statuses, messages, stop } = start();
    const ws = FakeSocket.all[0]!;
    ws.onopen!();
    expect(ws.sent).toEqual(['EventId:ev1', 'BearerToken:']);
    ws.onmessage!({ data: new Uint8Array([0x7a, 0x3a, 1, 0, 0, 0, 0]).buffer });
    ws.onmessage!({ data: 'j:[{"devid":"d","uid":null,"tid":"a","locations":[]}]' });
    expect(statuses.map((s) => s.state)).toEqual(['connecting', 'live']);
    expect(messages.map((m) => m.kind)).toEqual(['history', 'batches']);
    stop();
    expect(ws.closed).toBe(true);
  });

  it('reconnects after 3 s after a quick clean close, at once after a long one', () => {
    const { statuses } = start();
    const first = FakeSocket.all[0]!;
    first.onopen!();
    clock += 500;
    first.onclose!({ code: 1005 });
    expect(statuses.at(-1)).toEqual({ state: 'waiting', retryAt: clock + 3000 });
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.all[1]!;
    second.onopen!();
    clock += 60_000;
    second.onclose!({ code: 1005 });
    vi.advanceTimersByTime(0);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('leaves a server that shuts down (1012) after a random 0.25–2 s, errors or not', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { statuses } = start();
    const first = FakeSocket.all[0]!;
    first.onopen!();
    clock += 60_000;
    first.onerror!();
    first.onclose!({ code: 1012 });
    // 250 + 0.5 × 1750 ms.
    expect(statuses.at(-1)).toEqual({ state: 'waiting', retryAt: clock + 1125 });
    vi.advanceTimersByTime(1124);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    random.mockRestore();
  });

  it('waits 10 s times the error count after failures', () => {
    start();
    FakeSocket.all[0]!.onerror!();
    FakeSocket.all[0]!.onclose!({ code: 1005 });
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.onerror!();
    FakeSocket.all[1]!.onclose!({ code: 1005 });
    vi.advanceTimersByTime(19_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });
});

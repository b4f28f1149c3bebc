import { describe, expect, it } from 'vitest';
import { TRANSLATIONS_TOPIC } from '@rada/core';
import { RealtimeConnection } from '../api/realtime.ts';

/** A stand-in WebSocket driven by hand. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('the translations topic on the live socket', () => {
  it('is subscribed like any topic, heard by listeners, and not counted as a page topic', () => {
    let socket: FakeSocket | null = null;
    const counts: number[] = [];
    const heard: string[] = [];
    const live = new RealtimeConnection({
      url: () => 'ws://test/api/ws',
      onEventChanged: () => undefined,
      onResubscribed: () => undefined,
      onConfirmedCount: (n) => counts.push(n),
      createSocket: () => (socket = new FakeSocket()) as unknown as WebSocket,
    });
    live.listen({ message: (m) => heard.push(m.type) });
    live.subscribe(TRANSLATIONS_TOPIC);
    live.subscribe('event:spring');
    socket!.open();
    expect(socket!.sent).toContainEqual({ v: 1, type: 'subscribe', topic: 'translations' });
    socket!.receive({ v: 1, type: 'subscribed', topic: 'translations' });
    socket!.receive({ v: 1, type: 'subscribed', topic: 'event:spring' });
    socket!.receive({ v: 1, type: 'translations.changed' });
    // Browser tests wait for the page's own topics (window.__radaLive === 1).
    expect(counts).toEqual([1]);
    expect(heard).toEqual(['subscribed', 'subscribed', 'translations.changed']);
    live.close();
  });
});

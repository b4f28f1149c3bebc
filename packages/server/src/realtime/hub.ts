import { PROTOCOL_VERSION, parseClientMessage } from '@rada/core';
import type { ServerMessage } from '@rada/core';
import type { Bus } from './bus.ts';

/** The little a hub needs of a socket, so fan-out is testable without a network. */
export interface SocketLike {
  send(text: string): void;
  close(): void;
}

const MAX_TOPICS_PER_SOCKET = 50;
/**
 * An event's topic, or a device's (whose messages say only that something waits for it), or the
 * translation overrides' (TRANSLATIONS_TOPIC).
 */
const TOPIC_PATTERN =
  /^((event|cup):[A-Za-z0-9_-]{1,64}|device:[A-Za-z0-9_.:-]{4,100}|translations)$/;

/**
 * Serves one client socket: handles subscribe/unsubscribe and forwards bus messages.
 * Topics carry only what changed, so any client may subscribe to any event, cup or device topic
 * and to the translations'.
 */
export function attachSocket(
  bus: Bus,
  socket: SocketLike,
): { onMessage(text: string): void; onClose(): void; topics(): string[] } {
  const subscriptions = new Map<string, () => void>();
  const send = (m: ServerMessage) => socket.send(JSON.stringify(m));
  send({ v: PROTOCOL_VERSION, type: 'hello' });
  return {
    onMessage(text) {
      const msg = parseClientMessage(text);
      if (!msg) return send({ v: 1, type: 'error', error: 'error.validation' });
      switch (msg.type) {
        case 'ping':
          return send({ v: 1, type: 'pong' });
        case 'subscribe':
          if (!TOPIC_PATTERN.test(msg.topic) || subscriptions.size >= MAX_TOPICS_PER_SOCKET) {
            return send({ v: 1, type: 'error', error: 'error.validation' });
          }
          if (!subscriptions.has(msg.topic))
            subscriptions.set(msg.topic, bus.subscribe(msg.topic, send));
          return send({ v: 1, type: 'subscribed', topic: msg.topic });
        case 'unsubscribe':
          subscriptions.get(msg.topic)?.();
          subscriptions.delete(msg.topic);
          return;
      }
    },
    onClose() {
      for (const off of subscriptions.values()) off();
      subscriptions.clear();
    },
    /** The topics subscribed now. */
    topics: () => [...subscriptions.keys()],
  };
}

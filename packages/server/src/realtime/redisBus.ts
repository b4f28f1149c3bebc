import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ServerMessage } from '@rada/core';
import { inProcessBus } from './bus.ts';
import type { Bus } from './bus.ts';

/** How long a message for the other servers may wait to go with others (ms). */
export const BUS_FLUSH_MS = 5;

export interface RedisBusOptions {
  /** Prefixed to every channel, so several installations (or test runs) share one Redis. */
  prefix?: string;
  onError?: (error: unknown) => void;
  /** Told of each message from another server, with its publishing time there (the metrics). */
  onReceived?: (message: ServerMessage, sentAt: number) => void;
}

/** What travels on a channel: the message, the process that published it and when (ms). */
interface Envelope {
  from: string;
  message: ServerMessage;
  at?: number;
}

/**
 * The bus of several server processes: Redis pub/sub, one channel per topic. A message reaches
 * this process's own subscribers at once (as the in-process bus does) and the other processes
 * through Redis; what comes back from Redis with this process's own id is skipped, so nothing is
 * delivered twice. One subscriber connection per process, each topic subscribed while anyone
 * here listens to it. Redis being away loses live messages, never data (everything is stored
 * before it is published, and viewers reconnect to a fresh history); errors are logged.
 */
export function redisBus(
  url: string,
  { prefix = 'rada:', onError = () => undefined, onReceived }: RedisBusOptions = {},
): Bus {
  const id = randomUUID();
  const local = inProcessBus();
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url);
  pub.on('error', onError);
  sub.on('error', onError);
  /** Subscriptions per topic here, and the Redis SUBSCRIBE that makes the topic live. */
  const topics = new Map<string, { count: number; live: Promise<void> }>();

  // This process's own messages come back from Redis too: told by their first bytes (an
  // envelope is written with `from` first), they are dropped without parsing.
  const own = JSON.stringify({ from: id }).slice(0, -1);
  sub.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(prefix) || text.startsWith(own)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      onError(error);
      return;
    }
    if (envelope.from === id) return;
    if (onReceived && typeof envelope.at === 'number') onReceived(envelope.message, envelope.at);
    local.publish(channel.slice(prefix.length), envelope.message);
  });

  /**
   * Messages for Redis wait up to BUS_FLUSH_MS and go together in one pipeline (one write, the
   * replies read together, and the other servers read them together): a busy event's location
   * batches cost each server one wake-up per flush, not one per batch. Each is still its own
   * PUBLISH, so servers of the version before read them (a rolling update). Local subscribers
   * get every message at once.
   */
  let waiting: [channel: string, text: string][] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const batch = waiting;
    waiting = [];
    const pipeline = pub.pipeline();
    for (const [channel, text] of batch) pipeline.publish(channel, text);
    pipeline.exec().catch(onError);
  };

  return {
    publish(topic, message) {
      local.publish(topic, message);
      // `from` first: see `own`.
      const envelope: Envelope = { from: id, message, at: Date.now() };
      waiting.push([prefix + topic, JSON.stringify(envelope)]);
      timer ??= setTimeout(flush, BUS_FLUSH_MS);
    },
    subscribe(topic, handler) {
      let entry = topics.get(topic);
      if (!entry) {
        const live = sub.subscribe(prefix + topic).then(
          () => undefined,
          (error: unknown) => onError(error),
        );
        topics.set(topic, (entry = { count: 0, live }));
      }
      entry.count++;
      const off = local.subscribe(topic, handler);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        const current = topics.get(topic);
        if (current && --current.count === 0) {
          topics.delete(topic);
          sub.unsubscribe(prefix + topic).catch(onError);
        }
      };
    },
    ready: (topic) => topics.get(topic)?.live ?? Promise.resolve(),
    async healthy() {
      // Not connected: a command would only wait in ioredis's queue. The caller bounds the wait
      // for the PING (http/readiness.ts).
      if (pub.status !== 'ready' || sub.status !== 'ready') return false;
      return (await pub.ping().catch(() => null)) === 'PONG';
    },
    async close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      topics.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

import type { ServerMessage } from '@rada/core';

/**
 * Publish/subscribe between the services that change data and the sockets that tell browsers:
 * within one process (inProcessBus), or across several server processes through Redis
 * (realtime/redisBus.ts, chosen by REDIS_URL).
 */
export interface Bus {
  publish(topic: string, message: ServerMessage): void;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, handler: (message: ServerMessage) => void): () => void;
  /**
   * Resolves once messages published on `topic` by any server reach this process's subscribers
   * (a shared bus subscribes asynchronously). Whoever reads stored data and then follows the
   * topic (the /listen history) waits for this between subscribing and reading.
   */
  ready(topic: string): Promise<void>;
  /** Whether messages can cross to the other servers now (the readiness check); true in-process. */
  healthy(): Promise<boolean>;
  /** Ends the bus's connections (server shutdown). */
  close(): Promise<void>;
}

/** A bus that passes everything to `bus` but what `publish` adds (the triggers' wrappers). */
export function onPublish(bus: Bus, publish: (topic: string, message: ServerMessage) => void): Bus {
  return {
    publish(topic, message) {
      bus.publish(topic, message);
      publish(topic, message);
    },
    subscribe: (topic, handler) => bus.subscribe(topic, handler),
    ready: (topic) => bus.ready(topic),
    healthy: () => bus.healthy(),
    close: () => bus.close(),
  };
}

/** A bus within one server process. */
export function inProcessBus(): Bus {
  const topics = new Map<string, Set<(m: ServerMessage) => void>>();
  return {
    publish(topic, message) {
      for (const handler of topics.get(topic) ?? []) {
        try {
          handler(message);
        } catch {
          // one broken subscriber must not stop the others
        }
      }
    },
    subscribe(topic, handler) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) topics.delete(topic);
      };
    },
    ready: () => Promise.resolve(),
    healthy: () => Promise.resolve(true),
    close: () => Promise.resolve(),
  };
}

import type { ServerMessage } from '@rada/core';

/**
 * Publish/subscribe between the services that change data and the sockets that tell browsers.
 * In-process now; a Redis or NATS implementation can stand behind the same interface.
 */
export interface Bus {
  publish(topic: string, message: ServerMessage): void;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, handler: (message: ServerMessage) => void): () => void;
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
  };
}

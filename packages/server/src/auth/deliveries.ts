/**
 * Work done after the answer: sending mail and text messages. An account flow that mails or texts
 * answers first and sends after, so how long a send takes (an SMTP server, an SMS gateway) does
 * not tell who has an account (issue 33, item 9).
 */
export interface Deliveries {
  /**
   * Runs `job` after the current request's answer has gone (on a later turn of the event loop);
   * a failure goes to the queue's `onError`, never to the caller.
   */
  later(job: () => Promise<void>): void;
  /**
   * Resolves when every job queued so far (and any they queued) has ended, or after `withinMs`
   * at the latest (a shutdown does not wait for a hung mail server): tests, shutdown.
   */
  settled(withinMs?: number): Promise<void>;
}

/** A queue of jobs run in the background; `onError` reports (logs) a failed one. */
export function deliveryQueue(onError: (error: unknown) => void): Deliveries {
  const pending = new Set<Promise<void>>();
  return {
    later(job) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch(onError)
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled(withinMs) {
      const all = (async () => {
        while (pending.size > 0) await Promise.all(pending);
      })();
      if (withinMs === undefined) return all;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      });
      await Promise.race([all, late]);
      clearTimeout(timer);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's queue of mail and SMS sends (http/app.ts); tests await `settled()`. */
    deliveries: Deliveries;
  }
}

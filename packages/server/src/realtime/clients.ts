import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { WebClient, WebClientKind } from '@rada/core';

/** A client as its own process knows it: the server and the user's name are added when listed. */
export type LocalClient = Omit<WebClient, 'server' | 'userName'>;

/** Most characters of a user agent kept. */
const AGENT_MAX = 200;

/**
 * The web clients connected to this server process (the app's live socket, /listen viewers),
 * for the debug tools' "Active web clients". Each process reports its own (debug service).
 */
export function clientRegistry() {
  const server = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const clients = new Map<
    number,
    {
      kind: WebClientKind;
      since: number;
      agent: string;
      user: () => string | null;
      events: () => string[];
    }
  >();
  let next = 0;
  return {
    /** This process's name in the list. */
    server,
    /**
     * Adds a connected client; `events` and `user` are read when the list is made, so they
     * follow subscriptions and sign-ins. Returns its removal.
     */
    add(client: {
      kind: WebClientKind;
      since: number;
      agent: string | undefined;
      user: () => string | null;
      events: () => string[];
    }): () => void {
      const id = next++;
      clients.set(id, { ...client, agent: (client.agent ?? '').slice(0, AGENT_MAX) });
      return () => clients.delete(id);
    },
    /** How many clients of `kind` are connected (the metrics' gauge, read at a scrape). */
    count(kind: WebClientKind): number {
      let n = 0;
      for (const client of clients.values()) if (client.kind === kind) n++;
      return n;
    },
    list(): LocalClient[] {
      return [...clients.values()].map((c) => ({
        kind: c.kind,
        eventIds: c.events(),
        userId: c.user(),
        agent: c.agent,
        since: c.since,
      }));
    },
  };
}
export type ClientRegistry = ReturnType<typeof clientRegistry>;

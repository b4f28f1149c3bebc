import pg from 'pg';

/**
 * Runs `fn` while no other work under the same `key` runs: in this process (a recalculation
 * asked for by hand while a scheduled one runs) and, on PostgreSQL, in any other server sharing
 * the database (two recalculations of one event, the older one storing last). Not reentrant:
 * `fn` must not ask for its own key.
 */
export type Exclusive = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/** One server process (SQLite, PGlite): nothing beyond it to exclude. */
export const inProcessExclusive: Exclusive = (_key, fn) => fn();

/**
 * `exclusive` with the callers of one process taking turns per key first (first come, first
 * served): PostgreSQL advisory locks are per connection, and this process holds them all on one,
 * so they cannot keep its own callers apart.
 */
export function inTurn(exclusive: Exclusive): Exclusive {
  const tails = new Map<string, Promise<void>>();
  return (key, fn) => {
    const result = (tails.get(key) ?? Promise.resolve()).then(() => exclusive(key, fn));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/** How often a lock held by another server is tried again. */
const RETRY_MS = 25;

export interface PostgresExclusive {
  exclusive: Exclusive;
  close(): Promise<void>;
}

/**
 * PostgreSQL session advisory locks on one connection of their own (not the pool's: a holder
 * waiting for a pool connection while every connection waits for a lock would never end). Locks
 * are tried, never waited for on the connection, so one busy key does not hold up the others; a
 * server that dies loses its connection and with it its locks.
 */
export function postgresExclusive(url: string): PostgresExclusive {
  let client: Promise<pg.Client> | null = null;
  const connection = (): Promise<pg.Client> => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => {
        client = null;
      });
      c.on('end', () => {
        client = null;
      });
      await c.connect();
      return c;
    })().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };

  const exclusive: Exclusive = async (key, fn) => {
    const lockKey = `rada:${key}`;
    let c = await connection();
    for (;;) {
      const { rows } = await c.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS ok',
        [lockKey],
      );
      if (rows[0]?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      c = await connection();
    }
    try {
      return await fn();
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    }
  };

  return {
    exclusive,
    async close() {
      const c = client;
      client = null;
      if (c) await (await c).end().catch(() => undefined);
    },
  };
}

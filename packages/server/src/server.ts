import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import type { ServerConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { createStore } from './db/store.ts';
import type { Store } from './db/store.ts';
import { inProcessBus } from './realtime/bus.ts';
import { redisBus } from './realtime/redisBus.ts';
import { postgresExclusive } from './db/locks.ts';
import { serverMetrics } from './http/metrics.ts';

export interface RunningServer {
  app: FastifyInstance;
  handle: Db;
  /** The repositories the app runs on (benchmarks read its group-commit counts). */
  store: Store;
  url: string;
  /**
   * Stops gracefully (SIGTERM): the readiness check fails at once; after SHUTDOWN_DELAY_MS no
   * new connection is taken, every socket is told the server restarts (1012, its clients move
   * to another server), the requests under way finish (a point is answered only once committed),
   * then the bus, locks and database are closed.
   */
  close(): Promise<void>;
}

/** Opens and migrates the database, then serves everything on one port. */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config = { ...loadConfig(), ...overrides };
  const handle = await openDatabase(config.database);
  await migrateToLatest(handle.db);
  // Servers sharing one PostgreSQL take turns at recalculations through advisory locks.
  const locks =
    config.database.dialect === 'postgres' ? postgresExclusive(config.database.url) : null;
  const store = createStore(handle.db, locks?.exclusive);
  // The bus's lag from the other servers is counted with the app's metrics.
  const metrics = serverMetrics();
  const bus = config.redisUrl
    ? redisBus(config.redisUrl, {
        prefix: config.redisPrefix,
        onError: (error) => console.error('redis bus:', error),
        onReceived: metrics.busReceived,
      })
    : inProcessBus();
  const lifecycle = { draining: false };
  const app = await buildApp({ db: handle.db, config, bus, store, lifecycle, metrics });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  return {
    app,
    handle,
    store,
    url: `http://localhost:${port}`,
    close: async () => {
      lifecycle.draining = true;
      if (config.shutdownDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      }
      await app.close();
      await bus.close();
      await locks?.close();
      await handle.close();
    },
  };
}

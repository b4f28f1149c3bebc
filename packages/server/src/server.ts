import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import type { ServerConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { createStore } from './db/store.ts';
import type { Store } from './db/store.ts';
import { inProcessBus } from './realtime/bus.ts';

export interface RunningServer {
  app: FastifyInstance;
  handle: Db;
  /** The repositories the app runs on (benchmarks read its group-commit counts). */
  store: Store;
  url: string;
  close(): Promise<void>;
}

/** Opens and migrates the database, then serves everything on one port. */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config = { ...loadConfig(), ...overrides };
  const handle = await openDatabase(config.database);
  await migrateToLatest(handle.db);
  const store = createStore(handle.db);
  const app = await buildApp({ db: handle.db, config, bus: inProcessBus(), store });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  return {
    app,
    handle,
    store,
    url: `http://localhost:${port}`,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

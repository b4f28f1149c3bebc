import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface ListenDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  authenticate: (token: string) => Promise<{ uid: string; superAdmin: boolean } | null>;
}

/** Placeholder: the live location socket `{host}/listen` (spec 01 §7). */
export async function listenRoutes(app: FastifyInstance, deps: ListenDeps): Promise<void> {
  void app;
  void deps;
}

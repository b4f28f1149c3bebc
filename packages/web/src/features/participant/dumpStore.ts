import { TABLES } from './store.ts';
import type { KeyValueStore } from './store.ts';

/** Every local table with its entries: what sendDB uploads. */
export async function dumpStore(store: KeyValueStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = await store.list(table, '');
  return out;
}

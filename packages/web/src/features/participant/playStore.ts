import { hasIndexedDb, idbStore } from './idbStore.ts';
import { memoryStore } from './store.ts';
import type { KeyValueStore } from './store.ts';

let store: KeyValueStore | null = null;

/** The app's one local store: IndexedDB, or memory when the browser has none. */
export function playStore(): KeyValueStore {
  return (store ??= hasIndexedDb() ? idbStore() : memoryStore());
}

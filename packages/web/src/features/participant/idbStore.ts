import { TABLES } from './store.ts';
import type { KeyValueStore, Table } from './store.ts';

const DB_NAME = 'rada-play';
const DB_VERSION = 1;

/** Resolves an IndexedDB request. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when a transaction has committed (the data is on disk, as far as the browser says). */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    for (const name of TABLES) {
      if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    }
  };
  return done(request);
}

const range = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** The participant app's tables in IndexedDB (one object store per table, string keys). */
export function idbStore(): KeyValueStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= open());
  return {
    async put(table: Table, entries: [string, unknown][]) {
      const tx = (await database()).transaction(table, 'readwrite');
      const store = tx.objectStore(table);
      for (const [key, value] of entries) store.put(value, key);
      await committed(tx);
    },
    async list<T>(table: Table, prefix: string, limit?: number) {
      const store = (await database()).transaction(table, 'readonly').objectStore(table);
      const [keys, values] = await Promise.all([
        done(store.getAllKeys(range(prefix), limit)),
        done(store.getAll(range(prefix), limit)),
      ]);
      return keys.map((key, i) => ({ key: String(key), value: values[i] as T }));
    },
    async delete(table: Table, keys: string[]) {
      const tx = (await database()).transaction(table, 'readwrite');
      const store = tx.objectStore(table);
      for (const key of keys) store.delete(key);
      await committed(tx);
    },
    async count(table: Table, prefix: string) {
      const store = (await database()).transaction(table, 'readonly').objectStore(table);
      return done(store.count(range(prefix)));
    },
  };
}

/** IndexedDB when the browser has it, else null. */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

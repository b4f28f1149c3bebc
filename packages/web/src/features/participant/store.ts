/**
 * The participant app's local tables behind one small interface, so the outbox logic runs the
 * same over IndexedDB (idbStore.ts) and over memory (tests). Keys are strings; every listing is
 * in key order, which the outbox builds to be the order of creation.
 */
export const TABLES = ['actions', 'points', 'sent', 'log'] as const;
export type Table = (typeof TABLES)[number];

export interface KeyValueStore {
  put(table: Table, entries: [string, unknown][]): Promise<void>;
  /** Entries whose key starts with `prefix`, in key order, at most `limit`. */
  list<T>(table: Table, prefix: string, limit?: number): Promise<{ key: string; value: T }[]>;
  delete(table: Table, keys: string[]): Promise<void>;
  count(table: Table, prefix: string): Promise<number>;
}

/** A store in memory: tests, and the fallback when IndexedDB is not available. */
export function memoryStore(): KeyValueStore {
  const tables = new Map<Table, Map<string, unknown>>(TABLES.map((t) => [t, new Map()]));
  const table = (t: Table) => tables.get(t) ?? new Map<string, unknown>();
  const sortedKeys = (t: Table, prefix: string) =>
    [...table(t).keys()].filter((k) => k.startsWith(prefix)).sort();
  return {
    put(t, entries) {
      for (const [k, v] of entries) table(t).set(k, structuredClone(v));
      return Promise.resolve();
    },
    list<T>(t: Table, prefix: string, limit?: number) {
      const keys = sortedKeys(t, prefix).slice(0, limit ?? Infinity);
      return Promise.resolve(
        keys.map((key) => ({ key, value: structuredClone(table(t).get(key)) as T })),
      );
    },
    delete(t, keys) {
      for (const k of keys) table(t).delete(k);
      return Promise.resolve();
    },
    count(t, prefix) {
      return Promise.resolve(sortedKeys(t, prefix).length);
    },
  };
}

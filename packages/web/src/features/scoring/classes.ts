import { parseClasses, parseShared } from '@rada/core';

/**
 * Editing helpers for the class map (`klassid`), the points per value class (`rakoef`) and the
 * shared value classes (`sharedrakoef`). Team classes (klassid) and value classes (rakoef, a
 * checkpoint's `ra`) are different things: the first groups teams, the second prices checkpoints.
 */
export interface ClassEntry {
  id: string;
  name: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The team classes in display order. */
export function classList(klassid: unknown): ClassEntry[] {
  return [...parseClasses(klassid)].map(([id, name]) => ({ id, name }));
}

/**
 * The stored `klassid` for edited entries, as an id → name map. An entry that was stored as an
 * object keeps its other fields, with `name` replaced.
 */
export function toKlassid(entries: ClassEntry[], stored: unknown): Record<string, unknown> {
  const before = isObject(stored) ? stored : {};
  return Object.fromEntries(
    entries.map(({ id, name }) => {
      const old = before[id];
      return [id, isObject(old) ? { ...old, name } : name];
    }),
  );
}

/** A class id not used yet: the smallest positive number as a string. */
export function nextClassId(entries: ClassEntry[]): string {
  const used = new Set(entries.map((e) => e.id));
  let n = 1;
  while (used.has(String(n))) n++;
  return String(n);
}

/**
 * Points per value class 1..n from a stored `rakoef` (index 0 is unused); an entry that is not
 * a number is null, which scores the class at its own number.
 */
export function rakoefRows(rakoef: unknown): (number | null)[] {
  if (!Array.isArray(rakoef)) return [];
  return rakoef
    .slice(1)
    .map((v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null));
}

/** The stored `rakoef` for rows of classes 1..n: `[null, ...rows]`, or null when there are none. */
export function toRakoef(rows: (number | null)[]): (number | null)[] | null {
  return rows.length > 0 ? [null, ...rows] : null;
}

/** The value classes to offer: 1..n for the rakoef rows, at least 1..3. */
export function valueClasses(rakoef: unknown): number[] {
  const n = Math.max(3, rakoefRows(rakoef).length);
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** `sharedrakoef` with class `ra` turned on or off, as the stored "2,3" text. */
export function toggleShared(stored: unknown, ra: number, on: boolean): string {
  const set = parseShared(stored);
  if (on) set.add(ra);
  else set.delete(ra);
  return [...set].sort((a, b) => a - b).join(',');
}

import type { CupStandingsRow } from '@rada/core';

/** The key of the no-class tab ('' is the class of teams without one, 05 §2). */
export const NO_CLASS_TAB = '-';

/** The classes of the standings in their order ('' for teams without a class). */
export function cupClasses(rows: readonly CupStandingsRow[]): string[] {
  const classes: string[] = [];
  for (const r of rows) if (!classes.includes(r.class)) classes.push(r.class);
  return classes;
}

/** Edit distance of two short texts (for finding duplicate team names). */
function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

const simple = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Possible duplicates within one class: names that, simplified (case, accents, punctuation), are
 * equal, one inside the other, or at most two edits apart (one for short names). Key → the
 * names of the teams it may be the same as.
 */
export function nearNames(rows: readonly CupStandingsRow[]): Map<string, string[]> {
  const near = new Map<string, string[]>();
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      if (a.class !== b.class) continue;
      const x = simple(a.name);
      const y = simple(b.name);
      const limit = Math.min(x.length, y.length) < 6 ? 1 : 2;
      const close =
        x === y ||
        (x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x))) ||
        distance(x, y) <= limit;
      if (!close) continue;
      near.set(a.key, [...(near.get(a.key) ?? []), b.name]);
      near.set(b.key, [...(near.get(b.key) ?? []), a.name]);
    }
  }
  return near;
}

/** Whether two rows may be joined (05 §5): one class, no event with an own score of both. */
export function canJoin(a: CupStandingsRow, b: CupStandingsRow): boolean {
  return a.key !== b.key && a.class === b.class && !a.own.some((own, i) => own && b.own[i]);
}

/** Why the ticked rows cannot be joined (05 §5): a translation key and its values; null if they can. */
export function joinBlock(
  picked: readonly CupStandingsRow[],
): { key: string; values?: Record<string, string | number> } | null {
  if (picked.length === 0) return { key: 'cup.join.why.none' };
  if (picked.length === 1) return { key: 'cup.join.why.one' };
  if (picked.length > 2) return { key: 'cup.join.why.many' };
  const [a, b] = picked as [CupStandingsRow, CupStandingsRow];
  if (a.class !== b.class) return { key: 'cup.join.why.class' };
  const both = a.own.flatMap((own, i) => (own && b.own[i] ? [String(i + 1)] : []));
  if (both.length > 0) {
    return { key: 'cup.join.why.clash', values: { events: both.join(', '), count: both.length } };
  }
  return null;
}

/** A sort of the admin's table: by a column, ascending or not. */
export interface CupSort {
  column: 'place' | 'name' | 'total' | number;
  asc: boolean;
}

/** The rows sorted for an admin; places (and unplaced last) by default. */
export function sortRows(rows: readonly CupStandingsRow[], sort: CupSort): CupStandingsRow[] {
  const value = (r: CupStandingsRow): number | string =>
    sort.column === 'name'
      ? r.name.toLowerCase()
      : sort.column === 'place'
        ? (r.place ?? Infinity)
        : sort.column === 'total'
          ? r.total
          : (r.scores[sort.column] ?? -Infinity);
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const d = x < y ? -1 : x > y ? 1 : 0;
    return sort.asc ? d : -d;
  });
}

/**
 * What a score cell holds: `counted`, `unused` (a score beyond the counting events), `missed`
 * (the cup's value for an event the team missed) or `none`.
 */
export type CupCellState = 'counted' | 'unused' | 'missed' | 'none';

/**
 * A cup admin's change of a cell (05 §5): `{before}` holds the value the cell would have
 * without it (null: nothing); undefined when the cell is not changed by hand.
 */
export function cellEdit(
  row: CupStandingsRow,
  index: number,
): { before: number | null } | undefined {
  const before = row.edited?.[index];
  return before === undefined ? undefined : { before };
}

export function cupCellState(row: CupStandingsRow, index: number): CupCellState {
  const score = row.scores[index];
  if (score === null || score === undefined) return 'none';
  if (!row.used[index]) return 'unused';
  return row.own[index] ? 'counted' : 'missed';
}

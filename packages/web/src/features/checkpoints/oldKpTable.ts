import { compareKpNr } from '@rada/core';
import type { Checkpoint } from '@rada/core';

/**
 * The old checkpoint dialog's table (spec 01 screen 8): columns nr, indev (inwork), response,
 * desc, ra and — when any KP has one — maxa (maxanswerdistance); sortable and filtered by text.
 */
export const OLD_COLUMNS = ['nr', 'indev', 'response', 'desc', 'ra', 'maxa'] as const;
export type OldColumn = (typeof OLD_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

/** The row's response text: the correct response as "id: text", else the KP's `a` text. */
export function responseText(cp: Checkpoint): string {
  const answer = cp.answer ?? null;
  if (answer !== null) {
    const text = cp.data.responses?.[answer];
    return text !== undefined && text !== '' ? `${answer}: ${text}` : answer;
  }
  return cp.data.a ?? '';
}

/** The maxa column shows only when some KP has its own max answer distance. */
export function showMaxa(checkpoints: readonly Checkpoint[]): boolean {
  return checkpoints.some((c) => typeof c.kp.maxanswerdistance === 'number');
}

const cmpNumber = (a: number | undefined, b: number | undefined) =>
  (a ?? Number.NEGATIVE_INFINITY) - (b ?? Number.NEGATIVE_INFINITY);

/** Compares two KPs by a column, ascending; ties fall back to nr. */
export function compareBy(column: OldColumn, a: Checkpoint, b: Checkpoint): number {
  let c = 0;
  switch (column) {
    case 'nr':
      return compareKpNr(a.kp.nr, b.kp.nr);
    case 'indev':
      c = Number(a.kp.inwork === true) - Number(b.kp.inwork === true);
      break;
    case 'response':
      c = responseText(a).localeCompare(responseText(b));
      break;
    case 'desc':
      c = (a.data.desc ?? '').localeCompare(b.data.desc ?? '');
      break;
    case 'ra':
      c = cmpNumber(a.kp.ra, b.kp.ra);
      break;
    case 'maxa':
      c = cmpNumber(a.kp.maxanswerdistance, b.kp.maxanswerdistance);
      break;
  }
  return c !== 0 ? c : compareKpNr(a.kp.nr, b.kp.nr);
}

/** The rows to show: those matching `filter` (nr, desc or response, any case), sorted. */
export function oldKpRows(
  checkpoints: readonly Checkpoint[],
  filter: string,
  column: OldColumn,
  order: SortOrder,
): Checkpoint[] {
  const needle = filter.trim().toLowerCase();
  const rows = needle
    ? checkpoints.filter((c) =>
        [String(c.kp.nr), c.data.desc ?? '', responseText(c)].some((s) =>
          s.toLowerCase().includes(needle),
        ),
      )
    : [...checkpoints];
  rows.sort((a, b) => (order === 'asc' ? 1 : -1) * compareBy(column, a, b));
  return rows;
}

import type { TeamResult } from './scoring/types.ts';

/*
 * How the results pages list and show results: shared by the web app's pages and the server's
 * first paint (http/firstPaint.ts). No zod here: the public pages import it.
 */

/**
 * The overall ranking in the order the results page lists it: placed teams by their overall
 * place, then the unplaced by status (spec 03 §12), each group in the engine's order.
 */
export function overallRows(results: TeamResult[]): { result: TeamResult; place: number | null }[] {
  return results
    .map((result, i) => ({ result, place: result.overallplace, i }))
    .sort(
      (a, b) =>
        rank(a.place, b.place) ||
        UNPLACED.indexOf(a.result.status) - UNPLACED.indexOf(b.result.status) ||
        a.i - b.i,
    )
    .map(({ result, place }) => ({ result, place }));
}

/** The unplaced, in the order they are listed after the placed teams (spec 03 §12). */
const UNPLACED: TeamResult['status'][] = ['finished', 'running', 'notstarted', 'dsq', 'katk'];

/** Ranked first, by place; unranked (not started, dsq, katk) last. */
function rank(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** A number of points as the results pages show it: whole numbers as they are, others to two decimals. */
export function shownPoints(value: number, suffix = ''): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return suffix ? `${text} ${suffix}` : text;
}

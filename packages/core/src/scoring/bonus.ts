import type { DstRule, ExtraRule } from './settings.ts';
import type { ScoringTeam } from './types.ts';

/**
 * `lypoints` (spec 03 §9): for each extra that applies to the team's class, plus the team's
 * points under that name, or minus when the extra is a penalty.
 */
export function extrasPoints(
  extras: ExtraRule[],
  team: ScoringTeam,
  classId: string | null,
): number {
  const own = team.lypoints;
  if (!own || extras.length === 0) return 0;
  let sum = 0;
  for (const e of extras) {
    if (e.classes && (classId === null || !e.classes.has(classId))) continue;
    const v = own[e.name];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    sum += e.penalty ? -v : v;
  }
  return sum;
}

/** Track distance in km (`trackstat.dst / 1000`), or null without a number. */
export function distanceKm(stat: { dst?: unknown } | undefined): number | null {
  const d = stat?.dst;
  return typeof d === 'number' && Number.isFinite(d) ? d / 1000 : null;
}

/**
 * `dstpoints` (spec 03 §9): `max(0, dstpoints − floor(|dst − targetdst| / dststeps) × dstpointssteps)`
 * when the distance rule is set; 0 without the rule or without a distance.
 */
export function distancePoints(rule: DstRule | null, dst: number | null): number {
  if (!rule || dst === null) return 0;
  const steps = Math.floor(Math.abs(dst - rule.targetdst) / rule.dststeps);
  return Math.max(0, rule.dstpoints - steps * rule.dstpointssteps);
}

/** `spdpenalty` (spec 03 §9): the number of speed tickets × `S.speedpenalty`. */
export function speedPenalty(
  tickets: Record<string, unknown> | undefined,
  perTicket: number,
): number {
  if (!tickets || perTicket === 0) return 0;
  return Object.keys(tickets).length * perTicket;
}

/** A finisher taking part in the finish-rank bonus. */
export interface Finisher {
  /** Position in the caller's team arrays. */
  i: number;
  classKey: string;
  finishtime: number;
  kpsum: number;
}

/**
 * Finish-rank bonus (spec 03 §9) for eligible finishers (finished, not dsq/katk, in time): within
 * each class ordered by `finishtime`, the k-th gets `firstbonus[k−1]`, or `kpsum × firstbonus[k−1]`
 * as a multiplier. Teams with the same finish time share the better rank. Writes into `out[i]`.
 */
export function assignFinishBonus(
  finishers: Finisher[],
  firstbonus: number[],
  multiplier: boolean,
  out: Float64Array | number[],
): void {
  if (firstbonus.length === 0 || finishers.length === 0) return;
  const byClass = new Map<string, Finisher[]>();
  for (const f of finishers) {
    const list = byClass.get(f.classKey);
    if (list) list.push(f);
    else byClass.set(f.classKey, [f]);
  }
  for (const list of byClass.values()) {
    list.sort((a, b) => a.finishtime - b.finishtime);
    let rank = 0;
    for (let j = 0; j < list.length && rank < firstbonus.length; j++) {
      const f = list[j]!;
      if (j === 0 || f.finishtime !== list[j - 1]!.finishtime) rank = j;
      if (rank >= firstbonus.length) break;
      const entry = firstbonus[rank]!;
      out[f.i] = multiplier ? f.kpsum * entry : entry;
    }
  }
}

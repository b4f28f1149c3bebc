import type { ScoringSettings } from './settings.ts';
import type { ScoringEvent } from './types.ts';

/**
 * `base(ra)` of spec 03 §3: `rakoef[ra]` when that entry is a number, else `ra` itself.
 * `rakoef` is indexed by class number, so `rakoef[0]` is never read for class 1.
 */
export function baseValue(ra: number, rakoef: Record<number, unknown> | null): number {
  const v = rakoef ? rakoef[ra] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : ra;
}

/** `value(kp) = base(kp.ra ?? 1) × (kp.grp ?? 1)` (spec 03 §3). */
export function kpValue(
  kp: { ra?: number; grp?: number },
  rakoef: Record<number, unknown> | null,
): number {
  return baseValue(kp.ra ?? 1, rakoef) * (kp.grp ?? 1);
}

/**
 * Every live (not cancelled) checkpoint's scoring facts, precomputed once per computation and
 * stored column-wise: index `i` in each array is the checkpoint `ids[i]`.
 */
export interface KpTable {
  ids: string[];
  index: Map<string, number>;
  ra: number[];
  value: number[];
  /** The value is divided among the teams that have the checkpoint ok (shared class). */
  shared: boolean[];
  /** The penalty for a wrong answer (0 when none applies). */
  wrongPenalty: number[];
  mandatory: boolean[];
  allok: boolean[];
  /** The correct response id, or null when none is set. */
  correct: (string | null)[];
  /** Response id → points when answer scores are on and the KP has scores; else null. */
  scores: (Record<string, unknown> | null)[];
  /** Sum of `2 × value` over mandatory KPs: the penalty of a team with none of them ok. */
  mandatoryTotal: number;
  /** The distinct classes of the live KPs, highest first (for the `highkp` rule). */
  classesDesc: number[];
}

/** Builds the checkpoint table; cancelled checkpoints (`tyhistatud`) are left out entirely. */
export function buildKpTable(event: ScoringEvent, s: ScoringSettings): KpTable {
  const t: KpTable = {
    ids: [],
    index: new Map(),
    ra: [],
    value: [],
    shared: [],
    wrongPenalty: [],
    mandatory: [],
    allok: [],
    correct: [],
    scores: [],
    mandatoryTotal: 0,
    classesDesc: [],
  };
  const classes = new Set<number>();
  for (const id of Object.keys(event.kp).sort()) {
    const kp = event.kp[id]!;
    if (kp.tyhistatud === true) continue;
    const ra = kp.ra ?? 1;
    const value = kpValue(kp, s.rakoef);
    const own = kp.wrongpenalty;
    const wrongPenalty =
      typeof own === 'number' && Number.isFinite(own)
        ? own
        : s.wrongPenaltyEnabled
          ? value * s.wrongCoef
          : 0;
    const answer = event.kpanswer[id];
    const scores = s.answerScores ? (event.kpdata[id]?.scores ?? null) : null;
    t.index.set(id, t.ids.length);
    t.ids.push(id);
    t.ra.push(ra);
    t.value.push(value);
    t.shared.push(s.shared.has(ra));
    t.wrongPenalty.push(wrongPenalty);
    t.mandatory.push(kp.kohustuslik === true);
    t.allok.push(kp.allok === true);
    t.correct.push(typeof answer === 'string' && answer !== '' ? answer : null);
    t.scores.push(scores && Object.keys(scores).length > 0 ? scores : null);
    if (kp.kohustuslik === true) t.mandatoryTotal += 2 * value;
    classes.add(ra);
  }
  t.classesDesc = [...classes].sort((a, b) => b - a);
  return t;
}

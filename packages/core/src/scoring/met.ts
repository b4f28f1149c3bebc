import type { KpTable } from './value.ts';
import type { ScoringAnswer } from './types.ts';

/** Outcome of one answer: not visited, ok, or wrong (spec 03 §4). */
export const NOT_VISITED = 0;
export const OK = 1;
export const WRONG = 2;
export type Met = typeof NOT_VISITED | typeof OK | typeof WRONG;

/** The answer-score points of `r` at checkpoint `k`, or null when answer scores do not apply. */
export function answerScore(t: KpTable, k: number, r: ScoringAnswer): number | null {
  const scores = t.scores[k];
  if (!scores || typeof r.answer !== 'string' || r.answer === '') return null;
  const v = scores[r.answer];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * Whether answer `r` meets live checkpoint `k` (spec 03 §4 and the answer-score rule of §5).
 * An answer with an answer score is ok when the score is above zero and not visited otherwise
 * (a negative score still counts in kpsum: spec 03 §12, computeResults adds it).
 */
export function metStatus(t: KpTable, k: number, r: ScoringAnswer | undefined): Met {
  if (!r) return NOT_VISITED;
  const score = answerScore(t, k, r);
  if (score !== null) return score > 0 ? OK : NOT_VISITED;
  if (r.ok === true) return OK;
  const answer = r.answer;
  if (answer !== undefined && answer !== null && answer !== '') {
    if (t.allok[k]) return OK;
    const correct = t.correct[k];
    if (correct === null) return OK;
    return answer === correct ? OK : WRONG;
  }
  if (r.ok === false) return WRONG;
  return NOT_VISITED;
}

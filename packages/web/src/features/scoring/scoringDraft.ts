/**
 * The settings the Scoring section edits, held as one draft so the sample team sees every edit
 * at once and the section saves only the keys that changed.
 */
export const SCORING_KEYS = [
  'klassid',
  'rakoef',
  'sharedrakoef',
  'wrongpenaltyenabled',
  'wrongcoef',
  'answerscores',
  'firstkpvisitbonus',
  'firstkpvisitaddbonus',
  'firstbonus',
  'firstbonusismultiplier',
  'dstresult',
  'ly',
  'ajad',
  'orderrules',
] as const;
export type ScoringKey = (typeof SCORING_KEYS)[number];
export type ScoringDraft = Partial<Record<ScoringKey, unknown>>;

const OWNED: ReadonlySet<string> = new Set(SCORING_KEYS);

/** True for a setting that the Scoring section edits instead of the generic field. */
export function isScoringKey(key: string): boolean {
  return OWNED.has(key);
}

/** The scoring keys of the stored settings (missing and null both become undefined). */
export function pickScoring(settings: Record<string, unknown>): ScoringDraft {
  const out: ScoringDraft = {};
  for (const key of SCORING_KEYS) {
    const v = settings[key];
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The settings patch that turns `stored` into `draft`: changed keys with their new value, and
 * emptied keys (undefined, '', []) as null, which clears them.
 */
export function scoringPatch(
  stored: Record<string, unknown>,
  draft: ScoringDraft,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of SCORING_KEYS) {
    const next = draft[key];
    const before = stored[key];
    if (isEmpty(next)) {
      if (!isEmpty(before)) patch[key] = null;
    } else if (JSON.stringify(next) !== JSON.stringify(before)) {
      patch[key] = next;
    }
  }
  return patch;
}

import type { Checkpoint, CheckpointInput, ImportMode, Kp, KpData, KpNr } from './types.ts';

/**
 * Pure planning of checkpoint writes (spec 01 §4, §5): which KPs an import adds, fills or
 * removes, the next free KP number, and what a re-enumeration moves. The server applies a plan
 * in one transaction; the web shows the same plan as a preview.
 */

/** A KP number that is a number, or a string of digits, as a number; otherwise null ('F', '12a'). */
export function numericKpNr(nr: unknown): number | null {
  if (typeof nr === 'number') return Number.isFinite(nr) ? nr : null;
  if (typeof nr === 'string' && /^\d+$/.test(nr.trim())) return Number(nr.trim());
  return null;
}

/** The key under which two KP numbers are the same: 1 and '1' match, 'F' matches 'F'. */
export function kpNrKey(nr: KpNr): string {
  return String(nr).trim();
}

/**
 * The number for a new KP: the highest numeric nr plus 1 (fractions rounded down first), 1 when
 * there is none. 'F' (the finish) and other non-numeric numbers are ignored.
 */
export function nextKpNumber(kps: Pick<Kp, 'nr'>[]): number {
  let max = 0;
  for (const kp of kps) {
    const n = numericKpNr(kp.nr);
    if (n !== null && n > max) max = n;
  }
  return Math.floor(max) + 1;
}

export interface PlannedAdd {
  /** The input's id, kept when no existing checkpoint uses it. */
  id?: string;
  kp: Kp;
  data: KpData;
  answer: string | null;
}

export interface PlannedUpdate {
  id: string;
  /** Full new documents, not patches. */
  kp: Kp;
  data: KpData;
  answer: string | null;
}

export interface SkippedInput {
  /** Index into the inputs. */
  index: number;
  nr: KpNr;
  /** exists: the nr is in use (add mode, or merge with no blank to fill); duplicate: an earlier input has it. */
  reason: 'exists' | 'duplicate';
}

export interface ImportPlan {
  add: PlannedAdd[];
  /** Merge mode only: existing checkpoints that got at least one blank filled. */
  update: PlannedUpdate[];
  /** Ids of existing checkpoints to move to the deleted store (replace mode). */
  remove: string[];
  skipped: SkippedInput[];
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Copies the entries of `from` into a copy of `into` where `into` is blank; reports a change. */
function fillBlanks(
  into: Record<string, unknown>,
  from: Record<string, unknown>,
  nestedById: readonly string[],
): { value: Record<string, unknown>; changed: boolean } {
  const value: Record<string, unknown> = { ...into };
  let changed = false;
  for (const [key, incoming] of Object.entries(from)) {
    if (isBlank(incoming)) continue;
    const current = value[key];
    if (isBlank(current)) {
      value[key] = incoming;
      changed = true;
    } else if (
      nestedById.includes(key) &&
      typeof current === 'object' &&
      typeof incoming === 'object' &&
      !Array.isArray(current) &&
      !Array.isArray(incoming)
    ) {
      const inner = fillBlanks(
        current as Record<string, unknown>,
        incoming as Record<string, unknown>,
        [],
      );
      if (inner.changed) {
        value[key] = inner.value;
        changed = true;
      }
    }
  }
  return { value, changed };
}

/**
 * Plans an import of `inputs` into an event holding `existing` (with their answers), under one of
 * the three modes. Inputs match existing KPs by nr compared as strings (1 and '1' match).
 * - add: inputs with an unused nr are added; the others are skipped as 'exists'.
 * - merge: an existing KP gets each kp/data field that is blank (undefined, null, '') filled from
 *   the input (data.loc as a whole, data.responses and data.scores by id) and the answer when it
 *   has none; a match with nothing to fill is skipped as 'exists'. New nrs are added.
 * - replace: every existing KP is removed and every input added.
 * A later input repeating an earlier input's nr is skipped as 'duplicate' in every mode. An
 * input's id is kept on add unless a checkpoint that stays (or an earlier add) already uses it;
 * in replace mode nothing stays, so ids are kept (the caller removes before it adds).
 */
export function planImport(
  existing: Checkpoint[],
  inputs: CheckpointInput[],
  mode: ImportMode,
): ImportPlan {
  const plan: ImportPlan = { add: [], update: [], remove: [], skipped: [] };
  const byNr = new Map<string, Checkpoint>();
  const usedIds = new Set<string>();
  for (const cp of existing) {
    usedIds.add(cp.id);
    if (!byNr.has(kpNrKey(cp.kp.nr))) byNr.set(kpNrKey(cp.kp.nr), cp);
  }
  if (mode === 'replace') {
    // Everything existing is removed before the adds are written, so inputs keep their ids:
    // re-importing an export in replace mode leaves team answers pointing at the same KPs.
    plan.remove = existing.map((cp) => cp.id);
    byNr.clear();
    usedIds.clear();
  }
  const seenNrs = new Set<string>();

  inputs.forEach((input, index) => {
    const key = kpNrKey(input.kp.nr);
    if (seenNrs.has(key)) {
      plan.skipped.push({ index, nr: input.kp.nr, reason: 'duplicate' });
      return;
    }
    seenNrs.add(key);
    const data = input.data ?? {};
    const answer = input.answer ?? null;
    const match = byNr.get(key);
    if (!match) {
      const add: PlannedAdd = { kp: { ...input.kp }, data: { ...data }, answer };
      if (input.id !== undefined && !usedIds.has(input.id)) {
        add.id = input.id;
        usedIds.add(input.id);
      }
      plan.add.push(add);
      return;
    }
    if (mode === 'add') {
      plan.skipped.push({ index, nr: input.kp.nr, reason: 'exists' });
      return;
    }
    const kp = fillBlanks(match.kp, input.kp, []);
    const merged = fillBlanks(match.data, data, ['responses', 'scores']);
    const current = match.answer ?? null;
    const newAnswer = isBlank(current) && !isBlank(answer) ? answer : current;
    if (!kp.changed && !merged.changed && newAnswer === current) {
      plan.skipped.push({ index, nr: input.kp.nr, reason: 'exists' });
      return;
    }
    const update: PlannedUpdate = {
      id: match.id,
      kp: kp.value as Kp,
      data: merged.value as KpData,
      answer: newAnswer,
    };
    plan.update.push(update);
  });
  return plan;
}

export interface RenumberPlan {
  changes: { id: string; from: KpNr; to: number }[];
  /** Moving KPs whose new number is taken by a KP that stays, or by another moving KP. */
  conflicts: { id: string; nr: number }[];
}

/**
 * Plans a re-enumeration (spec 01 §5): KPs with a numeric nr in [start, end] inclusive get
 * nr + add. Non-numeric nrs ('F', '12a') never move; end < start or add 0 moves nothing.
 * Any conflict blocks applying (`error.cpnumconflict`); the changes are still listed for preview.
 */
export function planRenumber(
  checkpoints: { id: string; kp: Pick<Kp, 'nr'> }[],
  start: number,
  end: number,
  add: number,
): RenumberPlan {
  const changes: RenumberPlan['changes'] = [];
  if (end < start || add === 0) return { changes, conflicts: [] };
  const staying = new Set<number>();
  for (const cp of checkpoints) {
    const n = numericKpNr(cp.kp.nr);
    if (n !== null && n >= start && n <= end)
      changes.push({ id: cp.id, from: cp.kp.nr, to: n + add });
    else if (n !== null) staying.add(n);
  }
  const landing = new Map<number, number>();
  for (const c of changes) landing.set(c.to, (landing.get(c.to) ?? 0) + 1);
  const conflicts = changes
    .filter((c) => staying.has(c.to) || (landing.get(c.to) ?? 0) > 1)
    .map((c) => ({ id: c.id, nr: c.to }));
  return { changes, conflicts };
}

/**
 * Checks a checkpoint's correct answer against its responses: null (no answer) is always valid,
 * otherwise the answer must be a key of data.responses.
 */
export function validateCheckpointAnswer(
  data: KpData,
  answer: string | null,
): 'kpdata.badresponse' | null {
  if (answer === null) return null;
  const responses = data.responses;
  return responses && Object.prototype.hasOwnProperty.call(responses, answer)
    ? null
    : 'kpdata.badresponse';
}

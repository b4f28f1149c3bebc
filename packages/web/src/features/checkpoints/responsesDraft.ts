import { validateCheckpointAnswer } from '@rada/core';
import type { Checkpoint, KpData } from '@rada/core';

/**
 * The responses editor's rules (spec 01 §5 "a correct response row cannot be directly edited
 * to become incorrect"): rows of response id, text and optional points; exactly one or no row
 * is correct. The correct mark moves only by choosing another row or removing the correct
 * row (which clears the answer); it can never be switched off on its own row.
 */
export interface ResponseRow {
  /** Stable key of the row while editing (the response id may be retyped). */
  key: string;
  id: string;
  text: string;
  /** Points for this response (data.scores), used when the event's answerscores is on. */
  score: number | null;
}

export interface ResponsesDraft {
  rows: ResponseRow[];
  /** The key of the correct row, or null when the KP has no correct answer. */
  correctKey: string | null;
}

/** Response id limits of the stored model (core KpData.responses). */
export const RESPONSE_ID_MAX = 50;
export const RESPONSE_TEXT_MAX = 2000;

let keySeq = 0;
const newKey = () => `r${++keySeq}`;

/** The draft of a checkpoint's stored responses, scores and answer. */
export function draftFromCheckpoint(cp: Pick<Checkpoint, 'data' | 'answer'>): ResponsesDraft {
  const responses = cp.data.responses ?? {};
  const scores = cp.data.scores ?? {};
  const rows = Object.entries(responses).map(([id, text]) => ({
    key: newKey(),
    id,
    text,
    score: typeof scores[id] === 'number' ? scores[id] : null,
  }));
  const correct = rows.find((r) => r.id === cp.answer);
  return { rows, correctKey: correct?.key ?? null };
}

/** The next free response id: A, B, … Z, then 27, 28, … */
export function nextResponseId(rows: readonly ResponseRow[]): string {
  const used = new Set(rows.map((r) => r.id.trim().toUpperCase()));
  for (let c = 65; c <= 90; c++) {
    const id = String.fromCharCode(c);
    if (!used.has(id)) return id;
  }
  let n = 27;
  while (used.has(String(n))) n++;
  return String(n);
}

/** Adds an empty response with the next free id. The first response added is not made correct. */
export function addResponse(draft: ResponsesDraft): ResponsesDraft {
  const row: ResponseRow = { key: newKey(), id: nextResponseId(draft.rows), text: '', score: null };
  return { ...draft, rows: [...draft.rows, row] };
}

/** Removes a row; removing the correct row clears the answer. */
export function removeResponse(draft: ResponsesDraft, key: string): ResponsesDraft {
  return {
    rows: draft.rows.filter((r) => r.key !== key),
    correctKey: draft.correctKey === key ? null : draft.correctKey,
  };
}

/**
 * Marks row `key` correct. Asking to mark the already-correct row does nothing: a correct row
 * can only stop being correct when another row is chosen or it is removed.
 */
export function setCorrect(draft: ResponsesDraft, key: string): ResponsesDraft {
  if (!draft.rows.some((r) => r.key === key) || draft.correctKey === key) return draft;
  return { ...draft, correctKey: key };
}

/**
 * Applies an edit of one row's id, text or points. A `correct` flag in the edit may only set
 * the row correct; `correct: false` on the correct row is ignored (the rule above). Retyping
 * the correct row's id keeps it correct.
 */
export function editResponse(
  draft: ResponsesDraft,
  key: string,
  edit: Partial<Pick<ResponseRow, 'id' | 'text' | 'score'>> & { correct?: boolean },
): ResponsesDraft {
  const rows = draft.rows.map((r) =>
    r.key === key
      ? {
          ...r,
          ...(edit.id !== undefined ? { id: edit.id } : {}),
          ...(edit.text !== undefined ? { text: edit.text } : {}),
          ...(edit.score !== undefined ? { score: edit.score } : {}),
        }
      : r,
  );
  const next = { ...draft, rows };
  return edit.correct === true ? setCorrect(next, key) : next;
}

/** Per-row problems (translation keys) by row key: blank, too long or repeated ids, long texts. */
export function responseErrors(draft: ResponsesDraft): Map<string, string> {
  const errors = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const r of draft.rows) counts.set(r.id.trim(), (counts.get(r.id.trim()) ?? 0) + 1);
  for (const r of draft.rows) {
    const id = r.id.trim();
    if (id === '') errors.set(r.key, 'kp.responses.error.noid');
    else if (id.length > RESPONSE_ID_MAX) errors.set(r.key, 'kp.responses.error.longid');
    else if ((counts.get(id) ?? 0) > 1) errors.set(r.key, 'kp.responses.error.dupid');
    else if (r.text.length > RESPONSE_TEXT_MAX) errors.set(r.key, 'kp.responses.error.longtext');
  }
  return errors;
}

/** What the draft stores: responses and scores (null when empty, removing the key) and answer. */
export interface ResponsesValue {
  responses: Record<string, string> | null;
  scores: Record<string, number> | null;
  answer: string | null;
}

/** The stored form of a draft (ids trimmed). Call only when responseErrors is empty. */
export function draftValue(draft: ResponsesDraft): ResponsesValue {
  const responses: Record<string, string> = {};
  const scores: Record<string, number> = {};
  let answer: string | null = null;
  for (const r of draft.rows) {
    const id = r.id.trim();
    responses[id] = r.text;
    if (r.score !== null) scores[id] = r.score;
    if (r.key === draft.correctKey) answer = id;
  }
  return {
    responses: Object.keys(responses).length > 0 ? responses : null,
    scores: Object.keys(scores).length > 0 ? scores : null,
    answer,
  };
}

/**
 * Checks the draft before saving: the first row problem, else the core answer check
 * (kpdata.badresponse when the answer is not one of the responses), else null.
 */
export function validateDraft(draft: ResponsesDraft): string | null {
  const rowError = responseErrors(draft).values().next();
  if (!rowError.done) return rowError.value;
  const value = draftValue(draft);
  const data: KpData = value.responses ? { responses: value.responses } : {};
  return validateCheckpointAnswer(data, value.answer);
}

/** True when the draft stores something different from the checkpoint. */
export function draftChanged(cp: Pick<Checkpoint, 'data' | 'answer'>, draft: ResponsesDraft) {
  const value = draftValue(draft);
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (
    !same(value.responses, cp.data.responses) ||
    !same(value.scores, cp.data.scores) ||
    value.answer !== (cp.answer ?? null)
  );
}

import dayjs from 'dayjs';
import type { Checkpoint, TeamAnswerView } from '@rada/core';

/** What the answers table shows for one checkpoint's response column. */
export type ResponseShown =
  | { kind: 'text'; text: string }
  /** No answer stored, or an `ok`-only answer without a response id. */
  | { kind: 'missing' }
  /** The stored response id is not one of the checkpoint's responses. */
  | { kind: 'bad'; id: string };

/** One row of a team's answers table: a checkpoint and the team's answer to it, if any. */
export interface AnswerRow {
  kpId: string;
  nr: string;
  responses: Record<string, string>;
  answer: TeamAnswerView | null;
  shown: ResponseShown;
}

/** Numbers in numeric order, then other labels (the finish 'F', '12a'). */
function compareNr(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  const fa = a !== '' && Number.isFinite(na);
  const fb = b !== '' && Number.isFinite(nb);
  if (fa && fb) return na - nb;
  if (fa !== fb) return fa ? -1 : 1;
  return a.localeCompare(b);
}

/** The response text of an answer, or which placeholder stands for it. */
export function responseShown(
  responses: Record<string, string>,
  answer: TeamAnswerView | null,
): ResponseShown {
  if (!answer || answer.answer === null) return { kind: 'missing' };
  const text = responses[answer.answer];
  return text === undefined ? { kind: 'bad', id: answer.answer } : { kind: 'text', text };
}

/**
 * Every checkpoint with the team's answer to it, by KP number; answers to checkpoints that no
 * longer exist are left out (the deleted-KP tools deal with those).
 */
export function answerRows(checkpoints: Checkpoint[], answers: TeamAnswerView[]): AnswerRow[] {
  const byKp = new Map(answers.map((a) => [a.kpId, a]));
  return checkpoints
    .map((cp) => {
      const responses = cp.data.responses ?? {};
      const answer = byKp.get(cp.id) ?? null;
      return {
        kpId: cp.id,
        nr: String(cp.kp.nr),
        responses,
        answer,
        shown: responseShown(responses, answer),
      };
    })
    .sort((a, b) => compareNr(a.nr, b.nr));
}

/** Local date and time with seconds, or '' for no time. */
export function formatTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '' : dayjs(ms).format('DD.MM.YYYY HH:mm:ss');
}

/**
 * A team's start and finish as one short text: "01.05.2030 10:00:00 / 13:02:07" when the finish
 * is on the start's day, both in full otherwise, '–' for a missing one.
 */
export function startFinishText(start: number | null, finish: number | null): string {
  const sameDay = start !== null && finish !== null && dayjs(start).isSame(dayjs(finish), 'day');
  const finishText = sameDay ? dayjs(finish).format('HH:mm:ss') : formatTime(finish);
  return `${formatTime(start) || '–'} / ${finishText || '–'}`;
}

/** The value of a `datetime-local` input (with seconds) for a time, or ''. */
export function toLocalInput(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '' : dayjs(ms).format('YYYY-MM-DDTHH:mm:ss');
}

/** A `datetime-local` input's value as epoch ms; null for empty or unreadable input. */
export function fromLocalInput(value: string): number | null {
  if (value.trim() === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.valueOf() : null;
}

/** The extras names the event's `ly` setting defines, in its order; empty when it has none. */
export function extrasNames(ly: unknown): string[] {
  return ly && typeof ly === 'object' && !Array.isArray(ly) ? Object.keys(ly) : [];
}

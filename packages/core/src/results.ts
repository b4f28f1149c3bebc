import { z } from 'zod';
import type { TeamResult } from './scoring/types.ts';

export type { TeamResult };

/**
 * The results and responses API (docs/api.md): the stored results of an event, the settings the
 * results page needs to show them, the teams × checkpoints matrix, and the body of an answer edit.
 */

/** The settings that change how results are shown (spec 01 §3, event settings). */
export interface ResultsDisplaySettings {
  pointssuffix: string;
  distanceinresult: boolean;
  hidewrongmarks: boolean;
  sfwithseconds: boolean;
  sfwithdate: boolean;
  hidespeedings: boolean;
  /** Class id → class name (or whatever the event stores for it). */
  klassid: Record<string, unknown>;
}

/** GET /api/events/:id/results. */
export interface ResultsView {
  results: TeamResult[];
  /** Epoch ms of the computation the results come from. */
  computedAt: number;
  settings: ResultsDisplaySettings;
}

/** GET /api/events/:id/results/members: team id → its members' display names. */
export interface TeamMembersView {
  members: Record<string, string[]>;
}

/** One cell of the responses matrix: the team's answer to one checkpoint. */
export interface ResponseCell {
  /** The response id the team chose, or null for an `ok`-only answer. */
  answer: string | null;
  /** ok: correct; wrong: not correct; none: no answer. */
  state: 'ok' | 'wrong' | 'none';
}

/** A cell's state as one character of a team's `marks` in ResponsesView. */
export const RESPONSE_MARKS = { ok: 'o', wrong: 'x', none: '.' } as const satisfies Record<
  ResponseCell['state'],
  string
>;

/** One team's row of the responses matrix, its cells in the order of the view's `kps`. */
export interface ResponsesRow {
  id: string;
  name: string;
  nr: string | null;
  /**
   * One character a KP (RESPONSE_MARKS): a 2,000-team × 60-KP matrix is a few hundred kilobytes
   * as objects and a tenth of that as strings, which a phone on a slow link feels.
   */
  marks: string;
  /** The response id chosen at each KP (null where none); null unless `answersShown`. */
  answers: (string | null)[] | null;
}

/** The cell of `row` at the view's KP `index`. */
export function responseCell(row: ResponsesRow, index: number): ResponseCell {
  const mark = row.marks[index];
  const state: ResponseCell['state'] =
    mark === RESPONSE_MARKS.ok ? 'ok' : mark === RESPONSE_MARKS.wrong ? 'wrong' : 'none';
  return { answer: row.answers?.[index] ?? null, state };
}

/** GET /api/events/:id/responses. */
export interface ResponsesView {
  kps: { id: string; nr: string | null; responses: Record<string, string> }[];
  teams: ResponsesRow[];
  /**
   * Whether the chosen and the correct answers are shown: to admins always, to anyone after the
   * event's end. The colours (ok, wrong) are shown all along, like the results' counts.
   */
  answersShown: boolean;
  /** Whether wrong marks are shown: not to viewers who are not admins under `hidewrongmarks`. */
  wrongShown: boolean;
  /** KP id → correct response id; empty unless `answersShown`. */
  correct: Record<string, string>;
}

/**
 * PUT /api/events/:id/teams/:teamId/answers/:kpId: the fields to change of a team's answer;
 * a field left out keeps its value, null clears it.
 */
export const TeamAnswerBody = z
  .object({
    answer: z.string().min(1).max(100).nullable().optional(),
    ok: z.boolean().nullable().optional(),
    aeg: z.number().finite().nonnegative().nullable().optional(),
  })
  .strict();
export type TeamAnswerBody = z.input<typeof TeamAnswerBody>;

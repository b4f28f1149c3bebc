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

/** GET /api/events/:id/responses. */
export interface ResponsesView {
  kps: { id: string; nr: string | null; responses: Record<string, string> }[];
  teams: { id: string; name: string; nr: string | null; cells: Record<string, ResponseCell> }[];
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

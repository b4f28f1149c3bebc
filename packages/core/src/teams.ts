import { z } from 'zod';

/**
 * The organiser's team tools (docs/api.md, Teams): the team list entries an event admin sees, a
 * team's answers, and the body of a change to a team's list entry (spec 01 §3, Team list entry).
 */

/** One team of GET /api/events/:id/teams: its list entry's fields the organiser edits. */
export interface TeamListEntry {
  id: string;
  name: string;
  nr: string | null;
  /** The team's class id, or null. */
  klassid: string | null;
  /** Epoch ms, or null when not set. */
  starttime: number | null;
  finishtime: number | null;
  /** Disqualified. */
  dsq: boolean;
  /** Withdrawn (katkestanud). */
  katk: boolean;
  disabled: boolean;
  allowed: boolean;
  /** Extras points per `ly` name (spec 01 §3, event settings `ly`). */
  lypoints: Record<string, number>;
  /** How many answers the team has stored. */
  answers: number;
}

/** One answer of GET /api/events/:id/teams/:teamId/answers (spec 01 §3, Team answer). */
export interface TeamAnswerView {
  kpId: string;
  /** The response id the team chose, or null for an `ok`-only answer. */
  answer: string | null;
  ok: boolean | null;
  /** Epoch ms of the answer, or null. */
  aeg: number | null;
}

/** The editable fields of a team list entry, in the order a change is audited. */
export const TEAM_FIELDS = [
  'name',
  'klassid',
  'starttime',
  'finishtime',
  'dsq',
  'katk',
  'disabled',
  'allowed',
  'lypoints',
] as const;
export type TeamField = (typeof TEAM_FIELDS)[number];

const ms = z.number().int().nonnegative().nullable();

/**
 * PATCH /api/events/:id/teams/:teamId: the fields to change; a field left out keeps its value,
 * null clears a time or the class.
 */
export const UpdateTeamBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    klassid: z.string().min(1).max(100).nullable(),
    starttime: ms,
    finishtime: ms,
    dsq: z.boolean(),
    katk: z.boolean(),
    disabled: z.boolean(),
    allowed: z.boolean(),
    lypoints: z.record(z.string().min(1).max(100), z.number().finite()),
  })
  .partial()
  .strict();
export type UpdateTeamBody = z.input<typeof UpdateTeamBody>;

/** The team's class choices read the `klassid` setting the way the scoring engine does. */

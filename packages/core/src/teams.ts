import { csvDateTime, csvDocument } from './csv.ts';
import type { CsvCell } from './csv.ts';
import { z } from 'zod';
import { TeamTime } from './teamTimes.ts';
import { atMostKeys } from './recordBounds.ts';

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
  /** The team's colour on maps (`col`, a CSS colour such as #e53935), or null. */
  col: string | null;
  /** The team's device ids (`devs`), and the default one (`defaultdev`). */
  devs: string[];
  defaultdev: string | null;
  /** Whether the team has a registration (regdata) and how many users belong to it. */
  registered: boolean;
  members: number;
  /**
   * The team's device clock (device time minus server time, ms) as last estimated, and when;
   * absent until a device of the team sent a time. Off by more than a minute: clockDisagrees.
   */
  clock?: { offset: number; at: number };
  /** The members' names a team import stored in the registration; absent when none. */
  people?: string[];
  /** The team's club from the same import; absent when none. */
  club?: string;
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
  'nr',
  'col',
  'devs',
  'defaultdev',
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

/** A team's start or finish time, or null (teamTimes.ts). */
const ms = TeamTime.nullable();
/** A team number: digits and letters as organisers write them (101, A7). */
const teamNr = z.string().trim().min(1).max(20).nullable();
/** A CSS hex colour. */
export const TeamColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const deviceId = z.string().min(1).max(100);

/**
 * PATCH /api/events/:id/teams/:teamId: the fields to change; a field left out keeps its value,
 * null clears it (a time, the class, the number, the colour, the default device). `nr` must be
 * unique in the event (409 teams.error.nrexists); `devs` is stored as the map `{devId: true}`.
 */
export const UpdateTeamBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    nr: teamNr,
    col: TeamColour.nullable(),
    devs: z.array(deviceId).max(50),
    defaultdev: deviceId.nullable(),
    klassid: z.string().min(1).max(100).nullable(),
    starttime: ms,
    finishtime: ms,
    dsq: z.boolean(),
    katk: z.boolean(),
    disabled: z.boolean(),
    allowed: z.boolean(),
    lypoints: z.record(z.string().min(1).max(100), z.number().finite()).refine(...atMostKeys(1000)),
  })
  .partial()
  .strict();
export type UpdateTeamBody = z.input<typeof UpdateTeamBody>;

/**
 * POST /api/events/:id/teams: a new team. Without `nr` it gets the next free number; without
 * `col` a colour from TEAM_COLOURS; `allowed` defaults to true for teams the organiser adds.
 */
export const CreateTeamBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    nr: teamNr.optional(),
    col: TeamColour.optional(),
    klassid: z.string().min(1).max(100).nullable().optional(),
    starttime: ms.optional(),
    finishtime: ms.optional(),
    disabled: z.boolean().optional(),
    allowed: z.boolean().optional(),
  })
  .strict();
export type CreateTeamBody = z.input<typeof CreateTeamBody>;

/** The next team number: the highest numeric nr plus 1, starting at 1. */
export function nextTeamNr(nrs: readonly (string | null)[]): string {
  let max = 0;
  for (const nr of nrs) {
    const n = nr !== null && /^\d+$/.test(nr) ? Number(nr) : NaN;
    if (Number.isFinite(n) && n > max) max = n;
  }
  return String(max + 1);
}

/**
 * A deleted team's backup (spec 02 §3, Deleted team backup): tid, deletetime and copies of
 * everything the team had. DELETE /api/events/:id/teams/:teamId answers it,
 * GET /api/events/:id/deletedteams lists them (newest first) and
 * POST /api/events/:id/deletedteams/:id/restore puts the team back with all of it.
 */
export interface DeletedTeamView {
  /** The backup's id. */
  id: string;
  tid: string;
  name: string;
  nr: string | null;
  deletetime: number;
  /** How many answers, speed tickets and track chunks the backup holds. */
  answers: number;
  spdtickets: number;
  tracks: number;
}

/** Orders in which bulk start times are handed out. */
export const START_ORDERS = ['nr', 'name', 'registration', 'random'] as const;
export type StartOrderBy = (typeof START_ORDERS)[number];

/**
 * Whether a team is under way or done, so a bulk start time must not move it: its start time has
 * passed (`now` is the server's clock), it has a finish time, or it has marked a KP.
 */
export function teamHasStarted(
  team: { starttime: number | null; finishtime: number | null; answers: number },
  now: number,
): boolean {
  return (
    (team.starttime !== null && team.starttime <= now) ||
    team.finishtime !== null ||
    team.answers > 0
  );
}

/**
 * POST /api/events/:id/teams/starttimes: gives teams start times `first`, `first + interval`, …
 * in the chosen order. `intervalMin` defaults to the `joinstartinterval` setting. By default
 * (`onlyMissing`) only teams without a start time get one; a team that has started (its start
 * time has passed), finished or marked a KP is never changed unless `includeStarted` is set;
 * disabled teams are skipped. `dryRun` answers what would change without writing.
 */
export const AssignStartTimesBody = z
  .object({
    first: TeamTime,
    intervalMin: z
      .number()
      .finite()
      .min(0)
      .max(24 * 60)
      .optional(),
    order: z.enum(START_ORDERS).default('nr'),
    onlyMissing: z.boolean().default(true),
    includeStarted: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    teamIds: z.array(z.string().min(1).max(100)).max(10_000).optional(),
  })
  .strict();
export type AssignStartTimesBody = z.input<typeof AssignStartTimesBody>;

/** One team's start time before and after a bulk assignment (null: none). */
export const StartTimeChange = z
  .object({
    id: z.string().min(1).max(100),
    before: z.number().finite().nullable(),
    after: z.number().finite().nullable(),
  })
  .strict();
export type StartTimeChange = z.infer<typeof StartTimeChange>;

export interface AssignStartTimesResult {
  /** How many teams got (with `dryRun`: would get) a start time. */
  assigned: number;
  /** Teams with a start time that were left alone because only teams without one were asked. */
  keptWithTime: number;
  /** Teams that started, finished or marked a KP, left alone (no `includeStarted`). */
  keptStarted: number;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** Every team whose start time changed (would change): the undo restores `before`. */
  changes: StartTimeChange[];
}

/**
 * POST /api/events/:id/teams/starttimes/undo: puts back `before` for each team whose start time
 * is still `after` (a team changed since is left alone), in one transaction.
 */
export const UndoStartTimesBody = z
  .object({ changes: z.array(StartTimeChange).min(1).max(10_000) })
  .strict();
export type UndoStartTimesBody = z.infer<typeof UndoStartTimesBody>;
export interface UndoStartTimesResult {
  /** Teams whose start time was put back. */
  restored: number;
  /** Teams left alone: gone, or their start time changed since. */
  skipped: number;
}

/** The columns of the teams CSV; their headers are `label('col.' + key)`. */
const TEAMS_CSV_COLUMNS = [
  'nr',
  'name',
  'klass',
  'starttime',
  'finishtime',
  'dsq',
  'katk',
  'disabled',
  'allowed',
  'answers',
  'members',
  'registered',
  'devs',
] as const;

/**
 * The teams CSV `{event}-teams.csv` (csvDocument): number, name, class (by `className`), start
 * and finish as ISO 8601, the flags as `label('yes')` or empty, answers, members, registration,
 * devices; then one column per extras name with the team's points.
 */
export function teamsCsv(
  teams: readonly TeamListEntry[],
  labels: {
    label: (key: string) => string;
    className: (id: string) => string;
    extras: readonly string[];
  },
): string {
  const { label, className, extras } = labels;
  const yes = (v: boolean) => (v ? label('yes') : '');
  const header = [...TEAMS_CSV_COLUMNS.map((c) => label(`col.${c}`)), ...extras];
  const rows = teams.map((t): CsvCell[] => [
    t.nr,
    t.name,
    t.klassid === null ? '' : className(t.klassid),
    csvDateTime(t.starttime),
    csvDateTime(t.finishtime),
    yes(t.dsq),
    yes(t.katk),
    yes(t.disabled),
    yes(t.allowed),
    t.answers,
    t.members,
    yes(t.registered),
    t.devs.join(' '),
    ...extras.map((name) => t.lypoints[name] ?? null),
  ]);
  return csvDocument(header, rows);
}

import { z } from 'zod';
import {
  AssignStartTimesBody,
  CreateTeamBody,
  StartTimeChange,
  UndoStartTimesBody,
  UpdateTeamBody,
} from '../teams.ts';
import type {
  AssignStartTimesResult,
  DeletedTeamView,
  TeamAnswerView,
  TeamListEntry,
  UndoStartTimesResult,
} from '../teams.ts';
import { ImportTeamsBody } from '../teamImport/types.ts';
import type { TeamImportResult, TeamImportRowPlan } from '../teamImport/types.ts';
import type { StartListView } from '../startOrder.ts';
import { EventParams, Key } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/** `:id/:teamId`: an event and one of its teams. */
export const TeamParams = EventParams.extend({ teamId: Key.describe("The team's id") });
const BackupParams = EventParams.extend({ backupId: Key.describe("The backup's id") });

const Time = z.number().nullable().describe('Epoch ms, or null when not set');

const TeamListEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    nr: z.string().nullable(),
    klassid: z.string().nullable().describe("The team's class id"),
    starttime: Time,
    finishtime: Time,
    dsq: z.boolean().describe('Disqualified'),
    katk: z.boolean().describe('Withdrawn'),
    disabled: z.boolean(),
    allowed: z.boolean(),
    lypoints: z.record(z.string(), z.number()).describe('Extras points per `ly` name'),
    answers: z.number().int().describe('How many answers the team has stored'),
    col: z.string().nullable().describe("The team's colour on maps (#rrggbb)"),
    devs: z.array(z.string()).describe("The team's device ids"),
    defaultdev: z.string().nullable(),
    registered: z.boolean().describe('Whether the team has a registration'),
    members: z.number().int().describe('How many users belong to the team'),
    clock: z
      .object({ offset: z.number(), at: z.number() })
      .optional()
      .describe(
        "The team's device clock (device time minus server time, ms) and when it was estimated",
      ),
    people: z.array(z.string()).optional().describe("The members' names a team import stored"),
    club: z.string().optional().describe("The team's club from a team import"),
  })
  .meta({ id: 'TeamListEntry' }) satisfies z.ZodType<TeamListEntry>;

const TeamAnswerViewSchema = z.object({
  kpId: z.string(),
  answer: z.string().nullable().describe('The response id the team chose, or null'),
  ok: z.boolean().nullable(),
  aeg: Time,
}) satisfies z.ZodType<TeamAnswerView>;

const DeletedTeamViewSchema = z
  .object({
    id: z.string().describe("The backup's id"),
    tid: z.string().describe("The deleted team's id"),
    name: z.string(),
    nr: z.string().nullable(),
    deletetime: z.number(),
    answers: z.number().int().describe('How many answers the backup holds'),
    spdtickets: z.number().int(),
    tracks: z.number().int().describe('How many track chunks the backup holds'),
  })
  .meta({ id: 'DeletedTeam' }) satisfies z.ZodType<DeletedTeamView>;

const TeamImportRowPlanSchema = z.union([
  z.object({ action: z.literal('add') }),
  z.object({ action: z.literal('update'), fields: z.array(z.string()) }),
  z.object({ action: z.enum(['exists', 'duplicate']) }),
]) satisfies z.ZodType<TeamImportRowPlan>;

const TeamImportResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
  newClasses: z.array(z.string()).describe('Names of the classes added to the event'),
  plan: z
    .array(TeamImportRowPlanSchema)
    .optional()
    .describe('With `dryRun`: what would be done with each row; nothing was written'),
}) satisfies z.ZodType<TeamImportResult>;

const AssignStartTimesResultSchema = z.object({
  assigned: z.number().int().describe('How many teams got (would get) a start time'),
  keptWithTime: z.number().int().describe('Teams left alone because they had a start time'),
  keptStarted: z.number().int().describe('Teams left alone because they had started'),
  dryRun: z.boolean().describe('Whether nothing was written'),
  changes: z.array(StartTimeChange).describe('What changed (would change); the undo takes them'),
}) satisfies z.ZodType<AssignStartTimesResult>;

const UndoStartTimesResultSchema = z.object({
  restored: z.number().int(),
  skipped: z.number().int().describe('Teams gone, or whose start time changed since'),
}) satisfies z.ZodType<UndoStartTimesResult>;

const StartListViewSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  teams: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        nr: z.string().nullable(),
        klass: z.string().nullable().describe("The team's class name"),
        starttime: z.number(),
      }),
    )
    .describe('Enabled teams with a start time, earliest first'),
}) satisfies z.ZodType<StartListView>;

const ADMINS = 'Event admins';
const ARCHIVED = ['teams.error.archived'] as const;
/** Why a write that gives a team its number cannot be made. */
const NUMBER_CONFLICTS = ['teams.error.archived', 'teams.error.nrexists'] as const;
const OUT_OF_RANGE = ['error.validation', 'teams.error.timeoutofrange'] as const;

/** Teams: the organiser's list, answers, start times, import and deleted teams (spec 01 §3). */
export const teamsContract = {
  teams: {
    summary: 'Every team with its answer count, registration and members, by number then name',
    access: ADMINS,
    params: EventParams,
    answer: z.array(TeamListEntrySchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  createTeam: {
    summary: 'Adds a team (the next free number and colour unless given)',
    access: ADMINS,
    params: EventParams,
    body: CreateTeamBody,
    answer: TeamListEntrySchema,
    status: 201,
    errors: { 400: OUT_OF_RANGE, ...EVENT_ADMIN_ERRORS, 409: NUMBER_CONFLICTS },
  },
  importTeams: {
    summary: 'Imports the teams of an IOF entry or start list (up to 5,000), or previews it',
    description:
      'The rows are planned again against the stored teams and the whole plan is written in one ' +
      'transaction (docs/team-import.md); with `dryRun` nothing is written and the plan answered.',
    access: `${ADMINS}; rate limited`,
    params: EventParams,
    body: ImportTeamsBody,
    answer: TeamImportResultSchema,
    errors: {
      400: OUT_OF_RANGE,
      ...EVENT_ADMIN_ERRORS,
      409: ARCHIVED,
      413: ['error.toolarge'],
      429: ['error.toomany'],
    },
  },
  assignStartTimes: {
    summary: 'Gives teams start times at an interval in the chosen order (up to 10,000)',
    description:
      'By default only teams without a start time, and never a team that has started; ' +
      'with `dryRun` it answers what would change without writing.',
    access: ADMINS,
    params: EventParams,
    body: AssignStartTimesBody,
    answer: AssignStartTimesResultSchema,
    errors: { 400: OUT_OF_RANGE, ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  undoStartTimes: {
    summary: 'Puts back the start times an assignment changed, where they are still the assigned',
    access: ADMINS,
    params: EventParams,
    body: UndoStartTimesBody,
    answer: UndoStartTimesResultSchema,
    errors: { 400: OUT_OF_RANGE, ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  teamAnswers: {
    summary: "A team's stored answers",
    access: ADMINS,
    params: TeamParams,
    answer: z.array(TeamAnswerViewSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  updateTeam: {
    summary: "Changes a team's list entry; each changed field is audited",
    access: ADMINS,
    params: TeamParams,
    body: UpdateTeamBody,
    answer: TeamListEntrySchema,
    errors: { 400: OUT_OF_RANGE, ...EVENT_ADMIN_ERRORS, 409: NUMBER_CONFLICTS },
  },
  deleteTeam: {
    summary: 'Deletes a team into a backup of everything it had (restorable)',
    access: ADMINS,
    params: TeamParams,
    answer: DeletedTeamViewSchema,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  deletedTeams: {
    summary: "The event's deleted-team backups, newest first",
    access: ADMINS,
    params: EventParams,
    answer: z.array(DeletedTeamViewSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  restoreTeam: {
    summary: 'Puts a deleted team back exactly as it was and removes its backup',
    access: ADMINS,
    params: BackupParams,
    answer: TeamListEntrySchema,
    errors: {
      ...EVENT_ADMIN_ERRORS,
      409: ['teams.error.archived', 'teams.error.exists', 'teams.error.nrexists'],
    },
  },
  startList: {
    summary: 'The start list: enabled teams with a start time, earliest first',
    access: 'Anyone who may see the event',
    params: EventParams,
    answer: StartListViewSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
} as const satisfies Declarations<
  | 'teams'
  | 'createTeam'
  | 'importTeams'
  | 'assignStartTimes'
  | 'undoStartTimes'
  | 'teamAnswers'
  | 'updateTeam'
  | 'deleteTeam'
  | 'deletedTeams'
  | 'restoreTeam'
  | 'startList'
>;

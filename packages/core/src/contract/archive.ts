import { z } from 'zod';
import type {
  ArchivePlace,
  ArchiveStatus,
  ArchiveStorageView,
  JobLogLine,
  JobView,
} from '../archive.ts';
import { ArchiveColoursBody } from '../debugTools.ts';
import type { ArchiveColoursResult, ColourFix } from '../debugTools.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const ArchState = z
  .enum(['a1', 'a2'])
  .nullable()
  .describe('a1: in the first tier; a2: moved to the second (final); null: not archived');

const JobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['archive', 'unarchive', 'move', 'cleanup']),
    eventId: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    progress: z.number().describe('0…1'),
    log: z.array(
      z.object({
        at: z.number(),
        key: z.string().describe('A text key (archive.log.*)'),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }) satisfies z.ZodType<JobLogLine>,
    ),
    error: z
      .object({ error: z.string(), message: z.string() })
      .nullable()
      .describe('The error key and message of a failed job'),
    startedAt: z.number(),
    endedAt: z.number().nullable(),
  })
  .meta({ id: 'Job' }) satisfies z.ZodType<JobView>;

const ADMINS = 'Event admins and the super admin';
const SUPER = 'The super admin';
/** The super admin's archive operations on an event: others and unknown events. */
const SUPER_EVENT_ERRORS = EVENT_ADMIN_ERRORS;
/** Why the second tier's work (move, clean-up) cannot start. */
const SECOND_TIER_CONFLICTS = [
  'archive.error.nosecond',
  'archive.error.busy',
  'archive.error.notarchived',
] as const;

/** Archiving events and the jobs that do it (spec 02). */
export const archiveContract = {
  archive: {
    summary: 'Starts archiving an event (its files to the first tier, its live rows removed)',
    access: ADMINS,
    params: EventParams,
    answer: JobSchema,
    status: 202,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ['archive.error.archived', 'archive.error.busy'] },
  },
  unarchive: {
    summary: 'Starts restoring an archived event from the first tier',
    access: ADMINS,
    params: EventParams,
    answer: JobSchema,
    status: 202,
    errors: {
      ...EVENT_ADMIN_ERRORS,
      409: [
        'archive.error.notarchived',
        'archive.error.final',
        'archive.error.busy',
        'archive.error.missing',
        'archive.error.exists',
      ],
    },
  },
  archiveStatus: {
    summary: "Where an event's archive files are",
    access: ADMINS,
    params: EventParams,
    answer: z.object({
      arch: ArchState,
      first: z.array(z.string()).describe('Its files in the first tier'),
      second: z
        .array(z.string())
        .nullable()
        .describe('Its files in the second tier; null without one'),
      canMove: z.boolean().describe('Whether the caller may move and clean up'),
    }) satisfies z.ZodType<ArchiveStatus>,
    errors: EVENT_ADMIN_ERRORS,
  },
  archiveMove: {
    summary: 'Starts moving an archived event to the second tier (final)',
    access: `${SUPER}, with a second tier`,
    params: EventParams,
    answer: JobSchema,
    status: 202,
    errors: {
      ...SUPER_EVENT_ERRORS,
      409: [...SECOND_TIER_CONFLICTS, 'archive.error.final'],
    },
  },
  archiveCleanup: {
    summary: "Starts deleting an archived event's first-tier files once the second tier has them",
    access: `${SUPER}, with a second tier`,
    params: EventParams,
    answer: JobSchema,
    status: 202,
    errors: {
      ...SUPER_EVENT_ERRORS,
      409: SECOND_TIER_CONFLICTS,
    },
  },
  archiveJob: {
    summary: "The event's newest job, to watch again; null when none",
    access: ADMINS,
    params: EventParams,
    answer: JobSchema.nullable(),
    errors: EVENT_ADMIN_ERRORS,
  },
  job: {
    summary: 'A job as it stands',
    access: "Admins of the job's event and the super admin",
    params: z.object({ jobId: z.uuid().describe("The job's id") }),
    answer: JobSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  archiveStorage: {
    summary: "Where an event's archive files are on each configured tier",
    access: SUPER,
    params: EventParams,
    answer: z.object({
      eventId: z.string(),
      arch: ArchState,
      places: z.array(
        z.object({
          tier: z.enum(['first', 'second']),
          kind: z.enum(['folder', 's3']),
          location: z
            .string()
            .describe("A folder on the server's disk, or s3://bucket/prefix{id}/"),
          consoleUrl: z.string().nullable().describe("The storage's own console at the files"),
          files: z.array(z.string()),
        }) satisfies z.ZodType<ArchivePlace>,
      ),
    }) satisfies z.ZodType<ArchiveStorageView>,
    errors: SUPER_EVENT_ERRORS,
  },
  debugArchiveColours: {
    summary:
      "Fixes the colours a map cannot draw in an archived event's files (or only lists them)",
    access: SUPER,
    body: ArchiveColoursBody,
    answer: z.object({
      dryRun: z.boolean(),
      teams: z.number().int(),
      fixes: z.array(
        z.object({
          teamId: z.string(),
          name: z.string(),
          nr: z.string().nullable(),
          old: z.string().nullable(),
          col: z.string(),
        }) satisfies z.ZodType<ColourFix>,
      ),
      written: z.array(z.string()).describe('The evdata.json files rewritten (none on a dry run)'),
    }) satisfies z.ZodType<ArchiveColoursResult>,
    errors: {
      400: ['error.validation'],
      ...SUPER_EVENT_ERRORS,
      409: ['archive.error.notarchived', 'archive.error.busy', 'archive.error.missing'],
    },
  },
} as const satisfies Declarations<
  | 'archive'
  | 'unarchive'
  | 'archiveStatus'
  | 'archiveMove'
  | 'archiveCleanup'
  | 'archiveJob'
  | 'job'
  | 'archiveStorage'
  | 'debugArchiveColours'
>;

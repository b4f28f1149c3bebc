import { z } from 'zod';
import { GpxBody, PointsQuery } from '../tracks/schemas.ts';
import { TRACK_SOURCES } from '../tracks/tracking.ts';
import { TRACK_CONTENT_TYPE } from '../tracks/types.ts';
import type { IngestResult, PointProblem, TeamTrackSummary, TrackStat } from '../tracks/types.ts';
import { Bytes, DeviceParams, EventParams } from './common.ts';
import { CALLER_ERRORS, EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';
import { TeamParams } from './teams.ts';

/** `:deviceId`: the id the participant app made for its installation. */

/** Why a point is refused, each reason once (the record makes the list complete). */
const POINT_PROBLEMS = Object.keys({
  badshape: 0,
  badtime: 0,
  future: 0,
  badlat: 0,
  badlng: 0,
  badaccuracy: 0,
  badspeed: 0,
} satisfies Record<PointProblem, 0>) as [PointProblem, ...PointProblem[]];

const RejectedPoints = z
  .array(
    z.object({
      index: z.number().int().describe("The point's place in the batch"),
      reason: z.enum(POINT_PROBLEMS),
    }),
  )
  .describe('The refused points, with their reasons');

/** What a batch of points did (the participant app's, a background app's, a tracker's). */
export const IngestResultSchema = z
  .object({
    accepted: z.number().int().describe('Points stored (durable before this answer)'),
    duplicates: z.number().int().describe('Points skipped as already stored (a retried batch)'),
    rejected: RejectedPoints,
    known: z.boolean().describe('False when the device belongs to no team: nothing was stored'),
  })
  .meta({ id: 'IngestResult' }) satisfies z.ZodType<IngestResult>;

const Nullable = z.number().nullable();

const TrackStatSchema = z.object({
  dst: z.number().describe('Distance, metres'),
  moving: z.number().describe('Time moving, ms'),
  mdst: z.number().optional().describe('Distance while moving, metres'),
  avgspd: Nullable.describe('Average speed while moving, m/s'),
  points: z.number().int(),
  firstT: Nullable,
  lastT: Nullable,
  last: z.object({ y: z.number(), x: z.number() }).nullable(),
  battery: Nullable.describe('The last known battery level, 0…1'),
  src: z.enum(TRACK_SOURCES).optional().describe('Where the newest points came from'),
}) satisfies z.ZodType<TrackStat>;

const TeamTrackSummarySchema = z.object({
  teamId: z.string(),
  name: z.string(),
  nr: z.string().nullable(),
  col: z.string().nullable(),
  stat: TrackStatSchema.nullable(),
}) satisfies z.ZodType<TeamTrackSummary>;

const READERS = 'Anyone who may see the event’s tracks';
const READ_ERRORS = EVENT_ADMIN_ERRORS;

/** Track points: ingest, binary points, GPX (docs/api.md, Tracks and locations). */
export const tracksContract = {
  sendLocations: {
    summary: 'Stores a batch of points of the caller’s device',
    description:
      'JSON `{points: [...]}` (up to 5,000 points: `t`, `y`, `x`, and optionally `a`, `s`, ' +
      `\`l\`, \`g\`, \`h\`, \`c\`, \`b\`) or the binary track format (\`${TRACK_CONTENT_TYPE}\`, ` +
      'docs/track-format.md), either optionally with `Content-Encoding: gzip` or `deflate`. ' +
      'Points are checked one by one; points at or before the device’s last stored time are ' +
      'duplicates of a retried batch.',
    access: "The device's user",
    params: DeviceParams,
    bodyTypes: ['application/json', TRACK_CONTENT_TYPE],
    answer: IngestResultSchema,
    errors: {
      400: ['error.validation', 'error.badtrack'],
      ...CALLER_ERRORS,
      404: ['error.notfound'],
      413: ['error.toolarge'],
      415: ['error.badencoding'],
    },
  },
  points: {
    summary: "A team's points in a time range, in the binary track format",
    description: 'One codec v2 block in time order (docs/track-format.md; spec 02 §7).',
    access: READERS,
    params: EventParams,
    query: PointsQuery,
    answer: Bytes,
    answerType: 'application/octet-stream',
    errors: { 400: ['error.validation'], ...READ_ERRORS },
  },
  tracks: {
    summary: "Every team's track summary (live map), by team number",
    access: READERS,
    params: EventParams,
    answer: z.array(TeamTrackSummarySchema),
    errors: READ_ERRORS,
  },
  trackData: {
    summary: "A team's whole track as a binary track file, `{teamId}_ws.data`",
    access: READERS,
    params: TeamParams,
    answer: Bytes,
    answerType: 'application/octet-stream',
    errors: READ_ERRORS,
  },
  trackGpx: {
    summary: "A team's whole track as GPX 1.1, `{event}-{team}.gpx`",
    access: READERS,
    params: TeamParams,
    answer: Bytes,
    answerType: 'application/gpx+xml',
    errors: READ_ERRORS,
  },
  importTeamGpx: {
    summary: "Imports a GPX track into a team's track",
    description:
      'The file as a `text/plain` body, or as JSON `{gpx}`. Its valid points not already in ' +
      "the team's track at the same time are stored, and the team's track statistics are " +
      'computed afresh.',
    access: 'Event admins; rate limited',
    params: TeamParams,
    body: GpxBody,
    bodyTypes: ['text/plain', 'application/json'],
    answer: z.object({
      accepted: z.number().int(),
      duplicates: z.number().int(),
      rejected: RejectedPoints,
      problems: z.array(z.string()).describe('What the GPX reader could not read'),
    }),
    errors: {
      400: ['error.validation'],
      ...EVENT_ADMIN_ERRORS,
      413: ['error.toolarge'],
      429: ['error.toomany'],
    },
  },
} as const satisfies Declarations<
  'sendLocations' | 'points' | 'tracks' | 'trackData' | 'trackGpx' | 'importTeamGpx'
>;

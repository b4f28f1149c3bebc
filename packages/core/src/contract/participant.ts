import { z } from 'zod';
import { MarkBody, PlayQuery, StartFinishBody, UPLOAD_KINDS, UploadBody } from '../participant.ts';
import type {
  MarkResult,
  MyTeam,
  PlayKp,
  PlayMark,
  PlayTeam,
  PlayView,
  UploadView,
} from '../participant.ts';
import { Bytes, DeviceParams, EventParams, MapPoint } from './common.ts';
import { CALLER_ERRORS, EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const Copies = z
  .record(z.string(), z.string())
  .optional()
  .describe('The text in other languages, by language');

const PlayKpSchema = z.object({
  id: z.string(),
  nr: z.string().nullable(),
  desc: z.string(),
  longdesc: z.string(),
  longdesc_i18n: Copies,
  loc: MapPoint.nullable(),
  responses: z
    .record(z.string(), z.string())
    .describe('Response id → text; empty for a location KP'),
  auto: z.boolean().describe('Marked automatically by passing close by'),
  maxDistance: z
    .number()
    .nullable()
    .describe('Metres within which it may be marked; null for any distance'),
  openOnlyWhenClose: z.boolean(),
  mandatory: z.boolean(),
  cancelled: z.boolean(),
  value: z.number().describe('Points the KP is worth'),
}) satisfies z.ZodType<PlayKp>;

const PlayMarkSchema = z
  .object({
    kpId: z.string(),
    answer: z.string().nullable().describe('The response id chosen; null for a location mark'),
    ok: z.boolean().nullable(),
    aeg: z.number().nullable().describe('When it was marked (epoch ms)'),
    cid: z.string().nullable().describe('The client id it came with'),
  })
  .meta({ id: 'PlayMark' }) satisfies z.ZodType<PlayMark>;

const PlayTeamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    nr: z.string().nullable(),
    allowed: z.boolean(),
    starttime: z.number().nullable(),
    finishtime: z.number().nullable(),
  })
  .meta({ id: 'PlayTeam' }) satisfies z.ZodType<PlayTeam>;

const PlayViewSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  starttime: z.number().nullable(),
  endtime: z.number().nullable(),
  settings: z.object({
    appmessage: z.string(),
    prepagemessage: z.string(),
    finishedmessage: z.string(),
    appmessage_i18n: Copies,
    prepagemessage_i18n: Copies,
    finishedmessage_i18n: Copies,
    valiktahed: z.boolean(),
    clientstart: z.boolean().describe('Teams start themselves'),
    startloc: MapPoint.nullable(),
    maxstartdistance: z.number().nullable(),
    maxmarkingdistance: z.number().nullable(),
    massstarttimems: z.number().nullable(),
    featuretimetogo: z.boolean(),
    normaalaeg: z.number().nullable().describe('Normal time, minutes'),
    enablewslocations: z.boolean(),
    hideownposition: z.boolean().optional(),
  }),
  team: PlayTeamSchema,
  kps: z.array(PlayKpSchema),
  marks: z.array(PlayMarkSchema),
  myTeams: z
    .array(z.object({ id: z.string(), name: z.string(), nr: z.string().nullable() }))
    .describe("The caller's teams in this event"),
}) satisfies z.ZodType<PlayView>;

const MyTeamSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  starttime: z.number().nullable(),
  endtime: z.number().nullable(),
  teamId: z.string(),
  teamName: z.string(),
  allowed: z.boolean(),
}) satisfies z.ZodType<MyTeam>;

const UploadViewSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  deviceId: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  messageId: z.string().nullable().describe('The command it answers'),
  size: z.number().int().describe('Bytes'),
  createdAt: z.number(),
}) satisfies z.ZodType<UploadView>;

const MEMBERS = "The team's members";
const ALLOWED_MEMBERS = `${MEMBERS} (allowed teams)`;
/** The refusals of every write of the participant app. */
const WRITE_ERRORS = {
  ...CALLER_ERRORS,
  403: ['error.forbidden', 'device.error.noteam', 'play.error.notallowed'],
  404: ['error.notfound'],
} as const;
/** What the start and the finish share. */
const START_FINISH = {
  access: ALLOWED_MEMBERS,
  params: EventParams,
  body: StartFinishBody,
  answer: PlayTeamSchema,
} as const;

/** The participant app: own teams, the event's play view, marks, start and finish, uploads. */
export const participantContract = {
  myTeams: {
    summary: "The caller's teams in every event, newest event first",
    access: 'Signed-in users',
    answer: z.array(MyTeamSchema),
    errors: { 401: ['error.unauthorized'] },
  },
  play: {
    summary: "The participant app's view of the event: settings, team, KPs and marks",
    access: MEMBERS,
    params: EventParams,
    query: PlayQuery,
    answer: PlayViewSchema,
    errors: {
      400: ['error.validation'],
      401: ['error.unauthorized'],
      403: ['device.error.noteam'],
      404: ['error.notfound'],
    },
  },
  mark: {
    summary: 'Marks a KP with an answer or by location',
    description:
      "A team's answer is final: the same `cid` again answers the stored mark (`created: " +
      'false`); another mark of the same KP is refused.',
    access: ALLOWED_MEMBERS,
    params: EventParams,
    body: MarkBody,
    answer: z.object({
      mark: PlayMarkSchema,
      created: z.boolean().describe('False when this cid had been stored before (a retry)'),
    }) satisfies z.ZodType<MarkResult>,
    errors: {
      400: ['error.validation', 'kpdata.badresponse'],
      ...WRITE_ERRORS,
      409: [
        'play.error.archived',
        'play.error.alreadymarked',
        'play.error.cancelled',
        'play.error.finished',
      ],
      422: ['play.error.nolocation', 'play.error.toofar'],
    },
  },
  startTeam: {
    ...START_FINISH,
    summary: "Starts the caller's team (clientstart); a started team answers its start",
    errors: {
      400: ['error.validation'],
      ...WRITE_ERRORS,
      409: ['play.error.archived', 'play.error.massstart', 'play.error.startbeforeevent'],
      422: ['play.error.nolocation', 'play.error.toofarfromstart'],
    },
  },
  finishTeam: {
    ...START_FINISH,
    summary: "Finishes the caller's team; a finished team answers its finish",
    errors: {
      400: ['error.validation'],
      ...WRITE_ERRORS,
      409: ['play.error.archived', 'play.error.notstarted', 'play.error.finishbeforemark'],
    },
  },
  uploadDeviceFile: {
    summary: 'What the caller’s device sends back for a command (sendLog, sendGPX, sendDB)',
    description:
      "Only in answer to a command of the device's team that no other device answered; the " +
      "same device answering again gets its first upload's id. A team's uploads share a quota.",
    access: "The device's user; rate limited",
    params: DeviceParams,
    body: UploadBody,
    answer: z.object({ id: z.string() }),
    status: 201,
    errors: {
      400: ['error.validation'],
      ...CALLER_ERRORS,
      403: ['error.forbidden', 'device.error.noteam'],
      404: ['error.notfound'],
      409: ['upload.error.nocommand'],
      413: ['error.toolarge', 'upload.error.quota'],
      429: ['error.toomany'],
    },
  },
  uploads: {
    summary: "The event's uploads, newest first, without their content",
    access: 'Event admins',
    params: EventParams,
    answer: z.array(UploadViewSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  downloadUpload: {
    summary: 'One upload as a file',
    description:
      'Its type follows its kind: `text/plain` (log), `application/gpx+xml` (GPX), ' +
      '`application/json` (the device’s database).',
    access: 'Event admins',
    params: EventParams.extend({
      uploadId: z.string().min(1).max(100).describe("The upload's id"),
    }),
    answer: Bytes,
    answerType: 'text/plain',
    errors: EVENT_ADMIN_ERRORS,
  },
} as const satisfies Declarations<
  | 'myTeams'
  | 'play'
  | 'mark'
  | 'startTeam'
  | 'finishTeam'
  | 'uploadDeviceFile'
  | 'uploads'
  | 'downloadUpload'
>;

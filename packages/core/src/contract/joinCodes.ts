import { z } from 'zod';
import {
  CreateJoinCodeBody,
  JOIN_VALIDITIES,
  UpdateJoinCodeBody,
  UseJoinCodeBody,
} from '../joinCodes.ts';
import type { JoinCodeInfo, JoinCodeValidities, JoinCodeView, JoinResult } from '../joinCodes.ts';
import { EventParams } from './common.ts';
import { CALLER_ERRORS, EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/**
 * `:code`: any text; the handler reads it as a code (upper case), and one that cannot be a code
 * is not found (404 joinc.error.notfound), as an unknown one.
 */
const Code = z.string().describe('The code, in any case');
const CodeParams = EventParams.extend({ code: Code });

const JoinCodeViewSchema = z
  .object({
    code: z.string(),
    singleteam: z.boolean().describe('Whether it is for one team only'),
    teamId: z.string().nullable().describe('The team a single-team code belongs to'),
    teamName: z.string().nullable(),
    valid: z.number().describe('The end of its validity (epoch ms)'),
    timeZone: z.string().describe("The event's time zone, the one `valid` is shown in"),
    used: z.string().nullable().describe('The first user who used it'),
    uses: z.array(
      z.object({
        uid: z.string(),
        displayName: z.string().nullable(),
        email: z.string().nullable(),
        teamId: z.string().nullable(),
        teamName: z.string().nullable(),
        at: z.number(),
      }),
    ),
    createdAt: z.number(),
    link: z.string().describe("The join link's path, `/{evid}/join/{code}`"),
  })
  .meta({ id: 'JoinCodeView' }) satisfies z.ZodType<JoinCodeView>;

const JoinCodeValiditiesSchema = z.object({
  timeZone: z.string().describe("The event's time zone, in which every end is the end of a day"),
  ends: z.object(
    Object.fromEntries(JOIN_VALIDITIES.map((v) => [v, z.number()])) as Record<
      (typeof JOIN_VALIDITIES)[number],
      z.ZodNumber
    >,
  ),
}) satisfies z.ZodType<JoinCodeValidities>;

const JoinCodeInfoSchema = z.object({
  code: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  starttime: z.number().nullable(),
  singleteam: z.boolean(),
  teamName: z.string().nullable(),
  valid: z.number(),
  status: z.enum(['ok', 'expired', 'used', 'archived']).describe('Why it cannot be used now'),
  classes: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe("The event's classes, for a team the code makes"),
  classRequired: z.boolean(),
}) satisfies z.ZodType<JoinCodeInfo>;

const JoinResultSchema = z.object({
  eventId: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  created: z.boolean().describe('Whether the use made the team'),
  allowed: z.boolean().describe('False while the organiser must still confirm the team'),
}) satisfies z.ZodType<JoinResult>;

const ADMINS = 'Event admins';
const CODE_ADMIN_ERRORS = {
  ...CALLER_ERRORS,
  404: ['error.notfound', 'joinc.error.notfound'],
} as const;

/** Join codes and joining an event by one (spec 01 §3 Join code, §5, §9). */
export const joinCodesContract = {
  joinCodes: {
    summary: "The event's join codes with their uses",
    access: ADMINS,
    params: EventParams,
    answer: z.array(JoinCodeViewSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  joinCodeValidities: {
    summary: "Each validity choice's end, made now in the event's time zone",
    access: ADMINS,
    params: EventParams,
    answer: JoinCodeValiditiesSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
  createJoinCode: {
    summary: 'Creates a join code, chosen (6 characters or more) or generated',
    description:
      'Codes are unique across all events. The validity is a choice (`validity`), which ends ' +
      "at the end of a day in the event's time zone, or an exact end (`valid`).",
    access: ADMINS,
    params: EventParams,
    body: CreateJoinCodeBody,
    answer: JoinCodeViewSchema,
    status: 201,
    errors: {
      400: ['error.validation', 'joinc.error.tooshort'],
      ...EVENT_ADMIN_ERRORS,
      409: ['joinc.error.codeexists'],
    },
  },
  updateJoinCode: {
    summary: 'Toggles single-team or changes the validity (a past time ends the code at once)',
    access: ADMINS,
    params: CodeParams,
    body: UpdateJoinCodeBody,
    answer: JoinCodeViewSchema,
    errors: { 400: ['error.validation'], ...CODE_ADMIN_ERRORS },
  },
  deleteJoinCode: {
    summary: 'Deletes a join code',
    access: ADMINS,
    params: CodeParams,
    answer: null,
    errors: CODE_ADMIN_ERRORS,
  },
  joinCodeInfo: {
    summary: 'What a code is for: its event, team, validity and the classes to choose from',
    access: 'Anyone; rate limited',
    params: z.object({ code: Code }),
    answer: JoinCodeInfoSchema,
    errors: { 404: ['joinc.error.notfound'], 429: ['error.toomany'] },
  },
  useJoinCode: {
    summary: 'Uses a code: joins its team, or a team of the caller’s own',
    description:
      'A single-team code gives its team (made on first use) to its first user only; any other ' +
      'code makes a team for each user. Using a code again answers the same team.',
    access: 'Signed-in users (a guest too); rate limited',
    body: UseJoinCodeBody,
    answer: JoinResultSchema,
    errors: {
      400: ['error.validation', 'reg.error.class', 'reg.error.classrequired'],
      401: ['error.unauthorized'],
      404: ['joinc.error.notfound'],
      409: ['joinc.error.archived', 'joinc.error.used', 'joinc.error.badteam'],
      410: ['joinc.error.expired'],
      429: ['error.toomany'],
    },
  },
} as const satisfies Declarations<
  | 'joinCodes'
  | 'joinCodeValidities'
  | 'createJoinCode'
  | 'updateJoinCode'
  | 'deleteJoinCode'
  | 'joinCodeInfo'
  | 'useJoinCode'
>;

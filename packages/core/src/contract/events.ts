import { z } from 'zod';
import { CreateEventBody, UpdateEventBody } from '../api.ts';
import type {
  EventAdmin,
  EventLists,
  EventSettingsView,
  EventSummary,
  ExistsAnswer,
  MyEventSummary,
} from '../api.ts';
import { EventFile } from '../eventFile.ts';
import { EVENT_TYPES } from '../limits.ts';
import { SettingsPatch } from '../settings.ts';
import { EventParams } from './common.ts';
import { CALLER_ERRORS, EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const EventShape = {
  id: z.string().describe("The event's id (its short link)"),
  name: z.string(),
  starttime: z.number().nullable(),
  endtime: z.number().nullable(),
  type: z.enum(EVENT_TYPES),
  arch: z.string().nullable().describe('The archive tier it is in; null while live'),
  hidden: z.boolean(),
  role: z.enum(['owner', 'admin']).nullable().describe("The caller's role in the event"),
  kpsinweb: z.boolean().describe('Whether the public may see the checkpoints'),
  hidetracks: z.boolean().describe('Whether GPS tracks are hidden from the public'),
};

const EventSummarySchema = z
  .object({
    ...EventShape,
    description: z
      .string()
      .optional()
      .describe('Rich text; only in GET /events/:id, when the event has one'),
    description_i18n: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'EventSummary' }) satisfies z.ZodType<EventSummary>;

const MyEventSummarySchema = z.object({
  ...EventShape,
  team: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The caller's team in the event (the first they joined)"),
}) satisfies z.ZodType<MyEventSummary>;

const EventListsSchema = z.object({
  mine: z
    .array(MyEventSummarySchema)
    .describe('Events the caller administers or takes part in, latest start first'),
  upcoming: z.array(z.object(EventShape)),
}) satisfies z.ZodType<EventLists>;

const EventSettingsViewSchema = z
  .object({
    event: EventSummarySchema,
    settings: z.record(z.string(), z.unknown()).describe('The settings by key (settings.ts)'),
    speed: z.record(z.string(), z.number()).describe('The speed limits by key'),
  })
  .meta({ id: 'EventSettingsView' }) satisfies z.ZodType<EventSettingsView>;

const EventAdminsSchema = z
  .array(
    z.object({
      uid: z.string(),
      role: z.enum(['owner', 'admin']),
      displayName: z.string(),
      email: z.string().describe('Empty for an admin without an account here'),
    }) satisfies z.ZodType<EventAdmin>,
  )
  .describe('Owner first, then by name')
  .meta({ id: 'EventAdmins' });

const AdminParams = EventParams.extend({ uid: z.string().min(1).max(100) });

const ADMINS = 'Event admins';
const OWNER = "The event's owner or a super admin";
const NOT_FOUND = { 404: ['error.notfound'] } as const;
const BAD_TIME = 'starttime.error.noorbadtime';

/** Events: the list, creation, settings, admins and export (spec 01). */
export const eventsContract = {
  events: {
    summary: "The caller's events and the public upcoming ones",
    access: 'Anyone (signed out: only the upcoming ones)',
    answer: EventListsSchema,
  },
  eventExists: {
    summary: 'Whether a short link is valid and already taken',
    access: 'Signed-in users',
    params: EventParams,
    answer: z.object({
      exists: z.boolean(),
      valid: z.boolean(),
    }) satisfies z.ZodType<ExistsAnswer>,
    errors: { 400: ['error.validation'], 401: ['error.unauthorized'] },
  },
  createEvent: {
    summary: 'Creates an event: a fresh one, a copy of another, or one from an event file',
    description:
      'A repeat with the same `Idempotency-Key` header (up to 100 characters) from the same ' +
      'caller within 10 minutes answers the same event.',
    access: 'Event creators; rate limited',
    body: CreateEventBody,
    answer: EventSummarySchema,
    status: 201,
    errors: {
      400: [
        'error.validation',
        'error.toodeep',
        'createevent.err.badlink',
        BAD_TIME,
        'createevent.badtemplate',
        'eventfile.error.invalid',
      ],
      401: ['error.unauthorized'],
      403: ['error.forbidden', 'guide.nocreatorpermission'],
      404: ['createevent.err.notfound'],
      409: ['createevent.err.exists'],
      413: ['error.toolarge'],
      429: ['error.toomany'],
    },
  },
  event: {
    summary: 'An event, with its description',
    access: 'Anyone with its link',
    params: EventParams,
    answer: EventSummarySchema,
    errors: { 400: ['error.validation'], ...NOT_FOUND },
  },
  updateEvent: {
    summary: "Changes the event's name, times or whether it is hidden",
    access: ADMINS,
    params: EventParams,
    body: UpdateEventBody,
    answer: EventSummarySchema,
    errors: { 400: ['error.validation', BAD_TIME], ...EVENT_ADMIN_ERRORS },
  },
  deleteEvent: {
    summary: 'Deletes the event, its archive files and the map images nothing else uses',
    access: OWNER,
    params: EventParams,
    answer: null,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  settings: {
    summary: 'Everything the settings page edits',
    access: ADMINS,
    params: EventParams,
    answer: EventSettingsViewSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  patchSettings: {
    summary: 'Changes settings (null clears one), speed limits and language copies of texts',
    access: ADMINS,
    params: EventParams,
    body: SettingsPatch,
    answer: EventSettingsViewSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 413: ['error.toolarge'] },
  },
  admins: {
    summary: "The event's admins",
    access: ADMINS,
    params: EventParams,
    answer: EventAdminsSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  addAdmin: {
    summary: 'Makes a user an admin of the event',
    access: ADMINS,
    params: AdminParams,
    answer: EventAdminsSchema,
    errors: {
      400: ['error.validation'],
      ...CALLER_ERRORS,
      404: ['error.notfound', 'admins.error.unknownuser'],
    },
  },
  removeAdmin: {
    summary: 'Takes an admin off the event (never its owner)',
    access: ADMINS,
    params: AdminParams,
    answer: EventAdminsSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 409: ['admins.error.owner'] },
  },
  makeOwner: {
    summary: 'Hands the event to another of its admins; the old owner stays an admin',
    access: OWNER,
    params: AdminParams,
    answer: EventAdminsSchema,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 409: ['admins.error.notadmin'] },
  },
  exportEvent: {
    summary: 'The whole event as an event file, its map images included, as a download',
    description:
      'Sent as a file (`Content-Disposition: attachment; filename="{id}.json"`); the map images ' +
      'are read into it as it is sent.',
    access: ADMINS,
    params: EventParams,
    answer: EventFile.describe('The event file (spec 04)'),
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
} as const satisfies Declarations<
  | 'events'
  | 'eventExists'
  | 'createEvent'
  | 'event'
  | 'updateEvent'
  | 'deleteEvent'
  | 'settings'
  | 'patchSettings'
  | 'admins'
  | 'addAdmin'
  | 'removeAdmin'
  | 'makeOwner'
  | 'exportEvent'
>;

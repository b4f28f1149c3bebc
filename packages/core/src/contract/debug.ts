import { z } from 'zod';
import { NearbyQuery, RAW_DOCS, RawQuery, RecodeBody, VersionsQuery } from '../debugTools.ts';
import type {
  DebugCode,
  DebugDevice,
  EventIssue,
  GpsState,
  NearbyEvent,
  RawDocView,
  RecodeResult,
  VersionsView,
  WebClient,
} from '../debugTools.ts';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';
import { EventParams } from './common.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const EventIssueSchema = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    id: z.string().describe("The issue's key in the event's issues"),
    text: z.string(),
    devid: z.string().nullable(),
    time: z.number().nullable(),
  })
  .meta({ id: 'EventIssue' }) satisfies z.ZodType<EventIssue>;

const VersionRows = z.array(z.object({ value: z.string(), devices: z.array(z.string()) }));

const SUPER = 'The super admin';

/** The super admin's debug tools (spec 02 §2). */
export const debugContract = {
  debugCodes: {
    summary: 'Every join code on the platform',
    access: SUPER,
    answer: z.array(
      z.object({
        code: z.string(),
        eventId: z.string(),
        eventName: z.string().nullable().describe('null when the event is gone'),
        singleteam: z.boolean(),
        valid: z.number(),
        usedBy: z.string().nullable(),
      }) satisfies z.ZodType<DebugCode>,
    ),
    errors: CALLER_ERRORS,
  },
  debugNearby: {
    summary: 'Events with KPs near a point',
    access: SUPER,
    query: NearbyQuery,
    answer: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        starttime: z.number().nullable(),
        kps: z.number().int(),
        nearestKm: z.number(),
      }) satisfies z.ZodType<NearbyEvent>,
    ),
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  debugDevices: {
    summary: 'Devices that sent points but belong to no team of their event',
    access: SUPER,
    answer: z.array(
      z.object({
        id: z.string(),
        eventId: z.string().nullable(),
        userId: z.string().nullable(),
        lastSeen: z.number().nullable(),
        lastPointAt: z.number().nullable(),
        points: z.number().int(),
        info: z.record(z.string(), z.unknown()),
      }) satisfies z.ZodType<DebugDevice>,
    ),
    errors: CALLER_ERRORS,
  },
  debugVersions: {
    summary: "The devices' system and app versions over a period",
    access: SUPER,
    query: VersionsQuery,
    answer: z.object({
      darwin: VersionRows,
      ios: VersionRows,
      android: VersionRows,
      app: VersionRows,
      months: z.number(),
      total: z.number().int(),
    }) satisfies z.ZodType<VersionsView>,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  debugIssues: {
    summary: 'The issues the server recorded in every event',
    access: SUPER,
    answer: z.array(EventIssueSchema),
    errors: CALLER_ERRORS,
  },
  debugClients: {
    summary: 'The web clients connected to every server process',
    access: SUPER,
    answer: z.array(
      z.object({
        server: z.string(),
        kind: z.enum(['app', 'listen']),
        eventIds: z.array(z.string()),
        userId: z.string().nullable(),
        userName: z.string().nullable(),
        agent: z.string(),
        since: z.number(),
      }) satisfies z.ZodType<WebClient>,
    ),
    errors: CALLER_ERRORS,
  },
  eventIssues: {
    summary: 'The issues the server recorded in an event',
    access: 'Event admins and the super admin',
    params: EventParams,
    answer: z.array(EventIssueSchema),
    errors: { ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  debugRecode: {
    summary: "Re-encodes an event's stored track chunks (or only counts them)",
    access: SUPER,
    body: RecodeBody,
    answer: z.object({
      dryRun: z.boolean(),
      chunks: z.number().int(),
      points: z.number().int(),
      changed: z.number().int(),
      bad: z.number().int(),
      bytesBefore: z.number().int(),
      bytesAfter: z.number().int(),
    }) satisfies z.ZodType<RecodeResult>,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  debugGps: {
    summary: "An event's devices as their points come in",
    access: SUPER,
    query: z.object({ event: z.string().min(1).max(SHORTLINK_MAX_LENGTH) }).strict(),
    answer: z.array(
      z.object({
        deviceId: z.string(),
        teamId: z.string().nullable(),
        teamName: z.string().nullable(),
        lastSeen: z.number().nullable(),
        lastPointAt: z.number().nullable(),
        pointsLastHour: z.number().int(),
        battery: z.number().nullable().describe('0…1; null when unknown'),
      }) satisfies z.ZodType<GpsState>,
    ),
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  debugRaw: {
    summary: "One of an event's stored documents, read-only",
    access: SUPER,
    query: RawQuery,
    answer: z.object({
      eventId: z.string(),
      doc: z.enum(RAW_DOCS),
      path: z.string(),
      arch: z.enum(['a1', 'a2']).nullable(),
      value: z.unknown(),
    }) satisfies z.ZodType<RawDocView>,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
} as const satisfies Declarations<
  | 'debugCodes'
  | 'debugNearby'
  | 'debugDevices'
  | 'debugVersions'
  | 'debugIssues'
  | 'debugClients'
  | 'eventIssues'
  | 'debugRecode'
  | 'debugGps'
  | 'debugRaw'
>;

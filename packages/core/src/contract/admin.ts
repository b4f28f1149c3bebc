import { z } from 'zod';
import { AdminEventsQuery, SetUnpaidBody } from '../adminEvents.ts';
import type { AdminEventsView } from '../adminEvents.ts';
import { AuditLogQuery } from '../auditLog.ts';
import type { AuditLogView } from '../auditLog.ts';
import { EventParams } from './common.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const AuditLogViewSchema = z
  .object({
    entries: z
      .array(
        z.object({
          id: z.string(),
          time: z.number().describe('Epoch ms'),
          eventId: z.string().nullable(),
          user: z
            .object({ uid: z.string(), displayName: z.string().nullable() })
            .nullable()
            .describe('Who made it; null for the system'),
          action: z.string(),
          path: z
            .string()
            .nullable()
            .describe("The data it changed, as a path of the event's documents"),
          old: z.unknown(),
          value: z.unknown(),
        }),
      )
      .describe('Newest first'),
    next: z.string().nullable().describe('The `before` of the next (older) page; null on the last'),
  })
  .meta({ id: 'AuditLogView' }) satisfies z.ZodType<AuditLogView>;

const AdminEventsViewSchema = z
  .object({
    rows: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        starttime: z.number().nullable(),
        owner: z.object({ uid: z.string(), displayName: z.string(), email: z.string() }).nullable(),
        unpaidAt: z.number().nullable().describe('When the event was marked unpaid'),
        arch: z.enum(['a1', 'a2']).nullable().describe('The archive tier it is in'),
        firstTier: z.boolean().describe('Whether the first archive tier holds files of it'),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminEventsView' }) satisfies z.ZodType<AdminEventsView>;

const SUPER = 'The super admin';

/** The changes log and the super admin's events table (spec 02 §2, §3). */
export const adminContract = {
  eventLog: {
    summary: "An event's changes log, a page at a time",
    access: 'Event admins',
    params: EventParams,
    query: AuditLogQuery,
    answer: AuditLogViewSchema,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
  platformLog: {
    summary: "The whole platform's changes log, a page at a time",
    access: SUPER,
    query: AuditLogQuery,
    answer: AuditLogViewSchema,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  adminEvents: {
    summary: 'Every event, newest start first, a page at a time',
    access: SUPER,
    query: AdminEventsQuery,
    answer: AdminEventsViewSchema,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  setUnpaid: {
    summary: 'Marks an event unpaid (now) or paid',
    access: SUPER,
    params: EventParams,
    body: SetUnpaidBody,
    answer: z.object({ unpaidAt: z.number().nullable() }),
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
} as const satisfies Declarations<'eventLog' | 'platformLog' | 'adminEvents' | 'setUnpaid'>;

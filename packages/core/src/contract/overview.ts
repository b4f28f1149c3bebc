import { z } from 'zod';
import { KP_ATTENTION_REASONS, OVERVIEW_STEPS } from '../overview.ts';
import type { EventOverview } from '../overview.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const count = () => z.number().int().nonnegative();

const EventOverviewSchema = z
  .object({
    kps: z.object({
      total: count(),
      ready: count(),
      inWork: count(),
      noLocation: count().describe('Neither cancelled nor in work, and no location'),
      noAnswer: count().describe('Question KPs without a correct answer'),
      attention: z.object({
        total: count(),
        first: z
          .array(
            z.object({
              id: z.string(),
              nr: z.union([z.number(), z.string()]),
              reasons: z.array(z.enum(KP_ATTENTION_REASONS)),
            }),
          )
          .describe('The first 30 by number'),
      }),
    }),
    teams: z.object({
      total: count(),
      allowed: count(),
      notStarted: count(),
      running: count(),
      finished: count(),
      out: count().describe('Disqualified or withdrawn'),
    }),
    joinCodes: count().describe('Valid join codes'),
    marksLately: count().describe('KP marks stored in the last 10 minutes'),
    devicesSending: count().describe('Devices that stored a point in the last 5 minutes'),
    steps: z.array(z.object({ key: z.enum(OVERVIEW_STEPS), done: z.boolean(), left: count() })),
    archive: z
      .object({
        state: z.enum(['a1', 'a2']),
        teams: count(),
        checkpoints: count(),
        answers: count(),
        registrations: count(),
        canRestore: z.boolean(),
      })
      .nullable()
      .describe("What an archived event's archive holds; null while live"),
  })
  .meta({ id: 'EventOverview' }) satisfies z.ZodType<EventOverview>;

/** The organiser's dashboard (spec 01 §2). */
export const overviewContract = {
  overview: {
    summary: 'The state of checkpoints and teams at a glance, and the setup steps still to do',
    access: 'Event admins',
    params: EventParams,
    answer: EventOverviewSchema,
    errors: EVENT_ADMIN_ERRORS,
  },
} as const satisfies Declarations<'overview'>;

import { z } from 'zod';
import { WheelOfNamesBody, WheelOptions, WheelUpdateBody } from '../wheel.ts';
import type { WheelDraw, WheelDrawResult, WheelOfNamesAnswer, WheelView } from '../wheel.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const WheelEvent = z.object({
  id: z.string(),
  name: z.string(),
  starttime: z.number().nullable(),
  teams: z.number().int().describe('Its teams (0 for one that may be added)'),
});

const WheelViewSchema = z
  .object({
    eventId: z.string(),
    options: WheelOptions,
    entries: z.array(z.string()).describe('The names as they would be drawn now'),
    names: z.array(z.string()).describe('Every team name on the wheel before ignoring'),
    ignored: z.array(z.string()),
    events: z.array(WheelEvent).describe('The added events'),
    candidates: z.array(WheelEvent).describe('Events the caller administers that may be added'),
    external: z.object({
      configured: z.boolean(),
      path: z.string().nullable(),
      url: z.string().nullable(),
      matches: z.boolean().describe('Whether it was made from the current entries and options'),
    }),
  })
  .meta({ id: 'WheelView' }) satisfies z.ZodType<WheelView>;

const WheelDrawShape = {
  id: z.string(),
  seq: z.number().int().describe("The draw's number in its event"),
  at: z.number(),
  by: z.string().nullable(),
  byName: z.string().nullable(),
  entries: z.number().int().describe('How many entries the wheel had'),
  winner: z.string(),
  removed: z.boolean().describe('Whether the winner was taken off the wheel'),
};
const WheelDrawSchema = z.object(WheelDrawShape) satisfies z.ZodType<WheelDraw>;
const WheelDrawResultSchema = z.object({
  ...WheelDrawShape,
  names: z.array(z.string()).describe('The entries drawn from, in wheel order'),
  index: z.number().int().describe("The winner's place among names"),
}) satisfies z.ZodType<WheelDrawResult>;

const WheelOfNamesAnswerSchema = z.union([
  z.object({
    data: z.object({
      wheels: z.array(z.object({ path: z.string(), config: z.record(z.string(), z.unknown()) })),
    }),
  }),
  z.object({ data: z.object({ path: z.string() }) }),
]) satisfies z.ZodType<WheelOfNamesAnswer>;

const ADMINS = 'Event admins';
const ARCHIVED = ['wheel.error.archived'] as const;

/** The wheel of names (spec 02 §2–§4, §7). */
export const wheelContract = {
  wheel: {
    summary: 'The wheel: options, entries, ignored names, added events and the external wheel',
    access: ADMINS,
    params: EventParams,
    answer: WheelViewSchema,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ARCHIVED },
  },
  updateWheel: {
    summary: 'Changes the options, the ignored names (up to 2,000) or the added events',
    access: ADMINS,
    params: EventParams,
    body: WheelUpdateBody,
    answer: WheelViewSchema,
    errors: {
      400: ['error.validation', 'wheel.error.event'],
      ...EVENT_ADMIN_ERRORS,
      409: ARCHIVED,
    },
  },
  wheelDraw: {
    summary: 'Draws a winner (crypto randomness) and records the draw',
    access: ADMINS,
    params: EventParams,
    answer: WheelDrawResultSchema,
    errors: { ...EVENT_ADMIN_ERRORS, 409: ['wheel.error.archived', 'wheel.error.noentries'] },
  },
  wheelDraws: {
    summary: 'The recorded draws, newest first',
    access: ADMINS,
    params: EventParams,
    answer: z.array(WheelDrawSchema),
    errors: EVENT_ADMIN_ERRORS,
  },
  wheelOfNames: {
    summary: 'Lists, makes or deletes the wheel on wheelofnames.com',
    access: ADMINS,
    params: EventParams,
    body: WheelOfNamesBody,
    answer: WheelOfNamesAnswerSchema,
    errors: {
      400: ['error.validation'],
      ...EVENT_ADMIN_ERRORS,
      409: ['wheel.error.notconfigured', 'wheel.error.noentries', 'wheel.error.archived'],
      502: ['wheel.error.failed', 'wheel.error.badresponse'],
    },
  },
} as const satisfies Declarations<
  'wheel' | 'updateWheel' | 'wheelDraw' | 'wheelDraws' | 'wheelOfNames'
>;

import { z } from 'zod';
import { SPEED_TICKET_KINDS, SpeedArea, SpeedAreaId, PutSpeedAreaBody } from '../speed.ts';
import { EventParams } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const AreaParams = EventParams.extend({ areaId: SpeedAreaId.describe("The area's id") });

/** A stored ticket as listed: computed ones have every field; ones added by hand may lack some. */
const SpeedTicketRow = z
  .object({
    id: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    t: z.number().optional().describe('Start of the episode (epoch ms)'),
    endt: z.number().optional().describe('End of the episode (epoch ms)'),
    speed: z.number().optional().describe('Highest speed, or the average in a timed area (km/h)'),
    limit: z.number().nullable().optional().describe('The limit that applied (km/h)'),
    kind: z.enum(SPEED_TICKET_KINDS).optional(),
    area: z.string().nullable().optional().describe('The speed area, or null outside areas'),
    loc: z.object({ lat: z.number(), lng: z.number() }).optional(),
  })
  .loose();

const ADMINS = 'Event admins';

/** Speed areas and speed tickets (docs/speed-tickets.md). */
export const speedContract = {
  speedAreas: {
    summary: "The event's speed areas, by id",
    access: ADMINS,
    params: EventParams,
    answer: z.record(z.string(), SpeedArea),
    errors: EVENT_ADMIN_ERRORS,
  },
  putSpeedArea: {
    summary: 'Creates or replaces a speed area',
    description: 'An area of 3 to 1,000 points; the tickets of every team are recomputed shortly.',
    access: ADMINS,
    params: AreaParams,
    body: PutSpeedAreaBody,
    answer: SpeedArea,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  deleteSpeedArea: {
    summary: 'Removes a speed area',
    access: ADMINS,
    params: AreaParams,
    answer: null,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  speedTickets: {
    summary: 'Every speed ticket, by team and time',
    access:
      'Event admins; anyone else while neither hidetracks nor hidespeedings is on (401 signed out, else 403)',
    params: EventParams,
    answer: z.array(SpeedTicketRow),
    errors: EVENT_ADMIN_ERRORS,
  },
  recomputeSpeedTickets: {
    summary: "Recomputes every team's speed tickets now",
    access: ADMINS,
    params: EventParams,
    answer: z.object({
      teams: z.number().int().describe('Teams asked for'),
      tickets: z.number().int().describe('Computed tickets they now have'),
    }),
    errors: EVENT_ADMIN_ERRORS,
  },
} as const satisfies Declarations<
  'speedAreas' | 'putSpeedArea' | 'deleteSpeedArea' | 'speedTickets' | 'recomputeSpeedTickets'
>;

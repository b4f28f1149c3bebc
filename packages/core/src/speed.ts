import { z } from 'zod';
import {
  DEFAULT_EVENT_TYPE,
  DEFAULT_SPEED,
  DEFAULT_SPEED_LIMIT_KMH,
  EVENT_TYPES,
} from './limits.ts';
import type { EventType } from './limits.ts';
import { SPEED_KEYS } from './settings.ts';
import type { SpeedKey } from './settings.ts';

/**
 * Speed areas and speed tickets (spec 01 §3 event document: speed and speedareas; §5 speed
 * penalty per ticket). The rules that turn a track into tickets are in speed/tickets.ts and
 * docs/speed-tickets.md.
 */
export const SpeedAreaPoint = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type SpeedAreaPoint = z.infer<typeof SpeedAreaPoint>;

export const SpeedArea = z
  .object({
    name: z.string().trim().max(200),
    area: z.array(SpeedAreaPoint).min(3).max(1000),
    restricted: z.boolean().default(false),
    /** km/h; null: the event's limit. */
    limit: z.number().positive().max(500).nullable().default(null),
    /** An average-speed area: the average over each pass is checked instead of the speed. */
    timed: z.boolean().default(false),
  })
  .strict();
export type SpeedArea = z.output<typeof SpeedArea>;

/** Speed area ids (the key in evdoc.speedareas). */
export const SpeedAreaId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** PUT /api/events/:id/speedareas/:areaId (event admins); DELETE removes it. */
export const PutSpeedAreaBody = SpeedArea;
export type PutSpeedAreaBody = z.input<typeof PutSpeedAreaBody>;

/**
 * The event's speed settings (evdoc.speed, settings.ts SPEED_KEYS): km/h and seconds. A null
 * limit is none: speed is checked only in areas with a limit of their own.
 */
export type SpeedSettings = Record<Exclude<SpeedKey, 'limit'>, number> & { limit: number | null };

/** An event's type from its settings; an unknown or missing one is the default type. */
export function eventTypeOf(settings: Record<string, unknown>): EventType {
  const type = settings.type;
  return (EVENT_TYPES as readonly unknown[]).includes(type)
    ? (type as EventType)
    : DEFAULT_EVENT_TYPE;
}

/**
 * Whether speed monitoring matters to an event of this type before its organiser sets anything:
 * a race may be driven (DEFAULT_SPEED_LIMIT_KMH has a limit for it); teams on foot have none.
 */
export const speedMonitoredByDefault = (type: EventType): boolean =>
  DEFAULT_SPEED_LIMIT_KMH[type] !== null;

/**
 * The speed settings in force: each stored value (evdoc.speed) that is a number not below zero,
 * else the default (DEFAULT_SPEED, and the event type's limit).
 */
export function speedSettingsOf(stored: Record<string, unknown>, type: EventType): SpeedSettings {
  const out: SpeedSettings = { ...DEFAULT_SPEED, limit: DEFAULT_SPEED_LIMIT_KMH[type] };
  for (const key of SPEED_KEYS) {
    const v = stored[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = v;
  }
  return out;
}

/**
 * What a ticket was issued for: speeding over limit + over1 for delay1 s ('over1') or over
 * limit + over2 for delay2 s ('over2'), entering a restricted area ('restricted'), or an average
 * speed over a timed area's limit + over1 ('timed').
 */
export const SPEED_TICKET_KINDS = ['over1', 'over2', 'restricted', 'timed'] as const;
export type SpeedTicketKind = (typeof SPEED_TICKET_KINDS)[number];

/** A speed ticket (teams.spdtickets.{team}.{id}). */
export interface SpeedTicket {
  /** Start of the episode (epoch ms); for 'restricted' the time of entry. */
  t: number;
  /** End of the episode. */
  endt: number;
  /** Highest speed in the episode (the average for 'timed'), km/h. */
  speed: number;
  /** The limit that applied, km/h; null: none (entering a restricted area of an event without one). */
  limit: number | null;
  kind: SpeedTicketKind;
  /** The speed area id, or null outside areas. */
  area: string | null;
  loc: { lat: number; lng: number };
}

/** A computed ticket with the id it is stored under (derived from kind, area and time). */
export interface IdentifiedSpeedTicket extends SpeedTicket {
  id: string;
}

/** GET /api/events/:id/speedtickets: one row per ticket. Manual tickets may lack fields. */
export type SpeedTicketRow = Partial<SpeedTicket> & {
  id: string;
  teamId: string;
  teamName: string;
};

/** POST /api/events/:id/speedtickets/recompute → how many tickets the teams now have. */
export interface RecomputeTicketsResult {
  teams: number;
  tickets: number;
}

export * from './speed/geo.ts';
export * from './speed/tickets.ts';

import { z } from 'zod';

/**
 * Speed areas and speed tickets (spec 01 §3 event document: speed and speedareas; §5 speed
 * penalty per ticket). A ticket is issued for each episode where a team's speed stays over
 * limit + over1 for delay1 seconds, or over limit + over2 for delay2 seconds (the area's limit
 * inside an area, the event's speed.limit elsewhere), and for entering a restricted area.
 */
export const SpeedAreaPoint = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export const SpeedArea = z
  .object({
    name: z.string().trim().max(200),
    area: z.array(SpeedAreaPoint).min(3).max(1000),
    restricted: z.boolean().default(false),
    /** km/h; null: the event's limit. */
    limit: z.number().positive().max(500).nullable().default(null),
    timed: z.boolean().default(false),
  })
  .strict();
export type SpeedArea = z.output<typeof SpeedArea>;

/** PUT /api/events/:id/speedareas/:areaId (event admins); DELETE removes it. */
export const PutSpeedAreaBody = SpeedArea;

/** A speed ticket (teams.spdtickets.{team}.{id}). */
export interface SpeedTicket {
  /** Start of the episode (epoch ms). */
  t: number;
  /** End of the episode. */
  endt: number;
  /** Highest speed in the episode, km/h. */
  speed: number;
  /** The limit that applied, km/h. */
  limit: number;
  /** 'over1' | 'over2' | 'restricted'. */
  kind: 'over1' | 'over2' | 'restricted';
  /** The speed area id, or null outside areas. */
  area: string | null;
  loc: { lat: number; lng: number };
}

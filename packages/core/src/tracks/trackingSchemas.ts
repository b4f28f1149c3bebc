import { z } from 'zod';
import { TRACKING_APPS } from './tracking.ts';

// The zod schemas of the tracking API, apart from tracking.ts so that its constants (which the
// first-load translations use) do not bring zod to pages that parse nothing.

/**
 * A tracking link's or feed's secret as the server makes them (base64url, 16–100 characters):
 * an ingest URL with anything else is no link's (the server answers 404, not 400).
 */
export const TrackingSecret = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);

/**
 * A Traccar server's unique id of a tracker (IMEI or what the operator typed): printable, short.
 */
export const TrackerId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/);

/**
 * POST /api/events/:id/teams/:teamId/tracking-links: a new link for a background app (a member
 * of the team or an event admin), or (event admins only) a GPS tracker known to the event's
 * Traccar server by its unique id.
 */
export const CreateTrackingLinkBody = z.discriminatedUnion('app', [
  z.object({ app: z.enum(TRACKING_APPS) }).strict(),
  z.object({ app: z.literal('tracker'), trackerId: TrackerId }).strict(),
]);
export type CreateTrackingLinkBody = z.input<typeof CreateTrackingLinkBody>;

import { z } from 'zod';

// The zod schemas of the track API, apart from types.ts so that the track codec (which the web
// app's API client needs on every page) does not bring zod to pages that parse nothing.

const opt = (schema: z.ZodNumber) => schema.nullable().optional();

/** One point of an ingest batch as a device sends it; `x`/`y` may also come as lng/lat. */
export const IncomingPoint = z.object({
  t: z.number(),
  y: z.number(),
  x: z.number(),
  a: opt(z.number()),
  s: opt(z.number()),
  l: opt(z.number()),
  g: opt(z.number()),
  d: opt(z.number()),
  /** Heart rate, beats per minute (a watch's; kept when 1–255, rounded). */
  h: opt(z.number()),
  /** Cadence, per minute (kept when 0–254, rounded). */
  c: opt(z.number()),
  /** Battery level 0..1 at this point, when the device knows it. */
  b: opt(z.number()),
});
export type IncomingPoint = z.input<typeof IncomingPoint>;

/**
 * POST /api/devices/:deviceId/locations: a batch of points from one device (bearer token of the
 * device's user). Points are checked one by one; bad ones are refused with a reason, the good
 * ones kept. Points at or before the device's last stored time are duplicates of a retried batch
 * and are skipped, so a retry never duplicates.
 */
export const IngestBody = z
  .object({
    points: z.array(z.unknown()).max(5000),
  })
  .strict();
export type IngestBody = z.input<typeof IngestBody>;

/** GET /api/events/:id/points?tid=&devid=&startt=&endt=: binary track data (codec v2). */
export const PointsQuery = z.object({
  tid: z.string().min(1).max(100),
  devid: z.string().min(1).max(100).optional(),
  startt: z.coerce.number().optional(),
  endt: z.coerce.number().optional(),
});

/**
 * POST /api/events/:id/teams/:teamId/track.gpx: a GPX file as a text/plain body, or as JSON
 * `{gpx}`; either way the handler gets the file's text.
 */
export const GpxBody = z.union([
  z.string().min(1),
  z.object({ gpx: z.string().min(1) }).transform((b) => b.gpx),
]);
export type GpxBody = z.input<typeof GpxBody>;

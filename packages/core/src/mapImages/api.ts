import { z } from 'zod';
import { MAP_PLACEMENT_MAX_POINTS, PLACEMENT_SOURCES } from './types.ts';

/** A placement as a request carries it; the CRS and the numbers are checked again by its use. */
export const MapPlacementBody = z.strictObject({
  crs: z.string().trim().min(1).max(2000),
  h: z.array(z.number().finite()).length(9),
  source: z.enum(PLACEMENT_SOURCES),
  points: z
    .array(
      z.strictObject({
        u: z.number().finite(),
        v: z.number().finite(),
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
      }),
    )
    .max(MAP_PLACEMENT_MAX_POINTS)
    .optional(),
  model: z.enum(['affine', 'projective']).optional(),
});

/** PATCH /api/events/:id/maps/:mapId: any of these. */
export const EventMapPatch = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  placement: MapPlacementBody.optional(),
  published: z.boolean().optional(),
  publicFrom: z.number().int().min(0).nullable().optional(),
  position: z.number().int().min(0).max(1000).optional(),
  inLibrary: z.boolean().optional(),
});
export type EventMapPatch = z.infer<typeof EventMapPatch>;

/** POST /api/events/:id/maps/library: a map of the caller's library into the event. */
export const AddLibraryMapBody = z.strictObject({ mapId: z.string().min(1).max(100) });

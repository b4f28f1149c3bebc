import { z } from 'zod';
import { AddLibraryMapBody, EventMapPatch } from '../mapImages/api.ts';
import { TILE_GRID_DEFS } from '../mapImages/tileGrids.ts';
import {
  MAP_IMAGE_FORMATS,
  MAP_TILE_STATES,
  MAP_UPLOAD_TYPES,
  PLACEMENT_SOURCES,
  TILE_GRIDS,
} from '../mapImages/types.ts';
import type { EventMapImageView, LibraryMapView, MapPlacement } from '../mapImages/types.ts';
import { Bytes, EventParams, MapPoint } from './common.ts';
import { EVENT_ADMIN_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const MapId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe("The map image's id");
/** `:id/…/:mapId`: a map image of the event. */
const MapImageParams = EventParams.extend({ mapId: MapId });
/** `:mapId`: a map of the caller's library. */
const LibraryMapParams = z.object({ mapId: MapId });
/** POST /api/events/:id/maps?name=: the new map's name. */
const MapUploadQuery = z.object({ name: z.string().trim().min(1).max(200) });
/** GET …/image?width=: the most pixels wide the scaled image may be. */
const MapImageQuery = z.object({ width: z.coerce.number().int().min(1).max(4096) });

/** A whole number in a path segment, from `min` to `max`. */
const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A tile's address: the map's version, the grid, Leaflet's z, x and `{y}.webp`. */
const MapTileParams = MapImageParams.extend({
  version: whole(1, 1_000_000_000).describe("The map's version (its tiles' URL names it)"),
  grid: z.enum(TILE_GRIDS),
  z: whole(0, Math.max(...Object.values(TILE_GRID_DEFS).map((g) => g.maxZoom))),
  x: whole(-(2 ** 30), 2 ** 30),
  y: z
    .string()
    .regex(/^-?\d{1,9}\.webp$/)
    .transform((s) => Number(s.slice(0, -5)))
    .describe('The row and `.webp`'),
});

const Corners = z
  .tuple([MapPoint, MapPoint, MapPoint, MapPoint])
  .nullable()
  .describe("The image's corners on the earth: top-left, top-right, bottom-right, bottom-left");

const MapPlacementSchema = z
  .object({
    crs: z.string().describe("'EPSG:…' or a proj4 definition"),
    h: z
      .array(z.number())
      .describe('Row-major 3 × 3 homography from image pixels to coordinates in crs'),
    source: z.enum(PLACEMENT_SOURCES),
    points: z
      .array(z.object({ u: z.number(), v: z.number(), lat: z.number(), lng: z.number() }))
      .optional()
      .describe("A hand placement's control points"),
    model: z.enum(['affine', 'projective']).optional(),
  })
  .meta({ id: 'MapPlacement' }) satisfies z.ZodType<MapPlacement>;

const MapTileSet = z.object({
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  bytes: z.number(),
  count: z.number().int(),
});

/** A map image as the event shows it (also in `images` of GET /api/events/:id/map). */
export const EventMapImageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.enum(MAP_IMAGE_FORMATS),
    bytes: z.number().describe('Bytes of the original file'),
    placement: MapPlacementSchema.nullable(),
    corners: Corners,
    state: z.enum(MAP_TILE_STATES),
    progress: z.number().nullable().describe('0–1 while cutting, else null'),
    error: z.string().nullable().describe("The failure's error key when state is 'failed'"),
    tiles: z
      .object({
        url: z
          .string()
          .describe(
            "A URL template with {grid} and Leaflet's {z}, {x}, {y}; its bytes never change",
          ),
        grids: z.partialRecord(z.enum(TILE_GRIDS), MapTileSet),
      })
      .nullable()
      .describe('The tiles once ready'),
    published: z.boolean(),
    publicFrom: z
      .number()
      .nullable()
      .describe('Hidden from all but the admins before this time (ms); null: once published'),
    inLibrary: z.boolean().describe("Kept in the uploader's map library"),
    position: z.number().int().describe("Order among the event's maps, 0 drawn on top"),
    createdAt: z.number(),
  })
  .meta({ id: 'EventMapImage' }) satisfies z.ZodType<EventMapImageView>;

const LibraryMapSchema = z.object({
  id: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(MAP_IMAGE_FORMATS),
  bytes: z.number(),
  corners: Corners,
  createdAt: z.number(),
  events: z.number().int().describe('Events that show it now'),
}) satisfies z.ZodType<LibraryMapView>;

const ADMINS = 'Event admins';
const PLACEMENT_ERRORS = ['maps.error.unknowncrs', 'maps.error.badplacement'] as const;

/** The event's map images and the user's map library (issue 37, docs/api.md "Map images"). */
export const mapImagesContract = {
  mapImages: {
    summary: "The event's map images, in their order",
    access: 'Anyone: event admins see every one, others the published ones already public',
    params: EventParams,
    answer: z.array(EventMapImageSchema),
    errors: { 400: ['error.validation'], 404: ['error.notfound'] },
  },
  uploadMapImage: {
    summary: 'A new map image of the event from a file: an image, or a KMZ/KML with one',
    description:
      'The body is the file as it is (JPEG, PNG, GIF, WebP, TIFF or GeoTIFF, KMZ, KML), up ' +
      'to 300 MB; its bytes decide what it is. A placed one (KMZ, GeoTIFF) starts being cut ' +
      'into tiles.',
    access: ADMINS,
    params: EventParams,
    query: MapUploadQuery,
    bodyTypes: MAP_UPLOAD_TYPES,
    answer: EventMapImageSchema,
    status: 201,
    errors: {
      400: [
        'error.validation',
        'maps.error.badfile',
        'maps.error.toolarge',
        'maps.error.nooverlay',
        ...PLACEMENT_ERRORS,
      ],
      ...EVENT_ADMIN_ERRORS,
      409: ['maps.error.toomany', 'maps.error.archived'],
      413: ['error.toolarge'],
      415: ['error.mediatype'],
      429: ['error.toomany'],
    },
  },
  patchMapImage: {
    summary: 'Renames, places (cut anew), publishes, orders or keeps a map image in the library',
    description: "`inLibrary` only by the map's uploader (or a super admin).",
    access: ADMINS,
    params: MapImageParams,
    body: EventMapPatch,
    answer: EventMapImageSchema,
    errors: {
      400: ['error.validation', ...PLACEMENT_ERRORS],
      ...EVENT_ADMIN_ERRORS,
      409: ['maps.error.archived', 'maps.error.notplaced'],
    },
  },
  deleteMapImage: {
    summary: 'Takes a map image out of the event (its files go when nothing else shows it)',
    access: ADMINS,
    params: MapImageParams,
    answer: null,
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS, 409: ['maps.error.archived'] },
  },
  mapImagePreview: {
    summary: 'The image scaled to at most `width` pixels wide, for placing it by hand',
    description: 'JPEG, or PNG for an image with transparency; cached privately for an hour.',
    access: ADMINS,
    params: MapImageParams,
    query: MapImageQuery,
    answer: Bytes,
    answerType: 'image/*',
    errors: { 400: ['error.validation'], ...EVENT_ADMIN_ERRORS },
  },
  mapTile: {
    summary: "One 256-pixel WebP tile of a cut map (the URL template of the map's `tiles`)",
    description:
      'Cached for a year (immutable: the URL names the version), publicly once the map is ' +
      'public. 404 for a map the caller may not see yet, never 403.',
    access: 'Anyone who may see the map now (its admins before it is public)',
    params: MapTileParams,
    answer: Bytes,
    answerType: 'image/webp',
    errors: { 400: ['error.validation'], 404: ['error.notfound'] },
  },
  mapLibrary: {
    summary: "The caller's map library: their kept map images",
    access: 'Signed-in users',
    answer: z.array(LibraryMapSchema),
    errors: { 401: ['error.unauthorized'] },
  },
  addLibraryMap: {
    summary: "A map of the caller's library into the event, unpublished and last",
    description: "200 (not 201) with the event's map when the event shows it already.",
    access: 'Event admins, from their own library',
    params: EventParams,
    body: AddLibraryMapBody,
    answer: EventMapImageSchema,
    status: 201,
    errors: {
      400: ['error.validation'],
      ...EVENT_ADMIN_ERRORS,
      409: ['maps.error.toomany', 'maps.error.archived'],
    },
  },
  removeLibraryMap: {
    summary: "Takes a map out of the caller's library (its files go when no event shows it)",
    access: 'Signed-in users, their own maps',
    params: LibraryMapParams,
    answer: null,
    errors: { 400: ['error.validation'], 401: ['error.unauthorized'], 404: ['error.notfound'] },
  },
} as const satisfies Declarations<
  | 'mapImages'
  | 'uploadMapImage'
  | 'patchMapImage'
  | 'deleteMapImage'
  | 'mapImagePreview'
  | 'mapTile'
  | 'mapLibrary'
  | 'addLibraryMap'
  | 'removeLibraryMap'
>;

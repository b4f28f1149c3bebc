import { z } from 'zod';
import type { EventMapView } from '../map/api.ts';
import { MAP_CRS, MapSetting, SpeedRange, WmtsLayerConf } from '../map/mapConfig.ts';
import type { WmtsCapabilities } from '../map/wmts.ts';
import {
  MAP_IMAGE_FORMATS,
  MAP_TILE_STATES,
  PLACEMENT_SOURCES,
  TILE_GRIDS,
} from '../mapImages/types.ts';
import type { EventMapImageView } from '../mapImages/types.ts';
import { EventParams } from './common.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/** GET /maps/capabilities's query: the document's address and the event it is read for. */
const CapabilitiesQuery = z.object({
  url: z.string().trim().min(1).max(2000).describe("The WMTS capabilities document's address"),
  eventId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The event whose admin asks (else a creator or super admin)'),
});

const LatLng = z.object({ lat: z.number(), lng: z.number() });

const MapTileSet = z.object({
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  bytes: z.number(),
  count: z.number().int(),
});

/** One of the event's own map images as a map draws it. */
const EventMapImage = z.object({
  id: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(MAP_IMAGE_FORMATS),
  bytes: z.number().describe('Bytes of the original file'),
  placement: z
    .object({
      crs: z.string(),
      h: z.array(z.number()).describe('Row-major 3 × 3 homography from image pixels to crs'),
      source: z.enum(PLACEMENT_SOURCES),
      points: z
        .array(z.object({ u: z.number(), v: z.number(), lat: z.number(), lng: z.number() }))
        .optional(),
      model: z.enum(['affine', 'projective']).optional(),
    })
    .nullable(),
  corners: z
    .tuple([LatLng, LatLng, LatLng, LatLng])
    .nullable()
    .describe('Top-left, top-right, bottom-right, bottom-left'),
  state: z.enum(MAP_TILE_STATES),
  progress: z.number().nullable().describe('0–1 while cutting'),
  error: z.string().nullable().describe("The failure's error key when state is 'failed'"),
  tiles: z
    .object({
      url: z.string().describe('A URL template with {grid}, {z}, {x} and {y}'),
      grids: z.partialRecord(z.enum(TILE_GRIDS), MapTileSet),
    })
    .nullable(),
  published: z.boolean(),
  publicFrom: z.number().nullable(),
  inLibrary: z.boolean(),
  position: z.number().int(),
  createdAt: z.number(),
}) satisfies z.ZodType<EventMapImageView>;

const EventMapViewSchema = z
  .object({
    map: MapSetting.describe('The layers; private ones only for the event’s admins'),
    eventbounds: z
      .object({ northEast: LatLng, southWest: LatLng })
      .nullable()
      .describe("The event's area"),
    speedranges: z.array(SpeedRange).describe('Track colours by speed'),
    images: z
      .array(EventMapImage)
      .describe('The map images this reader may see, in position order'),
    imagesChangeAt: z
      .number()
      .nullable()
      .describe('When a published map image not seen yet becomes public (ms)'),
  })
  .meta({ id: 'EventMapView' }) satisfies z.ZodType<EventMapView>;

const WmtsCapabilitiesSchema = z.object({
  title: z.string(),
  abstract: z.string(),
  layers: z.array(
    z.object({
      identifier: z.string(),
      title: z.string(),
      abstract: z.string(),
      bounds: z
        .tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])])
        .nullable()
        .describe('[[south, west], [north, east]]'),
      formats: z.array(z.string()),
      style: z.string(),
      matrixSets: z.array(z.string()),
      conf: WmtsLayerConf.nullable().describe('The layer as Rada draws it, or null'),
      unusable: z.enum(['nomatrixset', 'notemplate']).optional(),
    }),
  ),
  matrixSets: z.array(
    z.object({
      identifier: z.string(),
      supportedCrs: z.string(),
      crs: z.enum(MAP_CRS).nullable(),
      matrices: z.array(
        z.object({
          identifier: z.string(),
          resolution: z.number().describe('Metres per pixel'),
          topLeft: z.tuple([z.number(), z.number()]),
          tileWidth: z.number(),
          tileHeight: z.number(),
          matrixWidth: z.number(),
          matrixHeight: z.number(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<WmtsCapabilities>;

/** The event's map layers and WMTS capabilities. */
export const mapsContract = {
  eventMap: {
    summary: 'What every map of the event draws: layers, area, speed colours, map images',
    access: 'Anyone with its link (private layers and unpublished images: its admins)',
    params: EventParams,
    answer: EventMapViewSchema,
    errors: { 400: ['error.validation'], 404: ['error.notfound'] },
  },
  mapCapabilities: {
    summary: "A WMTS service's capabilities, read for the map settings editor",
    access: 'Event creators, super admins and admins of `eventId`',
    query: CapabilitiesQuery,
    answer: WmtsCapabilitiesSchema,
    errors: {
      400: ['error.validation', 'map.error.url', 'map.error.address'],
      ...CALLER_ERRORS,
      413: ['error.toolarge'],
      422: ['map.error.notwmts', 'map.error.badxml'],
      502: ['map.error.fetch'],
    },
  },
} as const satisfies Declarations<'eventMap' | 'mapCapabilities'>;

import { z } from 'zod';
import type { EventMapView } from '../map/api.ts';
import { MAP_CRS, MapSetting, SpeedRange, WmtsLayerConf } from '../map/mapConfig.ts';
import type { WmtsCapabilities } from '../map/wmts.ts';
import { EventParams } from './common.ts';
import { MapPoint } from './common.ts';
import { EventMapImageSchema } from './mapImages.ts';
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

const EventMapViewSchema = z
  .object({
    map: MapSetting.describe('The layers; private ones only for the event’s admins'),
    eventbounds: z
      .object({ northEast: MapPoint, southWest: MapPoint })
      .nullable()
      .describe("The event's area"),
    speedranges: z.array(SpeedRange).describe('Track colours by speed'),
    images: z
      .array(EventMapImageSchema)
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

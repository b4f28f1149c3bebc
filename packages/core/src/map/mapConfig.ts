import { z } from 'zod';

/**
 * The event's map (spec 02 §3 "Map"): `{default: {type, conf}, userlayers: [{type, title, conf}]}`.
 * Every layer type of the spec is described here once; the web draws them (features/map) and the
 * server sends private layers only to the event's admins (`publicMapConfig`).
 */

export const LAYER_TYPES = [
  'osm',
  'leaflet',
  'wms',
  'maaamet',
  'maametmulti',
  'nutimeri',
  'google',
  'bing',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** The projections a layer may be drawn in: Web Mercator, or the Estonian L-EST97 grid. */
export const MAP_CRS = ['EPSG:3857', 'EPSG:3301'] as const;
export type MapCrs = (typeof MAP_CRS)[number];

const url = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\//i, 'map.error.url');
const zoom = z.number().int().min(0).max(24);
const text = (max: number) => z.string().max(max);

/** One WMTS layer: a resource URL template with {TileMatrix}, {TileRow} and {TileCol}. */
export const WmtsLayerConf = z.looseObject({
  /** The capabilities document the layer was picked from (kept to refresh it). */
  capabilities: url.optional(),
  url,
  layer: text(200),
  title: text(200).optional(),
  matrixSet: text(200).optional(),
  style: text(200).optional(),
  format: text(100).optional(),
  crs: z.enum(MAP_CRS).optional(),
  /** The identifiers of the matrix set's levels, when they are not 0, 1, 2, …. */
  matrixIds: z.array(text(100)).max(32).optional(),
  /** [[south, west], [north, east]] in degrees. */
  bounds: z
    .tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])])
    .optional(),
  minZoom: zoom.optional(),
  maxZoom: zoom.optional(),
  attribution: text(1000).optional(),
});
export type WmtsLayerConf = z.infer<typeof WmtsLayerConf>;

/** Each type's `conf`; unknown keys are kept (event files from other versions keep theirs). */
export const LAYER_CONF = {
  /** OpenStreetMap; an own tile server may replace the URL. */
  osm: z.looseObject({
    url: url.optional(),
    attribution: text(1000).optional(),
    maxZoom: zoom.optional(),
  }),
  /** A tile provider for Leaflet: a URL template with {s}, {z}, {x}, {y}. */
  leaflet: z.looseObject({
    url,
    subdomains: text(20).optional(),
    /** EPSG:3301 for a national-grid TMS ({-y} counts rows from the bottom). */
    crs: z.enum(MAP_CRS).optional(),
    attribution: text(1000).optional(),
    minZoom: zoom.optional(),
    maxZoom: zoom.optional(),
  }),
  wms: z.looseObject({
    url,
    layers: text(1000),
    styles: text(1000).optional(),
    format: text(100).optional(),
    transparent: z.boolean().optional(),
    version: z.enum(['1.1.1', '1.3.0']).optional(),
    crs: z.enum(MAP_CRS).optional(),
    attribution: text(1000).optional(),
    minZoom: zoom.optional(),
    maxZoom: zoom.optional(),
  }),
  /** One WMTS layer (Maa-amet's base maps and others). */
  maaamet: WmtsLayerConf,
  /** Several layers of one capabilities document drawn on top of each other (a photo + names). */
  maametmulti: z.looseObject({
    capabilities: url.optional(),
    layers: z.array(WmtsLayerConf).min(1).max(10),
  }),
  /**
   * Nautical charts (the Transport Administration's chart service): a WMS in EPSG:3301 with
   * the charts' attribution; the service's `url` and `layers` come from the organiser.
   */
  nutimeri: z.looseObject({
    url: url.optional(),
    layers: text(1000).optional(),
    attribution: text(1000).optional(),
  }),
  google: z.looseObject({ mapType: z.enum(['roadmap', 'satellite', 'terrain']).optional() }),
  bing: z.looseObject({
    imagerySet: z.enum(['Aerial', 'AerialWithLabelsOnDemand', 'RoadOnDemand']).optional(),
  }),
} satisfies Record<LayerType, z.ZodType>;

const layerFields = {
  /** Sent only to the event's admins (nature protection layers, spec 02 §5). */
  private: z.boolean().optional(),
  /** Drawn over the base map (a transparent WMS) instead of being a base map itself. */
  overlay: z.boolean().optional(),
  /** Whether participants may download its tiles for offline use (licences differ). */
  offline: z.boolean().optional(),
};

const title = { title: text(200).trim().min(1) };

const layerOf = <T extends LayerType>(type: T) =>
  z.looseObject({ type: z.literal(type), conf: LAYER_CONF[type], ...layerFields });
const userLayerOf = <T extends LayerType>(type: T) =>
  z.looseObject({ type: z.literal(type), conf: LAYER_CONF[type], ...layerFields, ...title });

export const MapLayer = z.discriminatedUnion('type', [
  layerOf('osm'),
  layerOf('leaflet'),
  layerOf('wms'),
  layerOf('maaamet'),
  layerOf('maametmulti'),
  layerOf('nutimeri'),
  layerOf('google'),
  layerOf('bing'),
]);
export type MapLayer = z.infer<typeof MapLayer>;

/** A layer the organiser added to the switcher, with its title. */
export const UserLayer = z.discriminatedUnion('type', [
  userLayerOf('osm'),
  userLayerOf('leaflet'),
  userLayerOf('wms'),
  userLayerOf('maaamet'),
  userLayerOf('maametmulti'),
  userLayerOf('nutimeri'),
  userLayerOf('google'),
  userLayerOf('bing'),
]);
export type UserLayer = z.infer<typeof UserLayer>;

/** The `map` setting. `offlinemaxzoom`: the deepest zoom participants may download. */
export const MapSetting = z.looseObject({
  default: MapLayer.optional(),
  userlayers: z.array(UserLayer).max(30).optional(),
  offlinemaxzoom: zoom.optional(),
});
export type MapSetting = z.infer<typeof MapSetting>;

/** What every map starts with: OpenStreetMap and no user layers. */
export const DEFAULT_MAP: MapSetting = { default: { type: 'osm', conf: {} }, userlayers: [] };

/** The deepest zoom (as on OpenStreetMap) participants download when the organiser set none: the participant map fits its KPs at 16. */
export const DEFAULT_OFFLINE_MAX_ZOOM = 16;

/**
 * The event's map from a stored value, leniently: an invalid default falls back to OpenStreetMap
 * and invalid user layers are left out, so one bad layer never blanks every map of the event.
 */
export function readMapSetting(value: unknown): MapSetting {
  if (typeof value !== 'object' || value === null) return DEFAULT_MAP;
  const v = value as Record<string, unknown>;
  const main = MapLayer.safeParse(v.default);
  const layers = Array.isArray(v.userlayers)
    ? v.userlayers.flatMap((l) => {
        const parsed = UserLayer.safeParse(l);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  const zoomLimit = zoom.safeParse(v.offlinemaxzoom);
  return {
    default: main.success ? main.data : DEFAULT_MAP.default,
    userlayers: layers,
    ...(zoomLimit.success ? { offlinemaxzoom: zoomLimit.data } : {}),
  };
}

/**
 * The map a caller may see: private layers only for those with access to the event (its
 * admins); for anyone else they are left out, and a private default becomes OpenStreetMap.
 */
export function publicMapConfig(map: MapSetting, canSeePrivate: boolean): MapSetting {
  if (canSeePrivate) return map;
  return {
    ...map,
    default: map.default?.private ? DEFAULT_MAP.default : map.default,
    userlayers: (map.userlayers ?? []).filter((l) => !l.private),
  };
}

/** A speed range of `speedranges`: tracks at or above `s` km/h are drawn in colour `c`. */
export const SpeedRange = z.object({
  s: z.number().finite().min(0).max(1000),
  c: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'map.error.colour'),
});
export type SpeedRange = z.infer<typeof SpeedRange>;
export const SpeedRanges = z.array(SpeedRange).max(20);

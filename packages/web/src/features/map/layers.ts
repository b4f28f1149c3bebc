import L from 'leaflet';
import type { MapCrs, MapKeys, MapLayer, WmtsLayerConf } from '@rada/core';
import { TRANSPARENT_TILE } from './markerIcon.ts';
import { creditHtml } from './safeHtml.ts';

/** OpenStreetMap's own tiles. */
export const OSM_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const NUTIMERI_ATTRIBUTION = '&copy; Transpordiamet';

/** A Leaflet layer with the CRS it must be drawn in and its zoom range. */
export interface BuiltLayer {
  layer: L.Layer;
  crs: MapCrs;
  minZoom: number;
  maxZoom: number;
  /** The tile address template of its first tile layer (offline downloads), when it has one. */
  tiles?: (coords: { x: number; y: number; z: number }) => string;
}

/**
 * The attribution control's HTML for a layer: the organiser's credit as text (its web addresses
 * linked), or the app's own credit (`fallback`, HTML) when the layer has none.
 */
const credit = (given: string | undefined, fallback: string) =>
  given === undefined ? fallback : creditHtml(given);

/** Tile failures stay silent: a failed tile is transparent. */
const quiet = { errorTileUrl: TRANSPARENT_TILE } as const;

/**
 * A WMTS layer with a RESTful template ({TileMatrix}, {TileRow}, {TileCol}). On the EPSG:3301
 * grid Leaflet counts tile rows up from the grid's lower-left origin (negative rows); WMTS counts
 * them down from the top-left corner: row = y + 2^z.
 */
export class WmtsTileLayer extends L.TileLayer {
  constructor(
    private readonly conf: WmtsLayerConf,
    options: L.TileLayerOptions,
  ) {
    super(conf.url, options);
  }

  override getTileUrl(coords: L.Coords): string {
    return wmtsTileUrl(this.conf, coords);
  }
}

/** The address of one WMTS tile at Leaflet's tile coordinates. */
export function wmtsTileUrl(conf: WmtsLayerConf, c: { x: number; y: number; z: number }): string {
  const row = conf.crs === 'EPSG:3301' ? c.y + 2 ** c.z : c.y;
  const matrix = conf.matrixIds?.[c.z] || String(c.z);
  return conf.url
    .replace(/\{TileMatrix\}/gi, encodeURIComponent(matrix))
    .replace(/\{TileRow\}/gi, String(row))
    .replace(/\{TileCol\}/gi, String(c.x));
}

function wmtsLayer(conf: WmtsLayerConf, overlay: boolean): BuiltLayer {
  const minZoom = conf.minZoom ?? 0;
  const maxZoom = conf.maxZoom ?? 18;
  return {
    layer: new WmtsTileLayer(conf, {
      ...quiet,
      minZoom,
      maxZoom,
      attribution: credit(conf.attribution, ''),
      ...(conf.bounds ? { bounds: L.latLngBounds(conf.bounds) } : {}),
      ...(overlay ? { opacity: 1 } : {}),
    }),
    crs: conf.crs ?? 'EPSG:3857',
    minZoom,
    maxZoom,
    tiles: (c) => wmtsTileUrl(conf, c),
  };
}

/**
 * A WMS layer. WMS 1.3.0 writes a BBOX in the CRS's own axis order: northing first for
 * EPSG:3301 as for EPSG:4326 (Leaflet swaps only the latter).
 */
export class WmsTileLayer extends L.TileLayer.WMS {
  override getTileUrl(coords: L.Coords): string {
    const url = super.getTileUrl(coords);
    const self = this as unknown as { _crs?: L.CRS; _wmsVersion?: number };
    if ((self._wmsVersion ?? 0) < 1.3 || self._crs?.code !== 'EPSG:3301') return url;
    return url.replace(/([?&]bbox=)([^&]+)/i, (_m, key: string, box: string) => {
      const [minX, minY, maxX, maxY] = decodeURIComponent(box).split(',');
      return `${key}${[minY, minX, maxY, maxX].join(',')}`;
    });
  }
}

/** Bing's quadkey of a tile. */
export function quadkey(x: number, y: number, z: number): string {
  let key = '';
  for (let i = z; i > 0; i--) {
    const mask = 1 << (i - 1);
    key += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0));
  }
  return key;
}

/**
 * A tile layer whose template must first be asked for (Bing's imagery metadata, Google's
 * session): `resolve` answers the function that names a tile; until it has, tiles are blank.
 */
class ResolvedTileLayer extends L.TileLayer {
  private urlOf: ((c: L.Coords) => string) | null = null;

  constructor(
    private readonly resolve: () => Promise<(c: L.Coords) => string>,
    options: L.TileLayerOptions,
  ) {
    super('', options);
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    if (!this.urlOf) {
      this.resolve().then(
        (f) => {
          this.urlOf = f;
          this.redraw();
        },
        () => undefined,
      );
    }
    return this;
  }

  override getTileUrl(coords: L.Coords): string {
    return this.urlOf ? this.urlOf(coords) : TRANSPARENT_TILE;
  }
}

/** Bing Maps through its REST imagery metadata (the official way to its tiles). */
function bingLayer(key: string, imagerySet: string): BuiltLayer {
  const resolve = async () => {
    const res = await fetch(
      `https://dev.virtualearth.net/REST/v1/Imagery/Metadata/${encodeURIComponent(imagerySet)}?uriScheme=https&include=ImageryProviders&key=${encodeURIComponent(key)}`,
    );
    const meta = (await res.json()) as {
      resourceSets?: { resources?: { imageUrl?: string; imageUrlSubdomains?: string[] }[] }[];
    };
    const r = meta.resourceSets?.[0]?.resources?.[0];
    if (!r?.imageUrl) throw new Error('bing: no imagery');
    const subdomains = r.imageUrlSubdomains ?? ['t0'];
    return (c: L.Coords) =>
      r
        .imageUrl!.replace('{subdomain}', subdomains[(c.x + c.y) % subdomains.length]!)
        .replace('{quadkey}', quadkey(c.x, c.y, c.z))
        .replace('{culture}', 'et-EE');
  };
  return {
    layer: new ResolvedTileLayer(resolve, {
      ...quiet,
      maxZoom: 19,
      attribution: '&copy; Microsoft',
    }),
    crs: 'EPSG:3857',
    minZoom: 0,
    maxZoom: 19,
  };
}

/** Google Maps through the Map Tiles API: a session first, then 2D tiles. */
function googleLayer(key: string, mapType: string): BuiltLayer {
  const resolve = async () => {
    const res = await fetch(
      `https://tile.googleapis.com/v1/createSession?key=${encodeURIComponent(key)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mapType, language: 'et-EE', region: 'EE' }),
      },
    );
    const { session } = (await res.json()) as { session?: string };
    if (!session) throw new Error('google: no session');
    return (c: L.Coords) =>
      `https://tile.googleapis.com/v1/2dtiles/${c.z}/${c.x}/${c.y}?session=${encodeURIComponent(session)}&key=${encodeURIComponent(key)}`;
  };
  return {
    layer: new ResolvedTileLayer(resolve, { ...quiet, maxZoom: 21, attribution: '&copy; Google' }),
    crs: 'EPSG:3857',
    minZoom: 0,
    maxZoom: 21,
  };
}

/**
 * The address Leaflet asks for an XYZ tile: its template filled as L.TileLayer fills it
 * ({s} by (x + y) among the subdomains, {-y} counted from the grid's far edge), so tiles saved
 * for offline use are found under the address the map later requests.
 */
export function xyzTileUrl(
  url: string,
  crs: MapCrs,
  c: { x: number; y: number; z: number },
  subdomains = 'abc',
): string {
  const maxY = crs === 'EPSG:3301' ? -1 : 2 ** c.z - 1;
  return L.Util.template(url, {
    ...c,
    s: subdomains[Math.abs(c.x + c.y) % subdomains.length] ?? '',
    r: '',
    '-y': maxY - c.y,
  });
}

function xyzLayer(
  url: string,
  attribution: string,
  minZoom: number,
  maxZoom: number,
  crs: MapCrs,
  subdomains?: string,
): BuiltLayer {
  const layer = L.tileLayer(url, {
    ...quiet,
    attribution,
    minZoom,
    maxZoom,
    ...(subdomains ? { subdomains } : {}),
  });
  return {
    layer,
    crs,
    minZoom,
    maxZoom,
    tiles: (c) => xyzTileUrl(url, crs, c, subdomains || 'abc'),
  };
}

/**
 * The Leaflet layer of one layer of the event's map, or null when it cannot be drawn here (a
 * commercial provider without a configured key, a chart service without an address).
 */
export function buildLayer(l: MapLayer, keys: MapKeys): BuiltLayer | null {
  const overlay = l.overlay === true;
  switch (l.type) {
    case 'osm':
      return xyzLayer(
        l.conf.url ?? OSM_URL,
        credit(l.conf.attribution, OSM_ATTRIBUTION),
        0,
        l.conf.maxZoom ?? 19,
        'EPSG:3857',
      );
    case 'leaflet':
      return xyzLayer(
        l.conf.url,
        credit(l.conf.attribution, ''),
        l.conf.minZoom ?? 0,
        l.conf.maxZoom ?? 18,
        l.conf.crs ?? 'EPSG:3857',
        l.conf.subdomains,
      );
    case 'wms':
    case 'nutimeri': {
      const c = l.conf as {
        url?: string;
        layers?: string;
        styles?: string;
        format?: string;
        transparent?: boolean;
        version?: string;
        crs?: MapCrs;
        attribution?: string;
        minZoom?: number;
        maxZoom?: number;
      };
      if (!c.url || !c.layers) return null;
      const crs: MapCrs = l.type === 'nutimeri' ? (c.crs ?? 'EPSG:3301') : (c.crs ?? 'EPSG:3857');
      const minZoom = c.minZoom ?? 0;
      const maxZoom = c.maxZoom ?? 18;
      return {
        layer: new WmsTileLayer(c.url, {
          ...quiet,
          layers: c.layers,
          styles: c.styles ?? '',
          format: c.format ?? 'image/png',
          transparent: c.transparent ?? overlay,
          version: c.version ?? '1.3.0',
          attribution: credit(c.attribution, l.type === 'nutimeri' ? NUTIMERI_ATTRIBUTION : ''),
          minZoom,
          maxZoom,
        }),
        crs,
        minZoom,
        maxZoom,
      };
    }
    case 'maaamet':
      return wmtsLayer(l.conf, overlay);
    case 'maametmulti': {
      const parts = l.conf.layers.map((c) => wmtsLayer(c, overlay));
      const first = parts[0]!;
      return {
        layer: L.layerGroup(parts.map((p) => p.layer)),
        crs: first.crs,
        minZoom: Math.max(...parts.map((p) => p.minZoom)),
        maxZoom: Math.min(...parts.map((p) => p.maxZoom)),
        ...(first.tiles ? { tiles: first.tiles } : {}),
      };
    }
    case 'google':
      return keys.google ? googleLayer(keys.google, l.conf.mapType ?? 'roadmap') : null;
    case 'bing':
      return keys.bing ? bingLayer(keys.bing, l.conf.imagerySet ?? 'Aerial') : null;
  }
}

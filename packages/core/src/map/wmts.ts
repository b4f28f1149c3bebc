import { childElements, localName, parseXml, textOf } from '../checkpoints/xml.ts';
import type { XmlElement } from '../checkpoints/xml.ts';
import type { MapCrs, WmtsLayerConf } from './mapConfig.ts';

/**
 * The Estonian national grid L-EST97 (EPSG:3301) as Maa-amet's tiles use it: the projection, the
 * grid's lower-left origin and extent, and 19 resolutions from 4,000 m/px halving each step.
 */
export const EPSG3301 = {
  code: 'EPSG:3301',
  proj4:
    '+proj=lcc +lat_1=59.33333333333334 +lat_2=58 +lat_0=57.51755393055556 +lon_0=24 +x_0=500000 +y_0=6375000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  origin: [40500, 5993000] as const,
  bounds: [
    [40500, 5993000],
    [1064500, 7017000],
  ] as const,
  /** Metres per pixel at zoom 0. */
  res0: 4000,
  resolutions: Array.from({ length: 19 }, (_, z) => 4000 / 2 ** z),
  minZoom: 0,
  maxZoom: 18,
} as const;

/** Web Mercator's resolution at zoom 0 (256-pixel tiles), m/px. */
const MERCATOR_RES0 = (2 * Math.PI * 6378137) / 256;
/** OGC's standardised pixel size: scale denominator × 0.00028 = metres per pixel. */
const PIXEL_SIZE = 0.00028;

export interface WmtsMatrix {
  identifier: string;
  /** Metres per pixel. */
  resolution: number;
  topLeft: [number, number];
  tileWidth: number;
  tileHeight: number;
  matrixWidth: number;
  matrixHeight: number;
}

export interface WmtsMatrixSet {
  identifier: string;
  /** As written (`urn:ogc:def:crs:EPSG::3301`); `crs` is the one Rada can draw, or null. */
  supportedCrs: string;
  crs: MapCrs | null;
  matrices: WmtsMatrix[];
}

export interface WmtsLayerInfo {
  identifier: string;
  title: string;
  abstract: string;
  /** [[south, west], [north, east]] from WGS84BoundingBox, or null. */
  bounds: [[number, number], [number, number]] | null;
  formats: string[];
  style: string;
  matrixSets: string[];
  /**
   * The layer as a map layer Rada can draw (the first linked matrix set whose grid is Rada's
   * EPSG:3301 grid or Web Mercator's), or null with `unusable` saying why.
   */
  conf: WmtsLayerConf | null;
  unusable?: 'nomatrixset' | 'notemplate';
}

export interface WmtsCapabilities {
  title: string;
  abstract: string;
  layers: WmtsLayerInfo[];
  matrixSets: WmtsMatrixSet[];
}

/** Why a capabilities document could not be read (a key for the user's language). */
export class WmtsError extends Error {
  constructor(readonly key: 'map.error.notwmts' | 'map.error.badxml') {
    super(key);
    this.name = 'WmtsError';
  }
}

const child = (el: XmlElement | undefined, local: string) =>
  el ? childElements(el, local)[0] : undefined;
const text = (el: XmlElement | undefined, local: string) => {
  const c = child(el, local);
  return c ? textOf(c).trim() : '';
};
const numbers = (s: string) => s.trim().split(/\s+/).map(Number);
const attr = (el: XmlElement, name: string) =>
  Object.entries(el.attrs).find(([k]) => localName(k) === name)?.[1];

/** `urn:ogc:def:crs:EPSG:6.18:3:3857`, `EPSG:3301`, `http://www.opengis.net/def/crs/EPSG/0/3301` → the code. */
export function crsCode(supported: string): number | null {
  const m = /EPSG(?::[\d.]*)*[:/](?:0\/)?(\d+)\s*$/i.exec(supported.trim());
  return m ? Number(m[1]) : null;
}

function matrixSet(el: XmlElement): WmtsMatrixSet {
  const supportedCrs = text(el, 'SupportedCRS');
  const code = crsCode(supportedCrs);
  return {
    identifier: text(el, 'Identifier'),
    supportedCrs,
    crs: code === 3301 ? 'EPSG:3301' : code === 3857 || code === 900913 ? 'EPSG:3857' : null,
    matrices: childElements(el, 'TileMatrix').map((m) => {
      const [a = NaN, b = NaN] = numbers(text(m, 'TopLeftCorner'));
      return {
        identifier: text(m, 'Identifier'),
        resolution: Number(text(m, 'ScaleDenominator')) * PIXEL_SIZE,
        topLeft: [a, b],
        tileWidth: Number(text(m, 'TileWidth')),
        tileHeight: Number(text(m, 'TileHeight')),
        matrixWidth: Number(text(m, 'MatrixWidth')),
        matrixHeight: Number(text(m, 'MatrixHeight')),
      };
    }),
  };
}

const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

/**
 * Rada's zoom level of each matrix of a set, when the set is Rada's grid: the EPSG:3301 grid
 * (top-left corner 40500 E, 7017000 N in either axis order, resolutions 4000 / 2^z) or Web
 * Mercator's (corner ±20037508.34, resolutions 156543.03 / 2^z), 256-pixel tiles. Levels must
 * be consecutive; answers null when the set does not fit.
 */
export function matrixZooms(
  set: WmtsMatrixSet,
): { zooms: number[]; minZoom: number; maxZoom: number } | null {
  if (!set.crs || set.matrices.length === 0) return null;
  const res0 = set.crs === 'EPSG:3301' ? EPSG3301.res0 : MERCATOR_RES0;
  const corner =
    set.crs === 'EPSG:3301'
      ? [EPSG3301.bounds[0][0], EPSG3301.bounds[1][1]]
      : [-20037508.342789244, 20037508.342789244];
  const zooms: number[] = [];
  for (const m of set.matrices) {
    if (m.tileWidth !== 256 || m.tileHeight !== 256) return null;
    const [a, b] = m.topLeft;
    const sameCorner =
      (near(a, corner[0]!, 1) && near(b, corner[1]!, 1)) ||
      (near(b, corner[0]!, 1) && near(a, corner[1]!, 1));
    if (!sameCorner) return null;
    const z = Math.log2(res0 / m.resolution);
    if (!near(z, Math.round(z), 0.01) || Math.round(z) < 0 || Math.round(z) > 24) return null;
    zooms.push(Math.round(z));
  }
  for (let i = 1; i < zooms.length; i++) if (zooms[i] !== zooms[i - 1]! + 1) return null;
  return { zooms, minZoom: zooms[0]!, maxZoom: zooms.at(-1)! };
}

/** The GetTile KVP address of a service without RESTful ResourceURLs, as a template. */
function kvpTemplate(base: string, layer: string, style: string, format: string) {
  const sep = base.includes('?') ? (/[?&]$/.test(base) ? '' : '&') : '?';
  return (
    `${base}${sep}SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${encodeURIComponent(layer)}` +
    `&STYLE=${encodeURIComponent(style)}&TILEMATRIXSET={TileMatrixSet}&TILEMATRIX={TileMatrix}` +
    `&TILEROW={TileRow}&TILECOL={TileCol}&FORMAT=${encodeURIComponent(format)}`
  );
}

function kvpBase(root: XmlElement): string | null {
  const ops = child(root, 'OperationsMetadata');
  for (const op of ops ? childElements(ops, 'Operation') : []) {
    if (attr(op, 'name') !== 'GetTile') continue;
    for (const get of findAll(op, 'Get')) {
      const href = attr(get, 'href');
      const kvp = findAll(get, 'Value').some((v) => textOf(v).trim() === 'KVP');
      if (href && (kvp || findAll(get, 'Value').length === 0)) return href;
    }
  }
  return null;
}

function findAll(el: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (localName(c.name) === local) out.push(c);
    out.push(...findAll(c, local));
  }
  return out;
}

/**
 * Reads a WMTS 1.0.0 capabilities document: the service's title and abstract, each layer's
 * title, abstract, identifier, WGS84 bounds, formats, default style, tile matrix sets and
 * resource URL template, and each tile matrix set. A layer gets a drawable `conf` when one of
 * its matrix sets is Rada's EPSG:3301 grid or Web Mercator's (the EPSG:3301 one first), with the
 * template's {Style} and {TileMatrixSet} filled in. `capabilities` is the document's address.
 */
export function parseWmtsCapabilities(xml: string, capabilities?: string): WmtsCapabilities {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    throw new WmtsError('map.error.badxml');
  }
  if (localName(root.name) !== 'Capabilities') throw new WmtsError('map.error.notwmts');
  const service = child(root, 'ServiceIdentification');
  const contents = child(root, 'Contents');
  const sets = contents ? childElements(contents, 'TileMatrixSet').map(matrixSet) : [];
  const byId = new Map(sets.map((s) => [s.identifier, s]));
  const kvp = kvpBase(root);
  const layers = (contents ? childElements(contents, 'Layer') : []).map((el): WmtsLayerInfo => {
    const identifier = text(el, 'Identifier');
    const box = child(el, 'WGS84BoundingBox');
    const [w = NaN, s = NaN] = numbers(text(box, 'LowerCorner'));
    const [e = NaN, n = NaN] = numbers(text(box, 'UpperCorner'));
    const bounds: WmtsLayerInfo['bounds'] =
      box && [w, s, e, n].every(Number.isFinite)
        ? [
            [s, w],
            [n, e],
          ]
        : null;
    const styles = childElements(el, 'Style');
    const style =
      text(styles.find((st) => attr(st, 'isDefault') === 'true') ?? styles[0], 'Identifier') ||
      'default';
    const formats = childElements(el, 'Format').map((f) => textOf(f).trim());
    const matrixSets = childElements(el, 'TileMatrixSetLink').map((l) => text(l, 'TileMatrixSet'));
    const resource = childElements(el, 'ResourceURL').find(
      (r) => (attr(r, 'resourceType') ?? 'tile') === 'tile',
    );
    const format = (resource && attr(resource, 'format')) || formats[0] || 'image/png';
    const template =
      (resource && attr(resource, 'template')) ||
      (kvp ? kvpTemplate(kvp, identifier, style, format) : null);
    const info: WmtsLayerInfo = {
      identifier,
      title: text(el, 'Title') || identifier,
      abstract: text(el, 'Abstract'),
      bounds,
      formats,
      style,
      matrixSets,
      conf: null,
    };
    const candidates = matrixSets
      .map((id) => byId.get(id))
      .filter((set): set is WmtsMatrixSet => set !== undefined)
      .map((set) => ({ set, zooms: matrixZooms(set) }))
      .filter((c) => c.zooms !== null)
      .sort((a, b) => Number(b.set.crs === 'EPSG:3301') - Number(a.set.crs === 'EPSG:3301'));
    const best = candidates[0];
    if (!best) return { ...info, unusable: 'nomatrixset' };
    if (!template) return { ...info, unusable: 'notemplate' };
    const { set, zooms } = best;
    const ids = set.matrices.map((m) => m.identifier);
    const plain = ids.every((id, i) => id === String(zooms!.zooms[i]));
    return {
      ...info,
      conf: {
        ...(capabilities ? { capabilities } : {}),
        url: template
          .replace(/\{Style\}/gi, encodeURIComponent(style))
          .replace(/\{TileMatrixSet\}/gi, encodeURIComponent(set.identifier)),
        layer: identifier,
        title: info.title,
        matrixSet: set.identifier,
        style,
        format,
        crs: set.crs!,
        ...(plain ? {} : { matrixIds: padIds(ids, zooms!.minZoom) }),
        ...(bounds ? { bounds } : {}),
        minZoom: zooms!.minZoom,
        maxZoom: zooms!.maxZoom,
      },
    };
  });
  return {
    title: text(service, 'Title'),
    abstract: text(service, 'Abstract'),
    layers,
    matrixSets: sets,
  };
}

/** Matrix identifiers indexed by zoom (levels below the set's first are empty). */
function padIds(ids: string[], minZoom: number): string[] {
  return [...Array.from({ length: minZoom }, () => ''), ...ids];
}

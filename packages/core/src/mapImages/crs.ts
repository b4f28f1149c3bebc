import proj4 from 'proj4';
import { EPSG3301 } from '../map/wmts.ts';
import type { LatLng } from '../checkpoints/types.ts';

/**
 * The coordinate systems a placement may use: WGS84 degrees (x longitude, y latitude), Web
 * Mercator, L-EST97, the UTM zones on WGS84 (EPSG:326nn north, 327nn south) and ETRS89
 * (EPSG:258nn, 28–38), or a proj4 definition. Unknown codes are refused (null).
 */
export function crsDefinition(crs: string): string | null {
  const code = crs.trim().toUpperCase();
  if (code === 'EPSG:4326') return '+proj=longlat +datum=WGS84 +no_defs';
  if (code === 'EPSG:3857')
    return '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs';
  if (code === EPSG3301.code) return EPSG3301.proj4;
  const utm = /^EPSG:(326|327|258)(\d\d)$/.exec(code);
  if (utm) {
    const zone = Number(utm[2]);
    if (utm[1] === '258') {
      if (zone < 28 || zone > 38) return null;
      return `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
    }
    if (zone < 1 || zone > 60) return null;
    return `+proj=utm +zone=${zone}${utm[1] === '327' ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`;
  }
  const text = crs.trim();
  if (text.startsWith('+proj=') && text.length <= 2000) {
    try {
      proj4(text, 'EPSG:4326', [0, 0]);
      return text;
    } catch {
      return null;
    }
  }
  return null;
}

const converters = new Map<string, proj4.Converter | null>();

/** A converter from WGS84 (lng, lat) to `crs` and back; null for an unknown CRS. */
export function crsConverter(crs: string): proj4.Converter | null {
  let c = converters.get(crs);
  if (c === undefined) {
    const def = crsDefinition(crs);
    c = def === null ? null : proj4('+proj=longlat +datum=WGS84 +no_defs', def);
    if (converters.size > 100) converters.clear();
    converters.set(crs, c);
  }
  return c;
}

/** A WGS84 point in `crs` ([x, y]); throws for an unknown CRS (check with crsDefinition). */
export function toCrs(crs: string, p: LatLng): [number, number] {
  const c = crsConverter(crs);
  if (!c) throw new Error(`unknown CRS ${crs.slice(0, 40)}`);
  return c.forward([p.lng, p.lat]) as [number, number];
}

/** A point of `crs` in WGS84. */
export function fromCrs(crs: string, x: number, y: number): LatLng {
  const c = crsConverter(crs);
  if (!c) throw new Error(`unknown CRS ${crs.slice(0, 40)}`);
  const [lng, lat] = c.inverse([x, y]) as [number, number];
  return { lat, lng };
}

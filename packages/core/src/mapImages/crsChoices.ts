/**
 * The coordinate systems the world-file dialog offers: L-EST97 (EPSG:3301, Estonia's maps), the
 * UTM zone of the event's place (on WGS84, 326nn/327nn, and on ETRS89, 258nn), Web Mercator
 * (EPSG:3857), WGS84 degrees (EPSG:4326), and a proj4 definition typed by hand. A world file
 * names none, so the dialog also guesses one from where its numbers land (guessWorldFileCrs).
 */
import type { LatLng } from '../checkpoints/types.ts';
import { fromCrs } from './crs.ts';
import { metres } from './placement.ts';

/**
 * The UTM zone that contains a point, with the exceptions of south-western Norway (zone 32V)
 * and Svalbard (31X, 33X, 35X, 37X): `north` is the zone on WGS84 ('EPSG:326nn' north of the
 * equator, 'EPSG:327nn' south of it), `etrs89` the same zone on ETRS89 ('EPSG:258nn', zones 28
 * to 38, Europe), or null where ETRS89 has no such zone.
 */
export function utmZoneOf(at: LatLng): { north: string; etrs89: string | null } {
  const lat = Number.isFinite(at.lat) ? Math.max(-80, Math.min(84, at.lat)) : 0;
  const lng = Number.isFinite(at.lng) ? ((((at.lng + 180) % 360) + 360) % 360) - 180 : 0;
  let zone = Math.min(60, Math.floor((lng + 180) / 6) + 1);
  if (lat >= 56 && lat < 64 && lng >= 3 && lng < 12) zone = 32;
  if (lat >= 72) {
    if (lng >= 0 && lng < 9) zone = 31;
    else if (lng >= 9 && lng < 21) zone = 33;
    else if (lng >= 21 && lng < 33) zone = 35;
    else if (lng >= 33 && lng < 42) zone = 37;
  }
  const nn = String(zone).padStart(2, '0');
  return {
    north: `EPSG:${lat >= 0 ? '326' : '327'}${nn}`,
    etrs89: lat >= 0 && zone >= 28 && zone <= 38 ? `EPSG:258${nn}` : null,
  };
}

/**
 * The EPSG codes the dialog lists, most likely first: L-EST97, the UTM zone of `near` (the
 * event's place; ETRS89 before WGS84 where both exist), Web Mercator, WGS84. The dialog adds
 * "proj4 definition" after them.
 */
export function worldFileCrsChoices(near: LatLng | null): string[] {
  const out = ['EPSG:3301'];
  if (near) {
    const utm = utmZoneOf(near);
    if (utm.etrs89) out.push(utm.etrs89);
    out.push(utm.north);
  }
  out.push('EPSG:3857', 'EPSG:4326');
  return out;
}

/** How far (metres) from the event's place a guessed map may lie. */
const GUESS_RADIUS_M = 200_000;

/** Where a world file's top-left pixel lands in `crs`, or null when nowhere on the earth. */
function landing(values: readonly number[], crs: string): LatLng | null {
  const [, , , , c, f] = values as number[];
  if (!Number.isFinite(c) || !Number.isFinite(f)) return null;
  if (crs === 'EPSG:4326' && (Math.abs(c!) > 180 || Math.abs(f!) > 90)) return null;
  try {
    const at = fromCrs(crs, c!, f!);
    return Number.isFinite(at.lat) && Number.isFinite(at.lng) && Math.abs(at.lat) <= 85 ? at : null;
  } catch {
    return null;
  }
}

/**
 * A guess of a world file's CRS: with `near` (the event's place), the choice whose reading puts
 * the image nearest to it, within 200 km; without, WGS84 when the numbers are degrees, else
 * L-EST97 when they fall in Estonia's grid. Null when nothing fits: the person picks.
 */
export function guessWorldFileCrs(values: readonly number[], near: LatLng | null): string | null {
  if (values.length !== 6 || !values.every(Number.isFinite)) return null;
  const [a, d, b, e] = values as [number, number, number, number];
  const degrees = Math.max(Math.abs(a), Math.abs(d), Math.abs(b), Math.abs(e)) < 0.01;
  if (near) {
    let best: { crs: string; distance: number } | null = null;
    for (const crs of worldFileCrsChoices(near)) {
      if (crs === 'EPSG:4326' && !degrees) continue;
      if (crs !== 'EPSG:4326' && degrees) continue;
      const at = landing(values, crs);
      if (!at) continue;
      const distance = metres(at, near);
      if (distance <= GUESS_RADIUS_M && (!best || distance < best.distance - 10))
        best = { crs, distance };
    }
    return best?.crs ?? null;
  }
  if (degrees) return landing(values, 'EPSG:4326') ? 'EPSG:4326' : null;
  const [, , , , c, f] = values as [number, number, number, number, number, number];
  // L-EST97's area of use (EPSG): eastings 282 000–735 000, northings 6 345 000–6 640 000.
  if (c >= 282_000 && c <= 735_000 && f >= 6_345_000 && f <= 6_640_000) return 'EPSG:3301';
  return null;
}

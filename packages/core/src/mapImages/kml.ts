/**
 * Ground overlays of a KML document (the doc.kml of a KMZ, or a .kml): what OCAD, Purple Pen,
 * OpenOrienteering Mapper and MapRun write to put a map image on the earth. Both ways of placing
 * one are read: `LatLonBox` (north, south, east, west and a rotation about the centre) and
 * `gx:LatLonQuad` (four corners). Namespaces and prefixes are ignored (`kml:`, `gx:`, none), so
 * KML 2.0, 2.1 and 2.2 read alike. docs/interop.md ("Map images") says what each program writes.
 */
import { childElements, localName, parseXml, textOf, type XmlElement } from '../checkpoints/xml.ts';
import type { LatLng } from '../checkpoints/types.ts';
import { toCrs } from './crs.ts';
import { fitMatrix, localCrs } from './fit.ts';
import type { MapPlacement } from './types.ts';

export interface KmlOverlay {
  /** The overlay's own name, else that of the folder or document around it; null when none. */
  name: string | null;
  /** The Icon href as written (a path inside the KMZ, e.g. 'files/map.jpg'). */
  href: string;
  /** top-left, top-right, bottom-right, bottom-left of the image on the earth. */
  corners: [LatLng, LatLng, LatLng, LatLng];
}

/** Overlays read from one document at most: OCAD and Mapper cut a map into tiles, each its own. */
export const KML_MAX_OVERLAYS = 1000;

/** The ground overlays of a KML text, in document order; [] when none (or not KML). Never throws. */
export function parseKmlOverlays(kml: string): KmlOverlay[] {
  let root: XmlElement;
  try {
    root = parseXml(kml);
  } catch {
    return [];
  }
  const out: KmlOverlay[] = [];
  // Iterative walk: the XML reader caps depth, but no recursion is needed here either.
  const stack: { el: XmlElement; name: string | null }[] = [{ el: root, name: null }];
  while (stack.length > 0 && out.length < KML_MAX_OVERLAYS) {
    const { el, name: outer } = stack.pop()!;
    const local = localName(el.name);
    if (local === 'GroundOverlay') {
      const overlay = readOverlay(el, outer);
      if (overlay) out.push(overlay);
      continue;
    }
    const own = local === 'Folder' || local === 'Document' ? directName(el) : null;
    const children = childElements(el);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ el: children[i]!, name: own ?? outer });
  }
  return out;
}

/** The text of a `<name>` child, trimmed; null when there is none or it is empty. */
function directName(el: XmlElement): string | null {
  const name = childElements(el, 'name')[0];
  if (!name) return null;
  const text = textOf(name).trim().slice(0, 500);
  return text === '' ? null : text;
}

function readOverlay(go: XmlElement, outer: string | null): KmlOverlay | null {
  const icon = childElements(go, 'Icon')[0];
  const hrefEl = icon ? childElements(icon, 'href')[0] : undefined;
  const href = hrefEl ? textOf(hrefEl).trim() : '';
  if (href === '') return null;
  const corners = quadCorners(go) ?? boxCorners(go);
  if (!corners) return null;
  return { name: directName(go) ?? outer, href, corners };
}

/** A coordinate as KML writes it; a lone decimal comma (a localised writer) is taken too. */
function number(text: string): number | null {
  let t = text.trim();
  if (/^[+-]?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function boxCorners(go: XmlElement): [LatLng, LatLng, LatLng, LatLng] | null {
  const box = childElements(go, 'LatLonBox')[0];
  if (!box) return null;
  const value = (name: string, fallback: number | null): number | null => {
    const el = childElements(box, name)[0];
    return el ? number(textOf(el)) : fallback;
  };
  const north = value('north', null);
  const south = value('south', null);
  let east = value('east', null);
  const west = value('west', null);
  const rotation = value('rotation', 0);
  if (north === null || south === null || east === null || west === null || rotation === null)
    return null;
  if (Math.abs(north) > 90 || Math.abs(south) > 90 || north <= south) return null;
  if (Math.abs(west) > 360 || Math.abs(east) > 360) return null;
  // An overlay across the 180° meridian has east < west (KML: values may extend past 180).
  if (east < west) east += 360;
  if (east === west) return null;
  const corners = latLonBoxCorners({ north, south, east, west, rotation });
  return corners.every(okCorner) ? corners : null;
}

function okCorner(c: LatLng): boolean {
  return Number.isFinite(c.lat) && Number.isFinite(c.lng) && Math.abs(c.lat) <= 90;
}

/**
 * gx:LatLonQuad: four "lon,lat[,alt]" tuples counter-clockwise from the lower left (LL, LR, UR,
 * UL); a fifth that repeats the first (a closed ring) is allowed. Whitespace around the commas
 * is tolerated.
 */
function quadCorners(go: XmlElement): [LatLng, LatLng, LatLng, LatLng] | null {
  const quad = childElements(go, 'LatLonQuad')[0];
  if (!quad) return null;
  const coordinates = childElements(quad, 'coordinates')[0];
  if (!coordinates) return null;
  const raw = textOf(coordinates);
  if (raw.length > 10_000) return null;
  // Whitespace around the commas goes by split and trim: a regular expression such as \s*,\s*
  // takes quadratic time on a long run of spaces.
  const text = raw
    .split(',')
    .map((part) => part.trim())
    .join(',');
  if (text === '') return null;
  const tuples = text.split(/\s+/);
  const points: LatLng[] = [];
  for (const tuple of tuples) {
    const parts = tuple.split(',');
    if (parts.length < 2 || parts.length > 3) return null;
    const lng = number(parts[0]!);
    const lat = number(parts[1]!);
    if (lng === null || lat === null || Math.abs(lat) > 90 || Math.abs(lng) > 540) return null;
    points.push({ lat, lng });
  }
  if (points.length === 5) {
    const [first, last] = [points[0]!, points[4]!];
    if (first.lat !== last.lat || first.lng !== last.lng) return null;
    points.pop();
  }
  if (points.length !== 4) return null;
  const [ll, lr, ur, ul] = points as [LatLng, LatLng, LatLng, LatLng];
  return [ul, ur, lr, ll];
}

/**
 * The corners (top-left, top-right, bottom-right, bottom-left) of a LatLonBox turned by
 * `rotation` degrees counter-clockwise about its centre. The turn is made in a plane where
 * longitude is scaled by the cosine of the centre's latitude (so that the box keeps its shape on
 * the ground), as Google Earth draws it and Routechoices and other readers compute it; the
 * box's north, south, east and west are its edges before the turn.
 */
export function latLonBoxCorners(box: {
  north: number;
  south: number;
  east: number;
  west: number;
  rotation: number;
}): [LatLng, LatLng, LatLng, LatLng] {
  if (box.rotation % 360 === 0)
    return [
      { lat: box.north, lng: box.west },
      { lat: box.north, lng: box.east },
      { lat: box.south, lng: box.east },
      { lat: box.south, lng: box.west },
    ];
  const lat0 = (box.north + box.south) / 2;
  const lng0 = (box.east + box.west) / 2;
  const squish = Math.cos((lat0 * Math.PI) / 180);
  const halfX = ((box.east - box.west) / 2) * squish;
  const halfY = (box.north - box.south) / 2;
  const a = (box.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // A corner at (x, y) from the centre (x east on the ground, y north), turned counter-clockwise.
  const corner = (x: number, y: number): LatLng => ({
    lat: lat0 + x * sin + y * cos,
    lng: lng0 + (x * cos - y * sin) / squish,
  });
  return [
    corner(-halfX, halfY),
    corner(halfX, halfY),
    corner(halfX, -halfY),
    corner(-halfX, -halfY),
  ];
}

/**
 * The placement of an image whose corners on the earth are known (top-left, top-right,
 * bottom-right, bottom-left): the homography that takes the image's corners (0, 0), (width, 0),
 * (width, height), (0, height) exactly to them, in a transverse Mercator centred on the image
 * (localCrs: the map's own grid is near that, see fit.ts). Source 'kml'. Never throws: corners
 * that make no quadrilateral (three on a line, a corner near a pole) give a placement of NaNs in
 * EPSG:3857, which placementProblem refuses as 'maps.error.badplacement'.
 */
export function placementFromCorners(
  corners: [LatLng, LatLng, LatLng, LatLng],
  width: number,
  height: number,
): MapPlacement {
  const src: [number, number][] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const ok = corners.every(
    (c) => Number.isFinite(c.lat) && Number.isFinite(c.lng) && Math.abs(c.lat) <= 85,
  );
  const crs = ok ? localCrs(corners) : null;
  const h = crs
    ? fitMatrix(
        src,
        corners.map((c) => toCrs(crs, c)),
        'projective',
      )
    : null;
  if (!crs || !h) return { crs: 'EPSG:3857', h: new Array<number>(9).fill(NaN), source: 'kml' };
  return { crs, h, source: 'kml' };
}

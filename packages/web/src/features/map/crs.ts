import L from 'leaflet';
import proj4 from 'proj4';
import 'proj4leaflet';
import { EPSG3301, MAP_POPUP_SIZE } from '@rada/core';
import type { MapCrs } from '@rada/core';

proj4.defs(EPSG3301.code, EPSG3301.proj4);
// Every map's popups at most 500 × 600 px (spec 02).
L.Popup.mergeOptions({ maxWidth: MAP_POPUP_SIZE.width, maxHeight: MAP_POPUP_SIZE.height });

/**
 * The Estonian national grid L-EST97 (EPSG:3301) for Leaflet, as Maa-amet's tiles use it:
 * origin (40500, 5993000), bounds (40500, 5993000)–(1064500, 7017000), 19 resolutions from
 * 4,000 m/px halving each step.
 */
export const LEST_CRS = new L.Proj.CRS(EPSG3301.code, EPSG3301.proj4, {
  origin: [...EPSG3301.origin],
  resolutions: [...EPSG3301.resolutions],
  bounds: L.bounds([...EPSG3301.bounds[0]], [...EPSG3301.bounds[1]]),
});

/** Leaflet's CRS of a map CRS name. */
export const leafletCrs = (crs: MapCrs | undefined): L.CRS =>
  crs === 'EPSG:3301' ? LEST_CRS : L.CRS.EPSG3857;

/** A WGS84 point in L-EST97 metres (easting x, northing y), and back. */
export const toLest = (lat: number, lng: number): [number, number] =>
  proj4('EPSG:4326', EPSG3301.code, [lng, lat]) as [number, number];
export const fromLest = (x: number, y: number): { lat: number; lng: number } => {
  const [lng, lat] = proj4(EPSG3301.code, 'EPSG:4326', [x, y]) as [number, number];
  return { lat, lng };
};

const EARTH_RADIUS = 6378137;

/** Metres on the ground per screen pixel at `zoom` around `lat` in a CRS. */
export function groundResolution(crs: L.CRS, lat: number, zoom: number): number {
  if (crs === LEST_CRS) return EPSG3301.res0 / 2 ** zoom;
  return ((2 * Math.PI * EARTH_RADIUS) / 256 / 2 ** zoom) * Math.cos((lat * Math.PI) / 180);
}

/**
 * The zoom of `to` that shows about the same scale as `zoom` in `from` around `lat` (so
 * switching between a Web Mercator and an EPSG:3301 base map keeps what one sees), whole and
 * within `[min, max]`.
 */
export function equivalentZoom(
  from: L.CRS,
  to: L.CRS,
  lat: number,
  zoom: number,
  min = 0,
  max = 18,
): number {
  if (from === to) return zoom;
  const target = groundResolution(from, lat, zoom);
  const raw =
    to === LEST_CRS
      ? Math.log2(EPSG3301.res0 / target)
      : Math.log2(
          (((2 * Math.PI * EARTH_RADIUS) / 256) * Math.cos((lat * Math.PI) / 180)) / target,
        );
  return Math.min(max, Math.max(min, Math.round(raw)));
}

/**
 * Redraws `map` in another CRS keeping its centre and scale: every layer (KPs, tracks, areas,
 * team markers) is projected again by the view reset that follows.
 */
export function switchCrs(map: L.Map, crs: L.CRS, minZoom?: number, maxZoom?: number): void {
  const from = map.options.crs ?? L.CRS.EPSG3857;
  if (from === crs) return;
  const center = map.getCenter();
  const zoom = equivalentZoom(from, crs, center.lat, map.getZoom(), minZoom, maxZoom);
  map.options.crs = crs;
  if (minZoom !== undefined) map.setMinZoom(minZoom);
  if (maxZoom !== undefined) map.setMaxZoom(maxZoom);
  // Leaflet keeps its pixel origin in the old CRS until a reset: a plain setView would pan.
  (map as unknown as { _resetView(c: L.LatLng, z: number): void })._resetView(center, zoom);
}

/**
 * A zoom chosen for Web Mercator (a fit's limit, the locate zoom) in the map's current CRS: the
 * same scale on the national grid, within the map's zoom range.
 */
export function webZoom(map: L.Map, mercatorZoom: number): number {
  const crs = map.options.crs ?? L.CRS.EPSG3857;
  if (crs === L.CRS.EPSG3857) return mercatorZoom;
  return equivalentZoom(
    L.CRS.EPSG3857,
    crs,
    map.getCenter().lat,
    mercatorZoom,
    map.getMinZoom(),
    map.getMaxZoom(),
  );
}

/** Maps whose view was fitted to their content (KPs, teams, areas). */
const fitted = new WeakSet<L.Map>();

/** Fits the map to its content and remembers it did, so the event area does not override it. */
export function fitView(map: L.Map, bounds: L.LatLngBoundsExpression, options: L.FitBoundsOptions) {
  fitted.add(map);
  map.fitBounds(bounds, options);
}

/** Whether the map was fitted to its content already. */
export const isFitted = (map: L.Map): boolean => fitted.has(map);

/**
 * The map's zoom as OpenStreetMap's scale would call it (the spec's marker sizes and label
 * zoom are in those levels): the zoom itself on Web Mercator, its equal on the national grid.
 */
export function mercatorZoom(map: L.Map): number {
  const crs = map.options.crs ?? L.CRS.EPSG3857;
  if (crs === L.CRS.EPSG3857) return map.getZoom();
  return equivalentZoom(crs, L.CRS.EPSG3857, map.getCenter().lat, map.getZoom(), 0, 24);
}

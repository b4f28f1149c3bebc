import L from 'leaflet';
import { EPSG3301, MAP_POPUP_SIZE, lestForward, lestInverse } from '@rada/core';
import type { MapCrs } from '@rada/core';

// Every map's popups at most 500 × 600 px (spec 02).
L.Popup.mergeOptions({ maxWidth: MAP_POPUP_SIZE.width, maxHeight: MAP_POPUP_SIZE.height });

/**
 * The Estonian national grid L-EST97 (EPSG:3301) for Leaflet, as Maa-amet's tiles use it:
 * origin (40500, 5993000), bounds (40500, 5993000)–(1064500, 7017000), 19 resolutions from
 * 4,000 m/px halving each step. Drawn with core's own projection (no proj4 on a page with a
 * map), as proj4leaflet's CRS would draw it; the zoom between two whole levels is continuous.
 */
export const LEST_CRS = L.Util.extend({}, L.CRS, {
  code: EPSG3301.code,
  projection: {
    project: (latlng: L.LatLng) => L.point(...lestForward(latlng.lat, latlng.lng)),
    unproject: (point: L.Point) => {
      const { lat, lng } = lestInverse(point.x, point.y);
      return L.latLng(lat, lng);
    },
    bounds: L.bounds([...EPSG3301.bounds[0]], [...EPSG3301.bounds[1]]),
  },
  transformation: new L.Transformation(1, -EPSG3301.origin[0], -1, EPSG3301.origin[1]),
  scale: (zoom: number) => 2 ** zoom / EPSG3301.res0,
  zoom: (scale: number) => Math.log2(scale * EPSG3301.res0),
  distance: L.CRS.Earth.distance,
  // Leaflet's Earth radius for distances (L.CRS.Earth.R, which its typings leave out).
  R: 6371000,
  infinite: false,
}) as unknown as L.CRS;

/** Leaflet's CRS of a map CRS name. */
export const leafletCrs = (crs: MapCrs | undefined): L.CRS =>
  crs === 'EPSG:3301' ? LEST_CRS : L.CRS.EPSG3857;

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

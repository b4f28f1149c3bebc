/** Small plane and sphere geometry for speed areas; no dependencies. */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (degrees). */
export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether (lat, lng) lies inside the polygon (ray casting on the lat/lng plane, which is exact
 * enough for areas of a few kilometres away from the antimeridian). Points on an edge may fall
 * either way; a polygon of fewer than three vertices contains nothing.
 */
export function pointInPolygon(
  lat: number,
  lng: number,
  polygon: readonly { latitude: number; longitude: number }[],
): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (
      a.latitude > lat !== b.latitude > lat &&
      lng <
        ((b.longitude - a.longitude) * (lat - a.latitude)) / (b.latitude - a.latitude) + a.longitude
    ) {
      inside = !inside;
    }
  }
  return inside;
}

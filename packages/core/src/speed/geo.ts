/** Plane geometry for speed areas (distances: tracks/stats.ts haversine). */

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

import { haversine } from '@rada/core';
import type { LatLng } from '@rada/core';

/** A position on the globe in degrees (WGS 84): core's LatLng. */
export type { LatLng };

/** Great-circle distance in metres, as the server measures it (core's track haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  return haversine({ y: a.lat, x: a.lng }, { y: b.lat, x: b.lng });
}

/** A distance as people read it: metres under a kilometre, else kilometres with one decimal. */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  return `${(m / 1000).toFixed(1)} km`;
}

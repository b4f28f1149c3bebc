import { crsDefinition, fromCrs, toCrs } from './crs.ts';
import { applyH, invertH } from './homography.ts';
import type { LatLng } from '../checkpoints/types.ts';
import type { MapPlacement } from './types.ts';

/** The point on the earth of image pixel (u, v). */
export function pixelToLatLng(p: MapPlacement, u: number, v: number): LatLng {
  const [x, y] = applyH(p.h, u, v);
  return fromCrs(p.crs, x, y);
}

/** A function from the earth to image pixels for one placement (inverse computed once); null when
 *  the placement cannot be inverted. */
export function latLngToPixelOf(p: MapPlacement): ((at: LatLng) => [number, number]) | null {
  const inv = invertH(p.h);
  if (!inv) return null;
  return (at) => {
    const [x, y] = toCrs(p.crs, at);
    return applyH(inv, x, y);
  };
}

/** The image's corners on the earth: top-left, top-right, bottom-right, bottom-left. */
export function placementCorners(
  p: MapPlacement,
  width: number,
  height: number,
): [LatLng, LatLng, LatLng, LatLng] {
  return [
    pixelToLatLng(p, 0, 0),
    pixelToLatLng(p, width, 0),
    pixelToLatLng(p, width, height),
    pixelToLatLng(p, 0, height),
  ];
}

/**
 * Why a placement cannot be used for an image of this size, as an error key, or null when it
 * can: a known CRS, finite and invertible, the corners on the earth, no corner behind the
 * horizon of a projective placement (w keeps its sign over the image), and the image at most
 * 200 km across and at least 1 m.
 */
export function placementProblem(p: MapPlacement, width: number, height: number): string | null {
  if (crsDefinition(p.crs) === null) return 'maps.error.unknowncrs';
  if (p.h.length !== 9 || !p.h.every(Number.isFinite) || !invertH(p.h))
    return 'maps.error.badplacement';
  const ws = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ].map(([u, v]) => p.h[6]! * u! + p.h[7]! * v! + p.h[8]!);
  if (!(ws.every((w) => w > 0) || ws.every((w) => w < 0))) return 'maps.error.badplacement';
  let corners: LatLng[];
  try {
    corners = placementCorners(p, width, height);
  } catch {
    return 'maps.error.badplacement';
  }
  if (!corners.every((c) => Number.isFinite(c.lat) && Number.isFinite(c.lng)))
    return 'maps.error.badplacement';
  if (!corners.every((c) => Math.abs(c.lat) <= 85 && Math.abs(c.lng) <= 180))
    return 'maps.error.badplacement';
  const across = Math.max(metres(corners[0]!, corners[2]!), metres(corners[1]!, corners[3]!));
  if (!(across <= 200_000 && across >= 1)) return 'maps.error.badplacement';
  return null;
}

/** Great-circle distance, metres. */
export function metres(a: LatLng, b: LatLng): number {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLng = (b.lng - a.lng) * r;
  const s =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * The hand placement's points as the organiser picks them (PlacementDialog): a point is first
 * clicked on the image, then given its place on the earth (a click on the base map, typed
 * coordinates or a KP). Pure functions over the list; the fit itself is core's fitPlacement.
 */
import { MAP_PLACEMENT_MAX_POINTS } from '@rada/core';
import type { ControlPoint, MapPlacement } from '@rada/core';

/** A point being placed: its pixel on the image, and its place on the earth once given. */
export interface DraftPoint {
  /** Stable within the dialog (the number shown is its position + 1). */
  id: number;
  u: number;
  v: number;
  lat: number | null;
  lng: number | null;
  /** The KP whose location was taken, when one was. */
  kpId?: string;
}

/** The points of a saved hand placement, to edit it again. */
export function draftOf(placement: MapPlacement | null): DraftPoint[] {
  return (placement?.points ?? []).map((p, i) => ({ id: i + 1, ...p }));
}

/** The point still waiting for its place on the earth (the first such), or undefined. */
export const pendingPoint = (points: readonly DraftPoint[]): DraftPoint | undefined =>
  points.find((p) => p.lat === null || p.lng === null);

/**
 * A click on the image at pixel (u, v): moves the point still waiting for its place on the
 * earth there, else adds a new point (none beyond MAP_PLACEMENT_MAX_POINTS).
 */
export function clickImage(points: readonly DraftPoint[], u: number, v: number): DraftPoint[] {
  const waiting = pendingPoint(points);
  if (waiting) return points.map((p) => (p === waiting ? { ...p, u, v } : p));
  if (points.length >= MAP_PLACEMENT_MAX_POINTS) return [...points];
  const id = points.reduce((m, p) => Math.max(m, p.id), 0) + 1;
  return [...points, { id, u, v, lat: null, lng: null }];
}

/** Gives the point waiting for it (or point `id`) its place on the earth; unchanged when none waits. */
export function placeOnEarth(
  points: readonly DraftPoint[],
  at: { lat: number; lng: number },
  options: { id?: number; kpId?: string } = {},
): DraftPoint[] {
  const target =
    options.id === undefined ? pendingPoint(points) : points.find((p) => p.id === options.id);
  if (!target) return [...points];
  return points.map((p) =>
    p === target
      ? {
          id: p.id,
          u: p.u,
          v: p.v,
          lat: at.lat,
          lng: at.lng,
          ...(options.kpId ? { kpId: options.kpId } : {}),
        }
      : p,
  );
}

/** Moves point `id` on the image (a dragged marker). */
export const moveOnImage = (points: readonly DraftPoint[], id: number, u: number, v: number) =>
  points.map((p) => (p.id === id ? { ...p, u, v } : p));

/** Removes point `id`. */
export const removePoint = (points: readonly DraftPoint[], id: number) =>
  points.filter((p) => p.id !== id);

/** The points with both places, as the fit and the API take them. */
export function controlPoints(points: readonly DraftPoint[]): ControlPoint[] {
  return points.flatMap((p) =>
    p.lat === null || p.lng === null ? [] : [{ u: p.u, v: p.v, lat: p.lat, lng: p.lng }],
  );
}

/** The model a fit of `complete` points may use: projective needs four. */
export const modelFor = (
  wanted: 'affine' | 'projective',
  complete: number,
): 'affine' | 'projective' => (wanted === 'projective' && complete >= 4 ? 'projective' : 'affine');

/** A pixel kept to a tenth (clicks land on screen pixels; more digits say nothing). */
export const roundPixel = (x: number): number => Math.round(x * 10) / 10;

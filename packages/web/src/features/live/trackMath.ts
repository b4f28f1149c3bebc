import { haversine, speedColour } from '@rada/core';
import type { LocationPoint, SpeedRange } from '@rada/core';

/** A position on the map: latitude y, longitude x (the track codec's names). */
export interface Position {
  y: number;
  x: number;
}

/** The minimal point the map needs: time and position. */
export type TimedPoint = Pick<LocationPoint, 't' | 'y' | 'x'>;

/**
 * Index of the last point at or before `t` in points sorted by time, or -1 when every point is
 * later (binary search).
 */
export function lastIndexAtOrBefore(points: readonly TimedPoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * Where a team was at time `t`: linear interpolation between the points around it, the last
 * point after the track ends (a team stays where it was last seen), null before it starts.
 */
export function positionAt(points: readonly TimedPoint[], t: number): Position | null {
  const i = lastIndexAtOrBefore(points, t);
  if (i < 0) return null;
  const a = points[i]!;
  const b = points[i + 1];
  if (!b || b.t <= a.t) return { y: a.y, x: a.x };
  const f = (t - a.t) / (b.t - a.t);
  return { y: a.y + (b.y - a.y) * f, x: a.x + (b.x - a.x) * f };
}

/** Tail length: minutes, 0 for none, null for the whole track. */
export type TailMinutes = number | null;
export const TAIL_CHOICES: readonly TailMinutes[] = [0, 1, 5, 15, 60, null];
export const DEFAULT_TAIL: TailMinutes = 5;

/**
 * The tail drawn behind a marker at time `t`: the points of the last `minutes` before `t`,
 * ending at the interpolated position at `t`, as [lat, lng] pairs. Empty when the tail is off or
 * the track has not started; the whole track up to `t` when `minutes` is null.
 */
export function tailAt(
  points: readonly TimedPoint[],
  t: number,
  minutes: TailMinutes,
): [number, number][] {
  if (minutes === 0) return [];
  const end = lastIndexAtOrBefore(points, t);
  if (end < 0) return [];
  const from = minutes === null ? -Infinity : t - minutes * 60_000;
  // The first point inside the window: one past the last point before it.
  const start = minutes === null ? 0 : lastIndexAtOrBefore(points, from - 1e-9) + 1;
  const out: [number, number][] = [];
  for (let i = start; i <= end; i++) out.push([points[i]!.y, points[i]!.x]);
  const here = positionAt(points, t);
  const last = points[end]!;
  if (here && (here.y !== last.y || here.x !== last.x)) out.push([here.y, here.x]);
  return out;
}

/**
 * Merges new points into a track sorted by time, in place; a point at a time already held is a
 * duplicate (a resent batch) and is skipped. Returns whether anything was added.
 */
export function mergePoints<P extends TimedPoint>(track: P[], incoming: readonly P[]): boolean {
  let added = false;
  const sorted = [...incoming].sort((a, b) => a.t - b.t);
  for (const p of sorted) {
    const last = track[track.length - 1];
    if (!last || p.t > last.t) {
      track.push(p);
      added = true;
      continue;
    }
    const i = lastIndexAtOrBefore(track, p.t);
    if (i >= 0 && track[i]!.t === p.t) continue;
    track.splice(i + 1, 0, p);
    added = true;
  }
  return added;
}

/** The time span [first, last] of many tracks, or null when none has a point. */
export function timeSpan(tracks: Iterable<readonly TimedPoint[]>): [number, number] | null {
  let first = Infinity;
  let last = -Infinity;
  for (const track of tracks) {
    if (track.length === 0) continue;
    first = Math.min(first, track[0]!.t);
    last = Math.max(last, track[track.length - 1]!.t);
  }
  return first <= last ? [first, last] : null;
}

/** One stretch of a tail drawn in one colour; `colour` null: the team's own colour. */
export interface TailRun {
  colour: string | null;
  latlngs: [number, number][];
}

/**
 * The tail at time `t` cut into runs of one colour by the speed of each leg (`speedranges`:
 * the range with the highest `s` at or below the leg's km/h; legs slower than every range, and
 * legs without time between their points, keep the team's colour). Runs share their end points
 * so the line stays whole.
 */
export function speedRunsAt(
  points: readonly TimedPoint[],
  t: number,
  minutes: TailMinutes,
  ranges: readonly SpeedRange[],
): TailRun[] {
  if (minutes === 0) return [];
  const end = lastIndexAtOrBefore(points, t);
  if (end < 0) return [];
  const from = minutes === null ? -Infinity : t - minutes * 60_000;
  const start = minutes === null ? 0 : lastIndexAtOrBefore(points, from - 1e-9) + 1;
  const pts: TimedPoint[] = points.slice(start, end + 1);
  const here = positionAt(points, t);
  const last = points[end]!;
  if (here && (here.y !== last.y || here.x !== last.x)) pts.push({ t, y: here.y, x: here.x });
  const runs: TailRun[] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const hours = (b.t - a.t) / 3_600_000;
    const colour = hours > 0 ? speedColour(ranges, haversine(a, b) / 1000 / hours) : null;
    const run = runs.at(-1);
    if (run && run.colour === colour) run.latlngs.push([b.y, b.x]);
    else
      runs.push({
        colour,
        latlngs: [
          [a.y, a.x],
          [b.y, b.x],
        ],
      });
  }
  return runs;
}

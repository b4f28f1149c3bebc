import { TRACK_MAX_MOVING_GAP_MS, haversine, speedColour } from '@rada/core';
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
 * Two consecutive points further apart in time than this are a gap: the team was not seen
 * between them (a phone that stopped tracking in a pocket, a tracker out of coverage), so the
 * map does not join them with the track's line. It is the gap over which core's statistics stop
 * counting moving time, so what the map shows as a gap is what the distances and speeds skip.
 */
export const TRACK_GAP_MS = TRACK_MAX_MOVING_GAP_MS;

/** Whether `b` follows `a` after a gap (more than `gapMs` later). */
export const isGap = (a: TimedPoint, b: TimedPoint, gapMs = TRACK_GAP_MS): boolean =>
  b.t - a.t > gapMs;

/**
 * Where a team was at time `t`: linear interpolation between the points around it, the last
 * point after the track ends and inside a gap (a team stays where it was last seen: a straight
 * glide across a gap would invent a path), null before it starts.
 */
export function positionAt(
  points: readonly TimedPoint[],
  t: number,
  gapMs = TRACK_GAP_MS,
): Position | null {
  const i = lastIndexAtOrBefore(points, t);
  if (i < 0) return null;
  const a = points[i]!;
  const b = points[i + 1];
  if (!b || b.t <= a.t || isGap(a, b, gapMs)) return { y: a.y, x: a.x };
  const f = (t - a.t) / (b.t - a.t);
  return { y: a.y + (b.y - a.y) * f, x: a.x + (b.x - a.x) * f };
}

/** Tail length: minutes, 0 for none, null for the whole track. */
export type TailMinutes = number | null;
export const TAIL_CHOICES: readonly TailMinutes[] = [0, 1, 5, 15, 60, null];
export const DEFAULT_TAIL: TailMinutes = 5;

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

/**
 * A track cut at its gaps: `runs` are the stretches whose consecutive points are at most `gapMs`
 * apart (a lone point is a run of one), `gaps` the jumps between them (the last point before a
 * gap and the first after it).
 */
export function splitAtGaps<P extends TimedPoint>(
  points: readonly P[],
  gapMs = TRACK_GAP_MS,
): { runs: P[][]; gaps: [P, P][] } {
  const runs: P[][] = [];
  const gaps: [P, P][] = [];
  let run: P[] = [];
  for (const p of points) {
    const prev = run[run.length - 1];
    if (prev && isGap(prev, p, gapMs)) {
      runs.push(run);
      gaps.push([prev, p]);
      run = [];
    }
    run.push(p);
  }
  if (run.length > 0) runs.push(run);
  return { runs, gaps };
}

/**
 * One stretch of a tail drawn in one style: `colour` null is the team's own colour; a `gap` is
 * the jump over a gap, drawn thin, faint and dashed (the team was not seen on it).
 */
export interface TailRun {
  colour: string | null;
  gap: boolean;
  latlngs: [number, number][];
}

/**
 * The tail drawn behind a marker at time `t`: the points of the last `minutes` before `t` (all
 * of them when `minutes` is null; none when 0), ending at the position at `t`, cut into runs.
 * A jump over a gap (splitAtGaps) is a run of its own marked `gap`; the other legs are coloured
 * by their speed when `ranges` (the event's `speedranges`) are given: the range with the highest
 * `s` at or below the leg's km/h (legs slower than every range, and legs without time between
 * their points, keep the team's colour). Runs share their end points so the line stays whole.
 */
export function tailRunsAt(
  points: readonly TimedPoint[],
  t: number,
  minutes: TailMinutes,
  ranges: readonly SpeedRange[] = [],
  gapMs = TRACK_GAP_MS,
): TailRun[] {
  if (minutes === 0) return [];
  const end = lastIndexAtOrBefore(points, t);
  if (end < 0) return [];
  const from = minutes === null ? -Infinity : t - minutes * 60_000;
  // The first point inside the window: one past the last point before it.
  const start = minutes === null ? 0 : lastIndexAtOrBefore(points, from - 1e-9) + 1;
  const pts: TimedPoint[] = points.slice(start, end + 1);
  const here = positionAt(points, t, gapMs);
  const last = points[end]!;
  if (here && (here.y !== last.y || here.x !== last.x)) pts.push({ t, y: here.y, x: here.x });
  const out: TailRun[] = [];
  const { runs, gaps } = splitAtGaps(pts, gapMs);
  runs.forEach((run, r) => {
    for (let i = 1; i < run.length; i++) {
      const a = run[i - 1]!;
      const b = run[i]!;
      const hours = (b.t - a.t) / 3_600_000;
      const colour =
        ranges.length > 0 && hours > 0 ? speedColour(ranges, haversine(a, b) / 1000 / hours) : null;
      const prev = i > 1 ? out.at(-1) : undefined;
      if (prev && prev.colour === colour) prev.latlngs.push([b.y, b.x]);
      else
        out.push({
          colour,
          gap: false,
          latlngs: [
            [a.y, a.x],
            [b.y, b.x],
          ],
        });
    }
    const jump = gaps[r];
    if (jump)
      out.push({
        colour: null,
        gap: true,
        latlngs: [
          [jump[0].y, jump[0].x],
          [jump[1].y, jump[1].x],
        ],
      });
  });
  return out;
}

/**
 * Track statistics (teams.trackstat): distance, time moving, average speed while moving, point
 * count, first/last time, last position and battery, computed batch by batch so the server
 * never re-reads a whole track to update them.
 */
import { TRACK_MOVING_MIN_SPEED, type LocationPoint, type TrackStat } from './types.ts';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
/** A pair of points further apart in time than this is a gap: its time never counts as moving. */
export const TRACK_MAX_MOVING_GAP_MS = 5 * 60_000;

/** A position in the point's own field names: y = latitude, x = longitude, degrees. */
export interface TrackPosition {
  y: number;
  x: number;
}

/** Great-circle distance between two positions in metres (haversine, R = 6,371,008.8 m). */
export function haversine(a: TrackPosition, b: TrackPosition): number {
  const rad = Math.PI / 180;
  const dLat = (b.y - a.y) * rad;
  const dLng = (b.x - a.x) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.y * rad) * Math.cos(b.y * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point as trackStats reads it: a location point with an optional battery level 0..1. */
export type StatPoint = LocationPoint & { b?: number | null };

/** The statistics of no points at all. */
export function emptyTrackStat(): TrackStat {
  return {
    dst: 0,
    moving: 0,
    mdst: 0,
    avgspd: null,
    points: 0,
    firstT: null,
    lastT: null,
    last: null,
    battery: null,
  };
}

const byTime = <P extends { t: number }>(points: readonly P[]): P[] => {
  for (let i = 1; i < points.length; i++) {
    if (points[i - 1]!.t > points[i]!.t) return [...points].sort((p, q) => p.t - q.t);
  }
  return [...points];
};

/**
 * The statistics of `prev`'s points followed by `points` (sorted by time here, on a copy):
 * trackStats(b, trackStats(a)) equals trackStats([...a, ...b]) when b does not start before a
 * ends. The batch is chained to prev's last position, so the server should pass only points
 * after prev.lastT (it skips older ones as duplicates anyway).
 *
 * - dst: haversine between consecutive points, gaps included;
 * - moving / mdst: time and distance of the pairs 0 < Δt ≤ 5 min whose implied speed, or the
 *   later point's reported speed, is at least TRACK_MOVING_MIN_SPEED;
 * - avgspd: mdst / moving in m/s, null while nothing moved (spec 01 §8: no data, no speed);
 * - battery: the last battery level seen (b in 0..1), else prev's.
 */
export function trackStats(points: readonly StatPoint[], prev?: TrackStat | null): TrackStat {
  const s: TrackStat = prev ? { ...prev, last: prev.last && { ...prev.last } } : emptyTrackStat();
  // Older records have no mdst: their distance is the closest estimate.
  let mdst = s.mdst ?? s.dst;
  let before: { t: number; y: number; x: number } | null =
    s.last && s.lastT !== null ? { t: s.lastT, y: s.last.y, x: s.last.x } : null;
  for (const p of byTime(points)) {
    if (before) {
      const metres = haversine(before, p);
      const dt = p.t - before.t;
      s.dst += metres;
      if (dt > 0 && dt <= TRACK_MAX_MOVING_GAP_MS) {
        const implied = metres / (dt / 1000);
        if (implied >= TRACK_MOVING_MIN_SPEED || (p.s ?? 0) >= TRACK_MOVING_MIN_SPEED) {
          s.moving += dt;
          mdst += metres;
        }
      }
    }
    s.points++;
    if (s.firstT === null || p.t < s.firstT) s.firstT = p.t;
    if (s.lastT === null || p.t >= s.lastT) {
      s.lastT = p.t;
      s.last = { y: p.y, x: p.x };
    }
    if (p.b != null && Number.isFinite(p.b)) s.battery = p.b;
    before = p;
  }
  s.mdst = mdst;
  s.avgspd = s.moving > 0 ? mdst / (s.moving / 1000) : null;
  return s;
}

/**
 * The points (sorted by time, a copy) with d = metres from the previous point; the first one
 * is measured from `prev` (the device's last stored point), or gets d = null without one.
 */
export function fillDistances<P extends LocationPoint>(
  points: readonly P[],
  prev?: TrackPosition | null,
): P[] {
  let before = prev ?? null;
  return byTime(points).map((p) => {
    const d = before ? haversine(before, p) : null;
    before = p;
    return { ...p, d };
  });
}

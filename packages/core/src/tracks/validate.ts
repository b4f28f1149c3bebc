/** Checking one point of an ingest batch (POST /api/devices/:deviceId/locations). */
import { IncomingPoint } from './schemas.ts';
import { cadenceOf, heartRateOf } from './sensors.ts';
import type { LocationPoint, PointProblem } from './types.ts';

/** 2000-01-01T00:00:00Z: earlier times are a device clock that was never set. */
export const TRACK_MIN_TIME = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock a point may be (device clock drift). */
export const TRACK_MAX_FUTURE_MS = 5 * 60_000;
/** Accuracy at or over this (metres) is no position at all. */
export const TRACK_MAX_ACCURACY_M = 100_000;
/** Speed at or over this (m/s, about 1,260 km/h) is a glitch, not a team. */
export const TRACK_MAX_SPEED = 350;
/** Elevation beyond ±this (metres) is unknown: no team is there, and the codec stores ±1e13 at most. */
export const TRACK_MAX_ELEVATION_M = 100_000;
/** Distance at or over this (metres) is unknown, as a negative one is. */
export const TRACK_MAX_DISTANCE_M = 1e9;

export type PointCheck =
  { point: LocationPoint; battery: number | null } | { problem: PointProblem };

type Raw = Record<string, unknown>;

/** lat/lng/lon as aliases of y/x, for devices that send the long names. */
function withAliases(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const o = raw as Raw;
  if (o.y !== undefined && o.x !== undefined) return o;
  return { ...o, y: o.y ?? o.lat, x: o.x ?? o.lng ?? o.lon };
}

/** Battery as 0..1; a value over 1 up to 100 is read as a percentage; anything else is unknown. */
function batteryLevel(b: number | null | undefined): number | null {
  if (b == null || !Number.isFinite(b) || b < 0) return null;
  if (b <= 1) return b;
  return b <= 100 ? b / 100 : null;
}

/**
 * Checks one raw point against the server's clock `now` (epoch ms) and answers the point with
 * its battery level, or why it is refused:
 * - 'badshape': not an IncomingPoint (t, y, x numbers; a, s, l, g, d, b numbers or null);
 * - 'badtime': t not after 2000-01-01; 'future': t more than 5 minutes after now;
 * - 'badlat': latitude outside [-90, 90], or exactly (0, 0) (a fix that never happened);
 * - 'badlng': longitude outside [-180, 180];
 * - 'badaccuracy': accuracy < 0 or ≥ 100 km; 'badspeed': speed < 0 or ≥ 350 m/s.
 * A negative heading (iOS's "unknown") becomes null, 360° and over wrap to 0..360; a negative
 * distance becomes null (the server measures d itself), as do an elevation beyond ±100 km and a
 * distance of 10^9 m or more (values the track codec could not store). Heart rate `h` and
 * cadence `c` are rounded to whole numbers and dropped (not the point) outside 1–255 and 0–254
 * (sensors.ts); the answered point has them only when they are kept.
 */
export function validatePoint(raw: unknown, now: number): PointCheck {
  const parsed = IncomingPoint.safeParse(withAliases(raw));
  if (!parsed.success) return { problem: 'badshape' };
  const p = parsed.data;
  const finite = (v: number | null | undefined) => v == null || Number.isFinite(v);
  if (![p.t, p.y, p.x, p.a, p.s, p.l, p.g, p.d].every(finite)) return { problem: 'badshape' };
  if (!(p.t > TRACK_MIN_TIME)) return { problem: 'badtime' };
  if (p.t > now + TRACK_MAX_FUTURE_MS) return { problem: 'future' };
  if (p.y < -90 || p.y > 90 || (p.y === 0 && p.x === 0)) return { problem: 'badlat' };
  if (p.x < -180 || p.x > 180) return { problem: 'badlng' };
  if (p.a != null && (p.a < 0 || p.a >= TRACK_MAX_ACCURACY_M)) return { problem: 'badaccuracy' };
  if (p.s != null && (p.s < 0 || p.s >= TRACK_MAX_SPEED)) return { problem: 'badspeed' };
  const g = p.g == null || p.g < 0 ? null : p.g % 360;
  const point: LocationPoint = {
    t: p.t,
    y: p.y,
    x: p.x,
    a: p.a ?? null,
    s: p.s ?? null,
    l: p.l == null || Math.abs(p.l) > TRACK_MAX_ELEVATION_M ? null : p.l,
    g,
    d: p.d == null || p.d < 0 || p.d >= TRACK_MAX_DISTANCE_M ? null : p.d,
  };
  if (p.h != null) {
    const h = heartRateOf(p.h);
    if (h !== null) point.h = h;
  }
  if (p.c != null) {
    const c = cadenceOf(p.c);
    if (c !== null) point.c = c;
  }
  return { point, battery: batteryLevel(p.b) };
}

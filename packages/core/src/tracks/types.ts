import type { TrackSource } from './tracking.ts';

/**
 * A location point (spec 01 §3 Location point: t, a, s, l, g, x, y, d), as devices send them and
 * the track codec (docs/track-format.md) stores them:
 *
 * - t: time, epoch milliseconds
 * - y: latitude, x: longitude, degrees (WGS 84)
 * - a: horizontal accuracy, metres
 * - s: speed, metres per second
 * - l: altitude, metres
 * - g: heading (bearing), degrees clockwise from north
 * - d: distance from the device's previous point, metres (the server fills it in)
 * - h: heart rate, beats per minute, a whole number 1–255 (Garmin's TrackPointExtension `hr`)
 * - c: cadence, per minute, a whole number 0–254 (Garmin's TrackPointExtension `cad`)
 *
 * Everything but t, x and y may be missing (null). `h` and `c` are optional keys besides: only
 * imported tracks (GPX from a watch) and devices that send them have them, and a point without
 * them leaves them out (decoded points carry them only when stored).
 */
export interface LocationPoint {
  t: number;
  y: number;
  x: number;
  a: number | null;
  s: number | null;
  l: number | null;
  g: number | null;
  d: number | null;
  h?: number | null;
  c?: number | null;
}

/** Precisions of the track encoding version 2 (spec 01 §7): value × precision, rounded. */
export const TRACK_PRECISION = {
  s: 1000,
  a: 100,
  l: 100,
  g: 100,
  d: 100,
  h: 1,
  c: 1,
  x: 1e7,
  y: 1e7,
} as const;
export const TRACK_FORMAT_VERSION = 2;

/**
 * The other body of POST /api/devices/:id/locations: the points in the binary track format
 * (docs/track-format.md), optionally with `Content-Encoding: gzip`. A phone sends a tenth of the
 * bytes JSON would take.
 */
export const TRACK_CONTENT_TYPE = 'application/vnd.rada.track';

/** Why a point was refused. */
export type PointProblem =
  'badshape' | 'badtime' | 'future' | 'badlat' | 'badlng' | 'badaccuracy' | 'badspeed';

export interface IngestResult {
  /** Points stored (durable before this answer). */
  accepted: number;
  /** Points skipped as already stored (a retried batch). */
  duplicates: number;
  rejected: { index: number; reason: PointProblem }[];
  /** False when the device belongs to no team: nothing was stored. */
  known: boolean;
}

/** Per-team track statistics (teams.trackstat). */
export interface TrackStat {
  /** Distance in metres (haversine between consecutive points). */
  dst: number;
  /** Time moving (speed over TRACK_MOVING_MIN_SPEED between points), ms. */
  moving: number;
  /**
   * Distance covered while moving, metres (the pairs counted in `moving`); missing in records
   * written before it existed.
   */
  mdst?: number;
  /** Average speed while moving, m/s (mdst / moving), or null when nothing moved. */
  avgspd: number | null;
  points: number;
  firstT: number | null;
  lastT: number | null;
  last: { y: number; x: number } | null;
  /** Last known battery level 0..1. */
  battery: number | null;
  /** Where the newest points came from (missing in records written before it existed: 'app'). */
  src?: TrackSource;
}

/** Speed under which a team counts as standing still (m/s). */
export const TRACK_MOVING_MIN_SPEED = 0.5;

/** A batch of live locations on /listen (spec 01 §7 'j:' messages). */
export interface ListenBatch {
  devid: string;
  uid: string | null;
  /** The device's team (an addition to the spec's fields, so viewers need no lookup). */
  tid: string | null;
  locations: LocationPoint[];
  /** Where the points came from; missing means Rada's own app. */
  src?: TrackSource;
}

/** GET /api/events/:id/tracks: every team's track summary for the live map. */
export interface TeamTrackSummary {
  teamId: string;
  name: string;
  nr: string | null;
  col: string | null;
  stat: TrackStat | null;
}

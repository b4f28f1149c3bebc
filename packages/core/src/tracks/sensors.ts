/**
 * Heart rate and cadence of a location point (`h`, `c`): whole numbers per minute, in the ranges
 * Garmin's TrackPointExtension v1/v2 schemas give `hr` (1–255) and `cad` (0–254), so every stored
 * value can be written back to a GPX file that validates. A value outside them is dropped (the
 * point is kept): a watch's glitch or a field of another meaning, not a measurement.
 */

/** Heart rate, beats per minute: the schema's BeatsPerMinute_t (unsigned byte, at least 1). */
export const TRACK_HEART_RATE_MIN = 1;
export const TRACK_HEART_RATE_MAX = 255;
/** Cadence, per minute: the schema's RevolutionsPerMinute_t (unsigned byte, at most 254). */
export const TRACK_CADENCE_MAX = 254;

/** A heart rate rounded to a whole number, or null when missing, not finite or out of range. */
export function heartRateOf(value: number | null | undefined): number | null {
  if (value == null) return null;
  const n = Math.round(value);
  return n >= TRACK_HEART_RATE_MIN && n <= TRACK_HEART_RATE_MAX ? n : null;
}

/** A cadence rounded to a whole number, or null when missing, not finite or out of range. */
export function cadenceOf(value: number | null | undefined): number | null {
  if (value == null) return null;
  const n = Math.round(value);
  // `+ 0` turns the -0 of Math.round(-0.4) into 0.
  return n >= 0 && n <= TRACK_CADENCE_MAX ? n + 0 : null;
}

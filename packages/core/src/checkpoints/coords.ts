/**
 * Coordinates as people type them in spreadsheets: `58.38`, `58,38`, `-12.5`, `N58.38`,
 * `58.38N`, `S 12.5`, degrees and minutes `N58 22.800`, or `58°22'48"`.
 */

export type Axis = 'lat' | 'lng';

/** Why a cell is not a coordinate, as an import issue key. */
export type CoordinateError = 'kpimport.err.notcoordinate' | 'kpimport.err.signandhemisphere';

export type CoordinateResult =
  { ok: true; value: number; axis: Axis | null } | { ok: false; error: CoordinateError };

// `\d+(\.\d*)?`, not `\d+\.?\d*`: the latter splits a digit run two ways and backtracks
// quadratically on a long one that does not match.
const PART = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses one coordinate. A hemisphere letter (prefix or suffix, any case) gives the sign (S, W
 * negative) and tells the axis (N/S latitude, E/W longitude); without one the axis is null.
 * Answers null for an empty cell; a refused cell answers the issue key only (the caller knows
 * the column and the text).
 */
export function parseCoordinate(raw: string): CoordinateResult | null {
  let s = raw.trim().toUpperCase();
  if (s === '') return null;
  let hemisphere: string | null = null;
  if (/^[NSEW]/.test(s)) {
    hemisphere = s[0]!;
    s = s.slice(1).trim();
  } else if (/[NSEW]$/.test(s)) {
    hemisphere = s[s.length - 1]!;
    s = s.slice(0, -1).trim();
  }
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (hemisphere) return { ok: false, error: 'kpimport.err.signandhemisphere' };
    negative = s.startsWith('-');
    s = s.slice(1).trim();
  }
  const parts = s
    .replace(/[°º'’′"”″]/g, ' ')
    .replaceAll(',', '.')
    .trim()
    .split(/\s+/);
  const bad = { ok: false as const, error: 'kpimport.err.notcoordinate' as const };
  if (parts.length > 3 || !parts.every((p) => PART.test(p))) return bad;
  const [deg, min, sec] = parts.map(Number) as [number, number?, number?];
  if (min !== undefined && (!Number.isInteger(deg) || min >= 60)) return bad;
  if (sec !== undefined && (!Number.isInteger(min) || sec >= 60)) return bad;
  let value = deg + (min ?? 0) / 60 + (sec ?? 0) / 3600;
  if (value !== 0 && (negative || hemisphere === 'S' || hemisphere === 'W')) value = -value;
  const axis =
    hemisphere === null ? null : hemisphere === 'N' || hemisphere === 'S' ? 'lat' : 'lng';
  return { ok: true, value, axis };
}

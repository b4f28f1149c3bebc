/**
 * Text for the XML documents Rada writes (IOF XML, GPX): one escaper for every writer, and the
 * number and time forms the schemas accept.
 */

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, CR, LF; lone surrogates; FFFE/FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Escapes text for element content or a double- or single-quoted attribute value, dropping the
 * characters XML 1.0 cannot hold (so a hostile name cannot make the document invalid).
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(
      /[&<>"']/g,
      (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]!};`,
    );
}

/** A decimal with at most `digits` fraction digits: no exponent, no trailing zeros, no "-0". */
export function xmlDecimal(v: number, digits: number): string {
  let s = v.toFixed(digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/**
 * A number in plain decimal notation: its shortest exact form, or 12 fraction digits where
 * JavaScript would write an exponent (1e-7), which XML Schema's decimal does not allow.
 */
export function plainDecimal(v: number): string {
  const s = String(v);
  return /e/i.test(s) ? xmlDecimal(v, 12) : s === '-0' ? '0' : s;
}

const fixed = (v: number, digits?: number) =>
  digits === undefined ? plainDecimal(v) : xmlDecimal(v, digits);

/** A latitude for GPX (−90…90), exact or with `digits` fraction digits. */
export const gpxLat = (lat: number, digits?: number): string =>
  fixed(Math.max(-90, Math.min(90, lat)), digits);

/**
 * A longitude for GPX, which allows −180 ≤ lon < 180: 180 is written as −180 (the same
 * meridian); exact or with `digits` fraction digits.
 */
export function gpxLon(lon: number, digits?: number): string {
  const wrapped = lon >= -180 && lon < 180 ? lon : ((((lon + 180) % 360) + 360) % 360) - 180;
  const s = fixed(wrapped, digits);
  return Number(s) >= 180 ? '-180' : s;
}

/** A course in degrees for GPX (0 ≤ course < 360), 2 fraction digits. */
export function gpxCourse(deg: number): string {
  const s = xmlDecimal(((deg % 360) + 360) % 360, 2);
  return s === '360' ? '0' : s;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * Epoch ms as an ISO 8601 date-time with a numeric offset (`2026-05-01T10:00:00+03:00`), whole
 * seconds. `offsetMinutes` gives the offset east of UTC at that instant (0 writes +00:00).
 */
export function isoWithOffset(t: number, offsetMinutes: (t: number) => number = () => 0): string {
  const offset = Math.round(offsetMinutes(t));
  const local = new Date(Math.floor(t / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The offset of this runtime's own time zone at `t`, in minutes east of UTC. */
export const localOffsetMinutes = (t: number): number => -new Date(t).getTimezoneOffset();

// The values inside the background apps' requests (foreign.ts): numbers and times as the apps
// write them, read strictly. A value that is not a number (an unfilled placeholder such as
// '%BATT' or '{13}', '', 'NaN', '12abc', '0x10') is a missing value (null), never a guess.

/** A plain decimal number as Java's Float/Double.toString, JSON and people write it. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Longer than any number an app writes; such text is not read at all. */
const MAX_NUMBER_TEXT = 40;

/** A finite number from a JSON number or a decimal text, else null. */
export function numberFrom(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.length > MAX_NUMBER_TEXT) return null;
  const s = v.trim();
  if (!DECIMAL.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** As numberFrom, but a negative value (the apps' "unknown") is null too. */
export function nonNegative(v: unknown): number | null {
  const n = numberFrom(v);
  return n === null || n < 0 ? null : n;
}

/** A percentage (0..100) as a fraction (0..1); a negative one is unknown (null). */
export function percentFrom(v: unknown): number | null {
  const n = nonNegative(v);
  return n === null ? null : n / 100;
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?:([Zz])|([+\- ])(\d{2})(?::?(\d{2}))?)?$/;

/**
 * Epoch ms of an ISO 8601 date-time (`2025-06-15T13:45:12.862Z`, `...+00:00`, `...+0000`) or of
 * 'yyyy-MM-dd HH:mm:ss' as Traccar's OsmAnd decoder takes it; without a zone it is UTC. A space
 * where the zone's sign should be is a '+' that a query string decoded as a space. Else null.
 */
export function isoTime(v: unknown): number | null {
  if (typeof v !== 'string' || v.length > 40) return null;
  const m = ISO_TIME.exec(v.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', , sign, zh = '0', zm = '0'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (Number(zh) > 23 || Number(zm) > 59) return null;
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  const t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 April over into May: a day the month does not have is no date.
  if (new Date(t).getUTCDate() !== day) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) * 60_000 : 0;
  return t - offset;
}

/** Seconds below this are seconds; from it on, milliseconds (Traccar's OsmAnd decoder: 2^31 − 1). */
const SECONDS_LIMIT = 2 ** 31 - 1;

/**
 * Epoch ms of a timestamp as the OsmAnd-style apps send it: a number of seconds (below 2^31 − 1,
 * as Traccar Client and GPSLogger send) or milliseconds (OsmAnd), or an ISO / 'yyyy-MM-dd
 * HH:mm:ss' text. Null when it is none of them.
 */
export function timeFrom(v: unknown): number | null {
  const n = numberFrom(v);
  if (n === null) return isoTime(v);
  const t = n < SECONDS_LIMIT ? Math.round(n * 1000) : Math.round(n);
  return Number.isFinite(t) ? t : null;
}

/** A plain object (not an array, not null), for reading JSON of unknown shape. */
export function objectFrom(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

/** An own property (never one of Object.prototype's, whatever the keys of hostile JSON). */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/** Decodes one form/query component: '+' is a space; a malformed escape leaves the text as is. */
function decodeComponent(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Reads an application/x-www-form-urlencoded text: the last value of each name. */
export function parseForm(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    out.set(name, at < 0 ? '' : decodeComponent(pair.slice(at + 1)));
  }
  return out;
}

/** The parameters of a parsed query or form object: the last string value of each name. */
export function paramsFrom(o: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.keys(o)) {
    const v = o[name];
    if (typeof v === 'string') out.set(name, v);
    else if (Array.isArray(v)) {
      const last: unknown = v[v.length - 1];
      if (typeof last === 'string') out.set(name, last);
    }
  }
  return out;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (with padding) of a text's UTF-8 bytes; core has no btoa or TextEncoder. */
export function base64Utf8(text: string): string {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else
      bytes.push(
        0xf0 | (c >> 18),
        0x80 | ((c >> 12) & 63),
        0x80 | ((c >> 6) & 63),
        0x80 | (c & 63),
      );
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : BASE64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : BASE64[n & 63]!;
  }
  return out;
}

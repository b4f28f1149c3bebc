/**
 * The track codec, format version 2 (spec 01 §7; byte by byte in docs/track-format.md).
 *
 * A track is one or more blocks. A block is a header (magic "RT", version 2, field flags, point
 * count) followed by its points, each written as zigzag LEB128 varint deltas of integers
 * (value × TRACK_PRECISION, rounded) from the previous point of the block. Because a track may
 * hold several blocks, joining stored chunks is plain byte concatenation (concatTracks), and
 * decodeTrack returns the points of all blocks in time order.
 */
import type { ErrorKey } from '../errors.ts';
import { TRACK_FORMAT_VERSION, TRACK_PRECISION, type LocationPoint } from './types.ts';

/** Bad track bytes (or a point that cannot be encoded); the only error the codec throws. */
export class TrackFormatError extends Error {
  /** The error key an API answers with for bad track data. */
  readonly key: ErrorKey = 'error.validation';
  /** Byte offset where decoding stopped, when decoding. */
  readonly offset: number | null;

  constructor(message: string, offset: number | null = null) {
    super(offset === null ? message : `${message} at byte ${offset}`);
    this.name = 'TrackFormatError';
    this.offset = offset;
  }
}

/** "RT": the first two bytes of every block. */
export const TRACK_MAGIC = [0x52, 0x54] as const;

/** The nullable fields in the order of their flag bits (bit 0 = a … bit 4 = d). */
const OPTIONAL = ['a', 's', 'l', 'g', 'd'] as const;
type OptionalField = (typeof OPTIONAL)[number];
/**
 * Heart rate (bit 5) and cadence (bit 6): optional keys of a point, which only imported tracks
 * have. Handled apart from OPTIONAL so that a block without them (every phone's) costs the
 * encode and decode loops no work per point beyond one look at each key while scanning.
 */
const HEART_RATE = 0x20;
const CADENCE = 0x40;
const SENSOR_BITS = HEART_RATE | CADENCE;
const FIELD_BITS = 0x7f;
/** Header flag: every point has every field of the block, so points carry no presence byte. */
const DENSE = 0x80;
/** Stored integers stay within ±2^50, so deltas (±2^51) and their zigzag (≤ 2^52) are exact. */
const MAX_INT = 2 ** 50;
/** 8 varint bytes hold 56 bits, more than any valid value needs. */
const MAX_VARINT_BYTES = 8;
const HEADER_MIN = 5;

function scaled(value: number, precision: number, what: string): number {
  const n = Math.round(value * precision);
  if (!Number.isFinite(n) || Math.abs(n) > MAX_INT) {
    throw new TrackFormatError(`cannot encode ${what} = ${value}`);
  }
  // Math.round(-0.2) is -0; keep plain 0 so decoded values compare equal.
  return n === 0 ? 0 : n;
}

class Writer {
  bytes: Uint8Array;
  pos = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(Math.max(size, 16));
  }

  private room(n: number): void {
    if (this.pos + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + n));
    next.set(this.bytes);
    this.bytes = next;
  }

  byte(b: number): void {
    this.room(1);
    this.bytes[this.pos++] = b;
  }

  /** Unsigned LEB128; n is a non-negative safe integer. */
  varint(n: number): void {
    this.room(MAX_VARINT_BYTES);
    while (n >= 0x80) {
      this.bytes[this.pos++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.bytes[this.pos++] = n;
  }

  /** Zigzag: 0, -1, 1, -2 … → 0, 1, 2, 3 … */
  signed(n: number): void {
    this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.pos);
  }
}

/**
 * Encodes points as one version 2 block. Points are sorted by time (a copy; equal times keep
 * their order); every value is rounded to its precision: t to the millisecond, x/y to 1e-7°,
 * s to 0.001 m/s, a/l/g/d to 0.01, heart rate h and cadence c to whole numbers (written only
 * when some point of the block has them). Throws TrackFormatError for a non-finite or huge value.
 */
export function encodeTrack(points: readonly LocationPoint[]): Uint8Array {
  const sorted = [...points].sort((p, q) => p.t - q.t);
  let fields = 0;
  let dense = true;
  for (const p of sorted) {
    let mask = 0;
    for (let i = 0; i < OPTIONAL.length; i++) if (p[OPTIONAL[i]!] != null) mask |= 1 << i;
    if (p.h != null) mask |= HEART_RATE;
    if (p.c != null) mask |= CADENCE;
    fields |= mask;
  }
  const sensors = fields & SENSOR_BITS;
  for (const p of sorted) {
    for (let i = 0; i < OPTIONAL.length && dense; i++) {
      if (fields & (1 << i) && p[OPTIONAL[i]!] == null) dense = false;
    }
    if (sensors !== 0 && !sensorsDense(p, sensors)) dense = false;
    if (!dense) break;
  }
  const w = new Writer(16 + sorted.length * 12);
  w.byte(TRACK_MAGIC[0]);
  w.byte(TRACK_MAGIC[1]);
  w.byte(TRACK_FORMAT_VERSION);
  w.byte(fields | (dense && fields !== 0 ? DENSE : 0));
  w.varint(sorted.length);
  let t0 = 0;
  let y0 = 0;
  let x0 = 0;
  const prev = [0, 0, 0, 0, 0];
  let h0 = 0;
  let c0 = 0;
  for (const p of sorted) {
    const t = scaled(p.t, 1, 't');
    const y = scaled(p.y, TRACK_PRECISION.y, 'y');
    const x = scaled(p.x, TRACK_PRECISION.x, 'x');
    if (fields !== 0 && !dense) {
      let mask = 0;
      for (let i = 0; i < OPTIONAL.length; i++) if (p[OPTIONAL[i]!] != null) mask |= 1 << i;
      if (sensors !== 0) {
        if (p.h != null) mask |= HEART_RATE;
        if (p.c != null) mask |= CADENCE;
      }
      w.byte(mask);
    }
    w.signed(t - t0);
    w.signed(y - y0);
    w.signed(x - x0);
    t0 = t;
    y0 = y;
    x0 = x;
    for (let i = 0; i < OPTIONAL.length; i++) {
      const key: OptionalField = OPTIONAL[i]!;
      const v = p[key];
      if (v == null) continue;
      const n = scaled(v, TRACK_PRECISION[key], key);
      w.signed(n - prev[i]!);
      prev[i] = n;
    }
    if (sensors !== 0) {
      if (p.h != null) {
        const n = scaled(p.h, TRACK_PRECISION.h, 'h');
        w.signed(n - h0);
        h0 = n;
      }
      if (p.c != null) {
        const n = scaled(p.c, TRACK_PRECISION.c, 'c');
        w.signed(n - c0);
        c0 = n;
      }
    }
  }
  return w.result();
}

/** Whether the point has every one of the block's sensor fields (`sensors`: bits 5–6). */
function sensorsDense(p: LocationPoint, sensors: number): boolean {
  return !((sensors & HEART_RATE && p.h == null) || (sensors & CADENCE && p.c == null));
}

class Reader {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    pos: number,
  ) {
    this.pos = pos;
  }

  byte(): number {
    const b = this.bytes[this.pos];
    if (b === undefined) throw new TrackFormatError('unexpected end of data', this.pos);
    this.pos++;
    return b;
  }

  varint(): number {
    const start = this.pos;
    let n = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (n > Number.MAX_SAFE_INTEGER) throw new TrackFormatError('varint too large', start);
        return n;
      }
      scale *= 0x80;
    }
    throw new TrackFormatError('varint too long', start);
  }

  signed(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }
}

function accumulate(value: number, delta: number, at: number): number {
  const n = value + delta;
  if (Math.abs(n) > MAX_INT) throw new TrackFormatError('value out of range', at);
  return n;
}

function decodeBlock(r: Reader, out: LocationPoint[]): void {
  const start = r.pos;
  if (r.byte() !== TRACK_MAGIC[0] || r.byte() !== TRACK_MAGIC[1]) {
    throw new TrackFormatError('not track data (bad magic)', start);
  }
  const version = r.byte();
  if (version !== TRACK_FORMAT_VERSION) {
    throw new TrackFormatError(`unsupported track version ${version}`, start + 2);
  }
  const flags = r.byte();
  const fields = flags & FIELD_BITS;
  const sensors = fields & SENSOR_BITS;
  const dense = (flags & DENSE) !== 0;
  if (dense && fields === 0) throw new TrackFormatError('dense block without fields', start + 3);
  const countAt = r.pos;
  const count = r.varint();
  // Every point takes at least 3 bytes (t, y, x), plus its presence byte when there is one:
  // a count the remaining bytes cannot hold is refused before anything is allocated.
  const minPerPoint = 3 + (fields !== 0 && !dense ? 1 : 0);
  if (count > (r.bytes.length - r.pos) / minPerPoint) {
    throw new TrackFormatError(`point count ${count} exceeds the data`, countAt);
  }
  let t = 0;
  let y = 0;
  let x = 0;
  const prev = [0, 0, 0, 0, 0];
  let h = 0;
  let c = 0;
  for (let k = 0; k < count; k++) {
    const at = r.pos;
    let mask = fields;
    if (fields !== 0 && !dense) {
      mask = r.byte();
      if ((mask & ~fields) !== 0) throw new TrackFormatError('bad presence mask', at);
    }
    t = accumulate(t, r.signed(), at);
    y = accumulate(y, r.signed(), at);
    x = accumulate(x, r.signed(), at);
    const p: LocationPoint = {
      t,
      y: y / TRACK_PRECISION.y,
      x: x / TRACK_PRECISION.x,
      a: null,
      s: null,
      l: null,
      g: null,
      d: null,
    };
    for (let i = 0; i < OPTIONAL.length; i++) {
      if ((mask & (1 << i)) === 0) continue;
      const key: OptionalField = OPTIONAL[i]!;
      prev[i] = accumulate(prev[i]!, r.signed(), at);
      p[key] = prev[i]! / TRACK_PRECISION[key];
    }
    if (sensors !== 0) {
      if (mask & HEART_RATE) {
        h = accumulate(h, r.signed(), at);
        p.h = h / TRACK_PRECISION.h;
      }
      if (mask & CADENCE) {
        c = accumulate(c, r.signed(), at);
        p.c = c / TRACK_PRECISION.c;
      }
    }
    out.push(p);
  }
}

/**
 * Decodes track bytes (one block or several concatenated) into points in time order. Throws
 * TrackFormatError, and nothing else, for bytes that are not a valid track: bad magic or
 * version, truncation, overlong varints, out-of-range values, counts the data cannot hold.
 * Empty input is an empty track.
 */
export function decodeTrack(bytes: Uint8Array): LocationPoint[] {
  const out: LocationPoint[] = [];
  const r = new Reader(bytes, 0);
  while (r.pos < bytes.length) {
    if (bytes.length - r.pos < HEADER_MIN) {
      throw new TrackFormatError('truncated block header', r.pos);
    }
    decodeBlock(r, out);
  }
  // Several blocks interleave; one block from elsewhere may hold negative time deltas.
  let sorted = true;
  for (let i = 1; i < out.length && sorted; i++) sorted = out[i - 1]!.t <= out[i]!.t;
  if (!sorted) out.sort((p, q) => p.t - q.t);
  return out;
}

/**
 * Joins encoded tracks into one: the blocks are concatenated as they are (nothing is decoded),
 * and decodeTrack of the result gives all their points in time order. Use compactTrack to
 * rewrite a many-block track as a single, smaller block.
 */
export function concatTracks(chunks: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let pos = 0;
  for (const c of chunks) {
    out.set(c, pos);
    pos += c.length;
  }
  return out;
}

/** Re-encodes a track (any number of blocks) as one block; throws TrackFormatError on bad data. */
export function compactTrack(bytes: Uint8Array): Uint8Array {
  return encodeTrack(decodeTrack(bytes));
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

/** Standard base64 (RFC 4648, with padding) of track bytes, for text storage; pure JS. */
export function trackToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    chunk +=
      B64[n >> 18]! +
      B64[(n >> 12) & 63]! +
      (b1 === undefined ? '=' : B64[(n >> 6) & 63]!) +
      (b2 === undefined ? '=' : B64[n & 63]!);
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/**
 * Bytes from base64 (standard or URL-safe alphabet, padding optional, whitespace ignored).
 * Throws TrackFormatError for any other character or an impossible length.
 */
export function trackFromBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s=]+$/, '').replace(/\s+/g, '');
  if (clean.length % 4 === 1) throw new TrackFormatError('bad base64 length');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let pos = 0;
  for (let i = 0; i < clean.length; i++) {
    let c = clean.charCodeAt(i);
    if (c === 0x2d)
      c = 0x2b; // '-' → '+'
    else if (c === 0x5f) c = 0x2f; // '_' → '/'
    const v = c < 128 ? B64_INDEX[c]! : -1;
    if (v < 0) throw new TrackFormatError(`bad base64 character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[pos++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, pos);
}

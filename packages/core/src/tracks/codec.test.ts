import { describe, expect, it } from 'vitest';
import {
  compactTrack,
  concatTracks,
  decodeTrack,
  encodeTrack,
  TrackFormatError,
  trackFromBase64,
  trackToBase64,
} from './codec.ts';
import { TRACKS_BEFORE_HEART_RATE } from './codecFixture.ts';
import { atPrecision, sampleTracks } from './testing.ts';
import type { LocationPoint } from './types.ts';

/** A deterministic pseudo-random sequence, so failures reproduce. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const T0 = 1_767_261_600_000;

function point(t: number, y: number, x: number, extra: Partial<LocationPoint> = {}): LocationPoint {
  return { t, y, x, a: null, s: null, l: null, g: null, d: null, ...extra };
}

function randomTrack(rnd: () => number, n: number, nullChance: number): LocationPoint[] {
  const pts: LocationPoint[] = [];
  let t = T0 + Math.floor(rnd() * 1e9) - 5e8;
  let y = rnd() * 180 - 90;
  let x = rnd() * 360 - 180;
  const maybe = (v: number) => (rnd() < nullChance ? null : v);
  for (let i = 0; i < n; i++) {
    const gap = rnd();
    t += gap < 0.1 ? 0 : gap < 0.15 ? Math.floor(rnd() * 86_400_000) : rnd() * 5000;
    y = Math.max(-90, Math.min(90, y + (rnd() - 0.5) * 0.01));
    x = Math.max(-180, Math.min(180, x + (rnd() - 0.5) * 0.01));
    pts.push(
      point(t, y, x, {
        a: maybe(rnd() * 50),
        s: maybe(rnd() * 40),
        l: maybe(rnd() * 3000 - 400),
        g: maybe(rnd() * 360),
        d: maybe(rnd() * 100),
      }),
    );
  }
  return pts;
}

describe('encodeTrack / decodeTrack', () => {
  it('round-trips random tracks exactly at the precisions', () => {
    const rnd = lcg(7);
    for (let k = 0; k < 200; k++) {
      const pts = randomTrack(rnd, Math.floor(rnd() * 60), [0, 0.3, 1][k % 3]!);
      const decoded = decodeTrack(encodeTrack(pts));
      expect(decoded).toEqual(pts.map(atPrecision));
    }
  });

  it('handles the empty track and a single point', () => {
    expect(decodeTrack(encodeTrack([]))).toEqual([]);
    expect(decodeTrack(new Uint8Array(0))).toEqual([]);
    const one = point(T0, -33.8688197, 151.2092955, { s: 1.2345, l: -12.345 });
    expect(decodeTrack(encodeTrack([one]))).toEqual([atPrecision(one)]);
  });

  it('covers both hemispheres, negative coordinates, the extremes and -0', () => {
    const pts = [
      point(T0, 90, 180),
      point(T0 + 1, -90, -180),
      point(T0 + 2, -0.00000004, -0),
      point(T0 + 3, 59.4369608, 24.7535747, { g: 359.99, a: 0 }),
      point(T0 + 4, -54.8019, -68.303, { d: 0.004 }),
    ];
    const decoded = decodeTrack(encodeTrack(pts));
    expect(decoded).toEqual(pts.map(atPrecision));
    expect(Object.is(decoded[2]!.y, -0)).toBe(false);
  });

  it('sorts by time without changing the input, keeping the order of equal times', () => {
    const pts = [point(T0 + 2000, 1, 1), point(T0, 2, 2), point(T0 + 2000, 3, 3), point(T0, 4, 4)];
    const copy = JSON.parse(JSON.stringify(pts)) as LocationPoint[];
    expect(decodeTrack(encodeTrack(pts)).map((p) => p.y)).toEqual([2, 4, 1, 3]);
    expect(pts).toEqual(copy);
  });

  it('keeps large gaps and times before 1970', () => {
    const pts = [point(-1e12, 1, 1), point(T0, 1, 1), point(T0 + 365 * 86_400_000, 1, 1)];
    expect(decodeTrack(encodeTrack(pts))).toEqual(pts);
  });

  it('writes about ten bytes per point for a dense 1 Hz walk', () => {
    const pts = Array.from({ length: 1000 }, (_, i) =>
      point(T0 + i * 1000, 59.4 + i * 0.00002, 24.7 + i * 0.00003, {
        s: 3.1,
        a: 5,
        l: 40 + i / 100,
      }),
    );
    const bytes = encodeTrack(pts);
    expect(bytes.length / pts.length).toBeLessThan(11);
    expect(decodeTrack(bytes)).toEqual(pts.map(atPrecision));
  });

  it('refuses values it cannot encode', () => {
    expect(() => encodeTrack([point(Number.NaN, 0, 0)])).toThrow(TrackFormatError);
    expect(() => encodeTrack([point(T0, 0, 0, { s: Infinity })])).toThrow(TrackFormatError);
    expect(() => encodeTrack([point(T0, 1e12, 0)])).toThrow(TrackFormatError);
  });
});

describe('heart rate and cadence (flag bits 5 and 6)', () => {
  const hex = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

  it('encodes points without them to the very bytes of the encoder before them', () => {
    const tracks = sampleTracks();
    expect(tracks).toHaveLength(TRACKS_BEFORE_HEART_RATE.length);
    tracks.forEach((pts, k) => {
      const before = trackFromBase64(TRACKS_BEFORE_HEART_RATE[k]!);
      expect(hex(encodeTrack(pts)), `track ${k}`).toBe(hex(before));
      // null h / c are no fields at all: the same bytes again
      expect(hex(encodeTrack(pts.map((p) => ({ ...p, h: null, c: null }))))).toBe(hex(before));
      const decoded = decodeTrack(before);
      expect(decoded).toEqual([...pts].sort((p, q) => p.t - q.t).map(atPrecision));
      for (const p of decoded)
        expect(Object.keys(p)).toEqual(['t', 'y', 'x', 'a', 's', 'l', 'g', 'd']);
    });
  });

  it('pins the annotated example of docs/track-format.md, byte by byte', () => {
    const first = point(1_560_628_807_000, 61.425525, 24.194434, { a: 4.5, s: 3.25, l: 100.9 });
    const second = point(1_560_628_808_000, 61.425541, 24.194535, { s: 3.5, l: 101, d: 5.62 });
    expect(hex(encodeTrack([first, second]))).toBe(
      '5254021702' +
        '07b095cecbeb5aa4aae6c904a89cdee60184 07e432d49d01'.replace(' ', '') +
        '16d00fc002e40ff40314e408',
    );
    // The same walk from a watch: heart rate 142 then 145, cadence 88 in the first point only.
    const watch = [
      { ...first, h: 142, c: 88 },
      { ...second, h: 145 },
    ];
    const bytes = encodeTrack(watch);
    expect(hex(bytes)).toBe(
      '5254027702' +
        '67b095cecbeb5aa4aae6c904a89cdee6018407e432d49d019c02b001' +
        '36d00fc002e40ff40314e40806',
    );
    expect(decodeTrack(bytes)).toEqual(watch.map(atPrecision));
  });

  it('round-trips them alone, mixed in a block and across blocks, and only where they are', () => {
    const rnd = lcg(23);
    for (let k = 0; k < 120; k++) {
      const chance = [0, 0.3, 1][k % 3]!;
      const pts = randomTrack(rnd, Math.floor(rnd() * 50), [0, 0.3, 1][(k >> 2) % 3]!).map((p) => ({
        ...p,
        ...(rnd() < chance ? {} : { h: 40 + Math.floor(rnd() * 200) }),
        ...(rnd() < chance ? {} : { c: Math.floor(rnd() * 255) }),
      }));
      const decoded = decodeTrack(encodeTrack(pts));
      expect(decoded).toEqual([...pts].sort((p, q) => p.t - q.t).map(atPrecision));
      const sorted = [...pts].sort((p, q) => p.t - q.t);
      decoded.forEach((p, i) => {
        expect('h' in p).toBe(sorted[i]!.h != null);
        expect('c' in p).toBe(sorted[i]!.c != null);
      });
    }
    const plain = randomTrack(rnd, 30, 0.3);
    const sensed = randomTrack(rnd, 30, 0.3).map((p, i) => ({ ...p, h: 100 + i, c: 80 }));
    const joined = concatTracks([encodeTrack(plain), encodeTrack(sensed), encodeTrack(plain)]);
    const want = [...plain, ...sensed, ...plain].sort((p, q) => p.t - q.t).map(atPrecision);
    expect(new Set(decodeTrack(joined).map((p) => JSON.stringify(p)))).toEqual(
      new Set(want.map((p) => JSON.stringify(p))),
    );
    expect(decodeTrack(compactTrack(joined))).toEqual(decodeTrack(joined));
  });

  it('writes a dense block when every point has them, and rounds them to whole numbers', () => {
    const pts = [
      point(T0, 58, 26, { h: 120.4, c: 90.5 }),
      point(T0 + 1000, 58, 26, { h: 119.6, c: -0.2 }),
    ];
    const bytes = encodeTrack(pts);
    expect(bytes[3]).toBe(0x80 | 0x20 | 0x40);
    // No presence bytes: the values alone, 120 and 91 → 2 + 2 bytes, then +0 and −91 → 1 + 2.
    const plain = encodeTrack(pts.map((p) => ({ ...p, h: null, c: null })));
    expect(plain[3]).toBe(0);
    expect(bytes.length).toBe(plain.length + 7);
    expect(decodeTrack(bytes).map((p) => [p.h, p.c])).toEqual([
      [120, 91],
      [120, 0],
    ]);
    const one = encodeTrack([point(T0, 58, 26, { c: 60 }), point(T0 + 1, 58, 26)]);
    expect(one[3]).toBe(0x40);
    expect(decodeTrack(one)).toEqual([point(T0, 58, 26, { c: 60 }), point(T0 + 1, 58, 26)]);
  });

  it('refuses a heart rate it cannot encode, and a presence byte beyond the block', () => {
    expect(() => encodeTrack([point(T0, 0, 1, { h: Infinity })])).toThrow(/cannot encode h/);
    expect(() => encodeTrack([point(T0, 0, 1, { c: Number.NaN })])).toThrow(TrackFormatError);
    // flags: heart rate only; the point's presence byte also claims cadence
    const bytes = Uint8Array.from([0x52, 0x54, 2, 0x20, 1, 0x60, 2, 2, 2, 2, 2]);
    expect(() => decodeTrack(bytes)).toThrow(/bad presence mask/);
  });
});

describe('concatTracks and compactTrack', () => {
  it('joins chunks by concatenation and decodes them in time order', () => {
    const rnd = lcg(11);
    const all = randomTrack(rnd, 90, 0.3);
    const chunks = [all.slice(50), all.slice(0, 20), all.slice(20, 50), []].map((c) =>
      encodeTrack(c),
    );
    const joined = concatTracks(chunks);
    const expected = [...all].sort((p, q) => p.t - q.t).map(atPrecision);
    expect(decodeTrack(joined).map((p) => p.t)).toEqual(expected.map((p) => p.t));
    expect(new Set(decodeTrack(joined).map((p) => JSON.stringify(p)))).toEqual(
      new Set(expected.map((p) => JSON.stringify(p))),
    );
    const compact = compactTrack(joined);
    expect(compact.length).toBeLessThan(joined.length);
    expect(decodeTrack(compact)).toEqual(decodeTrack(joined));
  });
});

describe('base64', () => {
  it('round-trips every length and matches the standard alphabet', () => {
    const rnd = lcg(3);
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
      const text = trackToBase64(bytes);
      expect(text.length).toBe(Math.ceil(n / 3) * 4);
      expect(trackFromBase64(text)).toEqual(bytes);
      expect(
        trackFromBase64(text.replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_')),
      ).toEqual(bytes);
    }
  });

  it('matches the RFC 4648 test vectors', () => {
    const vectors = ['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy'];
    vectors.forEach((b64, n) => {
      const bytes = Uint8Array.from('foobar'.slice(0, n), (c) => c.charCodeAt(0));
      expect(trackToBase64(bytes)).toBe(b64);
      expect(trackFromBase64(b64)).toEqual(bytes);
    });
  });

  it('refuses non-base64 text with TrackFormatError', () => {
    expect(() => trackFromBase64('ab$d')).toThrow(TrackFormatError);
    expect(() => trackFromBase64('abcde')).toThrow(TrackFormatError);
  });
});

describe('decodeTrack on bad data (fuzz)', () => {
  function decodeOrFormatError(bytes: Uint8Array): void {
    try {
      decodeTrack(bytes);
    } catch (e) {
      if (!(e instanceof TrackFormatError)) throw e;
    }
  }

  it('never throws anything but TrackFormatError for random bytes, and is quick', () => {
    const rnd = lcg(99);
    const started = Date.now();
    for (let k = 0; k < 2000; k++) {
      const n = Math.floor(rnd() * 200);
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
      // Half of them start with a valid header so the fuzz reaches the point decoder.
      if (k % 2 === 0 && n >= 4) bytes.set([0x52, 0x54, 2, Math.floor(rnd() * 256)]);
      decodeOrFormatError(bytes);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('survives truncated and mutated valid encodings', () => {
    const rnd = lcg(5);
    for (let k = 0; k < 300; k++) {
      const valid = encodeTrack(randomTrack(rnd, 1 + Math.floor(rnd() * 30), 0.3));
      decodeOrFormatError(valid.subarray(0, Math.floor(rnd() * valid.length)));
      const flipped = valid.slice();
      for (let f = 0; f < 1 + Math.floor(rnd() * 3); f++) {
        flipped[Math.floor(rnd() * flipped.length)]! ^= 1 << Math.floor(rnd() * 8);
      }
      decodeOrFormatError(flipped);
    }
  });

  // Counterexample from tracks.fuzz.test.ts: a single block was returned in stored order.
  it('answers a block whose time deltas go back in time order', () => {
    // t: +10 (zigzag 20), then -5 (zigzag 9); y and x stay 0.
    const bytes = Uint8Array.from([0x52, 0x54, 2, 0, 2, 20, 0, 0, 9, 0, 0]);
    expect(decodeTrack(bytes).map((p) => p.t)).toEqual([5, 10]);
  });

  it('refuses a huge point count without allocating for it', () => {
    const bytes = Uint8Array.from([0x52, 0x54, 2, 0, 0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0]);
    expect(() => decodeTrack(bytes)).toThrow(/point count/);
  });

  it('names the problem', () => {
    expect(() => decodeTrack(Uint8Array.from([1, 2, 3, 4, 5]))).toThrow(/bad magic/);
    expect(() => decodeTrack(Uint8Array.from([0x52, 0x54, 1, 0, 0]))).toThrow(/version 1/);
    const valid = encodeTrack([point(T0, 1, 1)]);
    expect(() => decodeTrack(valid.subarray(0, valid.length - 1))).toThrow(/end of data/);
    expect(() => decodeTrack(concatTracks([valid, Uint8Array.from([0x52])]))).toThrow(
      /truncated block header/,
    );
  });
});

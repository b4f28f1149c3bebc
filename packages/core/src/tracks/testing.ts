import { TRACK_PRECISION, type LocationPoint } from './types.ts';

/**
 * For tests: what a point becomes after a round trip, every value rounded to its precision;
 * heart rate and cadence are there only when the point has them (a missing or null `h` or `c`
 * decodes as no key at all).
 */
export function atPrecision(p: LocationPoint): LocationPoint {
  const r = (v: number | null | undefined, k: keyof typeof TRACK_PRECISION) =>
    v == null ? null : Math.round(v * TRACK_PRECISION[k]) / TRACK_PRECISION[k] || 0;
  const out: LocationPoint = {
    t: Math.round(p.t),
    y: r(p.y, 'y')!,
    x: r(p.x, 'x')!,
    a: r(p.a, 'a'),
    s: r(p.s, 's'),
    l: r(p.l, 'l'),
    g: r(p.g, 'g'),
    d: r(p.d, 'd'),
  };
  if (p.h != null) out.h = r(p.h, 'h');
  if (p.c != null) out.c = r(p.c, 'c');
  return out;
}

/** A deterministic pseudo-random sequence in [0, 1), so failures reproduce. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * For tests: 24 tracks of every shape the codec writes without heart rate or cadence (empty,
 * one point, dense blocks, blocks with presence bytes, equal and unsorted times, negative
 * values, gaps of a day), always the same. codecFixture.ts holds their bytes as the encoder
 * wrote them before `h` and `c` existed.
 */
export function sampleTracks(): LocationPoint[][] {
  const rnd = lcg(2026);
  const tracks: LocationPoint[][] = [];
  for (let k = 0; k < 24; k++) {
    const n = k === 0 ? 0 : k === 1 ? 1 : Math.floor(rnd() * 40);
    const nullChance = [0, 0.3, 1, 0.05][k % 4]!;
    const maybe = (v: number) => (rnd() < nullChance ? null : v);
    let t = 1_767_261_600_000 + Math.floor(rnd() * 1e9) - 5e8;
    let y = rnd() * 180 - 90;
    let x = rnd() * 360 - 180;
    const pts: LocationPoint[] = [];
    for (let i = 0; i < n; i++) {
      const gap = rnd();
      t += gap < 0.1 ? 0 : gap < 0.15 ? -Math.floor(rnd() * 5000) : gap < 0.2 ? 86_400_000 : 1000;
      y = Math.max(-90, Math.min(90, y + (rnd() - 0.5) * 0.01));
      x = Math.max(-180, Math.min(180, x + (rnd() - 0.5) * 0.01));
      pts.push({
        t,
        y,
        x,
        a: maybe(rnd() * 50),
        s: maybe(rnd() * 40),
        l: maybe(rnd() * 3000 - 400),
        g: maybe(rnd() * 360),
        d: maybe(rnd() * 100),
      });
    }
    tracks.push(pts);
  }
  return tracks;
}

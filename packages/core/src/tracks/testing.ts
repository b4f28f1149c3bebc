import { TRACK_PRECISION, type LocationPoint } from './types.ts';

/** For tests: what a point becomes after a round trip, every value rounded to its precision. */
export function atPrecision(p: LocationPoint): LocationPoint {
  const r = (v: number | null, k: keyof typeof TRACK_PRECISION) =>
    v == null ? null : Math.round(v * TRACK_PRECISION[k]) / TRACK_PRECISION[k] || 0;
  return {
    t: Math.round(p.t),
    y: r(p.y, 'y')!,
    x: r(p.x, 'x')!,
    a: r(p.a, 'a'),
    s: r(p.s, 's'),
    l: r(p.l, 'l'),
    g: r(p.g, 'g'),
    d: r(p.d, 'd'),
  };
}

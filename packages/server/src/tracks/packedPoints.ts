import type { LocationPoint } from '@rada/core';

/** The fields of a point, in their column order in a packed array. */
const FIELDS = ['t', 'y', 'x', 'a', 's', 'l', 'g', 'd', 'h', 'c'] as const;
const WIDTH = FIELDS.length;

/**
 * Points as one Float64Array (10 numbers a point, NaN for null or a missing heart rate or
 * cadence), which a worker thread hands over without copying: a structured clone of 70,000 point
 * objects cost the receiving event loop over 100 ms.
 */
export function packPoints(points: LocationPoint[]): Float64Array<ArrayBuffer> {
  const packed = new Float64Array(points.length * WIDTH);
  points.forEach((p, i) => {
    FIELDS.forEach((f, k) => (packed[i * WIDTH + k] = p[f] ?? NaN));
  });
  return packed;
}

/** The points of `packPoints`, as they were (`h` and `c` only where they have a value). */
export function unpackPoints(packed: Float64Array): LocationPoint[] {
  const orNull = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);
  const points: LocationPoint[] = [];
  for (let o = 0; o < packed.length; o += WIDTH) {
    const p: LocationPoint = {
      t: packed[o]!,
      y: packed[o + 1]!,
      x: packed[o + 2]!,
      a: orNull(packed[o + 3]),
      s: orNull(packed[o + 4]),
      l: orNull(packed[o + 5]),
      g: orNull(packed[o + 6]),
      d: orNull(packed[o + 7]),
    };
    const h = orNull(packed[o + 8]);
    const c = orNull(packed[o + 9]);
    if (h !== null) p.h = h;
    if (c !== null) p.c = c;
    points.push(p);
  }
  return points;
}

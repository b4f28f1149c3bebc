/**
 * Hand placement: an image placed by points picked on it and the same points on the earth. The
 * fit is made in metres of a transverse Mercator centred on the points (localCrs), not in Web
 * Mercator: a map is drawn in a conformal grid of nearly constant scale (UTM, L-EST97), which a
 * local transverse Mercator matches to centimetres over 20 km, while Web Mercator's scale grows
 * with latitude (0.26 % over 10 km at 58° N) and bent a three-point fit of a 10 km map by 12 m.
 * Affine from three points or more (least squares beyond three), projective from four or more
 * (exact at four; beyond, least squares on the ground distances).
 */
import type { LatLng } from '../checkpoints/types.ts';
import { toCrs } from './crs.ts';
import { applyH, invertH, solveLinear, type Mat3 } from './homography.ts';
import { metres, pixelToLatLng } from './placement.ts';
import type { ControlPoint, MapPlacement } from './types.ts';

export interface PlacementFit {
  /** source 'points', the points and the model kept. */
  placement: MapPlacement;
  /** Per point: metres on the ground between where the fit puts (u, v) and the point given. */
  residuals: number[];
  /** Root mean square of the residuals, metres. */
  rms: number;
}

export type PlacementModel = 'affine' | 'projective';

/** Points a fit takes at most (far more than a person picks; the API allows 50). */
const MAX_FIT_POINTS = 10_000;

/** Points nearer the poles are refused (as placementProblem refuses images there). */
const MAX_LAT = 85;

/** How far (degrees) points may spread for one local grid: 2°, some 200 km, beyond any map. */
const LOCAL_MAX_SPREAD = 2;

/**
 * A transverse Mercator (WGS84, metres, scale 1) centred on the middle of the points, as a proj4
 * definition; the centre is rounded to 0.01° (about a kilometre) so that points moved a little
 * keep the same grid. Null when there are no points or they spread over more than 2° (or across
 * the 180° meridian): no map is that large.
 */
export function localCrs(points: readonly LatLng[]): string | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const spread = Math.max(
    Math.max(...lats) - Math.min(...lats),
    Math.max(...lngs) - Math.min(...lngs),
  );
  if (!(spread <= LOCAL_MAX_SPREAD)) return null;
  const mid = (values: number[]) => (Math.max(...values) + Math.min(...values)) / 2;
  const lat0 = Math.round(mid(lats) * 100) / 100;
  const lon0 = Math.round(mid(lngs) * 100) / 100;
  if (Math.abs(lat0) > MAX_LAT || Math.abs(lon0) > 180) return null;
  return `+proj=tmerc +lat_0=${lat0} +lon_0=${lon0} +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs`;
}

/**
 * Fits a placement to control points: 'affine' (the default) from three points or more,
 * 'projective' from four or more. Returns the error key 'maps.error.fewpoints' when there are
 * too few, when a point is not a finite pixel and a point on the earth, or when the points lie
 * on a line (on the image or on the earth) or make no invertible placement. Never throws.
 */
export function fitPlacement(
  points: readonly ControlPoint[],
  model: PlacementModel = 'affine',
): PlacementFit | { error: 'maps.error.fewpoints' } {
  const fail = { error: 'maps.error.fewpoints' } as const;
  const need = model === 'projective' ? 4 : 3;
  if (!Array.isArray(points) || points.length < need || points.length > MAX_FIT_POINTS) return fail;
  const src: [number, number][] = [];
  for (const p of points) {
    if (!p || ![p.u, p.v, p.lat, p.lng].every((n) => typeof n === 'number' && Number.isFinite(n)))
      return fail;
    if (Math.abs(p.lat) > MAX_LAT || Math.abs(p.lng) > 180) return fail;
    if (Math.abs(p.u) > 1e7 || Math.abs(p.v) > 1e7) return fail;
    src.push([p.u, p.v]);
  }
  const crs = localCrs(points);
  if (!crs) return fail;
  const dst = points.map((p) => toCrs(crs, p));
  if (!dst.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) return fail;
  const h = fitMatrix(src, dst, model);
  if (!h) return fail;
  const placement: MapPlacement = {
    crs,
    h,
    source: 'points',
    points: points.map(({ u, v, lat, lng }) => ({ u, v, lat, lng })),
    model,
  };
  const residuals = points.map((p) => {
    const at = pixelToLatLng(placement, p.u, p.v);
    return metres(at, p);
  });
  if (!residuals.every(Number.isFinite)) return fail;
  const rms = Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / residuals.length);
  return { placement, residuals, rms };
}

/**
 * The matrix that takes `src` points to `dst` points: affine (least squares) or projective
 * (exact for four points, least squares on the distances in `dst` for more). Points are
 * normalised first (centred, mean distance √2: Hartley's normalisation), so pixel and metre
 * coordinates of any size give a well-conditioned system. Null when the points are on a line,
 * too few, or give a matrix that is not invertible or sends a point to infinity.
 */
export function fitMatrix(
  src: readonly [number, number][],
  dst: readonly [number, number][],
  model: PlacementModel,
): Mat3 | null {
  const n = src.length;
  if (n !== dst.length || n < (model === 'projective' ? 4 : 3)) return null;
  const ts = normaliser(src);
  const td = normaliser(dst);
  if (!ts || !td) return null;
  const s = src.map(([x, y]) => applyH(ts.forward, x, y));
  const d = dst.map(([x, y]) => applyH(td.forward, x, y));
  if (model === 'projective' && n === 4 && hasThreeOnALine(s, d)) return null;
  let hn = model === 'affine' ? affineFit(s, d) : projectiveFit(s, d);
  if (!hn) return null;
  if (model === 'projective' && n > 4) hn = refine(hn, s, d);
  const h = multiply(td.inverse, multiply(hn, ts.forward));
  const scale = h[8]!;
  const out = Math.abs(scale) > 1e-300 ? h.map((x) => x / scale) : h;
  if (model === 'affine') {
    out[6] = 0;
    out[7] = 0;
    out[8] = 1;
  }
  if (!out.every(Number.isFinite) || !invertH(out)) return null;
  // Every point must map through a w of one sign: else the plane folds over the horizon.
  const ws = src.map(([u, v]) => out[6]! * u + out[7]! * v + out[8]!);
  if (!(ws.every((w) => w > 0) || ws.every((w) => w < 0))) return null;
  return out;
}

interface Normaliser {
  forward: Mat3;
  inverse: Mat3;
}

/**
 * The similarity that centres points and scales their mean distance from the centre to √2;
 * null when they are not spread in two directions (on a line, or all one point).
 */
function normaliser(points: readonly [number, number][]): Normaliser | null {
  const n = points.length;
  let cx = 0;
  let cy = 0;
  for (const [x, y] of points) {
    cx += x / n;
    cy += y / n;
  }
  let dist = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    const dx = x - cx;
    const dy = y - cy;
    dist += Math.hypot(dx, dy) / n;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (!(dist > 0) || !Number.isFinite(dist)) return null;
  // The spread's smaller principal axis against the larger: a near-line gives a useless fit.
  const tr = sxx + syy;
  const root = Math.sqrt((sxx - syy) ** 2 + 4 * sxy * sxy);
  const small = (tr - root) / 2;
  const large = (tr + root) / 2;
  if (!(small > 1e-5 * large)) return null;
  const k = Math.SQRT2 / dist;
  return {
    forward: [k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1],
    inverse: [1 / k, 0, cx, 0, 1 / k, cy, 0, 0, 1],
  };
}

/** True when three of four points (on either side) lie on a line: no homography takes them. */
function hasThreeOnALine(s: [number, number][], d: [number, number][]): boolean {
  for (const pts of [s, d])
    for (let skip = 0; skip < 4; skip++) {
      const [a, b, c] = pts.filter((_, i) => i !== skip) as [
        [number, number],
        [number, number],
        [number, number],
      ];
      const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (Math.abs(area) < 1e-6) return true;
    }
  return false;
}

/** Least squares x = a·u + b·v + c, y = d·u + e·v + f (normal equations, 3 × 3). */
function affineFit(s: [number, number][], d: [number, number][]): Mat3 | null {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const rx = [0, 0, 0];
  const ry = [0, 0, 0];
  s.forEach(([u, v], i) => {
    const row = [u, v, 1];
    const [x, y] = d[i]!;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) m[r]![c]! += row[r]! * row[c]!;
      rx[r]! += row[r]! * x;
      ry[r]! += row[r]! * y;
    }
  });
  const a = solveLinear(m.map((row, r) => [...row, rx[r]!]));
  const b = solveLinear(m.map((row, r) => [...row, ry[r]!]));
  if (!a || !b) return null;
  return [a[0]!, a[1]!, a[2]!, b[0]!, b[1]!, b[2]!, 0, 0, 1];
}

/**
 * The direct linear transform with h[8] = 1 (the centre of the normalised points maps to a
 * finite point, so it is never 0): exact for four points, algebraic least squares for more.
 */
function projectiveFit(s: [number, number][], d: [number, number][]): Mat3 | null {
  const rows: number[][] = [];
  s.forEach(([u, v], i) => {
    const [x, y] = d[i]!;
    rows.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    rows.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  });
  const solution = rows.length === 8 ? solveLinear(rows) : solveLinear(normalEquations(rows, 8));
  return solution ? [...solution, 1] : null;
}

/** AᵀA | Aᵀb of rows [a₀ … a₇ | b]. */
function normalEquations(rows: number[][], k: number): number[][] {
  const out = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (const row of rows)
    for (let r = 0; r < k; r++) {
      const ar = row[r]!;
      if (ar === 0) continue;
      const target = out[r]!;
      for (let c = 0; c < k; c++) target[c]! += ar * row[c]!;
      target[k]! += ar * row[k]!;
    }
  return out;
}

/** Sum of squared distances between where `h` puts the `s` points and the `d` points. */
function cost(h: Mat3, s: [number, number][], d: [number, number][]): number {
  let sum = 0;
  s.forEach(([u, v], i) => {
    const [x, y] = applyH(h, u, v);
    sum += (x - d[i]![0]) ** 2 + (y - d[i]![1]) ** 2;
  });
  return Number.isFinite(sum) ? sum : Infinity;
}

/**
 * Gauss–Newton (Levenberg–Marquardt damped) steps from the algebraic fit to the least squares
 * of the distances themselves; a handful of steps, each kept only if it lowers the cost.
 */
function refine(h0: Mat3, s: [number, number][], d: [number, number][]): Mat3 {
  let h = h0;
  let best = cost(h, s, d);
  let lambda = 1e-3;
  for (let iter = 0; iter < 20 && best > 0; iter++) {
    const rows: number[][] = [];
    s.forEach(([u, v], i) => {
      const w = h[6]! * u + h[7]! * v + h[8]!;
      const x = (h[0]! * u + h[1]! * v + h[2]!) / w;
      const y = (h[3]! * u + h[4]! * v + h[5]!) / w;
      rows.push([u / w, v / w, 1 / w, 0, 0, 0, (-x * u) / w, (-x * v) / w, d[i]![0] - x]);
      rows.push([0, 0, 0, u / w, v / w, 1 / w, (-y * u) / w, (-y * v) / w, d[i]![1] - y]);
    });
    const normal = normalEquations(rows, 8);
    let improved = false;
    for (let tries = 0; tries < 8 && !improved; tries++) {
      const damped = normal.map((row, r) => row.map((x, c) => (c === r ? x * (1 + lambda) : x)));
      const step = solveLinear(damped);
      if (!step) break;
      const next = h.map((x, i) => (i < 8 ? x + step[i]! : x));
      const c = cost(next, s, d);
      if (c < best) {
        const gain = best - c;
        h = next;
        best = c;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = true;
        if (gain < 1e-15 * (1 + c)) return h;
      } else lambda *= 10;
    }
    if (!improved) break;
  }
  return h;
}

function multiply(a: Mat3, b: Mat3): Mat3 {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += a[r * 3 + k]! * b[k * 3 + c]!;
      out[r * 3 + c] = sum;
    }
  return out;
}

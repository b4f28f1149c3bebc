/** 3 × 3 homographies, row-major: [x·w, y·w, w] = H · [u, v, 1]. */
export type Mat3 = number[];

export function applyH(h: Mat3, u: number, v: number): [number, number] {
  const w = h[6]! * u + h[7]! * v + h[8]!;
  return [(h[0]! * u + h[1]! * v + h[2]!) / w, (h[3]! * u + h[4]! * v + h[5]!) / w];
}

/** The inverse, or null when H is singular (or nearly). */
export function invertH(h: Mat3): Mat3 | null {
  const [a, b, c, d, e, f, g, i, j] = h as [number, ...number[]] as number[];
  const A = e! * j! - f! * i!;
  const B = -(d! * j! - f! * g!);
  const C = d! * i! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  // Against the product of the column norms (Hadamard's bound), not the largest entry cubed: a
  // world file's translation (millions of metres) beside its scale (under a metre) is not singular.
  const column = (k: number) => Math.hypot(h[k]!, h[k + 3]!, h[k + 6]!);
  if (!Number.isFinite(det) || Math.abs(det) <= 1e-12 * column(0) * column(1) * column(2))
    return null;
  const inv = [
    A,
    -(b! * j! - c! * i!),
    b! * f! - c! * e!,
    B,
    a! * j! - c! * g!,
    -(a! * f! - c! * d!),
    C,
    -(a! * i! - b! * g!),
    a! * e! - b! * d!,
  ];
  return inv.map((x) => x / det);
}

/** The affine homography of a world file's six numbers (x = a·u + b·v + c, y = d·u + e·v + f). */
export const affineH = (a: number, b: number, c: number, d: number, e: number, f: number): Mat3 => [
  a,
  b,
  c,
  d,
  e,
  f,
  0,
  0,
  1,
];

/**
 * The homography that takes four source points to four target points (exact), or null when
 * three of them are on a line. Solved as the 8 × 8 linear system of the direct linear transform.
 */
export function homographyFrom4(
  src: readonly [number, number][],
  dst: readonly [number, number][],
): Mat3 | null {
  const rows: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [u, v] = src[k]!;
    const [x, y] = dst[k]!;
    rows.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    rows.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  }
  const solution = solveLinear(rows);
  return solution ? [...solution, 1] : null;
}

/**
 * Solves the n × n system given as n rows of n coefficients and the right-hand side, by Gaussian
 * elimination with partial pivoting; null when singular.
 */
export function solveLinear(rows: number[][]): number[] | null {
  const n = rows.length;
  const m = rows.map((r) => [...r]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r]!;
      const factor = row[col]! / p[col]!;
      if (factor === 0) continue;
      for (let c = col; c <= n; c++) row[c]! -= factor * p[c]!;
    }
  }
  return m.map((r, i) => r[n]! / r[i]!);
}

import { TILE_SIZE } from '@rada/core';

/** A decoded image: RGBA bytes, colours premultiplied by alpha (what bilinear sampling needs). */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What a tile holds: nothing (not written), only opaque pixels (no alpha plane), or some of each. */
export type Cover = 'empty' | 'opaque' | 'partial';

const T = TILE_SIZE;

/** Multiplies colours by alpha in place (an image without transparent pixels is left as it is). */
export function premultiply(data: Uint8Array): void {
  for (let o = 0; o < data.length; o += 4) {
    const a = data[o + 3]!;
    if (a === 255) continue;
    data[o] = Math.round((data[o]! * a) / 255);
    data[o + 1] = Math.round((data[o + 1]! * a) / 255);
    data[o + 2] = Math.round((data[o + 2]! * a) / 255);
  }
}

/** The straight-alpha copy of a premultiplied tile, as an encoder takes it. */
export function unpremultiplied(tile: Uint8Array): Uint8Array {
  const out = new Uint8Array(tile);
  for (let o = 0; o < out.length; o += 4) {
    const a = out[o + 3]!;
    if (a === 255) continue;
    if (a === 0) {
      out[o] = out[o + 1] = out[o + 2] = 0;
      continue;
    }
    out[o] = Math.min(255, Math.round((out[o]! * 255) / a));
    out[o + 1] = Math.min(255, Math.round((out[o + 1]! * 255) / a));
    out[o + 2] = Math.min(255, Math.round((out[o + 2]! * 255) / a));
  }
  return out;
}

/**
 * Fills a 256 × 256 RGBA tile (premultiplied) from the image, sampling bilinearly at positions
 * interpolated between `nodes` (see plan.ts tileNodes: every `step` pixels, pixel-centre
 * coordinates); outside the image is transparent, its edge blended over half a pixel. Returns
 * the tile's cover.
 */
export function warpTile(src: Raster, nodes: Float64Array, step: number, out: Uint8Array): Cover {
  const { data, width: W, height: H } = src;
  const n = T / step + 1;
  const rowU = new Float64Array(n);
  const rowV = new Float64Array(n);
  let minA = 255;
  let maxA = 0;
  for (let j = 0; j < T; j++) {
    const r = Math.floor(j / step);
    const fy = (j - r * step) / step;
    for (let c = 0; c < n; c++) {
      const a = (r * n + c) * 2;
      const b = a + n * 2;
      rowU[c] = nodes[a]! + (nodes[b]! - nodes[a]!) * fy;
      rowV[c] = nodes[a + 1]! + (nodes[b + 1]! - nodes[a + 1]!) * fy;
    }
    let o = j * T * 4;
    for (let c = 0; c < n - 1; c++) {
      let u = rowU[c]!;
      let v = rowV[c]!;
      const du = (rowU[c + 1]! - u) / step;
      const dv = (rowV[c + 1]! - v) / step;
      for (let k = 0; k < step; k++, u += du, v += dv, o += 4) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        if (x0 < -1 || y0 < -1 || x0 >= W || y0 >= H) {
          out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
          minA = 0;
          continue;
        }
        const ax = u - x0;
        const ay = v - y0;
        const w00 = (1 - ax) * (1 - ay);
        const w10 = ax * (1 - ay);
        const w01 = (1 - ax) * ay;
        const w11 = ax * ay;
        let r0 = 0;
        let g0 = 0;
        let b0 = 0;
        let a0 = 0;
        if (x0 >= 0 && y0 >= 0 && x0 < W - 1 && y0 < H - 1) {
          const p = (y0 * W + x0) * 4;
          const q = p + W * 4;
          r0 = data[p]! * w00 + data[p + 4]! * w10 + data[q]! * w01 + data[q + 4]! * w11;
          g0 = data[p + 1]! * w00 + data[p + 5]! * w10 + data[q + 1]! * w01 + data[q + 5]! * w11;
          b0 = data[p + 2]! * w00 + data[p + 6]! * w10 + data[q + 2]! * w01 + data[q + 6]! * w11;
          a0 = data[p + 3]! * w00 + data[p + 7]! * w10 + data[q + 3]! * w01 + data[q + 7]! * w11;
        } else {
          // On the image's edge: neighbours outside it are transparent.
          for (let e = 0; e < 4; e++) {
            const x = x0 + (e & 1);
            const y = y0 + (e >> 1);
            if (x < 0 || y < 0 || x >= W || y >= H) continue;
            const w = e === 0 ? w00 : e === 1 ? w10 : e === 2 ? w01 : w11;
            const p = (y * W + x) * 4;
            r0 += data[p]! * w;
            g0 += data[p + 1]! * w;
            b0 += data[p + 2]! * w;
            a0 += data[p + 3]! * w;
          }
        }
        const alpha = (a0 + 0.5) | 0;
        out[o] = (r0 + 0.5) | 0;
        out[o + 1] = (g0 + 0.5) | 0;
        out[o + 2] = (b0 + 0.5) | 0;
        out[o + 3] = alpha;
        if (alpha < minA) minA = alpha;
        if (alpha > maxA) maxA = alpha;
      }
    }
  }
  return coverOf(minA, maxA);
}

const coverOf = (minA: number, maxA: number): Cover =>
  maxA === 0 ? 'empty' : minA === 255 ? 'opaque' : 'partial';

/**
 * The parent tile of four children (top-left, top-right, bottom-left, bottom-right; null for
 * one with nothing), each 2 × 2 of their pixels averaged (premultiplied). Returns the cover.
 */
export function averageChildren(children: (Uint8Array | null)[], out: Uint8Array): Cover {
  const half = T / 2;
  let minA = 255;
  let maxA = 0;
  for (let q = 0; q < 4; q++) {
    const child = children[q] ?? null;
    const ox = (q & 1) * half;
    const oy = (q >> 1) * half;
    if (!child) {
      for (let j = 0; j < half; j++)
        out.fill(0, ((oy + j) * T + ox) * 4, ((oy + j) * T + ox + half) * 4);
      minA = 0;
      continue;
    }
    for (let j = 0; j < half; j++) {
      let o = ((oy + j) * T + ox) * 4;
      let p = 2 * j * T * 4;
      for (let i = 0; i < half; i++, o += 4, p += 8) {
        const q2 = p + T * 4;
        out[o] = (child[p]! + child[p + 4]! + child[q2]! + child[q2 + 4]! + 2) >> 2;
        out[o + 1] = (child[p + 1]! + child[p + 5]! + child[q2 + 1]! + child[q2 + 5]! + 2) >> 2;
        out[o + 2] = (child[p + 2]! + child[p + 6]! + child[q2 + 2]! + child[q2 + 6]! + 2) >> 2;
        const a = (child[p + 3]! + child[p + 7]! + child[q2 + 3]! + child[q2 + 7]! + 2) >> 2;
        out[o + 3] = a;
        if (a < minA) minA = a;
        if (a > maxA) maxA = a;
      }
    }
  }
  return coverOf(minA, maxA);
}

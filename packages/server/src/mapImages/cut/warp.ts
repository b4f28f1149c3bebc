import { TILE_SIZE } from '@rada/core/mapImages';

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
 *
 * A pixel is one 32-bit word and its four channels are blended two at a time (red and blue in
 * one word, green and alpha in another: 8-bit weights summing to 256 keep each 16-bit lane
 * from overflowing), and runs of pixels wholly inside the image skip the edge checks: 0.86 ms
 * a tile here against 1.38 ms blending channel by channel in floating point, a fifth of a cut.
 */
export function warpTile(src: Raster, nodes: Float64Array, step: number, out: Uint8Array): Cover {
  const { width: W, height: H } = src;
  const px = words(src.data);
  const o32 = words(out);
  const n = T / step + 1;
  const rowU = new Float64Array(n);
  const rowV = new Float64Array(n);
  const alpha: AlphaRange = [255, 0];
  for (let j = 0; j < T; j++) {
    const r = Math.floor(j / step);
    const fy = (j - r * step) / step;
    for (let c = 0; c < n; c++) {
      const a = (r * n + c) * 2;
      const b = a + n * 2;
      rowU[c] = nodes[a]! + (nodes[b]! - nodes[a]!) * fy;
      rowV[c] = nodes[a + 1]! + (nodes[b + 1]! - nodes[a + 1]!) * fy;
    }
    let o = j * T;
    for (let c = 0; c < n - 1; c++, o += step) {
      const u0 = rowU[c]!;
      const v0 = rowV[c]!;
      const du = (rowU[c + 1]! - u0) / step;
      const dv = (rowV[c + 1]! - v0) / step;
      const u1 = u0 + du * (step - 1);
      const v1 = v0 + dv * (step - 1);
      // A run wholly inside the image (positions are linear along it; a margin for their
      // rounding as they add up): no edge checks.
      if (
        Math.min(u0, u1) >= 0 &&
        Math.min(v0, v1) >= 0 &&
        Math.max(u0, u1) < W - 1.001 &&
        Math.max(v0, v1) < H - 1.001
      ) {
        inside(px, W, u0, v0, du, dv, step, o32, o, alpha);
      } else {
        onEdge(px, W, H, u0, v0, du, dv, step, o32, o, alpha);
      }
    }
  }
  return coverOf(alpha[0], alpha[1]);
}

/** One pixel of the blend: 8-bit weights fx, fy (of 256), four neighbours. */
function blend(p00: number, p10: number, p01: number, p11: number, fx: number, fy: number): number {
  const w11 = (fx * fy) >> 8;
  const w10 = fx - w11;
  const w01 = fy - w11;
  const w00 = 256 - fx - fy + w11;
  const rb =
    (((p00 & 0xff00ff) * w00 +
      (p10 & 0xff00ff) * w10 +
      (p01 & 0xff00ff) * w01 +
      (p11 & 0xff00ff) * w11 +
      0x800080) >>>
      8) &
    0xff00ff;
  const ga =
    ((p00 >>> 8) & 0xff00ff) * w00 +
    ((p10 >>> 8) & 0xff00ff) * w10 +
    ((p01 >>> 8) & 0xff00ff) * w01 +
    ((p11 >>> 8) & 0xff00ff) * w11 +
    0x800080;
  return (rb | (ga & 0xff00ff00)) >>> 0;
}

/** The lowest and highest alpha of a tile so far. */
type AlphaRange = [number, number];

/**
 * A run of `len` pixels from (u, v) in steps of (du, dv), every one's four neighbours in the
 * image (no edge checks).
 */
function inside(
  px: Uint32Array,
  W: number,
  u: number,
  v: number,
  du: number,
  dv: number,
  len: number,
  out: Uint32Array,
  o: number,
  alpha: AlphaRange,
): void {
  let all = 0xffffffff;
  for (let k = 0; k < len; k++, u += du, v += dv) {
    const x0 = u | 0;
    const y0 = v | 0;
    const p = y0 * W + x0;
    const pixel = blend(
      px[p]!,
      px[p + 1]!,
      px[p + W]!,
      px[p + W + 1]!,
      ((u - x0) * 256) | 0,
      ((v - y0) * 256) | 0,
    );
    out[o + k] = pixel;
    all &= pixel;
  }
  // The common case, an opaque image: every alpha 255 when their AND is.
  if (all >>> 24 === 255) {
    alpha[1] = 255;
    return;
  }
  for (let k = 0; k < len; k++) {
    const a = out[o + k]! >>> 24;
    if (a < alpha[0]) alpha[0] = a;
    if (a > alpha[1]) alpha[1] = a;
  }
}

/** A run touching the image's edge or beyond it: neighbours outside it are transparent. */
function onEdge(
  px: Uint32Array,
  W: number,
  H: number,
  u: number,
  v: number,
  du: number,
  dv: number,
  len: number,
  out: Uint32Array,
  o: number,
  alpha: AlphaRange,
): void {
  for (let k = 0; k < len; k++, u += du, v += dv) {
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    if (x0 < -1 || y0 < -1 || x0 >= W || y0 >= H) {
      out[o + k] = 0;
      alpha[0] = 0;
      continue;
    }
    const inX0 = x0 >= 0;
    const inX1 = x0 + 1 < W;
    const inY0 = y0 >= 0;
    const inY1 = y0 + 1 < H;
    const p = y0 * W + x0;
    const pixel = blend(
      inX0 && inY0 ? px[p]! : 0,
      inX1 && inY0 ? px[p + 1]! : 0,
      inX0 && inY1 ? px[p + W]! : 0,
      inX1 && inY1 ? px[p + W + 1]! : 0,
      ((u - x0) * 256) | 0,
      ((v - y0) * 256) | 0,
    );
    out[o + k] = pixel;
    const a = pixel >>> 24;
    if (a < alpha[0]) alpha[0] = a;
    if (a > alpha[1]) alpha[1] = a;
  }
}

/** The pixels of RGBA bytes as 32-bit words (the bytes' own buffer: the caller aligns it). */
function words(bytes: Uint8Array): Uint32Array {
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
}

const coverOf = (minA: number, maxA: number): Cover =>
  maxA === 0 ? 'empty' : minA === 255 ? 'opaque' : 'partial';

/**
 * The parent tile of four children (top-left, top-right, bottom-left, bottom-right; null for
 * one with nothing), each 2 × 2 of their pixels averaged (premultiplied, two channels a word as
 * in warpTile). Returns the cover.
 */
export function averageChildren(children: (Uint8Array | null)[], out: Uint8Array): Cover {
  const half = T / 2;
  const o32 = words(out);
  let minA = 255;
  let maxA = 0;
  for (let q = 0; q < 4; q++) {
    const bytes = children[q] ?? null;
    const ox = (q & 1) * half;
    const oy = (q >> 1) * half;
    if (!bytes) {
      for (let j = 0; j < half; j++) o32.fill(0, (oy + j) * T + ox, (oy + j) * T + ox + half);
      minA = 0;
      continue;
    }
    const child = words(bytes);
    for (let j = 0; j < half; j++) {
      let o = (oy + j) * T + ox;
      let p = 2 * j * T;
      for (let i = 0; i < half; i++, o++, p += 2) {
        const a = child[p]!;
        const b = child[p + 1]!;
        const c = child[p + T]!;
        const d = child[p + T + 1]!;
        const rb =
          ((((a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff) + 0x20002) >>> 2) &
            0xff00ff) >>>
          0;
        const ga =
          ((((a >>> 8) & 0xff00ff) +
            ((b >>> 8) & 0xff00ff) +
            ((c >>> 8) & 0xff00ff) +
            ((d >>> 8) & 0xff00ff) +
            0x20002) >>>
            2) &
          0xff00ff;
        const pixel = (rb | (ga << 8)) >>> 0;
        o32[o] = pixel;
        const alpha = pixel >>> 24;
        if (alpha < minA) minA = alpha;
        if (alpha > maxA) maxA = alpha;
      }
    }
  }
  return coverOf(minA, maxA);
}

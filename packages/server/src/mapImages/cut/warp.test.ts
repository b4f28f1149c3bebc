import { describe, expect, it } from 'vitest';
import { averageChildren, premultiply, unpremultiplied, warpTile } from './warp.ts';

const T = 256;
const STEP = 32;
const N = T / STEP + 1;

/** Nodes mapping tile pixel (i, j) to image position (i·scale + du, j·scale + dv). */
function nodes(scale: number, du: number, dv: number): Float64Array {
  const out = new Float64Array(N * N * 2);
  for (let j = 0; j < N; j++)
    for (let i = 0; i < N; i++) {
      out[(j * N + i) * 2] = i * STEP * scale + du;
      out[(j * N + i) * 2 + 1] = j * STEP * scale + dv;
    }
  return out;
}

/** A 300 × 300 image: red grows with x, green with y, blue 40, opaque. */
function gradient() {
  const width = 300;
  const height = 300;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([x % 256, y % 256, 40, 255], (y * width + x) * 4);
  return { data, width, height };
}

const pixel = (tile: Uint8Array, i: number, j: number) =>
  Array.from(tile.subarray((j * T + i) * 4, (j * T + i) * 4 + 4));

describe('warpTile', () => {
  it('copies pixels exactly where positions fall on pixel centres', () => {
    const src = gradient();
    const tile = new Uint8Array(T * T * 4);
    expect(warpTile(src, nodes(1, 10, 20), STEP, tile)).toBe('opaque');
    expect(pixel(tile, 0, 0)).toEqual([10, 20, 40, 255]);
    expect(pixel(tile, 200, 100)).toEqual([210, 120, 40, 255]);
  });

  it('blends neighbours bilinearly between pixel centres', () => {
    const src = gradient();
    const tile = new Uint8Array(T * T * 4);
    warpTile(src, nodes(1, 10.5, 20.25), STEP, tile);
    // Red halfway between 10 and 11, green a quarter from 20 to 21: rounded.
    expect(pixel(tile, 0, 0)).toEqual([11, 20, 40, 255]);
    expect(pixel(tile, 100, 0)).toEqual([111, 20, 40, 255]);
  });

  it('is transparent outside the image and half-covers its edge', () => {
    const src = gradient();
    const tile = new Uint8Array(T * T * 4);
    expect(warpTile(src, nodes(1, 200, -100.5), STEP, tile)).toBe('partial');
    expect(pixel(tile, 0, 0)).toEqual([0, 0, 0, 0]);
    // Row 100 samples v = -0.5: half on the image's first row, half outside it.
    expect(pixel(tile, 0, 100)[3]).toBe(128);
    expect(pixel(tile, 0, 101)[3]).toBe(255);
    // Beyond x = 299 nothing.
    expect(pixel(tile, 101, 150)[3]).toBe(0);
    expect(warpTile(src, nodes(1, 1000, 1000), STEP, tile)).toBe('empty');
  });
});

describe('averageChildren', () => {
  it('averages 2 × 2 pixels of each child into its quarter, nothing where a child is missing', () => {
    const child = new Uint8Array(T * T * 4);
    for (let k = 0; k < T * T; k++)
      child.set(k % 2 ? [100, 0, 50, 255] : [200, 10, 51, 255], k * 4);
    const out = new Uint8Array(T * T * 4);
    expect(averageChildren([child, null, null, child], out)).toBe('partial');
    expect(pixel(out, 0, 0)).toEqual([150, 5, 51, 255]);
    expect(pixel(out, 200, 200)).toEqual([150, 5, 51, 255]);
    expect(pixel(out, 200, 0)).toEqual([0, 0, 0, 0]);
    expect(averageChildren([child, child, child, child], out)).toBe('opaque');
  });
});

describe('premultiply and unpremultiplied', () => {
  it('round-trips a half-transparent colour and clears a transparent one', () => {
    const px = Uint8Array.from([200, 100, 50, 128, 9, 9, 9, 0, 1, 2, 3, 255]);
    premultiply(px);
    expect(Array.from(px)).toEqual([100, 50, 25, 128, 0, 0, 0, 0, 1, 2, 3, 255]);
    expect(Array.from(unpremultiplied(px))).toEqual([199, 100, 50, 128, 0, 0, 0, 0, 1, 2, 3, 255]);
  });
});

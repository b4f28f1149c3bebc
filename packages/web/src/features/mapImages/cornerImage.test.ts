import { describe, expect, it } from 'vitest';
import { cellMatrix, cornerMatrix, gridSize, placedGrid } from './cornerImage.ts';

/** Applies a CSS matrix3d (columns) to (x, y, 0, 1) and divides by w. */
function apply(css: string, x: number, y: number): [number, number] {
  const m = css.slice('matrix3d('.length, -1).split(',').map(Number);
  const X = m[0]! * x + m[4]! * y + m[12]!;
  const Y = m[1]! * x + m[5]! * y + m[13]!;
  const W = m[3]! * x + m[7]! * y + m[15]!;
  return [X / W, Y / W];
}

describe('cornerMatrix', () => {
  it('takes the image rectangle to the four corners, a tapered one too', () => {
    const corners: [number, number][] = [
      [100, 50],
      [420, 80],
      [400, 330],
      [90, 300],
    ];
    const css = cornerMatrix(800, 600, corners)!;
    expect(css).toMatch(/^matrix3d\(/);
    const got = [apply(css, 0, 0), apply(css, 800, 0), apply(css, 800, 600), apply(css, 0, 600)];
    got.forEach(([x, y], i) => {
      expect(x).toBeCloseTo(corners[i]![0], 6);
      expect(y).toBeCloseTo(corners[i]![1], 6);
    });
  });

  it('is a plain scale for a north-up rectangle', () => {
    const css = cornerMatrix(100, 50, [
      [0, 0],
      [200, 0],
      [200, 100],
      [0, 100],
    ])!;
    expect(apply(css, 50, 25)).toEqual([100, 50]);
  });

  it('refuses corners on a line', () => {
    expect(
      cornerMatrix(100, 100, [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    ).toBeNull();
  });
});

describe('the preview grid', () => {
  it('takes a cell to its corners', () => {
    const corners: [number, number][] = [
      [10, 10],
      [30, 12],
      [29, 31],
      [9, 30],
    ];
    const css = cellMatrix([100, 200, 150, 260], corners)!;
    expect(apply(css, 100, 200)[0]).toBeCloseTo(10, 6);
    expect(apply(css, 150, 260)[1]).toBeCloseTo(31, 6);
  });

  it('has one cell a side per 2 km, 1 to 8', () => {
    expect([500, 2000, 2001, 9000, 50_000].map(gridSize)).toEqual([1, 1, 2, 5, 8]);
  });

  it('lists the grid points row by row from the top-left', () => {
    expect(placedGrid(100, 50, 2, (u, v) => `${u},${v}`)).toEqual([
      '0,0',
      '50,0',
      '100,0',
      '0,25',
      '50,25',
      '100,25',
      '0,50',
      '50,50',
      '100,50',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import lest97 from './fixtures/lest97.jgw?raw';
import utm from './fixtures/utm35-rotated.pgw?raw';
import { parseWorldFile, worldFilePlacement, worldFileText } from './worldFile.ts';
import { pixelToLatLng, placementCorners, placementProblem } from './placement.ts';
import { EPSG3301 } from '../map/wmts.ts';

const WGS84 = '+proj=longlat +datum=WGS84 +no_defs';

/** Where proj4 itself puts a point of `def`, as a LatLng. */
function proj(def: string, x: number, y: number) {
  const [lng, lat] = proj4(def, WGS84, [x, y]) as [number, number];
  return { lat, lng };
}

describe('parseWorldFile', () => {
  it('reads six numbers, one a line, with CRLF and a blank last line', () => {
    expect(parseWorldFile(lest97)).toEqual([0.5, 0, 0, -0.5, 657000.25, 6476999.75]);
  });

  it('reads exponents, signs, tabs and a lone decimal comma', () => {
    expect(parseWorldFile('5.0E-01\n+0\n-0.0\n\t-5e-1\n100,5\n.5')).toEqual([
      0.5, 0, -0, -0.5, 100.5, 0.5,
    ]);
  });

  it('is null for what is not a world file', () => {
    for (const text of [
      '',
      '1\n0\n0\n-1\n10',
      '1\n0\n0\n-1\n10\n20\n30',
      '1\n0\n0\n-1\n10\nx',
      '1\n0\n0\n-1\n10\n1e999',
      '0\n0\n0\n0\n10\n20', // no area
      '1\n2\n2\n4\n10\n20', // the two axes on one line
      'NaN\n0\n0\n-1\n10\n20',
      '0x10\n0\n0\n-1\n10\n20',
      '1 000\n0\n0\n-1\n10\n20',
    ])
      expect(parseWorldFile(text)).toBeNull();
  });
});

describe('worldFilePlacement', () => {
  it('puts the pixel centres of an L-EST97 world file where proj4 puts its grid points', () => {
    const values = parseWorldFile(lest97)!;
    const p = worldFilePlacement(values, 'EPSG:3301');
    expect(p.source).toBe('worldfile');
    expect(placementProblem(p, 4000, 3000)).toBeNull();
    // The centre of pixel (col, row) is (C + A·col, F + E·row).
    for (const [col, row] of [
      [0, 0],
      [3999, 0],
      [1234, 2345],
      [3999, 2999],
    ] as const) {
      const at = pixelToLatLng(p, col + 0.5, row + 0.5);
      const truth = proj(EPSG3301.proj4, 657000.25 + 0.5 * col, 6476999.75 - 0.5 * row);
      expect(at.lat).toBeCloseTo(truth.lat, 10);
      expect(at.lng).toBeCloseTo(truth.lng, 10);
    }
    // The image's top-left corner is half a pixel up and left of the first centre: 657000, 6477000.
    const [tl] = placementCorners(p, 4000, 3000);
    const corner = proj(EPSG3301.proj4, 657000, 6477000);
    expect(tl.lat).toBeCloseTo(corner.lat, 10);
    expect(tl.lng).toBeCloseTo(corner.lng, 10);
  });

  it('takes the rotation terms of a UTM world file', () => {
    const values = parseWorldFile(utm)!;
    const [a, d, b, e, c, f] = values;
    const p = worldFilePlacement(values, 'EPSG:32635');
    expect(placementProblem(p, 2000, 2000)).toBeNull();
    const def = '+proj=utm +zone=35 +datum=WGS84 +units=m +no_defs';
    for (const [col, row] of [
      [0, 0],
      [1999, 0],
      [0, 1999],
      [700, 1300],
    ] as const) {
      const at = pixelToLatLng(p, col + 0.5, row + 0.5);
      const truth = proj(def, a * col + b * row + c, d * col + e * row + f);
      expect(at.lat).toBeCloseTo(truth.lat, 10);
      expect(at.lng).toBeCloseTo(truth.lng, 10);
    }
  });

  it('writes back the numbers it read', () => {
    const values = parseWorldFile(utm)!;
    const text = worldFileText(worldFilePlacement(values, 'EPSG:32635'))!;
    parseWorldFile(text)!.forEach((v, i) => expect(v).toBeCloseTo(values[i]!, 6));
  });
});

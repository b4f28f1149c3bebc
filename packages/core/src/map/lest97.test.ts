import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { EPSG3301 } from './wmts.ts';
import { lestForward, lestInverse } from './lest97.ts';

describe('L-EST97 without proj4', () => {
  // Estonia and well beyond it (the grid's tiles cover 1,024 km square), on a lattice.
  const points: [number, number][] = [];
  for (let lat = 53; lat <= 64; lat += 0.37) {
    for (let lng = 15; lng <= 33; lng += 0.53) points.push([lat, lng]);
  }

  it('projects as proj4 does, within a millimetre', () => {
    for (const [lat, lng] of points) {
      const [x, y] = proj4('EPSG:4326', EPSG3301.proj4, [lng, lat]);
      const [ox, oy] = lestForward(lat, lng);
      expect(Math.abs(ox - x!)).toBeLessThan(0.001);
      expect(Math.abs(oy - y!)).toBeLessThan(0.001);
    }
  });

  it('comes back as proj4 does, within a millimetre on the ground', () => {
    for (const [lat, lng] of points) {
      const [x, y] = proj4('EPSG:4326', EPSG3301.proj4, [lng, lat]) as [number, number];
      const [plng, plat] = proj4(EPSG3301.proj4, 'EPSG:4326', [x, y]) as [number, number];
      const back = lestInverse(x, y);
      // 1e-8° is about a millimetre.
      expect(Math.abs(back.lat - plat)).toBeLessThan(1e-8);
      expect(Math.abs(back.lng - plng)).toBeLessThan(1e-8);
      expect(Math.abs(back.lat - lat)).toBeLessThan(1e-8);
    }
  });

  it('puts the origin of the grid at its false easting and northing', () => {
    const [x, y] = lestForward(57.51755393055556, 24);
    expect(x).toBeCloseTo(500000, 6);
    expect(y).toBeCloseTo(6375000, 6);
  });
});

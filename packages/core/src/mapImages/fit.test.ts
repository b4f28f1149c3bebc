import { describe, expect, it } from 'vitest';
import { fitPlacement, type PlacementFit } from './fit.ts';
import { placementFromCorners } from './kml.ts';
import { metres, pixelToLatLng, placementProblem } from './placement.ts';
import { worldFilePlacement } from './worldFile.ts';
import type { ControlPoint, MapPlacement } from './types.ts';

/** A 4000 × 3000 px map of Tartu in L-EST97 at 0.5 m a pixel, turned 2.5°: the truth. */
const t = (2.5 * Math.PI) / 180;
const truth = worldFilePlacement(
  [
    0.5 * Math.cos(t),
    0.5 * Math.sin(t),
    0.5 * Math.sin(t),
    -0.5 * Math.cos(t),
    657000.25,
    6476999.75,
  ],
  'EPSG:3301',
);

const pointAt = (p: MapPlacement, u: number, v: number): ControlPoint => ({
  u,
  v,
  ...pixelToLatLng(p, u, v),
});

/** Offsets a point on the ground by (east, north) metres. */
function moved(p: ControlPoint, east: number, north: number): ControlPoint {
  const lat = p.lat + north / 111_320;
  const lng = p.lng + east / (111_320 * Math.cos((p.lat * Math.PI) / 180));
  return { ...p, lat, lng };
}

function ok(fit: ReturnType<typeof fitPlacement>): PlacementFit {
  if ('error' in fit) throw new Error(fit.error);
  return fit;
}

/** The largest distance (m) between two placements over a grid of the image. */
function worstOver(a: MapPlacement, b: MapPlacement, width: number, height: number): number {
  let worst = 0;
  for (let i = 0; i <= 10; i++)
    for (let j = 0; j <= 10; j++) {
      const u = (i / 10) * width;
      const v = (j / 10) * height;
      worst = Math.max(worst, metres(pixelToLatLng(a, u, v), pixelToLatLng(b, u, v)));
    }
  return worst;
}

describe('fitPlacement', () => {
  it('is exact at three points (affine)', () => {
    const points = [
      pointAt(truth, 300, 200),
      pointAt(truth, 3700, 600),
      pointAt(truth, 1500, 2800),
    ];
    const fit = ok(fitPlacement(points));
    expect(fit.placement).toMatchObject({ source: 'points', model: 'affine', points });
    expect(fit.placement.h.slice(6)).toEqual([0, 0, 1]);
    expect(Math.max(...fit.residuals)).toBeLessThan(1e-6);
    expect(fit.rms).toBeLessThan(1e-6);
    expect(placementProblem(fit.placement, 4000, 3000)).toBeNull();
    // Fitted in a local transverse Mercator, an affine map of L-EST97 stays affine to a
    // millimetre or two over 2 × 1.5 km (in Web Mercator it was bent by 0.4 m).
    expect(worstOver(fit.placement, truth, 4000, 3000)).toBeLessThan(0.005);
  });

  it('keeps a 20 km rogaine map affine: fitted in a local grid, not Web Mercator', () => {
    // 10 000 px at 2 m: the scale of Web Mercator changes by 0.5 % over it, which bent a
    // three-point fit by 49 m; the local transverse Mercator bends it by centimetres.
    const big = worldFilePlacement([2, 0.05, 0.05, -2, 650000, 6480000], 'EPSG:3301');
    const points = [pointAt(big, 500, 500), pointAt(big, 9500, 1000), pointAt(big, 5000, 9500)];
    const fit = ok(fitPlacement(points));
    expect(fit.placement.crs).toMatch(/^\+proj=tmerc \+lat_0=58\.\d+ \+lon_0=26\.\d+ /);
    expect(worstOver(fit.placement, big, 10_000, 10_000)).toBeLessThan(0.25);
  });

  it('is exact at four points (projective) and follows a perspective it was made from', () => {
    const corners = [
      { lat: 58.40349, lng: 26.70405 },
      { lat: 58.40152, lng: 26.76254 },
      { lat: 58.37911, lng: 26.75803 },
      { lat: 58.38102, lng: 26.70021 },
    ] as const;
    const quad = placementFromCorners([...corners], 4000, 2500);
    const points = [
      pointAt(quad, 500, 400),
      pointAt(quad, 3600, 300),
      pointAt(quad, 3300, 2200),
      pointAt(quad, 200, 2000),
    ];
    const fit = ok(fitPlacement(points, 'projective'));
    expect(fit.placement.model).toBe('projective');
    expect(Math.max(...fit.residuals)).toBeLessThan(1e-6);
    expect(worstOver(fit.placement, quad, 4000, 2500)).toBeLessThan(1e-3);
  });

  it('fits more points exactly when they fit a projective placement', () => {
    const quad = placementFromCorners(
      [
        { lat: 58.4, lng: 26.7 },
        { lat: 58.401, lng: 26.76 },
        { lat: 58.379, lng: 26.757 },
        { lat: 58.381, lng: 26.701 },
      ],
      4000,
      2500,
    );
    const points = [
      [100, 100],
      [3900, 200],
      [3800, 2400],
      [300, 2300],
      [2000, 1200],
      [1000, 1900],
    ].map(([u, v]) => pointAt(quad, u!, v!));
    const fit = ok(fitPlacement(points, 'projective'));
    expect(Math.max(...fit.residuals)).toBeLessThan(1e-4);
  });

  it('fits six noisy points by least squares and reports each point in metres', () => {
    const noise: [number, number][] = [
      [2, -1],
      [-3, 2],
      [1, 3],
      [-2, -2],
      [3, 0],
      [-1, -2],
    ];
    const pixels: [number, number][] = [
      [200, 150],
      [3800, 250],
      [3900, 2850],
      [150, 2700],
      [2000, 1500],
      [1200, 600],
    ];
    const points = pixels.map(([u, v], i) => moved(pointAt(truth, u, v), ...noise[i]!));
    for (const model of ['affine', 'projective'] as const) {
      const fit = ok(fitPlacement(points, model));
      expect(fit.residuals).toHaveLength(6);
      // Each residual is the distance from where the fit puts the pixel to the point given.
      fit.residuals.forEach((r, i) =>
        expect(r).toBeCloseTo(metres(pixelToLatLng(fit.placement, ...pixels[i]!), points[i]!), 9),
      );
      const rms = Math.sqrt(fit.residuals.reduce((s, r) => s + r * r, 0) / 6);
      expect(fit.rms).toBeCloseTo(rms, 9);
      // Noise of 2.9 m rms: the fit absorbs part of it (6 points, 6 or 8 unknowns); measured
      // rms 2.24 m (affine) and 1.61 m (projective).
      expect(fit.rms).toBeGreaterThan(0.3);
      expect(fit.rms).toBeLessThan(2.9);
      expect(worstOver(fit.placement, truth, 4000, 3000)).toBeLessThan(model === 'affine' ? 5 : 12);
    }
  });

  it('refuses too few points, points on a line, and points that are not numbers', () => {
    const a = pointAt(truth, 100, 100);
    const b = pointAt(truth, 2000, 1000);
    const c = pointAt(truth, 3900, 1900); // on the line through a and b
    const d = pointAt(truth, 300, 2800);
    const refused = { error: 'maps.error.fewpoints' };
    expect(fitPlacement([])).toEqual(refused);
    expect(fitPlacement([a, b])).toEqual(refused);
    expect(fitPlacement([a, b, c])).toEqual(refused);
    expect(fitPlacement([a, b, { ...c, u: 3900.5 }])).toEqual(refused); // half a pixel off the line
    expect(fitPlacement([a, a, d])).toEqual(refused);
    expect(fitPlacement([a, b, d], 'projective')).toEqual(refused);
    expect(fitPlacement([a, b, c, d], 'projective')).toEqual(refused); // three on a line
    // On the image they span a plane, on the earth they lie on a line.
    expect(fitPlacement([a, { ...b, lat: a.lat, lng: a.lng }, d])).toEqual(refused);
    expect(fitPlacement([a, b, { ...d, u: NaN }])).toEqual(refused);
    expect(fitPlacement([a, b, { ...d, lat: 89 }])).toEqual(refused);
    expect(fitPlacement([a, b, d, pointAt(truth, 3900, 200)], 'projective')).not.toHaveProperty(
      'error',
    );
  });
});

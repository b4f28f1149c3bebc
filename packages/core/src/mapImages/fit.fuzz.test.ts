/**
 * Fuzz properties of the hand-placement fit: whatever the points (too few, on a line, repeated,
 * NaN, huge, off the earth), it answers a fit or 'maps.error.fewpoints', never throws, never
 * hangs; a fit has one finite residual per point and an invertible placement; three points
 * (affine) and four (projective) taken from a placement are fitted exactly.
 * FUZZ_RUNS inputs per property (testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { check, fuzzOptions, timed, FUZZ_TEST_TIMEOUT_MS } from '../testing/fuzz.ts';
import { fitPlacement, type PlacementModel } from './fit.ts';
import { invertH } from './homography.ts';
import { pixelToLatLng } from './placement.ts';
import { MAP_PLACEMENT_MAX_POINTS, type ControlPoint, type MapPlacement } from './types.ts';

const wild = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, 1, 1e-300, 1e300, 90, -90, 180, 85.1, NaN, Infinity),
);
const pixel = fc.oneof(fc.double({ min: 0, max: 20_000, noNaN: true }), wild);
const anyPoint: fc.Arbitrary<ControlPoint> = fc.record({
  u: pixel,
  v: pixel,
  lat: fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), wild),
  lng: fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), wild),
});
const model = fc.constantFrom<PlacementModel>('affine', 'projective');

/** A placement of a map up to 50 km across, somewhere between 70° S and 70° N. */
const truth: fc.Arbitrary<MapPlacement> = fc
  .tuple(
    fc.double({ min: -70, max: 70, noNaN: true }),
    fc.double({ min: -179, max: 179, noNaN: true }),
    fc.double({ min: 0.05, max: 5, noNaN: true }),
    fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    fc.double({ min: 0.8, max: 1.25, noNaN: true }),
    fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  )
  .map(([lat, lng, scale, turn, aspect, shear]) => ({
    crs: `+proj=tmerc +lat_0=${lat} +lon_0=${lng} +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs`,
    h: [
      scale * Math.cos(turn),
      scale * (Math.sin(turn) + shear),
      0,
      scale * aspect * Math.sin(turn),
      -scale * aspect * Math.cos(turn),
      0,
      0,
      0,
      1,
    ],
    source: 'worldfile' as const,
  }));
const pixels = (n: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })), {
    minLength: n,
    maxLength: n,
  });

describe(
  'hand-placement fit never crashes on any points',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('answers a fit with a finite residual per point, or fewpoints', () => {
      fc.assert(
        fc.property(
          fc.array(anyPoint, { maxLength: MAP_PLACEMENT_MAX_POINTS + 10 }),
          model,
          (points, m) => {
            const fit = timed(() => fitPlacement(points, m));
            if ('error' in fit) {
              check(fit.error === 'maps.error.fewpoints', 'unknown error', fit);
              return;
            }
            check(fit.residuals.length === points.length, 'a residual per point', fit);
            check(
              fit.residuals.every((r) => Number.isFinite(r) && r >= 0),
              'residual',
              fit,
            );
            check(Number.isFinite(fit.rms), 'rms', fit);
            check(fit.placement.h.every(Number.isFinite), 'placement numbers', fit.placement);
            check(invertH(fit.placement.h) !== null, 'placement not invertible', fit.placement);
            check(fit.placement.model === m && fit.placement.source === 'points', 'labels', fit);
          },
        ),
        fuzzOptions(),
      );
    });

    it('fits three points (affine) and four (projective) of a placement exactly', () => {
      fc.assert(
        fc.property(truth, model, pixels(4), (t, m, uv) => {
          const points = uv
            .slice(0, m === 'affine' ? 3 : 4)
            .map(([u, v]) => ({ u, v, ...pixelToLatLng(t, u, v) }));
          const fit = fitPlacement(points, m);
          if ('error' in fit) return; // points near a line: refused, which is allowed
          check(Math.max(...fit.residuals) < 1e-3, 'not exact', { t, points, fit });
        }),
        fuzzOptions(),
      );
    });
  },
);

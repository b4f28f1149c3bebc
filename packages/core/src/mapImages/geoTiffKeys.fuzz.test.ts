/**
 * Fuzz properties of the GeoTIFF placement: whatever tags a file holds (any numbers, NaN,
 * missing or extra values, any keys), it answers null or a finite, invertible placement in a
 * CRS Rada knows; never throws. FUZZ_RUNS inputs per property (testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { check, fuzzOptions, timed, FUZZ_TEST_TIMEOUT_MS } from '../testing/fuzz.ts';
import { crsDefinition } from './crs.ts';
import { geoTiffPlacement } from './geoTiffKeys.ts';
import { invertH } from './homography.ts';

const value = fc.oneof(
  fc.double(),
  fc.constantFrom(0, 1, -1, 0.5, 657000, 6477000, NaN, Infinity, 1e308),
);
const list = (max: number) =>
  fc.oneof(
    fc.array(value, { maxLength: max }),
    fc.array(value, { maxLength: max }).map((a) => Float64Array.from(a)),
  );
const keyValue = fc.oneof(
  fc.constantFrom(1, 2, 3301, 3857, 4326, 32635, 25835, 3067, 32767, 0, -1, 2.5),
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const keys = fc.dictionary(
  fc.constantFrom(
    'GTModelTypeGeoKey',
    'GTRasterTypeGeoKey',
    'GeographicTypeGeoKey',
    'GeodeticCRSGeoKey',
    'ProjectedCSTypeGeoKey',
    'ProjectedCRSGeoKey',
    '__proto__',
    'toString',
  ),
  keyValue,
);
const tags = fc.record(
  {
    pixelScale: list(4),
    tiepoint: list(30),
    transformation: list(17),
    geoKeys: keys,
  },
  { requiredKeys: [] },
);

describe('GeoTIFF placement never crashes on any tags', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('answers null or a finite, invertible placement in a known CRS', () => {
    fc.assert(
      fc.property(tags, (t) => {
        const p = timed(() => geoTiffPlacement(t));
        if (p === null) return;
        check(crsDefinition(p.crs) !== null, 'unknown CRS', p);
        check(p.h.length === 9 && p.h.every(Number.isFinite), 'numbers', p);
        check(invertH(p.h) !== null, 'not invertible', p);
        check(p.source === 'geotiff', 'source', p);
      }),
      fuzzOptions(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { epsgCrs, geoTiffPlacement } from './geoTiffKeys.ts';
import { applyH } from './homography.ts';
import { placementProblem } from './placement.ts';

/** Keys as geotiff.js's getGeoKeys() names them. */
const projected = (code: number, extra: Record<string, unknown> = {}) => ({
  GTModelTypeGeoKey: 1,
  GTRasterTypeGeoKey: 1,
  ProjectedCSTypeGeoKey: code,
  ...extra,
});

describe('geoTiffPlacement', () => {
  it('reads ModelPixelScale and a tie point (L-EST97, PixelIsArea)', () => {
    const p = geoTiffPlacement({
      pixelScale: new Float64Array([0.5, 0.5, 0]),
      tiepoint: new Float64Array([0, 0, 0, 657000, 6477000, 0]),
      geoKeys: projected(3301),
    })!;
    expect(p).toMatchObject({ crs: 'EPSG:3301', source: 'geotiff' });
    expect(applyH(p.h, 0, 0)).toEqual([657000, 6477000]);
    expect(applyH(p.h, 4000, 3000)).toEqual([659000, 6475500]);
    expect(placementProblem(p, 4000, 3000)).toBeNull();
  });

  it('takes a tie point away from the origin', () => {
    const p = geoTiffPlacement({
      pixelScale: [2, 2, 0],
      tiepoint: [100, 50, 0, 500200, 6400000, 0],
      geoKeys: projected(32635),
    })!;
    expect(p.crs).toBe('EPSG:32635');
    expect(applyH(p.h, 0, 0)).toEqual([500000, 6400100]);
  });

  it('shifts PixelIsPoint rasters half a pixel: their tie point names a pixel centre', () => {
    const p = geoTiffPlacement({
      pixelScale: [1, 1, 0],
      tiepoint: [0, 0, 0, 1000, 2000, 0],
      geoKeys: projected(25835, { GTRasterTypeGeoKey: 2 }),
    })!;
    expect(applyH(p.h, 0.5, 0.5)).toEqual([1000, 2000]);
    expect(applyH(p.h, 0, 0)).toEqual([999.5, 2000.5]);
  });

  it('reads a ModelTransformation with rotation terms', () => {
    const p = geoTiffPlacement({
      transformation: [0.5, 0.02, 0, 657000, 0.02, -0.5, 0, 6477000, 0, 0, 0, 0, 0, 0, 0, 1],
      geoKeys: projected(3301),
    })!;
    expect(applyH(p.h, 100, 200)).toEqual([657000 + 50 + 4, 6477000 + 2 - 100]);
  });

  it('fits three or more tie points without a scale (a GCP-placed image)', () => {
    const p = geoTiffPlacement({
      tiepoint: [0, 0, 0, 26.7, 58.4, 0, 1000, 0, 0, 26.76, 58.4, 0, 0, 1000, 0, 26.7, 58.38, 0],
      geoKeys: { GTModelTypeGeoKey: 2, GeographicTypeGeoKey: 4326 },
    })!;
    expect(p.crs).toBe('EPSG:4326');
    const [x, y] = applyH(p.h, 500, 500);
    expect(x).toBeCloseTo(26.73, 10);
    expect(y).toBeCloseTo(58.39, 10);
  });

  it('reads GeoTIFF 1.1 key names', () => {
    const p = geoTiffPlacement({
      pixelScale: [1, 1],
      tiepoint: [0, 0, 0, 0, 0, 0],
      geoKeys: { ProjectedCRSGeoKey: 3067 },
    });
    expect(p?.crs).toBe('EPSG:25835');
  });

  it('is null without a usable georeference', () => {
    const scale = { pixelScale: [1, 1, 0], tiepoint: [0, 0, 0, 500000, 6400000, 0] };
    expect(geoTiffPlacement({})).toBeNull();
    expect(geoTiffPlacement({ ...scale, geoKeys: {} })).toBeNull();
    expect(geoTiffPlacement({ ...scale, geoKeys: projected(32767) })).toBeNull(); // user-defined
    expect(geoTiffPlacement({ ...scale, geoKeys: projected(2154) })).toBeNull(); // not known here
    expect(geoTiffPlacement({ pixelScale: [1, 1, 0], geoKeys: projected(3301) })).toBeNull();
    expect(
      geoTiffPlacement({
        pixelScale: [0, 1, 0],
        tiepoint: scale.tiepoint,
        geoKeys: projected(3301),
      }),
    ).toBeNull();
    expect(
      geoTiffPlacement({
        pixelScale: [NaN, 1],
        tiepoint: scale.tiepoint,
        geoKeys: projected(3301),
      }),
    ).toBeNull();
    expect(
      geoTiffPlacement({
        transformation: [1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0.1, 0, 0, 1],
        geoKeys: projected(3301),
      }),
    ).toBeNull(); // not affine
  });
});

describe('epsgCrs', () => {
  it('names the grids Rada knows, under their other names too', () => {
    expect(epsgCrs(3301)).toBe('EPSG:3301');
    expect(epsgCrs(900913)).toBe('EPSG:3857');
    expect(epsgCrs(4258)).toBe('EPSG:4326');
    expect(epsgCrs(3006)).toBe('EPSG:25833');
    expect(epsgCrs(32735)).toBe('EPSG:32735');
    expect(epsgCrs(32661)).toBeNull(); // UPS north, not a UTM zone
    expect(epsgCrs(25839)).toBeNull();
  });
});

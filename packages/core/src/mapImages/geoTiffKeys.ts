/**
 * A GeoTIFF's placement from its tags, as geotiff.js gives them (the fileDirectory's
 * ModelPixelScale, ModelTiepoint and ModelTransformation, and getGeoKeys()). Pure: the server
 * reads the file, this turns its numbers into a MapPlacement (GeoTIFF 1.0 and 1.1 key names).
 */
import { fitMatrix } from './fit.ts';
import { affineH, invertH, type Mat3 } from './homography.ts';
import type { MapPlacement } from './types.ts';

export interface GeoTiffTags {
  /** ModelPixelScaleTag: ScaleX, ScaleY, ScaleZ. */
  pixelScale?: ArrayLike<number>;
  /** ModelTiepointTag: (I, J, K, X, Y, Z) per tie point. */
  tiepoint?: ArrayLike<number>;
  /** ModelTransformationTag: a 4 × 4 matrix, row-major. */
  transformation?: ArrayLike<number>;
  geoKeys?: Record<string, unknown>;
}

/** GTRasterTypeGeoKey's RasterPixelIsPoint: raster coordinates name pixel centres. */
const PIXEL_IS_POINT = 2;
/** GTModelTypeGeoKey's ModelTypeGeographic. */
const MODEL_GEOGRAPHIC = 2;
/** Tie points read at most (a GCP-placed image has a few dozen). */
const MAX_TIEPOINTS = 1000;

/**
 * The placement of a GeoTIFF, or null when it has no usable georeference: a ModelTransformation,
 * else a ModelPixelScale with a tie point, else three or more tie points (fitted affine); the
 * CRS from ProjectedCSTypeGeoKey (ProjectedCRSGeoKey) or, for a geographic model,
 * GeographicTypeGeoKey (GeodeticCRSGeoKey), when Rada knows it (epsgCrs). RasterPixelIsPoint
 * shifts the raster half a pixel (its coordinates name pixel centres, a placement's (0, 0) is the
 * top-left pixel's corner). Source 'geotiff'. Never throws.
 */
export function geoTiffPlacement(tags: GeoTiffTags): MapPlacement | null {
  try {
    const keys = tags.geoKeys ?? {};
    const crs = tiffCrs(keys);
    if (!crs) return null;
    let h = rasterToModel(tags);
    if (!h) return null;
    if (keyNumber(keys, 'GTRasterTypeGeoKey') === PIXEL_IS_POINT)
      h = [
        h[0]!,
        h[1]!,
        h[2]! - (h[0]! + h[1]!) / 2,
        h[3]!,
        h[4]!,
        h[5]! - (h[3]! + h[4]!) / 2,
        0,
        0,
        1,
      ];
    if (!h.every(Number.isFinite) || !invertH(h)) return null;
    return { crs, h, source: 'geotiff' };
  } catch {
    return null;
  }
}

function numbers(values: ArrayLike<number> | undefined, max: number): number[] | null {
  if (!values || typeof values !== 'object' || typeof values.length !== 'number') return null;
  const out: number[] = [];
  for (let i = 0; i < Math.min(values.length, max); i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    out.push(v);
  }
  return out;
}

/** The affine matrix from raster (i, j) to model (x, y), before any PixelIsPoint shift. */
function rasterToModel(tags: GeoTiffTags): Mat3 | null {
  const t = numbers(tags.transformation, 16);
  if (t && t.length === 16) {
    // Only 2D affine transformations: the last row must be (0, 0, 0, 1).
    if (t[12] !== 0 || t[13] !== 0 || t[15] !== 1) return null;
    return affineH(t[0]!, t[1]!, t[3]!, t[4]!, t[5]!, t[7]!);
  }
  const tie = numbers(tags.tiepoint, MAX_TIEPOINTS * 6);
  if (!tie || tie.length < 6) return null;
  const scale = numbers(tags.pixelScale, 3);
  if (scale && scale.length >= 2) {
    const [sx, sy] = scale as [number, number];
    if (sx === 0 || sy === 0) return null;
    const [i, j, , x, y] = tie as [number, number, number, number, number];
    // x = X + (col − I)·ScaleX, y = Y − (row − J)·ScaleY
    return affineH(sx, 0, x - i * sx, 0, -sy, y + j * sy);
  }
  if (tie.length < 18) return null;
  const src: [number, number][] = [];
  const dst: [number, number][] = [];
  for (let k = 0; k + 6 <= tie.length; k += 6) {
    src.push([tie[k]!, tie[k + 1]!]);
    dst.push([tie[k + 3]!, tie[k + 4]!]);
  }
  return fitMatrix(src, dst, 'affine');
}

function keyNumber(keys: Record<string, unknown>, ...names: string[]): number | null {
  for (const name of names) {
    if (!Object.hasOwn(keys, name)) continue;
    let v = keys[name];
    if (Array.isArray(v) || ArrayBuffer.isView(v)) v = (v as ArrayLike<unknown>)[0];
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  }
  return null;
}

/** The CRS named by a GeoTIFF's keys, when Rada knows it; null otherwise. */
function tiffCrs(keys: Record<string, unknown>): string | null {
  const projected = keyNumber(keys, 'ProjectedCSTypeGeoKey', 'ProjectedCRSGeoKey');
  if (projected !== null) return epsgCrs(projected);
  const model = keyNumber(keys, 'GTModelTypeGeoKey');
  const geographic = keyNumber(keys, 'GeographicTypeGeoKey', 'GeodeticCRSGeoKey');
  if (geographic !== null && (model === null || model === MODEL_GEOGRAPHIC))
    return epsgCrs(geographic);
  return null;
}

/**
 * An EPSG code as a CRS Rada knows (crs.ts), or null. Codes that are the same grid under
 * another name map to it: ETRS-TM35FIN (3067) is UTM 35N on ETRS89 (25835), SWEREF 99 TM (3006)
 * is UTM 33N's grid on SWEREF 99 (25833), and the old names of Web Mercator are 3857. ETRS89
 * (4258) and its realisations EST97 (4180) and SWEREF 99 (4619) are taken as WGS84: they differ
 * by less than a metre, which proj4 does not model either.
 */
export function epsgCrs(code: number): string | null {
  if (!Number.isSafeInteger(code)) return null;
  if (code === 3301) return 'EPSG:3301';
  if ([3857, 900913, 3785, 102100, 102113].includes(code)) return 'EPSG:3857';
  if ([4326, 4258, 4180, 4619].includes(code)) return 'EPSG:4326';
  if (code === 3067) return 'EPSG:25835';
  if (code === 3006) return 'EPSG:25833';
  if ((code > 32600 && code <= 32660) || (code > 32700 && code <= 32760)) return `EPSG:${code}`;
  if (code >= 25828 && code <= 25838) return `EPSG:${code}`;
  return null;
}

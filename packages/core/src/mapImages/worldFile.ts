/**
 * World files (.jgw .pgw .gfw .tfw .wld, ESRI's format, also written by OCAD, Purple Pen,
 * OpenOrienteering Mapper, QGIS and GDAL): six numbers, one a line, A D B E C F, where
 * x = A·col + B·row + C and y = D·col + E·row + F for the CENTRE of pixel (col, row). The file
 * names no coordinate system: the person adding the map picks one (crsChoices.ts).
 */
import { affineH } from './homography.ts';
import type { MapPlacement } from './types.ts';

/** A world file is six short lines; anything much longer is not one. */
const WORLD_FILE_MAX_CHARS = 2000;

/**
 * The six numbers of a world file (A D B E C F), or null when the text is not one: not exactly
 * six numbers, a number that is not finite, or a grid that does not span a plane
 * (A·E − B·D = 0). Numbers may be separated by any whitespace (Windows or Unix lines, trailing
 * spaces, a blank last line); a lone decimal comma, as a localised writer puts it, is read.
 */
export function parseWorldFile(
  text: string,
): [number, number, number, number, number, number] | null {
  if (typeof text !== 'string' || text.length > WORLD_FILE_MAX_CHARS) return null;
  const tokens = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\s+/);
  if (tokens.length !== 6) return null;
  const values: number[] = [];
  for (const token of tokens) {
    const t = /^[+-]?\d+,\d+(?:[eE][+-]?\d+)?$/.test(token) ? token.replace(',', '.') : token;
    if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) return null;
    const n = Number(t);
    if (!Number.isFinite(n)) return null;
    values.push(n);
  }
  const [a, d, b, e] = values as [number, number, number, number];
  const det = a * e - b * d;
  if (!Number.isFinite(det) || det === 0) return null;
  return values as [number, number, number, number, number, number];
}

/**
 * The affine placement of a world file's six numbers in `crs`. The file's C and F are the centre
 * of the top-left pixel; a MapPlacement's (0, 0) is that pixel's top-left corner, half a pixel
 * up and left: x = A·(u − ½) + B·(v − ½) + C. Source 'worldfile'. The CRS is taken as given
 * (check the result with placementProblem).
 */
export function worldFilePlacement(values: readonly number[], crs: string): MapPlacement {
  const [a, d, b, e, c, f] = values as [number, number, number, number, number, number];
  return {
    crs,
    h: affineH(a, b, c - (a + b) / 2, d, e, f - (d + e) / 2),
    source: 'worldfile',
  };
}

/**
 * A world file's text for a placement that is affine (as the six numbers would be written by
 * GDAL: full precision, one a line); null for a projective one.
 */
export function worldFileText(placement: MapPlacement): string | null {
  const [a, b, c, d, e, f, g, h, i] = placement.h as [number, ...number[]] as number[];
  if (g !== 0 || h !== 0 || i !== 1) return null;
  const values = [a!, d!, b!, e!, c! + (a! + b!) / 2, f! + (d! + e!) / 2];
  return values.map((v) => String(v)).join('\n') + '\n';
}

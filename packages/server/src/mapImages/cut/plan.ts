import {
  TILE_GRID_DEFS,
  TILE_SIZE,
  applyH,
  fromCrs,
  gridPixel,
  gridPoint,
  gridResolution,
  invertH,
  metres,
  pixelToLatLng,
  toCrs,
} from '@rada/core/mapImages';
import type { MapPlacement, TileGrid, TileGridDef } from '@rada/core/mapImages';

/**
 * Where a map image's tiles lie in one tile grid: the zoom levels cut, the way from the grid's
 * coordinates to image pixels, and the image's outline in the grid (to skip tiles outside it).
 */
export interface GridPlan {
  grid: TileGrid;
  def: TileGridDef;
  minZoom: number;
  maxZoom: number;
  /** A point of the grid's CRS → image pixel (u, v), (0, 0) the top-left corner of the image. */
  toImage: (x: number, y: number) => [number, number];
  /** The image's outline in the grid's CRS (its edges sampled, in order). */
  outline: [number, number][];
}

/** Points sampled along each edge of the outline: the grid's CRS bends a straight image edge. */
const OUTLINE_STEPS = 32;
/**
 * How much coarser than the image's pixel the highest zoom's pixel may be: a third of a zoom
 * level. The finer level would hold up to 2.5 times the tiles (and their bytes, and the cut's
 * time) for detail within a quarter of a pixel, which a viewer zoomed past it draws scaled anyway.
 */
export const MAX_ZOOM_SLACK = 2 ** (1 / 3);
/** Zoom levels below the highest cut at most (the map then spans a few screen pixels). */
export const MAX_ZOOM_SPAN = 8;
/** The lowest zoom: the map's longer side spans at most this many grid pixels (one or two tiles). */
const MIN_ZOOM_EXTENT = TILE_SIZE;

const sameCrs = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The plan of one grid; throws when the placement cannot be inverted (checked before a cut). */
export function planGrid(
  grid: TileGrid,
  placement: MapPlacement,
  width: number,
  height: number,
): GridPlan {
  const def = TILE_GRID_DEFS[grid];
  const inv = invertH(placement.h);
  if (!inv) throw new Error('placement cannot be inverted');
  const toImage = sameCrs(def.crs, placement.crs)
    ? (x: number, y: number) => applyH(inv, x, y)
    : (x: number, y: number) => {
        const [px, py] = toCrs(placement.crs, fromCrs(def.crs, x, y));
        return applyH(inv, px, py);
      };
  const toGrid = (u: number, v: number) => toCrs(def.crs, pixelToLatLng(placement, u, v));

  const outline: [number, number][] = [];
  const edges: [number, number, number, number][] = [
    [0, 0, width, 0],
    [width, 0, width, height],
    [width, height, 0, height],
    [0, height, 0, 0],
  ];
  for (const [u0, v0, u1, v1] of edges)
    for (let k = 0; k < OUTLINE_STEPS; k++) {
      const f = k / OUTLINE_STEPS;
      outline.push(toGrid(u0 + (u1 - u0) * f, v0 + (v1 - v0) * f));
    }

  // The image's pixel on the ground at its centre, against the grid's pixel there.
  const step = Math.max(1, Math.min(width, height) / 100);
  const cu = width / 2;
  const cv = height / 2;
  const centre = pixelToLatLng(placement, cu, cv);
  const imagePixel = Math.sqrt(
    (metres(centre, pixelToLatLng(placement, cu + step, cv)) / step) *
      (metres(centre, pixelToLatLng(placement, cu, cv + step)) / step),
  );
  const [gx, gy] = toCrs(def.crs, centre);
  const d = gridResolution(def, def.maxZoom) * 64;
  const gridScale = metres(fromCrs(def.crs, gx, gy), fromCrs(def.crs, gx + d, gy)) / d;
  let maxZoom = def.minZoom;
  while (
    maxZoom < def.maxZoom &&
    gridResolution(def, maxZoom) * gridScale > imagePixel * MAX_ZOOM_SLACK
  )
    maxZoom += 1;

  const extent = (z: number) => {
    const b = outlineBox(outline, def, z);
    return Math.max(b[2] - b[0], b[3] - b[1]);
  };
  let minZoom = maxZoom;
  while (
    minZoom > Math.max(def.minZoom, maxZoom - MAX_ZOOM_SPAN) &&
    extent(minZoom) > MIN_ZOOM_EXTENT
  )
    minZoom -= 1;
  return { grid, def, minZoom, maxZoom, toImage, outline };
}

/** The outline in grid pixels at zoom z. */
export function outlinePixels(plan: GridPlan, z: number): [number, number][] {
  return plan.outline.map(([x, y]) => gridPixel(plan.def, z, x, y));
}

/** [minX, minY, maxX, maxY] of the outline in grid pixels at zoom z. */
function outlineBox(outline: [number, number][], def: TileGridDef, z: number) {
  const box = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number];
  for (const [x, y] of outline) {
    const [px, py] = gridPixel(def, z, x, y);
    box[0] = Math.min(box[0], px);
    box[1] = Math.min(box[1], py);
    box[2] = Math.max(box[2], px);
    box[3] = Math.max(box[3], py);
  }
  return box;
}

/** The tiles (x, y) at zoom z whose squares meet the outline's bounding box. */
export function tileRange(plan: GridPlan, z: number): [number, number, number, number] {
  const [x0, y0, x1, y1] = outlineBox(plan.outline, plan.def, z);
  return [
    Math.floor(x0 / TILE_SIZE),
    Math.floor(y0 / TILE_SIZE),
    Math.floor(x1 / TILE_SIZE),
    Math.floor(y1 / TILE_SIZE),
  ];
}

/**
 * Whether the square [x0, x1] × [y0, y1] meets the polygon (its inside or its edges): a corner of
 * one inside the other, or two edges crossing.
 */
export function squareMeetsPolygon(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  poly: [number, number][],
): boolean {
  for (const [x, y] of poly) if (x >= x0 && x <= x1 && y >= y0 && y <= y1) return true;
  if (inside(poly, x0, y0) || inside(poly, x1, y0) || inside(poly, x1, y1) || inside(poly, x0, y1))
    return true;
  // An edge crossing a side of the square (no vertex inside it, no corner inside the polygon).
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!;
    const [bx, by] = poly[(i + 1) % poly.length]!;
    if (Math.max(ax, bx) < x0 || Math.min(ax, bx) > x1) continue;
    if (Math.max(ay, by) < y0 || Math.min(ay, by) > y1) continue;
    if (crosses(ax, ay, bx, by, x0, y0, x1, y0) || crosses(ax, ay, bx, by, x1, y0, x1, y1))
      return true;
    if (crosses(ax, ay, bx, by, x1, y1, x0, y1) || crosses(ax, ay, bx, by, x0, y1, x0, y0))
      return true;
  }
  return false;
}

/** Even-odd point in polygon. */
function inside(poly: [number, number][], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

function crosses(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * The image positions (pixel-centre coordinates: pixel (i, j)'s centre is (i, j)) of a tile's
 * pixel centres every `step` pixels, edges included: (TILE_SIZE / step + 1)² pairs, row-major.
 * Exact here; the warp interpolates between them (the transform is smooth at this scale).
 */
export function tileNodes(plan: GridPlan, z: number, tx: number, ty: number, step: number) {
  const n = TILE_SIZE / step + 1;
  const nodes = new Float64Array(n * n * 2);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const [x, y] = gridPoint(
        plan.def,
        z,
        tx * TILE_SIZE + i * step + 0.5,
        ty * TILE_SIZE + j * step + 0.5,
      );
      const [u, v] = plan.toImage(x, y);
      nodes[(j * n + i) * 2] = u - 0.5;
      nodes[(j * n + i) * 2 + 1] = v - 0.5;
    }
  return nodes;
}

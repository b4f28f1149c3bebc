import type { TileGrid } from './types.ts';

/**
 * The tile grids as Leaflet addresses them, so the server cuts exactly the tiles a viewer asks
 * for: tile (x, y) at zoom z covers the grid's pixels [x·256, (x+1)·256) × [y·256, (y+1)·256),
 * where a point (X, Y) in the grid's CRS lies at pixel ((X − originX) / res, (originY − Y) / res)
 * and res = res0 / 2^z. Web Mercator counts rows from the top (y ≥ 0); L-EST97 (web's LEST_CRS,
 * proj4leaflet with origin (40500, 5993000)) from its bottom edge, so its rows are negative.
 */
export interface TileGridDef {
  crs: 'EPSG:3857' | 'EPSG:3301';
  originX: number;
  originY: number;
  /** Metres per pixel at zoom 0. */
  res0: number;
  minZoom: number;
  maxZoom: number;
}

export const TILE_SIZE = 256;
const MERCATOR_HALF = Math.PI * 6378137;

export const TILE_GRID_DEFS: Record<TileGrid, TileGridDef> = {
  '3857': {
    crs: 'EPSG:3857',
    originX: -MERCATOR_HALF,
    originY: MERCATOR_HALF,
    res0: (2 * MERCATOR_HALF) / TILE_SIZE,
    minZoom: 0,
    maxZoom: 22,
  },
  '3301': {
    crs: 'EPSG:3301',
    originX: 40500,
    originY: 5993000,
    res0: 4000,
    minZoom: 0,
    maxZoom: 18,
  },
};

/** Metres (of the grid's CRS) per pixel at zoom z. */
export const gridResolution = (grid: TileGridDef, z: number): number => grid.res0 / 2 ** z;

/** The grid pixel of a point in the grid's CRS at zoom z. */
export function gridPixel(grid: TileGridDef, z: number, x: number, y: number): [number, number] {
  const res = gridResolution(grid, z);
  return [(x - grid.originX) / res, (grid.originY - y) / res];
}

/** The point in the grid's CRS of a grid pixel at zoom z. */
export function gridPoint(grid: TileGridDef, z: number, px: number, py: number): [number, number] {
  const res = gridResolution(grid, z);
  return [grid.originX + px * res, grid.originY - py * res];
}

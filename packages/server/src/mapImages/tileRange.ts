import { TILE_GRID_DEFS, TILE_SIZE, gridResolution } from '@rada/core';
import type { MapPlacement, MapTileSet, TileGrid } from '@rada/core';
import { pixelToLatLng, toCrs } from '@rada/core/mapImages';

/** The image's extent in a grid's CRS: [minX, minY, maxX, maxY]. */
type Extent = [number, number, number, number];

/** Points taken along each edge of the image (its edges may bend in another CRS). */
const EDGE_STEPS = 16;

/** The extent in `grid`'s CRS of an image placed by `placement`, or null when it cannot be had. */
export function gridExtent(
  placement: MapPlacement,
  width: number,
  height: number,
  grid: TileGrid,
): Extent | null {
  const crs = TILE_GRID_DEFS[grid].crs;
  const extent: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  try {
    for (let i = 0; i <= EDGE_STEPS; i++) {
      const f = i / EDGE_STEPS;
      for (const [u, v] of [
        [f * width, 0],
        [f * width, height],
        [0, f * height],
        [width, f * height],
      ] as const) {
        const [x, y] = toCrs(crs, pixelToLatLng(placement, u, v));
        extent[0] = Math.min(extent[0], x);
        extent[1] = Math.min(extent[1], y);
        extent[2] = Math.max(extent[2], x);
        extent[3] = Math.max(extent[3], y);
      }
    }
  } catch {
    return null;
  }
  return extent.every(Number.isFinite) ? extent : null;
}

/**
 * Whether tile (z, x, y) of `grid` lies within the tiles a cut of this extent covers: a zoom of
 * the tile set, and the columns and rows the extent touches (one tile of margin: the cutter
 * may write a tile its edge only grazes).
 */
export function tileInRange(
  extent: Extent,
  set: MapTileSet,
  grid: TileGrid,
  z: number,
  x: number,
  y: number,
): boolean {
  if (z < set.minZoom || z > set.maxZoom) return false;
  const def = TILE_GRID_DEFS[grid];
  const span = gridResolution(def, z) * TILE_SIZE;
  const x0 = Math.floor((extent[0] - def.originX) / span) - 1;
  const x1 = Math.floor((extent[2] - def.originX) / span) + 1;
  const y0 = Math.floor((def.originY - extent[3]) / span) - 1;
  const y1 = Math.floor((def.originY - extent[1]) / span) + 1;
  return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/** Extents per map version and grid, kept while the process runs (a version never moves). */
export function extentCache(max = 2000) {
  const cache = new Map<string, Extent | null>();
  return (key: string, make: () => Extent | null): Extent | null => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };
}

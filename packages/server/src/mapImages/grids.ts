import type { MapPlacement, TileGrid } from '@rada/core';
import { pixelToLatLng } from '@rada/core/mapImages';

/**
 * Where L-EST97 (EPSG:3301) is used: Estonia and its waters, with a margin. Maa-amet's layers,
 * the only ones drawn in that grid, cover nothing else.
 */
const LEST_AREA = { south: 57.0, north: 60.5, west: 21.0, east: 29.0 };

/**
 * The grids a map image is cut in: always Web Mercator (every base layer but Maa-amet's), and
 * L-EST97 when the image's centre lies in Estonia, where a viewer may draw Maa-amet's layers.
 * Cut once per placement, whatever event shows it, so a library map needs no new cut when
 * another event (with other base layers) takes it.
 */
export function cutGrids(placement: MapPlacement, width: number, height: number): TileGrid[] {
  try {
    const c = pixelToLatLng(placement, width / 2, height / 2);
    const inEstonia =
      c.lat >= LEST_AREA.south &&
      c.lat <= LEST_AREA.north &&
      c.lng >= LEST_AREA.west &&
      c.lng <= LEST_AREA.east;
    return inEstonia ? ['3857', '3301'] : ['3857'];
  } catch {
    return ['3857'];
  }
}

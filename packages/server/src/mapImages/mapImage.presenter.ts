import { fillPath, operationRoute, TILE_GRIDS } from '@rada/core';
import type {
  EventMapImageView,
  LibraryMapView,
  MapImageFormat,
  MapPlacement,
  MapTileSet,
  MapTileState,
  TileGrid,
} from '@rada/core';
import { placementCorners } from '@rada/core/mapImages';
import { fromJson } from '../db/json.ts';
import type { LinkedMapRow, MapImageRow } from './mapImage.repository.ts';

type Corners = NonNullable<EventMapImageView['corners']>;

/** A stored placement, or null (none, or not one). */
export function placementOf(row: Pick<MapImageRow, 'placement'>): MapPlacement | null {
  const p = fromJson<MapPlacement | null>(row.placement, null);
  return p && typeof p.crs === 'string' && Array.isArray(p.h) && p.h.length === 9 ? p : null;
}

/** The tile sets of a cut map, by grid (only known grids). */
export function tileSetsOf(row: Pick<MapImageRow, 'tiles'>): Partial<Record<TileGrid, MapTileSet>> {
  const stored = fromJson<Record<string, MapTileSet> | null>(row.tiles, null) ?? {};
  const out: Partial<Record<TileGrid, MapTileSet>> = {};
  for (const grid of TILE_GRIDS) if (stored[grid]) out[grid] = stored[grid];
  return out;
}

// Corners cost a few projections; a map's stay the same for its version.
const cornerCache = new Map<string, Corners | null>();

/** The image's corners on the earth (top-left, top-right, bottom-right, bottom-left), or null. */
export function cornersOf(row: MapImageRow): Corners | null {
  const key = `${row.id}/${row.version}`;
  const cached = cornerCache.get(key);
  if (cached !== undefined) return cached;
  const placement = placementOf(row);
  let corners: Corners | null = null;
  if (placement) {
    try {
      corners = placementCorners(placement, row.width, row.height);
    } catch {
      corners = null;
    }
  }
  if (cornerCache.size > 1000) cornerCache.clear();
  cornerCache.set(key, corners);
  return corners;
}

/** The placeholders of the tiles' URL template (Leaflet fills them in). */
const TILE_PLACEHOLDERS = { grid: '{grid}', z: '{z}', x: '{x}', y: '{y}.webp' };

/** The tiles' URL template of a map in an event at a version. */
export const tileUrl = (eventId: string, mapId: string, version: number): string =>
  `/api${fillPath(
    operationRoute('mapTile').path,
    { id: eventId, mapId, version: String(version) },
    TILE_PLACEHOLDERS,
  )}`;

/** A map image as the event shows it; `progress` while this process cuts it. */
export function presentEventMap(
  row: LinkedMapRow,
  progress: number | undefined,
): EventMapImageView {
  const state = row.state as MapTileState;
  return {
    id: row.id,
    name: row.name,
    width: row.width,
    height: row.height,
    format: row.format as MapImageFormat,
    bytes: row.bytes,
    placement: placementOf(row),
    corners: cornersOf(row),
    state,
    progress: state === 'cutting' ? (progress ?? 0) : null,
    error: state === 'failed' ? row.error : null,
    tiles:
      state === 'ready'
        ? { url: tileUrl(row.event_id, row.id, row.version), grids: tileSetsOf(row) }
        : null,
    published: row.published === 1,
    publicFrom: row.public_from,
    inLibrary: row.in_library === 1,
    position: row.position,
    createdAt: row.created_at,
  };
}

/** A kept map image of the caller's library. */
export function presentLibraryMap(row: MapImageRow & { events: number }): LibraryMapView {
  return {
    id: row.id,
    name: row.name,
    width: row.width,
    height: row.height,
    format: row.format as MapImageFormat,
    bytes: row.bytes,
    corners: cornersOf(row),
    createdAt: row.created_at,
    events: row.events,
  };
}

import L from 'leaflet';
import type { EventMapView, MapCrs } from '@rada/core';
import { leafletCrs } from './crs.ts';

/** A tile's coordinates in its layer's grid. */
export interface TileCoords {
  x: number;
  y: number;
  z: number;
}

/** Downloads stop here, whatever the area and zoom: a phone's storage and the tile servers' sake. */
export const OFFLINE_MAX_TILES = 20_000;
/** Tiles fetched at once while downloading. */
const PARALLEL = 6;
/** The size counted for a tile whose size cannot be read (an opaque answer). */
export const TILE_BYTES_GUESS = 25_000;

/** The cache an event's offline tiles are kept in (the service worker answers from it). */
export const tileCacheName = (eventId: string) => `rada-tiles:${eventId}`;

/**
 * The tiles of a layer covering the event area from `minZoom` to `maxZoom`, low zooms first: per
 * zoom, the tile range around the area's corners as the layer's CRS projects them (an area in
 * degrees is no rectangle on the EPSG:3301 grid).
 */
export function tilesInArea(
  area: NonNullable<EventMapView['eventbounds']>,
  crs: MapCrs,
  minZoom: number,
  maxZoom: number,
  limit = OFFLINE_MAX_TILES,
): TileCoords[] {
  const leaflet = leafletCrs(crs);
  const corners = [
    L.latLng(area.southWest.lat, area.southWest.lng),
    L.latLng(area.southWest.lat, area.northEast.lng),
    L.latLng(area.northEast.lat, area.northEast.lng),
    L.latLng(area.northEast.lat, area.southWest.lng),
  ];
  const out: TileCoords[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const points = corners.map((c) => leaflet.latLngToPoint(c, z));
    const xs = points.map((p) => Math.floor(p.x / 256));
    const ys = points.map((p) => Math.floor(p.y / 256));
    for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
      for (let x = Math.min(...xs); x <= Math.max(...xs); x++) {
        if (out.length >= limit) return out;
        out.push({ x, y, z });
      }
    }
  }
  return out;
}

/**
 * Fetches one tile for keeping: readable (CORS) when the server allows it, else opaque. The
 * event's own map tiles come from the app's origin with the reader's cookie (an admin keeps a
 * map not yet public); other hosts get none.
 */
async function fetchTile(url: string, signal?: AbortSignal): Promise<Response> {
  try {
    const res = await fetch(url, { mode: 'cors', signal, credentials: 'same-origin' });
    if (res.ok) return res;
    throw new Error(`tile ${res.status}`);
  } catch (e) {
    if (signal?.aborted) throw e;
    // A tile server without CORS headers: keep the opaque answer (its size cannot be read).
    return fetch(url, { mode: 'no-cors', signal, credentials: 'same-origin' });
  }
}

const sizeOf = async (res: Response) =>
  res.type === 'opaque' ? TILE_BYTES_GUESS : (await res.clone().arrayBuffer()).byteLength;

/** The average size of a few of the tiles (bytes), to estimate a download before it starts. */
export async function sampleTileBytes(urls: readonly string[], samples = 3): Promise<number> {
  const picked = [...new Set([urls[0], urls[Math.floor(urls.length / 2)], urls.at(-1)])]
    .filter((u): u is string => u !== undefined)
    .slice(0, samples);
  const sizes = await Promise.all(
    picked.map((u) => fetchTile(u).then(sizeOf, () => TILE_BYTES_GUESS)),
  );
  return sizes.length === 0 ? TILE_BYTES_GUESS : sizes.reduce((a, b) => a + b, 0) / sizes.length;
}

/** Progress of a download: tiles done (saved or already there), failed, and bytes saved. */
export interface DownloadProgress {
  done: number;
  failed: number;
  bytes: number;
  total: number;
}

/**
 * Saves the tiles into the event's cache, PARALLEL at a time, skipping those already saved;
 * reports progress after each. Stops early when `signal` aborts (what was saved stays).
 */
export async function downloadTiles(
  eventId: string,
  urls: readonly string[],
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadProgress> {
  const cache = await caches.open(tileCacheName(eventId));
  const progress: DownloadProgress = { done: 0, failed: 0, bytes: 0, total: urls.length };
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !signal?.aborted) {
      const url = urls[next++]!;
      try {
        if (!(await cache.match(url))) {
          const res = await fetchTile(url, signal);
          progress.bytes += await sizeOf(res);
          await cache.put(url, res);
        }
        progress.done++;
      } catch {
        if (signal?.aborted) return;
        progress.failed++;
      }
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return progress;
}

/** How many of the event's tiles are saved for offline use. */
export async function savedTileCount(eventId: string): Promise<number> {
  if (!('caches' in window)) return 0;
  if (!(await caches.has(tileCacheName(eventId)))) return 0;
  return (await (await caches.open(tileCacheName(eventId))).keys()).length;
}

/** Forgets the event's offline tiles. */
export const removeSavedTiles = (eventId: string) => caches.delete(tileCacheName(eventId));

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import type { EventMapImageView } from '@rada/core';
import { LEST_CRS, switchCrs } from './crs.ts';
import { downloadTiles } from './offlineTiles.ts';
import {
  OwnMapTileLayer,
  drawableImages,
  gridOf,
  imagesArea,
  ownMapMaxZoom,
  ownMapOffline,
  ownMapTileUrl,
  ownMapZooms,
  readOwnMapPrefs,
  writeOwnMapPrefs,
} from './ownMapLayers.ts';
import type { DrawableImage } from './ownMapLayers.ts';

/** A map image over a corner of Tartu, cut in both grids (zooms as the server would cut them). */
function image(over: Partial<EventMapImageView> = {}): DrawableImage {
  return {
    id: 'm1',
    name: 'Tartu 1:10 000',
    width: 4000,
    height: 3000,
    format: 'jpeg',
    bytes: 1_000_000,
    placement: null,
    corners: [
      { lat: 58.39, lng: 26.7 },
      { lat: 58.39, lng: 26.74 },
      { lat: 58.37, lng: 26.74 },
      { lat: 58.37, lng: 26.7 },
    ],
    state: 'ready',
    progress: null,
    error: null,
    tiles: {
      url: '/api/events/ev/maps/m1/tiles/2/{grid}/{z}/{x}/{y}.webp',
      grids: {
        '3857': { minZoom: 12, maxZoom: 17, bytes: 4_000_000, count: 400 },
        '3301': { minZoom: 8, maxZoom: 13, bytes: 3_000_000, count: 300 },
      },
    },
    published: true,
    publicFrom: null,
    inLibrary: false,
    position: 0,
    createdAt: 0,
    ...over,
  } as DrawableImage;
}

/**
 * A Leaflet map in a 512 × 512 px box (jsdom lays nothing out), with its own zoom range as the
 * event's maps have from their base layer (else a layer's minZoom would zoom the map).
 */
function sizedMap(options: L.MapOptions): L.Map {
  const div = document.createElement('div');
  Object.defineProperty(div, 'clientWidth', { value: 512 });
  Object.defineProperty(div, 'clientHeight', { value: 512 });
  document.body.append(div);
  return L.map(div, { minZoom: 0, maxZoom: 22, ...options });
}

/** The addresses of the tiles a layer has asked for. */
const requested = (layer: L.GridLayer) =>
  [...(layer.getContainer()?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('src'));

describe('choosing what to draw', () => {
  it('draws only ready images with tiles and corners', () => {
    const images = [
      image(),
      image({ id: 'm2', state: 'cutting', tiles: null }),
      image({ id: 'm3', state: 'unplaced', corners: null, tiles: null }),
      image({ id: 'm4', state: 'failed', error: 'maps.error.cut' }),
    ];
    expect(drawableImages({ images }).map((i) => i.id)).toEqual(['m1']);
    expect(drawableImages(undefined)).toEqual([]);
  });

  it('gives the area the images cover together, for a map with nothing else to show', () => {
    const other = image({
      id: 'm2',
      corners: [
        { lat: 58.5, lng: 26.9 },
        { lat: 58.5, lng: 27 },
        { lat: 58.45, lng: 27 },
        { lat: 58.45, lng: 26.9 },
      ],
    });
    const area = imagesArea([image(), other])!;
    expect(area.southWest.lat).toBeLessThanOrEqual(58.37);
    expect(area.northEast.lat).toBeGreaterThanOrEqual(58.5);
    expect(area.southWest.lng).toBeLessThanOrEqual(26.7);
    expect(area.northEast.lng).toBeGreaterThanOrEqual(27);
    expect(imagesArea([])).toBeNull();
  });

  it('takes the grid of the map’s CRS: L-EST97 for the national grid, else Web Mercator', () => {
    expect(gridOf(L.CRS.EPSG3857)).toBe('3857');
    expect(gridOf(LEST_CRS)).toBe('3301');
    expect(gridOf(undefined)).toBe('3857');
  });

  it('writes the grid into the tile address and leaves negative national-grid rows as they are', () => {
    expect(ownMapTileUrl(image(), '3301', { x: 120, y: -90, z: 10 })).toBe(
      '/api/events/ev/maps/m1/tiles/2/3301/10/120/-90.webp',
    );
    expect(ownMapTileUrl(image(), '3857', { x: 9300, y: 4800, z: 14 })).toBe(
      '/api/events/ev/maps/m1/tiles/2/3857/14/9300/4800.webp',
    );
  });

  it('draws the native zooms of the grid, three more scaled up and two scaled down', () => {
    expect(ownMapZooms(image(), '3857')).toEqual({
      minNativeZoom: 12,
      maxNativeZoom: 17,
      minZoom: 10,
      maxZoom: 20,
    });
    // The national grid has 19 zoom levels (0–18).
    const fine = image({
      tiles: {
        url: 'x/{grid}',
        grids: { '3301': { minZoom: 1, maxZoom: 17, bytes: 1, count: 1 } },
      },
    });
    expect(ownMapZooms(fine, '3301')).toMatchObject({ minZoom: 0, maxZoom: 18 });
    expect(ownMapZooms(fine, '3857')).toBeNull();
    expect(ownMapMaxZoom([image(), fine], '3301')).toBe(18);
    expect(ownMapMaxZoom([fine], '3857')).toBeNull();
  });
});

describe('an image’s tile layer', () => {
  let map: L.Map | null = null;
  afterEach(() => {
    map?.remove();
    map = null;
  });

  it('asks for tiles inside the image only, in the grid the map draws in', () => {
    map = sizedMap({ center: [58.38, 26.72], zoom: 15 });
    const layer = new OwnMapTileLayer(image(), 0, 0.8).addTo(map);
    const first = requested(layer);
    expect(first.length).toBeGreaterThan(0);
    for (const src of first) expect(src).toMatch(/\/tiles\/2\/3857\/15\/\d+\/\d+\.webp$/);
    expect(layer.options.opacity).toBe(0.8);
    expect(layer.options.zIndex).toBe(10);

    // Far from the image: nothing is asked for.
    map.setView([59.4, 24.7], 15, { animate: false });
    expect(requested(layer)).toEqual([]);

    // Redrawn on the national grid: its '3301' tiles, rows counted up from the grid's origin.
    map.setView([58.38, 26.72], 15, { animate: false });
    switchCrs(map, LEST_CRS, 0, 18);
    expect(layer.grid).toBe('3301');
    const lest = requested(layer);
    expect(lest.length).toBeGreaterThan(0);
    for (const src of lest) expect(src).toMatch(/\/tiles\/2\/3301\/\d+\/\d+\/-\d+\.webp$/);
  });

  it('scales its finest tiles up beyond them and draws nothing in a grid it was not cut for', () => {
    map = sizedMap({ center: [58.38, 26.72], zoom: 19 });
    const layer = new OwnMapTileLayer(image(), 1, 1).addTo(map);
    // Zoom 19 shows zoom 17's tiles scaled up.
    const src = requested(layer);
    expect(src.length).toBeGreaterThan(0);
    for (const s of src) expect(s).toMatch(/\/3857\/17\//);

    const mercatorOnly = image({
      id: 'm9',
      tiles: {
        url: '/t/{grid}/{z}/{x}/{y}.webp',
        grids: { '3857': { minZoom: 12, maxZoom: 17, bytes: 1, count: 1 } },
      },
    });
    const other = new OwnMapTileLayer(mercatorOnly, 2, 1).addTo(map);
    expect(requested(other).length).toBeGreaterThan(0);
    switchCrs(map, LEST_CRS, 0, 18);
    expect(other.missing).toBe(true);
    expect(requested(other)).toEqual([]);
    switchCrs(map, L.CRS.EPSG3857, 0, 20);
    expect(other.missing).toBe(false);
    expect(requested(other).length).toBeGreaterThan(0);
  });

  it('leaves the map’s zoom range alone (added before the base map, it would zoom the map in)', () => {
    const div = document.createElement('div');
    map = L.map(div, { center: [58.88, 25.14], zoom: 7 });
    new OwnMapTileLayer(image(), 0, 1).addTo(map);
    expect(map.getZoom()).toBe(7);
    expect(map.getMinZoom()).toBe(0);
  });

  it('draws nothing zoomed far out (Leaflet would walk 4^n addresses per tile)', () => {
    map = sizedMap({ center: [58.38, 26.72], zoom: 6 });
    const layer = new OwnMapTileLayer(image(), 0, 1).addTo(map);
    expect(map.getZoom()).toBe(6);
    expect(requested(layer)).toEqual([]);
    map.setZoom(10, { animate: false });
    expect(requested(layer).length).toBeGreaterThan(0);
  });
});

describe('the offline package', () => {
  const area = {
    southWest: { lat: 58.38, lng: 26.7 },
    northEast: { lat: 58.4, lng: 26.72 },
  };

  it('takes the image’s tiles inside the event area at every zoom it has, sized by their share', () => {
    const whole = ownMapOffline(image(), '3857', null, 20_000)!;
    const part = ownMapOffline(image(), '3857', area, 20_000)!;
    expect(whole.bytes).toBe(4_000_000);
    expect(new Set(whole.coords.map((c) => c.z))).toEqual(new Set([12, 13, 14, 15, 16, 17]));
    expect(part.coords.length).toBeLessThan(whole.coords.length);
    // About a quarter of the image lies in the area.
    expect(part.bytes / whole.bytes).toBeGreaterThan(0.2);
    expect(part.bytes / whole.bytes).toBeLessThan(0.4);
    expect(ownMapOffline(image(), '3301', area, 20_000)?.grid).toBe('3301');
  });

  it('takes nothing of an image outside the area or without tiles in the grid', () => {
    const away = {
      southWest: { lat: 59.4, lng: 24.7 },
      northEast: { lat: 59.45, lng: 24.8 },
    };
    expect(ownMapOffline(image(), '3857', away, 20_000)).toBeNull();
    const mercatorOnly = image({
      tiles: { url: '/{grid}', grids: { '3857': { minZoom: 1, maxZoom: 2, bytes: 1, count: 1 } } },
    });
    expect(ownMapOffline(mercatorOnly, '3301', null, 20_000)).toBeNull();
  });

  it('saves the image’s tiles from a tile server, and asks for none outside it', async () => {
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const ok = /^\/api\/events\/ev\/maps\/m1\/tiles\/2\/3857\/\d+\/\d+\/\d+\.webp$/.test(
        req.url ?? '',
      );
      res.writeHead(ok ? 200 : 404, { 'content-type': 'image/webp' });
      res.end(ok ? Buffer.alloc(1000, 7) : undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stored = new Map<string, Response>();
    const cache = {
      match: (url: string) => Promise.resolve(stored.get(url)),
      put: (url: string, res: Response) => Promise.resolve(void stored.set(url, res)),
    };
    const previous = (globalThis as { caches?: unknown }).caches;
    (globalThis as { caches?: unknown }).caches = { open: () => Promise.resolve(cache) };
    try {
      const img = image({
        tiles: { ...image().tiles, url: `${origin}${image().tiles.url}` },
      });
      const plan = ownMapOffline(img, '3857', area, 20_000)!;
      const urls = plan.coords.map((c) => ownMapTileUrl(img, '3857', c));
      const progress = await downloadTiles('ev', urls, () => undefined);
      expect(progress).toMatchObject({ done: urls.length, failed: 0, bytes: urls.length * 1000 });
      expect(stored.size).toBe(urls.length);
      expect(asked).toHaveLength(urls.length);
      expect(asked.every((u) => u.includes('/3857/'))).toBe(true);
    } finally {
      (globalThis as { caches?: unknown }).caches = previous;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the reader’s choice', () => {
  it('keeps opacity and the quick switch per event, and reads bad stored values as the defaults', () => {
    localStorage.clear();
    expect(readOwnMapPrefs('a')).toEqual({ opacity: 1, hidden: false });
    writeOwnMapPrefs('a', { opacity: 0.4, hidden: true });
    expect(readOwnMapPrefs('a')).toEqual({ opacity: 0.4, hidden: true });
    expect(readOwnMapPrefs('b')).toEqual({ opacity: 1, hidden: false });
    localStorage.setItem('rada.ownmap.c', '{"opacity":7,"hidden":"yes"}');
    expect(readOwnMapPrefs('c')).toEqual({ opacity: 1, hidden: false });
    localStorage.setItem('rada.ownmap.d', 'not json');
    expect(readOwnMapPrefs('d')).toEqual({ opacity: 1, hidden: false });
  });
});

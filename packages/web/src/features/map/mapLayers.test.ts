import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import { lestForward } from '@rada/core';
import type { EventMapView, MapLayer } from '@rada/core';
import { LEST_CRS, equivalentZoom, groundResolution } from './crs.ts';
import { WmsTileLayer, buildLayer, quadkey, wmtsTileUrl } from './layers.ts';
import { switcherEntries, untilImagesChange } from './BaseLayers.tsx';

describe('the Estonian grid (EPSG:3301)', () => {
  it('places points with the L-EST97 of core, pixels from the origin of the grid', () => {
    for (const [lat, lng] of [
      [58.378, 26.729], // Tartu
      [59.437, 24.7536], // Tallinn
      [57.77, 26.03], // Valga
      [59.0, 22.5], // Hiiumaa
    ] as const) {
      const [x, y] = lestForward(lat, lng);
      const p = LEST_CRS.project(L.latLng(lat, lng));
      expect(Math.hypot(p.x - x, p.y - y), `${lat},${lng}`).toBeLessThan(1e-6);
      const back = LEST_CRS.unproject(p);
      // 1 cm is about 1e-7 degrees.
      expect(Math.abs(back.lat - lat)).toBeLessThan(1e-7);
      expect(Math.abs(back.lng - lng)).toBeLessThan(1e-7);
      // Pixel (0, 0) of zoom 0 is the grid's origin (40500, 5993000), 4000 m a pixel, y down as
      // on every Leaflet map (so the grid's rows are negative; the WMTS rows below are not).
      const px = LEST_CRS.latLngToPoint(L.latLng(lat, lng), 0);
      expect(px.x).toBeCloseTo((x - 40500) / 4000, 9);
      expect(px.y).toBeCloseTo((5993000 - y) / 4000, 9);
    }
  });

  it('has 19 levels from 4000 m/px, and a switch keeps the scale', () => {
    expect(LEST_CRS.scale(0)).toBeCloseTo(1 / 4000, 12);
    expect(LEST_CRS.scale(18)).toBeCloseTo(2 ** 18 / 4000, 6);
    // Web Mercator zoom 13 at 58.4° N is 9.8 m/px; the national grid's nearest is 7.8 m/px (9).
    const z = equivalentZoom(L.CRS.EPSG3857, LEST_CRS, 58.4, 13);
    expect(z).toBe(9);
    expect(groundResolution(LEST_CRS, 58.4, z)).toBeCloseTo(7.8125, 6);
    expect(equivalentZoom(LEST_CRS, L.CRS.EPSG3857, 58.4, 9)).toBe(13);
  });
});

describe('map layers', () => {
  const wmts = {
    url: 'https://t.example/kaart/default/LEST/{TileMatrix}/{TileRow}/{TileCol}.png',
    layer: 'kaart',
    crs: 'EPSG:3301' as const,
  };

  it('counts WMTS rows from the top on the national grid (Leaflet counts up from the origin)', () => {
    // Zoom 0 is one tile: Leaflet's row -1 is WMTS row 0.
    expect(wmtsTileUrl(wmts, { x: 0, y: -1, z: 0 })).toBe(
      'https://t.example/kaart/default/LEST/0/0/0.png',
    );
    expect(wmtsTileUrl(wmts, { x: 5, y: -3, z: 3 })).toBe(
      'https://t.example/kaart/default/LEST/3/5/5.png',
    );
    expect(
      wmtsTileUrl({ ...wmts, crs: 'EPSG:3857', matrixIds: ['a', 'b'] }, { x: 1, y: 1, z: 1 }),
    ).toBe('https://t.example/kaart/default/LEST/b/1/1.png');
  });

  it('writes a WMS 1.3.0 box on the national grid northing first', () => {
    const map = L.map(document.createElement('div'), {
      crs: LEST_CRS,
      center: [58.4, 26.7],
      zoom: 5,
    });
    const layer = new WmsTileLayer('https://w.example/wms', { layers: 'natura', version: '1.3.0' });
    layer.addTo(map);
    const url = new URL(layer.getTileUrl(L.point(10, -20) as L.Coords));
    const box = (url.searchParams.get('bbox') ?? url.searchParams.get('BBOX') ?? '')
      .split(',')
      .map(Number);
    // Northing (6.4–6.7 million) before easting.
    expect(box[0]).toBeGreaterThan(5_900_000);
    expect(box[1]).toBeLessThan(1_100_000);
    expect(url.searchParams.get('crs') ?? url.searchParams.get('CRS')).toBe('EPSG:3301');
    map.remove();
  });

  it('names tiles by quadkey for Bing', () => {
    expect(quadkey(3, 5, 3)).toBe('213');
    expect(quadkey(0, 0, 1)).toBe('0');
  });

  it('hides commercial layers without a key and chart layers without an address', () => {
    const google: MapLayer = { type: 'google', conf: {} };
    expect(buildLayer(google, { google: null, bing: null })).toBeNull();
    expect(buildLayer(google, { google: 'k', bing: null })?.crs).toBe('EPSG:3857');
    expect(buildLayer({ type: 'nutimeri', conf: {} }, { google: null, bing: null })).toBeNull();
    expect(
      buildLayer(
        { type: 'nutimeri', conf: { url: 'https://m.example/wms', layers: 'charts' } },
        {
          google: null,
          bing: null,
        },
      )?.crs,
    ).toBe('EPSG:3301');
  });

  it('offers the default first, OpenStreetMap beside a different default, private layers marked', () => {
    const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${String(o.name)}` : key);
    const entries = switcherEntries(
      {
        map: {
          default: { type: 'maaamet', conf: wmts },
          userlayers: [
            { type: 'bing', title: 'Bing', conf: {} },
            {
              type: 'wms',
              title: 'Natura',
              private: true,
              overlay: true,
              conf: { url: 'https://w.example/wms', layers: 'n' },
            },
          ],
        },
      },
      { google: null, bing: null },
      t,
    );
    expect(entries.map((e) => [e.name, e.checked, e.overlay, e.built.crs])).toEqual([
      ['map.layer.event', true, false, 'EPSG:3301'],
      ['map.layer.osm', false, false, 'EPSG:3857'],
      ['map.layer.private:Natura', false, true, 'EPSG:3857'],
    ]);
    expect(switcherEntries(undefined, { google: null, bing: null }, t).map((e) => e.name)).toEqual([
      'map.layer.osm',
    ]);
  });
});

describe('zoom as OpenStreetMap counts it', () => {
  it('reads a national-grid map’s zoom at the Web Mercator level of the same scale', async () => {
    const { mercatorZoom, switchCrs } = await import('./crs.ts');
    const map = L.map(document.createElement('div'), { center: [58.4, 26.7], zoom: 13 });
    expect(mercatorZoom(map)).toBe(13);
    switchCrs(map, LEST_CRS);
    expect(map.getZoom()).toBe(9);
    expect(mercatorZoom(map)).toBe(13);
    expect(map.getCenter().lat).toBeCloseTo(58.4, 6);
    map.remove();
  });
});

describe('untilImagesChange', () => {
  const view = (imagesChangeAt: number | null) => ({ imagesChangeAt }) as EventMapView;
  it('reads the map again a moment after a map image becomes public, at most an hour away', () => {
    expect(untilImagesChange(undefined, 0)).toBe(false);
    expect(untilImagesChange(view(null), 0)).toBe(false);
    expect(untilImagesChange(view(60_000), 0)).toBe(61_000);
    expect(untilImagesChange(view(60_000), 59_500)).toBe(1500);
    expect(untilImagesChange(view(60_000), 120_000)).toBe(1000);
    expect(untilImagesChange(view(30 * 86_400_000), 0)).toBe(3_600_000);
  });
});

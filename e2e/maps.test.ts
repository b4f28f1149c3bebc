import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import type { Page } from 'playwright-core';
import { EPSG3301 } from '@rada/core';
import type { EventMapView, WmtsCapabilities } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { MAP_LAYERS, startMapServer, tileColour } from '../packages/server/src/test/mapServer.ts';
import type { MapServer } from '../packages/server/src/test/mapServer.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts, screenshot } from './support.ts';

/** Tartu's town hall square: the KP the maps are centred on. */
const KP = { lat: 58.3806, lng: 26.7225 };
const EVID = 'mapsev';

/** The tiles drawn on a page: their address, and where they are on screen. */
async function tilesOn(page: Page, part: string) {
  return page.evaluate((p) => {
    return [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img')]
      .filter((img) => img.src.includes(p) && img.complete && img.naturalWidth > 0)
      .map((img) => {
        const r = img.getBoundingClientRect();
        return { src: img.src, x: r.x, y: r.y, w: r.width, h: r.height };
      });
  }, part);
}

/** The colour of one screen pixel, read from a screenshot. */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
  });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!] as [number, number, number];
  }, png.toString('base64'));
}

/** The centre of an element on screen. */
async function centreOf(page: Page, testId: string) {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  const box = (await page.getByTestId(testId).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function layerNames(page: Page): Promise<string[]> {
  await page.locator('.leaflet-control-layers').hover();
  return page.locator('.leaflet-control-layers-list label').allInnerTexts();
}

describe('event maps', () => {
  let tiles: MapServer;
  beforeAll(async () => {
    tiles = await startMapServer();
  });
  afterAll(() => tiles.close());
  const env = usePlatform(() => ({ tileOrigins: [tiles.url], mapFetchAllowPrivate: true }));

  it('draws the national-grid WMTS layer at the right tile, keeps KPs in place across projections, and keeps private layers from the public', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'maps@example.ee', password: 'organiser-pass', displayName: 'Map Org' },
    });
    const { uid } = (await signup.json()) as { uid: string };
    const file = resultsEventFile(uid);
    (file.eventsdata.kpdata.k1 as Record<string, unknown>).loc = KP;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-maps-'));
    fs.writeFileSync(path.join(dir, 'event.json'), JSON.stringify(file));
    const imported = await platform.cli('import', path.join(dir, 'event.json'), '--id', EVID);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    // The organiser picks the base map from the WMTS service's capabilities, as the editor does.
    const caps = await organiser.request.get(
      `${platform.url}/api/maps/capabilities?url=${encodeURIComponent(`${tiles.url}/wmts/capabilities.xml`)}&eventId=${EVID}`,
    );
    expect(caps.status()).toBe(200);
    const kaart = ((await caps.json()) as WmtsCapabilities).layers.find(
      (l) => l.identifier === 'kaart',
    )!;
    expect(kaart.conf?.crs).toBe('EPSG:3301');
    const set = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: {
        settings: {
          hidetracks: false,
          kpsinweb: true,
          map: {
            default: { type: 'maaamet', conf: kaart.conf },
            userlayers: [
              {
                type: 'leaflet',
                title: 'Stand-in XYZ',
                conf: { url: `${tiles.url}/tiles/{z}/{x}/{y}.png`, maxZoom: 19 },
              },
              {
                type: 'wms',
                title: 'Natura',
                private: true,
                overlay: true,
                conf: { url: `${tiles.url}/wms`, layers: 'natura', transparent: true },
              },
            ],
          },
        },
      },
    });
    expect(set.status(), await set.text()).toBe(200);

    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/kp`);
    await page.getByTestId('kp-marker-1').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('.leaflet-tile-pane img[src*="/wmts/kaart/"]').length > 0,
    );
    await page.waitForTimeout(500); // tiles finish loading and fading in

    // The tile under the KP is the one the national grid puts its coordinate in.
    const marker = await centreOf(page, 'kp-marker-1');
    const under = (await tilesOn(page, '/wmts/kaart/')).find(
      (t) => marker.x >= t.x && marker.x < t.x + t.w && marker.y >= t.y && marker.y < t.y + t.h,
    );
    expect(under, 'a national-grid tile under the KP').toBeDefined();
    const [, z, row, col] = /\/LEST\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(under!.src)!.map(Number) as [
      unknown,
      number,
      number,
      number,
    ];
    const [x, y] = proj4('EPSG:4326', EPSG3301.proj4, [KP.lng, KP.lat]) as [number, number];
    const span = 256 * (EPSG3301.res0 / 2 ** z);
    expect(col).toBe(Math.floor((x - EPSG3301.bounds[0][0]) / span));
    expect(row).toBe(Math.floor((EPSG3301.bounds[1][1] - y) / span));
    // And the screen shows that tile's own pixels beside the marker.
    const beside = { x: marker.x + 24, y: marker.y + 24 };
    const tile = (await tilesOn(page, '/wmts/kaart/')).find(
      (t) =>
        beside.x >= t.x + 2 && beside.x < t.x + t.w && beside.y >= t.y + 2 && beside.y < t.y + t.h,
    )!;
    const [, tz, trow, tcol] = /\/LEST\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(tile.src)!.map(Number) as [
      unknown,
      number,
      number,
      number,
    ];
    expect(await pixel(page, beside.x, beside.y)).toEqual(
      tileColour(MAP_LAYERS.kaart!, tz, tcol, trow),
    );
    await screenshot(page, 'map-wmts-lest');

    // The organiser sees every layer, the private one marked; switching to a Web Mercator layer
    // keeps the KP where it was.
    expect(await layerNames(page)).toEqual([
      ' Event map',
      ' OpenStreetMap',
      ' Stand-in XYZ',
      ' Natura (private)',
    ]);
    await page.locator('.leaflet-control-layers-list label', { hasText: 'Stand-in XYZ' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('.leaflet-tile-pane img[src*="/tiles/"]').length > 0,
    );
    await page.waitForTimeout(500);
    const moved = await centreOf(page, 'kp-marker-1');
    expect(Math.abs(moved.x - marker.x)).toBeLessThan(2);
    expect(Math.abs(moved.y - marker.y)).toBeLessThan(2);
    const xyz = (await tilesOn(page, '/tiles/')).find(
      (t) => moved.x >= t.x && moved.x < t.x + t.w && moved.y >= t.y && moved.y < t.y + t.h,
    )!;
    const [, mz, mx, my] = /\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(xyz.src)!.map(Number) as [
      unknown,
      number,
      number,
      number,
    ];
    const n = 2 ** mz;
    expect(mx).toBe(Math.floor(((KP.lng + 180) / 360) * n));
    const latRad = (KP.lat * Math.PI) / 180;
    expect(my).toBe(Math.floor(((1 - Math.asinh(Math.tan(latRad)) / Math.PI) / 2) * n));
    // The private overlay, switched on, asks the WMS for tiles.
    const natura = page.locator('.leaflet-control-layers-list label', { hasText: 'Natura' });
    await natura.locator('input').check();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img[src*="/wms?"]')].some(
        (img) => img.complete && img.naturalWidth > 1,
      ),
    );
    await page.mouse.move(10, 10);
    await page.waitForTimeout(300);
    await screenshot(page, 'map-xyz-with-wms');

    // A visitor's live map: the public layers only; the private layer was never sent.
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const view = await visitor.newPage();
    const served: string[] = [];
    view.on('response', (r) => {
      if (r.url().endsWith(`/api/events/${EVID}/map`)) served.push(r.url());
    });
    const mapBody = view.waitForResponse((r) => r.url().endsWith(`/api/events/${EVID}/map`));
    await view.goto(`${platform.url}/${EVID}/map`);
    expect(await (await mapBody).text()).not.toContain('natura');
    await view.locator('.leaflet-control-layers').waitFor();
    expect(await layerNames(view)).toEqual([' Event map', ' OpenStreetMap', ' Stand-in XYZ']);
    await view.waitForFunction(
      () => document.querySelectorAll('.leaflet-tile-pane img[src*="/wmts/kaart/"]').length > 0,
    );
    await view.mouse.move(10, 10);
    await view.waitForTimeout(500);
    await screenshot(view, 'map-public-live');
    expect(served.length).toBeGreaterThan(0);

    await visitor.close();
    await organiser.close();
  });

  it('lets the organiser build the map in Settings: a WMTS base from the capabilities, a private WMS layer, the event area and speed colours', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1400, height: 1000 },
    });
    const signin = await organiser.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: 'maps@example.ee', password: 'organiser-pass' },
    });
    expect(signin.status()).toBe(200);
    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/settings`);
    const editor = page.getByTestId('setting-map');
    await editor.waitFor();
    await editor.scrollIntoViewIfNeeded();
    const saved = () =>
      page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="setting-status-map"]')
            ?.getAttribute('data-state') === 'saved',
      );

    // The default map: the orthophoto picked from the service's layers.
    await page
      .getByTestId('setting-map-default-wmts-url')
      .fill(`${tiles.url}/wmts/capabilities.xml`);
    await page.getByTestId('setting-map-default-wmts-load').click();
    await page.getByTestId('setting-map-default-wmts-layer-foto').click();
    await saved();
    const mapOf = async (ctx = organiser) =>
      (await (
        await ctx.request.get(`${platform.url}/api/events/${EVID}/map`)
      ).json()) as EventMapView;
    await expect.poll(async () => (await mapOf()).map.default?.type).toBe('maaamet');
    expect(((await mapOf()).map.default?.conf as { layer: string }).layer).toBe('foto');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="setting-map-preview"] img[src*="/wmts/foto/"]')
          .length > 0,
    );

    // A new private WMS layer.
    const before = (await mapOf()).map.userlayers?.length ?? 0;
    await page.getByTestId('setting-map-add').click();
    const form = page.getByTestId(`setting-map-layer-${before}-form`);
    await form.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'WMS service' }).click();
    await page.getByTestId(`setting-map-layer-${before}-form-title`).fill('Nature reserves');
    await page.getByTestId(`setting-map-layer-${before}-form-url`).fill(`${tiles.url}/wms`);
    await page.getByTestId(`setting-map-layer-${before}-form-layers`).fill('reserves');
    await page.getByTestId(`setting-map-layer-${before}-form-private`).check();
    await page.getByTestId(`setting-map-layer-${before}-form-overlay`).check();
    await saved();
    await expect
      .poll(async () => (await mapOf()).map.userlayers?.map((l) => l.title))
      .toContain('Nature reserves');
    const visitor = await browser.newContext();
    expect((await mapOf(visitor)).map.userlayers?.map((l) => l.title)).not.toContain(
      'Nature reserves',
    );
    await visitor.close();

    // The event area from the preview's view, and two speed ranges.
    await page.getByTestId('setting-map-area').click();
    await expect.poll(async () => (await mapOf()).eventbounds).not.toBeNull();
    await page.getByTestId('setting-speedranges-add').click();
    await page.getByTestId('setting-speedranges-add').click();
    await expect.poll(async () => (await mapOf()).speedranges.length).toBe(2);
    await page.getByTestId('speed-legend').waitFor();
    await editor.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    fs.mkdirSync(artifacts, { recursive: true });
    await page.getByTestId('settings-group-map').screenshot({
      path: path.join(artifacts, 'map-settings.png'),
    });

    // The live map shows the speed legend.
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-map').getByTestId('speed-legend').waitFor();
    await organiser.close();
  });

  it('saves the default map for a participant and draws it from the phone when the tile server is gone', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext();
    await organiser.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: 'maps@example.ee', password: 'organiser-pass' },
    });
    const caps = await organiser.request.get(
      `${platform.url}/api/maps/capabilities?url=${encodeURIComponent(`${tiles.url}/wmts/capabilities.xml`)}&eventId=${EVID}`,
    );
    const kaart = ((await caps.json()) as WmtsCapabilities).layers[0]!;
    // About 4 km × 5 km around the KP, saved down to OpenStreetMap's zoom 15 (2 m/px here).
    const set = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: {
        settings: {
          map: {
            default: { type: 'maaamet', conf: kaart.conf, offline: true },
            offlinemaxzoom: 15,
          },
          eventbounds: {
            northEast: { lat: KP.lat + 0.02, lng: KP.lng + 0.04 },
            southWest: { lat: KP.lat - 0.02, lng: KP.lng - 0.04 },
          },
        },
      },
    });
    expect(set.status(), await set.text()).toBe(200);
    const code = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { valid: Date.now() + 86_400_000 },
    });
    expect(code.status()).toBe(201);

    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await phone.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'offline@example.ee', password: 'phone-pass-1', displayName: 'Offline' },
    });
    const joined = await phone.request.post(`${platform.url}/api/join`, {
      data: { code: ((await code.json()) as { code: string }).code, teamName: 'Offliners' },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const page = await phone.newPage();
    await page.goto(`${platform.url}/${EVID}/play`);
    await page.getByTestId('play-app').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByTestId('play-offline').click();
    const dialog = page.getByTestId('offline-dialog');
    await dialog.getByText(/map tiles down to zoom \d+, about [\d.]+ MB/).waitFor();
    const planned = Number(/(\d+) map tiles/.exec(await dialog.innerText())![1]);
    expect(planned).toBeGreaterThan(10);
    await page.getByTestId('offline-download').click();
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="offline-saved"]')?.getAttribute('data-count') ===
        String(n),
      planned,
    );
    await screenshot(page, 'offline-saved');
    expect(
      await page.evaluate(
        async (e) => (await (await caches.open(`rada-tiles:${e}`)).keys()).length,
        EVID,
      ),
    ).toBe(planned);
    await page.keyboard.press('Escape');

    // The tile server goes away: the event's map is drawn from what the phone saved.
    await tiles.close();
    const served = tiles.requests.length;
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-map').waitFor();
    const drawn = (level: number) =>
      page.evaluate(
        (z) =>
          [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img')].filter(
            (img) =>
              new RegExp(`/wmts/kaart/default/LEST/${z}/`).test(img.src) &&
              img.complete &&
              img.naturalWidth > 1,
          ).length,
        level,
      );
    await expect.poll(() => drawn(11), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    // Without any network, zooming out draws the saved tiles of the level above.
    await phone.setOffline(true);
    await page.locator('.leaflet-control-zoom-out').click();
    await expect.poll(() => drawn(10), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(tiles.requests.length).toBe(served);
    await page.waitForTimeout(300);
    await screenshot(page, 'offline-map');
    await phone.close();
    await organiser.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import sharp from 'sharp';
import type { APIRequestContext, BrowserContext, Page, Request } from 'playwright-core';
import { EPSG3301 } from '@rada/core';
import type { EventMapImageView } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, screenshot } from './support.ts';
import type { TestPlatform } from './support.ts';

/**
 * The event's own map image where maps are drawn (issue 37, docs/map-images.md "Viewers"): an
 * organiser uploads and places a map image through the API; the live map draws its tiles (the
 * server answers them), the opacity slider and the quick switch act on it; a not-yet-public map
 * is never asked for by an anonymous viewer; a team whose organiser hides its own position sees
 * no marker; the KP editor, a finished team's route, the printed sheet and the offline package
 * take the image too.
 */

const EVID = 'ownmapev';
const MIN = 60_000;
/** Tartu's town hall square: KP 1 and the image's centre. */
const CENTRE = { lat: 58.3806, lng: 26.7225 };
/** The image: 1024 × 768 px, 2 m a pixel, north up, in L-EST97. */
const WIDTH = 1024;
const HEIGHT = 768;
const MAGENTA: [number, number, number] = [230, 0, 200];

proj4.defs(EPSG3301.code, EPSG3301.proj4);
const mapsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-ownmap-maps-'));

/** A map-like image: magenta with a black grid every 64 px, so its tiles are easy to see. */
function mapPng(): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let v = 0; v < HEIGHT; v++) {
    for (let u = 0; u < WIDTH; u++) {
      const line = u % 64 < 3 || v % 64 < 3;
      data.set(line ? [0, 0, 0] : MAGENTA, (v * WIDTH + u) * 3);
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

/** The placement: the image's centre on CENTRE, as a world file in L-EST97 would put it. */
function placement() {
  const [x, y] = proj4('EPSG:4326', EPSG3301.code, [CENTRE.lng, CENTRE.lat]) as [number, number];
  return {
    crs: 'EPSG:3301',
    h: [2, 0, x - WIDTH, 0, -2, y + HEIGHT, 0, 0, 1],
    source: 'worldfile' as const,
  };
}

async function importEvent(platform: TestPlatform, file: unknown): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-ownmap-'));
  const at = path.join(dir, 'event.json');
  fs.writeFileSync(at, JSON.stringify(file));
  const imported = await platform.cli('import', at, '--id', EVID);
  expect(imported.code, imported.err).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The event's map images as the caller sees them. */
async function images(req: APIRequestContext, url: string): Promise<EventMapImageView[]> {
  const res = await req.get(`${url}/api/events/${EVID}/map`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { images: EventMapImageView[] }).images;
}

/**
 * Every request a page makes for the event's map image tiles, with its answer's status (null for
 * one Leaflet cancelled: a tile of a view left before it came).
 */
function watchTiles(page: Page) {
  const seen: { url: string; status: number | null }[] = [];
  page.on('requestfinished', (req: Request) => {
    if (!/\/api\/events\/[^/]+\/maps\/[^/]+\/tiles\//.test(req.url())) return;
    // Its context may close first (then there is nothing to note).
    void req.response().then(
      (res) => seen.push({ url: req.url(), status: res?.status() ?? null }),
      () => undefined,
    );
  });
  page.on('requestfailed', (req: Request) => {
    if (/\/maps\/[^/]+\/tiles\//.test(req.url())) seen.push({ url: req.url(), status: null });
  });
  return seen;
}

/** The requests the server answered. */
const answered = (seen: { url: string; status: number | null }[]) =>
  seen.filter((a) => a.status !== null);

/** The map image tiles drawn on the page (loaded), and their layer's opacity. */
const drawnTiles = (page: Page, scope = 'body') =>
  page.evaluate((sel) => {
    const imgs = [
      ...document.querySelectorAll<HTMLImageElement>(`${sel} .leaflet-tile-pane img`),
    ].filter((img) => /\/maps\/[^/]+\/tiles\//.test(img.src) && img.complete);
    return {
      count: imgs.filter((img) => img.naturalWidth === 256).length,
      opacity: imgs[0]?.closest<HTMLElement>('.leaflet-layer')?.style.opacity ?? null,
    };
  }, scope);

/** Waits until the page draws at least one map image tile. */
const waitForTiles = (page: Page, scope = 'body') =>
  page.waitForFunction(
    (sel) =>
      [...document.querySelectorAll<HTMLImageElement>(`${sel} .leaflet-tile-pane img`)].some(
        (img) => /\/maps\/[^/]+\/tiles\//.test(img.src) && img.complete && img.naturalWidth === 256,
      ),
    scope,
    { timeout: 15_000 },
  );

describe('the event’s own map where maps are drawn', () => {
  const env = usePlatform(() => ({ mapsDir }));
  afterAll(() => fs.rmSync(mapsDir, { recursive: true, force: true }));
  let organiser: BrowserContext;
  let mapId = '';

  it('draws a published map image on the live map, with opacity and a switch to the base map', async () => {
    const { platform, browser } = env;
    organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1300, height: 850 },
    });
    const req = organiser.request;
    const signup = await req.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'ownmap@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const file = resultsEventFile(uid, Date.now() + 3 * 60 * MIN);
    file.eventsdata.kpdata.k1 = { ...file.eventsdata.kpdata.k1, loc: CENTRE } as never;
    file.eventsdata.kpdata.k2 = {
      ...file.eventsdata.kpdata.k2,
      loc: { lat: CENTRE.lat + 0.004, lng: CENTRE.lng + 0.008 },
    } as never;
    await importEvent(platform, file);
    const settings = await req.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: { settings: { kpsinweb: true } },
    });
    expect(settings.status(), await settings.text()).toBe(200);

    // Upload, place, wait for the tiles.
    const upload = await req.post(`${platform.url}/api/events/${EVID}/maps?name=Tartu%20map`, {
      headers: { 'content-type': 'image/png' },
      data: await mapPng(),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    mapId = ((await upload.json()) as EventMapImageView).id;
    const placed = await req.patch(`${platform.url}/api/events/${EVID}/maps/${mapId}`, {
      data: { placement: placement() },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    await expect
      .poll(async () => (await images(req, platform.url))[0]?.state, { timeout: 30_000 })
      .toBe('ready');
    const ready = (await images(req, platform.url))[0]!;
    expect(Object.keys(ready.tiles?.grids ?? {}).sort()).toEqual(['3301', '3857']);

    // The organiser sees it on the live map before it is published, marked so in the switcher.
    const page = await organiser.newPage();
    const asked = watchTiles(page);
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-map').waitFor();
    await waitForTiles(page, '[data-testid="live-map"]');
    await page.locator('.leaflet-control-layers').hover();
    await expect(
      page.getByTestId(`ownmap-overlay-${mapId}`).locator('..').innerText(),
    ).resolves.toContain('Tartu map (not published)');
    await page.mouse.move(600, 500);
    await expect.poll(() => answered(asked).length).toBeGreaterThan(0);
    expect(answered(asked).every((a) => a.status === 200)).toBe(true);
    expect(asked.every((a) => a.url.includes(`/maps/${mapId}/tiles/`))).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'ownmap-live', false);

    // The opacity slider changes the layer's opacity; the quick switch takes the image away.
    const slider = page.getByTestId('ownmap-opacity').locator('input');
    await slider.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await drawnTiles(page)).opacity).toBe('0.6');
    await page.getByTestId('ownmap-toggle').click();
    await expect.poll(async () => (await drawnTiles(page)).count).toBe(0);
    await page.getByTestId('ownmap-toggle').click();
    await waitForTiles(page);
    // Remembered for the next visit.
    await page.reload();
    await waitForTiles(page, '[data-testid="live-map"]');
    expect((await drawnTiles(page)).opacity).toBe('0.6');
    await page.close();
  });

  it('never asks for a map that is not public yet from an anonymous viewer', async () => {
    const { platform, browser } = env;
    const req = organiser.request;
    const later = await req.patch(`${platform.url}/api/events/${EVID}/maps/${mapId}`, {
      data: { published: true, publicFrom: Date.now() + 60 * MIN },
    });
    expect(later.status(), await later.text()).toBe(200);

    // An Estonian reader.
    const viewer = await browser.newContext({ locale: 'et-EE' });
    expect(await images(viewer.request, platform.url)).toEqual([]);
    const anon = await viewer.newPage();
    const asked = watchTiles(anon);
    await anon.goto(`${platform.url}/${EVID}/map`);
    await anon.getByTestId('live-map').waitFor();
    await anon.getByTestId('kp-marker-1').waitFor();
    await anon.waitForTimeout(1500);
    expect(asked).toEqual([]);
    expect(await anon.getByTestId('ownmap-control').count()).toBe(0);
    // Its tiles are refused too.
    const tile = await viewer.request.get(
      `${platform.url}${(await images(req, platform.url))[0]!
        .tiles!.url.replace('{grid}', '3857')
        .replace('{z}', '15')
        .replace('{x}', '0')
        .replace('{y}', '0')}`,
    );
    expect(tile.status()).toBe(404);
    // Nor does the server's first view of the page (its HTML, read here with no script).
    const noScript = await browser.newContext({
      locale: 'et-EE',
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const first = await noScript.newPage();
    const firstAsked = watchTiles(first);
    await first.goto(`${platform.url}/${EVID}/map`);
    await first.locator('[data-first-paint] .fp-map').waitFor();
    expect(await first.getByTestId('first-paint-map').count()).toBe(0);
    expect(firstAsked).toEqual([]);

    // Public now: the anonymous viewer's map draws it.
    const now = await req.patch(`${platform.url}/api/events/${EVID}/maps/${mapId}`, {
      data: { publicFrom: null },
    });
    expect(now.status(), await now.text()).toBe(200);
    // The HTML alone shows the image, before (and without) the app: its tiles of one zoom, all
    // answered, the magenta image filling most of the map's box.
    await first.reload();
    const view = first.getByTestId('first-paint-map');
    await view.waitFor();
    const tiles = await view.locator('image').count();
    expect(tiles).toBeGreaterThan(0);
    await expect.poll(() => answered(firstAsked).length).toBe(tiles);
    expect(answered(firstAsked).every((a) => a.status === 200)).toBe(true);
    expect(await first.locator('.fp-tabs .on').innerText()).toMatch(/kaart/i);
    const shot = await sharp(await first.locator('.fp-map').screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let magenta = 0;
    for (let i = 0; i < shot.data.length; i += 3) {
      const [r, g, b] = [shot.data[i]!, shot.data[i + 1]!, shot.data[i + 2]!];
      if (Math.abs(r - MAGENTA[0]) < 30 && g < 40 && Math.abs(b - MAGENTA[2]) < 30) magenta++;
    }
    // 4 : 3 in a 390 × 590 px box: about two thirds of it is the image, mostly magenta.
    expect(magenta / (shot.info.width * shot.info.height)).toBeGreaterThan(0.3);
    await screenshot(first, 'ownmap-first-view-et', false);
    await noScript.close();
    await anon.reload();
    await waitForTiles(anon, '[data-testid="live-map"]');
    await expect.poll(() => answered(asked).length).toBeGreaterThan(0);
    expect(answered(asked).every((a) => a.status === 200)).toBe(true);
    expect(await anon.getByTestId('ownmap-toggle').getAttribute('aria-label')).toBe(
      'Ainult aluskaart',
    );
    expect(
      await anon.getByTestId('ownmap-opacity').getByRole('slider').getAttribute('aria-label'),
    ).toBe('Kaardipildi läbipaistmatus');
    await anon.locator('.leaflet-control-layers').hover();
    await expect(
      anon.getByTestId(`ownmap-overlay-${mapId}`).locator('..').innerText(),
    ).resolves.toBe(' Tartu map');
    await screenshot(anon, 'ownmap-live-et', false);
    await viewer.close();
  });

  it('lets the organiser place KPs on the map image and prints it with the KPs', async () => {
    const { platform } = env;
    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/kp`);
    await page.getByTestId('kp-map').waitFor();
    await waitForTiles(page, '[data-testid="kp-map"]');
    await page.getByTestId('kp-marker-1').waitFor();
    await page.getByTestId('kp-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'ownmap-kp-editor', false);

    await page.goto(`${platform.url}/${EVID}/kpprint`);
    await page.getByTestId('kpprint-map').waitFor();
    expect(await page.getByTestId('kpprint-withmap').locator('input').isChecked()).toBe(true);
    await waitForTiles(page, '[data-testid="kpprint-map"]');
    await page.getByTestId('kpprint-map').getByTestId('kp-marker-2').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'ownmap-kpprint');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('ownmap-control').isVisible()).toBe(false);
    await page.close();
  });

  it('hides the team’s own position when the organiser chooses so, and saves the image offline', async () => {
    const { platform, browser } = env;
    const req = organiser.request;
    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: CENTRE.lat + 0.001, longitude: CENTRE.lng, accuracy: 15 },
    });
    const member = phone.request;
    const signup = await member.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'alpha@example.ee', password: 'member-pass-1', displayName: 'Alpha' },
    });
    expect(signup.status()).toBe(201);
    const code = await req.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { singleteam: true, teamId: 'alpha', valid: Date.now() + 24 * 60 * MIN },
    });
    expect(code.status(), await code.text()).toBe(201);
    const joined = await member.post(`${platform.url}/api/join`, {
      data: { code: ((await code.json()) as { code: string }).code },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const started = await req.patch(`${platform.url}/api/events/${EVID}/teams/alpha`, {
      data: { starttime: Date.now() - 10 * MIN },
    });
    expect(started.status(), await started.text()).toBe(200);

    // Without the setting the team sees itself.
    const page = await phone.newPage();
    await page.goto(`${platform.url}/${EVID}/play`);
    await page.getByTestId('play-map').waitFor();
    await waitForTiles(page, '[data-testid="play-map"]');
    await page.locator('.rada-play-here').waitFor();
    expect(await page.getByTestId('play-map-legend').count()).toBe(0);

    const hide = await req.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: { settings: { hideownposition: true } },
    });
    expect(hide.status(), await hide.text()).toBe(200);
    await page.reload();
    await page.getByTestId('play-map').waitFor();
    await waitForTiles(page, '[data-testid="play-map"]');
    await page.getByTestId('play-map-legend').waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator('.rada-play-here').count()).toBe(0);
    expect(await page.locator('[data-testid="play-map"] path.leaflet-interactive').count()).toBe(0);
    expect(await page.getByTestId('play-centre').count()).toBe(0);
    expect(await page.getByTestId('play-map-legend').innerText()).toContain(
      'not to show your own position',
    );
    await screenshot(page, 'ownmap-play-hidden-position', false);

    // The offline package: the image's tiles, their size told before the download.
    await page.getByTestId('play-offline').click();
    const line = page.getByTestId(`offline-plan-image-${mapId}`);
    await line.waitFor();
    expect(await line.innerText()).toMatch(
      /Map image “Tartu map”: \d+ tiles, zoom \d+–\d+, about [\d.]+ MB\./,
    );
    await page.waitForTimeout(400);
    await screenshot(page, 'ownmap-offline-plan', false);
    await page.getByTestId('offline-download').click();
    await page.waitForFunction(
      () =>
        Number(
          document.querySelector('[data-testid="offline-saved"]')?.getAttribute('data-count'),
        ) > 0,
      null,
      { timeout: 20_000 },
    );
    await page.keyboard.press('Escape');
    await phone.close();
  });

  it('shows a finished team’s route over the map image on the results page', async () => {
    const { platform, browser } = env;
    const req = organiser.request;
    // Bravo's phone walked across the map; the team has finished.
    const phone = await browser.newContext();
    const member = phone.request;
    await member.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'bravo@example.ee', password: 'member-pass-1', displayName: 'Bravo' },
    });
    const code = await req.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { singleteam: true, teamId: 'bravo', valid: Date.now() + 24 * 60 * MIN },
    });
    await member.post(`${platform.url}/api/join`, {
      data: { code: ((await code.json()) as { code: string }).code },
    });
    const device = await member.put(`${platform.url}/api/devices/phone-bravo`, {
      data: { eventId: EVID },
    });
    expect(device.status(), await device.text()).toBe(200);
    const end = Date.now() - 60_000;
    const points = Array.from({ length: 30 }, (_, i) => ({
      t: end - (29 - i) * 20_000,
      y: CENTRE.lat - 0.004 + i * 0.0003,
      x: CENTRE.lng - 0.012 + i * 0.0008,
    }));
    const sent = await member.post(`${platform.url}/api/devices/phone-bravo/locations`, {
      data: { points },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const finished = await req.patch(`${platform.url}/api/events/${EVID}/teams/bravo`, {
      data: { starttime: end - 30 * MIN, finishtime: end + 30_000 },
    });
    expect(finished.status(), await finished.text()).toBe(200);
    await phone.close();

    const viewer = await browser.newContext({ locale: 'en-GB' });
    const page = await viewer.newPage();
    await gotoApp(page, `${platform.url}/${EVID}/result`);
    await page.getByTestId('results-page').waitFor();
    await page.getByTestId('results-open-bravo').click();
    await page.getByTestId('splits-route').click();
    await page.getByTestId('route-map').waitFor();
    expect(Number(await page.getByTestId('route-map').getAttribute('data-points'))).toBe(30);
    await waitForTiles(page, '[data-testid="route-map"]');
    await page.waitForTimeout(300);
    await screenshot(page, 'ownmap-results-route', false);
    await viewer.close();
    await organiser.close();
  });
});

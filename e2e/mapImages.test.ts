import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { strToU8, zipSync } from 'fflate';
import { EPSG3301 } from '@rada/core';
import { latLonBoxCorners } from '@rada/core/mapImages';
import type { EventMapImageView } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts } from './support.ts';

/**
 * The organiser's map images end to end (issue 37, docs/map-images.md "Organiser's screens"): a
 * map drawn in the test (white, three black crosses to place it by, a red ring where KP 1 is) is
 * added in the settings' Map images panel, placed by hand (two points clicked on the image with
 * their coordinates typed, the third taken from KP 2 on the base map), saved, cut and published;
 * then the KP editor, which draws the map's tiles, shows KP 1's marker on the red ring within a
 * few pixels. A file that is no image is refused with the server's message and stores nothing.
 */

const EVID = 'mapimagesev';
const MIN = 60_000;
const WIDTH = 1000;
const HEIGHT = 750;
/** The crosses the map is placed by, and KP 1's ring, in image pixels. */
const CROSSES: [number, number][] = [
  [150, 120],
  [860, 160],
  [480, 640],
];
const RING: [number, number] = [620, 380];
const RING_RADIUS = 16;
/** The truth the test drew the map in: L-EST97, 1.5 m a pixel, turned 8° clockwise. */
const METRES_PER_PX = 1.5;
const TURN = (8 * Math.PI) / 180;
/** Where the image's top-left corner lies (near Tartu), L-EST97 metres. */
const ORIGIN: [number, number] = [658_000, 6_474_500];

const shots = artifacts;
const mapsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-mapimages-maps-'));
proj4.defs(EPSG3301.code, EPSG3301.proj4);

/** The point on the earth the test's map shows at image pixel (u, v). */
function truth(u: number, v: number): { lat: number; lng: number } {
  const x = ORIGIN[0] + METRES_PER_PX * (u * Math.cos(TURN) - v * Math.sin(TURN));
  const y = ORIGIN[1] - METRES_PER_PX * (u * Math.sin(TURN) + v * Math.cos(TURN));
  const [lng, lat] = proj4(EPSG3301.code, 'EPSG:4326', [x, y]) as [number, number];
  return { lat, lng };
}

/** The test's map: white, grey "paths", black crosses at CROSSES, a red ring at RING. */
function mapPng(): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  const paint = (u: number, v: number, rgb: [number, number, number]) => {
    if (u >= 0 && v >= 0 && u < WIDTH && v < HEIGHT) data.set(rgb, (v * WIDTH + u) * 3);
  };
  for (let v = 0; v < HEIGHT; v++) {
    for (let u = 0; u < WIDTH; u++) {
      if (Math.abs(u - 0.6 * v - 200) < 2 || Math.abs(v - 500 + 0.2 * u) < 2)
        paint(u, v, [170, 170, 170]);
      const d = Math.hypot(u + 0.5 - RING[0], v + 0.5 - RING[1]);
      if (Math.abs(d - RING_RADIUS) < 2.5) paint(u, v, [220, 0, 0]);
    }
  }
  for (const [cu, cv] of CROSSES) {
    for (let i = -12; i < 12; i++) {
      for (let w = -1; w < 1; w++) {
        paint(cu + i, cv + w, [0, 0, 0]);
        paint(cu + w, cv + i, [0, 0, 0]);
      }
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

async function importEvent(
  context: BrowserContext,
  platform: { url: string; cli: (...a: string[]) => Promise<{ code: number; err: string }> },
) {
  const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
    data: { email: 'mapimages@example.ee', password: 'organiser-pass', displayName: 'Org' },
  });
  expect(signup.status()).toBe(201);
  const { uid } = (await signup.json()) as { uid: string };
  const file = resultsEventFile(uid, Date.now() + 3 * 60 * MIN);
  // KP 1 on the ring, KP 2 on the third cross (the third point is taken from it).
  file.eventsdata.kpdata.k1 = { ...file.eventsdata.kpdata.k1, loc: truth(...RING) } as never;
  file.eventsdata.kpdata.k2 = { ...file.eventsdata.kpdata.k2, loc: truth(...CROSSES[2]!) } as never;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-mapimages-'));
  const at = path.join(dir, 'event.json');
  fs.writeFileSync(at, JSON.stringify(file));
  const imported = await platform.cli('import', at, '--id', EVID);
  expect(imported.code, imported.err).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}

async function shot(target: Page | Locator, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await target.screenshot({ path: path.join(shots, `H4-${name}.png`) });
}

/** The screen point of image pixel (u, v) in the placement's image pane. */
async function onImage(page: Page, u: number, v: number): Promise<[number, number]> {
  const box = (await page.locator('img.rada-place-image').boundingBox())!;
  return [box.x + (u / WIDTH) * box.width, box.y + (v / HEIGHT) * box.height];
}

/** The event's map images as the organiser's API answers them. */
async function mapImages(context: BrowserContext, url: string): Promise<EventMapImageView[]> {
  const res = await context.request.get(`${url}/api/events/${EVID}/maps`);
  expect(res.status()).toBe(200);
  return (await res.json()) as EventMapImageView[];
}

/** The centre of the red ring's pixels in a screenshot (PNG), and how many there are. */
async function redCentre(png: Buffer): Promise<{ x: number; y: number; n: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      // Red, also at the preview's opacity over the grey of a map without tiles.
      if (r > 150 && r - Math.max(g, b) > 80) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return { x: sx / n, y: sy / n, n };
}

describe('the organiser’s map images', () => {
  // Registered first, so it runs after the platform stops (afterAll hooks run last first): a
  // cut still under way writes into the folder until then.
  afterAll(() => fs.rmSync(mapsDir, { recursive: true, force: true }));
  const env = usePlatform(() => ({ mapsDir }) as never);

  let organiser: BrowserContext;

  it('adds a map, places it by three points, publishes it, and KP 1 lands on its ring', async () => {
    const { platform, browser } = env;
    organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1400, height: 950 },
    });
    await importEvent(organiser, platform);
    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/settings`);
    const panel = page.getByTestId('map-images');
    await panel.getByTestId('mapimages-empty').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(panel, '01-panel-empty');

    // A file that is no image: the server's message, nothing stored.
    await panel.getByTestId('mapimages-add').click();
    const add = page.getByTestId('mapimages-add-dialog');
    await add.waitFor();
    await add.getByTestId('mapimages-file').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are not the pixels you are looking for'),
    });
    await add.getByTestId('mapimages-add-submit').click();
    await expect(add.getByTestId('mapimages-add-error').innerText()).resolves.toContain(
      'not an image Rada can read',
    );
    await shot(add, '02-add-refused');
    expect(await mapImages(organiser, platform.url)).toEqual([]);

    // The map: a plain PNG, so the hand placement opens once it is added.
    await add.getByTestId('mapimages-file').setInputFiles({
      name: 'Tartu park.png',
      mimeType: 'image/png',
      buffer: await mapPng(),
    });
    await expect(add.getByTestId('mapimages-name').inputValue()).resolves.toBe('Tartu park');
    await expect(add.getByTestId('mapimages-picked').innerText()).resolves.toContain(
      'place it by points',
    );
    await shot(add, '03-add-picked');
    await add.getByTestId('mapimages-add-submit').click();

    const dialog = page.getByTestId('mapplace-dialog');
    await dialog.waitFor();
    await add.waitFor({ state: 'detached' });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.rada-place-image');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await dialog.getByTestId('kp-marker-2').waitFor();
    await shot(page, '04-place-empty');

    // Points 1 and 2: clicked on the image, their coordinates typed.
    for (const [i, [u, v]] of CROSSES.slice(0, 2).entries()) {
      await page.mouse.click(...(await onImage(page, u, v)));
      await expect(dialog.getByTestId('mapplace-hint').innerText()).resolves.toContain(
        `point ${i + 1}`,
      );
      const at = truth(u, v);
      const field = dialog.getByTestId(`mapplace-coords-${i + 1}`);
      await field.fill(`${at.lat.toFixed(7)}, ${at.lng.toFixed(7)}`);
      await field.press('Enter');
    }
    await shot(page, '05-place-two-points');
    // Point 3: clicked on the image, its place taken from KP 2 on the base map.
    await page.mouse.click(...(await onImage(page, ...CROSSES[2]!)));
    await dialog.getByTestId('mapplace-earth').getByTestId('kp-marker-2').click();
    await expect(dialog.getByTestId('mapplace-rms').innerText()).resolves.toMatch(
      /rms\) 0\.0 m over 3 points/,
    );
    // The preview is drawn over the base map by its corners.
    await page.locator('.rada-corner-image img').first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, '06-place-three-points');

    // The preview puts KP 1's marker on the ring (the ring read from the screen's pixels).
    const earth = dialog.getByTestId('mapplace-earth');
    const previewGap = await markerToRing(page, earth, 'kp-marker-1');
    expect(previewGap.distance).toBeLessThan(4);

    await dialog.getByTestId('mapplace-save').click();
    await dialog.waitFor({ state: 'detached' });
    const row = panel.locator('li[data-testid^="mapimage-"]');
    await expect(row.getByTestId('mapimage-name').innerText()).resolves.toBe('Tartu park');
    await shot(panel, '07-panel-cutting');
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    await expect(row.innerText()).resolves.toContain('placed by 3 points');

    // Published, hidden until the event's start (offered with one click).
    const [saved] = await mapImages(organiser, platform.url);
    expect(saved).toMatchObject({ published: false, state: 'ready', name: 'Tartu park' });
    expect(saved!.placement?.points).toHaveLength(3);
    // Renamed in place: Escape puts the name back, Enter saves it.
    await row.getByTestId('mapimage-rename').click();
    await row.getByTestId('mapimage-name-field').fill('Tartu park 1:4000');
    await row.getByTestId('mapimage-name-field').press('Escape');
    await expect(row.getByTestId('mapimage-name').innerText()).resolves.toBe('Tartu park');
    await row.getByTestId('mapimage-rename').click();
    await row.getByTestId('mapimage-name-field').fill('Tartu park 1:4000');
    await row.getByTestId('mapimage-name-field').press('Enter');
    await expect
      .poll(async () => (await mapImages(organiser, platform.url))[0]?.name)
      .toBe('Tartu park 1:4000');
    await expect(row.getByTestId('mapimage-name').innerText()).resolves.toBe('Tartu park 1:4000');
    await row.getByTestId('mapimage-published').check();
    await row.getByTestId('mapimage-publicfrom-start').click();
    const event = (await (
      await organiser.request.get(`${platform.url}/api/events/${EVID}`)
    ).json()) as { starttime: number };
    await expect
      .poll(async () => {
        const [m] = await mapImages(organiser, platform.url);
        return [m?.published, m?.publicFrom];
      })
      .toEqual([true, event.starttime]);
    await expect(row.getByTestId('mapimage-visibility').innerText()).resolves.toContain('Everyone');
    await shot(panel, '08-panel-published');

    // The KP editor draws the map's tiles: KP 1's marker sits on the red ring.
    await page.goto(`${platform.url}/${EVID}/kp`);
    const kpMap = page.getByTestId('kp-map');
    await kpMap.waitFor();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="kp-map"] img')].some(
          (img) => /\/maps\/[^/]+\/tiles\//.test(img.src) && img.complete && img.naturalWidth > 0,
        ),
      null,
      { timeout: 15_000 },
    );
    await kpMap.getByTestId('kp-marker-1').waitFor();
    // Closer in around KP 1 (dragged to the middle, two zooms in), so a pixel on the screen is
    // under a metre.
    await kpMap.scrollIntoViewIfNeeded();
    const box = (await kpMap.boundingBox())!;
    const marker = (await kpMap.getByTestId('kp-marker-1').boundingBox())!;
    const centre: [number, number] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(...centre);
    await page.mouse.down();
    await page.mouse.move(
      2 * centre[0] - (marker.x + marker.width / 2),
      2 * centre[1] - (marker.y + marker.height / 2),
      { steps: 10 },
    );
    await page.mouse.up();
    for (let i = 0; i < 2; i++) {
      await kpMap.locator('.leaflet-control-zoom-in').click();
      await page.waitForTimeout(500);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await shot(kpMap, '09-kp-editor');
    const gap = await markerToRing(page, kpMap, 'kp-marker-1');
    expect(gap.distance).toBeLessThan(4);
    console.log(
      `KP 1 to its ring: preview ${previewGap.distance.toFixed(2)} px, KP editor ${gap.distance.toFixed(2)} px (${gap.red} red pixels)`,
    );
    await page.close();
  });

  it('places an image by its world file in L-EST97, keeps it in the library, removes it; in Estonian', async () => {
    const { platform, browser } = env;
    // The second map: the same image with a world file, read in Estonian.
    const estonian = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 1400, height: 950 },
      storageState: await organiser.storageState(),
    });
    const page = await estonian.newPage();
    await page.goto(`${platform.url}/${EVID}/settings`);
    const panel = page.getByTestId('map-images');
    await panel.getByTestId('mapimages-list').waitFor();
    await expect(panel.locator('h3').innerText()).resolves.toBe('Kaardipildid');
    await panel.getByTestId('mapimages-add').click();
    const add = page.getByTestId('mapimages-add-dialog');
    await add.getByTestId('mapimages-file').setInputFiles([
      { name: 'park.pgw', mimeType: 'application/octet-stream', buffer: Buffer.from(worldFile()) },
      { name: 'park.png', mimeType: 'image/png', buffer: await mapPng() },
    ]);
    // The coordinate system is asked, L-EST97 guessed from where the numbers land.
    const crs = add.getByTestId('mapimages-crs');
    await crs.waitFor();
    expect(await crs.getByLabel(/L-EST97/).isChecked()).toBe(true);
    await expect(crs.innerText()).resolves.toMatch(/UTM tsoon 35N, ETRS89 \(EPSG:25835\)/);
    await shot(add, '10-add-worldfile-et');
    await add.getByTestId('mapimages-add-submit').click();
    await add.waitFor({ state: 'detached' });
    // No hand placement: the world file placed it.
    expect(await page.getByTestId('mapplace-dialog').count()).toBe(0);
    const rows = panel.locator('li[data-testid^="mapimage-"]');
    await expect.poll(() => rows.count()).toBe(2);
    const second = rows.nth(1);
    await expect(second.innerText()).resolves.toContain('paigutatud maailmafaili järgi');
    const placed = (await mapImages(organiser, platform.url)).find((m) => m.name === 'park')!;
    expect(placed.placement).toMatchObject({ crs: 'EPSG:3301', source: 'worldfile' });
    // Its corners are where the test drew the image.
    const truths = [truth(0, 0), truth(WIDTH, 0), truth(WIDTH, HEIGHT), truth(0, HEIGHT)];
    placed.corners!.forEach((c, i) => {
      expect(c.lat).toBeCloseTo(truths[i]!.lat, 6);
      expect(c.lng).toBeCloseTo(truths[i]!.lng, 6);
    });

    // Kept in the library: the library offers it, marked as already in this event.
    await second.getByTestId('mapimage-library').check();
    await expect
      .poll(
        async () =>
          (await mapImages(organiser, platform.url)).find((m) => m.name === 'park')?.inLibrary,
      )
      .toBe(true);
    await panel.getByTestId('mapimages-library').click();
    const library = page.getByTestId('mapimages-library-dialog');
    await library.getByTestId(`mapimages-library-${placed.id}`).waitFor();
    await expect(
      library.getByTestId(`mapimages-library-${placed.id}`).innerText(),
    ).resolves.toContain('Sellel võistlusel');
    await shot(library, '11-library-et');
    await page.keyboard.press('Escape');
    await library.waitFor({ state: 'detached' });

    // Moved up: drawn over the first map; its arrow up is then off, the other's down.
    expect(await rows.nth(0).getByTestId('mapimage-up').isDisabled()).toBe(true);
    await expect(second.getByTestId('mapimage-up').getAttribute('aria-label')).resolves.toMatch(
      /Tõsta üles/,
    );
    await second.getByTestId('mapimage-up').click();
    await expect
      .poll(async () => (await mapImages(organiser, platform.url)).map((m) => m.name))
      .toEqual(['park', 'Tartu park 1:4000']);
    await expect.poll(() => rows.nth(0).getByTestId('mapimage-name').innerText()).toBe('park');
    expect(await rows.nth(0).getByTestId('mapimage-up').isDisabled()).toBe(true);
    expect(await rows.nth(1).getByTestId('mapimage-down').isDisabled()).toBe(true);
    await rows.nth(0).getByTestId('mapimage-down').click();
    await expect.poll(() => rows.nth(1).getByTestId('mapimage-name').innerText()).toBe('park');

    // Removed from the event after the question; it stays in the library.
    await second.getByTestId('mapimage-delete').click();
    const confirm = page.getByTestId('mapimages-delete-dialog');
    await expect(confirm.innerText()).resolves.toContain('Sinu kaardikogusse jääb see alles');
    await shot(confirm, '12-delete-et');
    await confirm.getByTestId('confirm-ok').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await mapImages(organiser, platform.url)).map((m) => m.name)).toEqual([
      'Tartu park 1:4000',
    ]);
    const kept = await organiser.request.get(`${platform.url}/api/maps/library`);
    expect(((await kept.json()) as { id: string }[]).map((m) => m.id)).toContain(placed.id);
    await shot(panel, '13-panel-et');
    await estonian.close();
  });

  it('places a KMZ on the server and a KML with its image in the browser; the preview follows a large turned map', async () => {
    const { platform } = env;
    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/settings`);
    const panel = page.getByTestId('map-images');
    await panel.getByTestId('mapimages-list').waitFor();
    const rows = panel.locator('li[data-testid^="mapimage-"]');
    const before = await rows.count();
    // A map about 9 km across, turned 20°, as OCAD or Purple Pen write it.
    const box = { north: 58.42, south: 58.37, east: 26.8, west: 26.68, rotation: 20 };
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Big park</name>
<GroundOverlay><name>Big park</name><Icon><href>files/tile_0_0.png</href></Icon>
<LatLonBox><north>${box.north}</north><south>${box.south}</south><east>${box.east}</east><west>${box.west}</west><rotation>${box.rotation}</rotation></LatLonBox>
</GroundOverlay></Document></kml>`;
    const png = await mapPng();
    const kmz = Buffer.from(
      zipSync({ 'doc.kml': strToU8(kml), 'files/tile_0_0.png': new Uint8Array(png) }),
    );
    const expected = latLonBoxCorners(box);
    const corners = async (name: string) =>
      (await mapImages(organiser, platform.url)).find((m) => m.name === name)?.corners ?? null;

    for (const [name, files] of [
      ['Big park kmz', [{ name: 'Big park kmz.kmz', mimeType: '', buffer: kmz }]],
      [
        'Big park kml',
        [
          { name: 'doc.kml', mimeType: '', buffer: Buffer.from(kml) },
          { name: 'Big park kml.png', mimeType: 'image/png', buffer: png },
        ],
      ],
    ] as const) {
      await panel.getByTestId('mapimages-add').click();
      const add = page.getByTestId('mapimages-add-dialog');
      await add.getByTestId('mapimages-file').setInputFiles([...files]);
      await expect(add.getByTestId('mapimages-name').inputValue()).resolves.toBe(name);
      await shot(add, `14-add-${name.replace(/ /g, '-')}`);
      await add.getByTestId('mapimages-add-submit').click();
      await add.waitFor({ state: 'detached' });
      expect(await page.getByTestId('mapplace-dialog').count()).toBe(0);
      await expect.poll(() => corners(name)).not.toBeNull();
      const got = (await corners(name))!;
      got.forEach((c, i) => {
        expect(c.lat).toBeCloseTo(expected[i]!.lat, 6);
        expect(c.lng).toBeCloseTo(expected[i]!.lng, 6);
      });
    }
    await expect.poll(() => rows.count()).toBe(before + 2);
    await expect(rows.nth(before).innerText()).resolves.toContain('placed by its KMZ/KML');

    // Its preview in the hand placement: a grid of 5 × 5 pieces for a map this size.
    await rows.nth(before).getByTestId('mapimage-place').click();
    const dialog = page.getByTestId('mapplace-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.locator('.rada-corner-image img').count()).toBe(25);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.rada-corner-image img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.waitForTimeout(300);
    await shot(page, '15-place-kmz-preview');
    // Nothing changed: it closes without asking.
    await dialog.getByTestId('mapplace-close').click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
    await organiser.close();
  });
});

/** The test map's world file in L-EST97 (pixel centres, A D B E C F). */
function worldFile(): string {
  const a = METRES_PER_PX * Math.cos(TURN);
  const b = -METRES_PER_PX * Math.sin(TURN);
  const d = -METRES_PER_PX * Math.sin(TURN);
  const e = -METRES_PER_PX * Math.cos(TURN);
  const c = ORIGIN[0] + (a + b) / 2;
  const f = ORIGIN[1] + (d + e) / 2;
  return [a, d, b, e, c, f].map((n) => n.toFixed(10)).join('\r\n') + '\r\n';
}

/**
 * How far (screen px) a KP marker's centre is from the centre of the red ring under it: the
 * markers are hidden for a screenshot of the map, the ring's red pixels found in it.
 */
async function markerToRing(
  page: Page,
  map: Locator,
  markerTestId: string,
): Promise<{ distance: number; red: number }> {
  const marker = (await map.getByTestId(markerTestId).boundingBox())!;
  const cx = marker.x + marker.width / 2;
  const cy = marker.y + marker.height / 2;
  const clip = { x: cx - 60, y: cy - 60, width: 120, height: 120 };
  const hide = await page.addStyleTag({
    content: '.rada-kp-marker, .rada-place-point, .leaflet-marker-pane { visibility: hidden }',
  });
  const png = await page.screenshot({ clip });
  await hide.evaluate((el) => (el as Element).remove());
  fs.writeFileSync(path.join(shots, `H4-ring-${markerTestId}-${Date.now()}.png`), png);
  const red = await redCentre(png);
  expect(red.n).toBeGreaterThan(20);
  const dx = red.x + 0.5 - 60;
  const dy = red.y + 0.5 - 60;
  return { distance: Math.hypot(dx, dy), red: red.n };
}

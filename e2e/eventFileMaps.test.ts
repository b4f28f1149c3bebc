import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { EventFile, EventMapImageView } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts } from './support.ts';

/**
 * An event's map images in its event file and its archive, as an organiser meets them (issue 37,
 * docs/map-images.md "Event file and archives"): the event's file, downloaded with its map, is
 * picked as the template of next year's event, whose Map images panel then shows the map cut
 * and not yet published; a file whose image is not what it says is refused with the image's
 * path, on the page or by the server; archiving the event writes the map's original and says so
 * in the job's log (in Estonian).
 */

const EVID = 'mapfilesource';
const MIN = 60_000;
const EMAIL = 'mapfiles@example.ee';
const PASSWORD = 'organiser-pass';
const shots = artifacts;
const mapsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-eventfilemaps-maps-'));
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-eventfilemaps-files-'));

async function shot(target: Page | Locator, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await target.screenshot({ path: path.join(shots, `H6-${name}.png`) });
}

/** A map-like image: pale green, grey paths, a red ring. */
function mapPng(): Promise<Buffer> {
  const [w, h] = [800, 600];
  const data = Buffer.alloc(w * h * 3);
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      const path = Math.abs(u - 0.7 * v - 150) < 3 || Math.abs(v - 350 + 0.25 * u) < 3;
      const ring = Math.abs(Math.hypot(u - 500, v - 250) - 20) < 3;
      data.set(ring ? [220, 0, 0] : path ? [120, 120, 120] : [225, 245, 215], (v * w + u) * 3);
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

async function mapsOf(context: BrowserContext, url: string, id: string) {
  const res = await context.request.get(`${url}/api/events/${id}/maps`);
  expect(res.status()).toBe(200);
  return (await res.json()) as EventMapImageView[];
}

/** Opens the create dialog from the home page, named `name`, with `file` as its template. */
async function createFrom(page: Page, url: string, name: string, file: string) {
  await page.goto(url);
  await page.getByTestId('home-createevent').click();
  await page.getByTestId('createevent-name').fill(name);
  await page.getByTestId('createevent-template').setInputFiles(file);
}

describe('map images in the event file and the archive', () => {
  afterAll(() => {
    fs.rmSync(mapsDir, { recursive: true, force: true });
    fs.rmSync(files, { recursive: true, force: true });
  });
  const env = usePlatform(() => ({ mapsDir }) as never);

  it('brings the map into next year’s event from the file, refuses a false one, and archives it', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1300, height: 950 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: EMAIL, password: PASSWORD, displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    expect((await platform.cli('creator', EMAIL)).code).toBe(0);
    const start = Date.now() + 3 * 60 * MIN;
    const source = path.join(files, 'event.json');
    fs.writeFileSync(source, JSON.stringify(resultsEventFile(uid, start)));
    const imported = await platform.cli('import', source, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);

    // The source event's map: placed near Tartu (L-EST97, 1.2 m a pixel), published from the start.
    const sourceStart = (
      (await (await organiser.request.get(`${platform.url}/api/events/${EVID}`)).json()) as {
        starttime: number;
      }
    ).starttime;
    const upload = await organiser.request.post(
      `${platform.url}/api/events/${EVID}/maps?name=Forest`,
      { headers: { 'content-type': 'image/png' }, data: await mapPng() },
    );
    expect(upload.status()).toBe(201);
    const map = (await upload.json()) as EventMapImageView;
    const placed = await organiser.request.patch(
      `${platform.url}/api/events/${EVID}/maps/${map.id}`,
      {
        data: {
          placement: {
            crs: 'EPSG:3301',
            h: [1.2, 0, 658_800, 0, -1.2, 6_474_400, 0, 0, 1],
            source: 'worldfile',
          },
          published: true,
          publicFrom: sourceStart,
        },
      },
    );
    expect(placed.status()).toBe(200);
    await expect
      .poll(async () => (await mapsOf(organiser, platform.url, EVID))[0]?.state, {
        timeout: 60_000,
      })
      .toBe('ready');

    // Its event file, as the export panel downloads it: the map and its bytes.
    const exported = await organiser.request.get(`${platform.url}/api/events/${EVID}/export`);
    expect(exported.status()).toBe(200);
    const file = (await exported.json()) as EventFile;
    const entry = file.mapimages![map.id] as Record<string, unknown>;
    expect(entry).toMatchObject({ name: 'Forest', format: 'png', published: true });
    const good = path.join(files, 'spring.json');
    fs.writeFileSync(good, JSON.stringify(file));

    // Next year's event from the file: the map comes, cut, and waits to be published.
    const page = await organiser.newPage();
    await createFrom(page, platform.url, 'Spring again', good);
    const create = page.getByTestId('createevent-create');
    await expect.poll(() => create.isEnabled(), { timeout: 5000 }).toBe(true);
    await create.click();
    await page.waitForURL(`${platform.url}/Springagain`);
    await page.goto(`${platform.url}/Springagain/settings`);
    const panel = page.getByTestId('map-images');
    const row = panel.locator('li[data-testid^="mapimage-"]');
    await expect(row.getByTestId('mapimage-name').innerText()).resolves.toBe('Forest');
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    const [copy] = await mapsOf(organiser, platform.url, 'Springagain');
    const next = (await (
      await organiser.request.get(`${platform.url}/api/events/Springagain`)
    ).json()) as { starttime: number };
    expect(copy).toMatchObject({ name: 'Forest', published: false, publicFrom: next.starttime });
    expect(copy!.id).not.toBe(map.id);
    await row.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(panel, 'template-map-panel');

    // A file whose image is not what it says: the server names the image's path.
    const falseFormat = path.join(files, 'false-format.json');
    fs.writeFileSync(
      falseFormat,
      JSON.stringify({ ...file, mapimages: { [map.id]: { ...entry, format: 'jpeg' } } }),
    );
    await createFrom(page, platform.url, 'False format', falseFormat);
    await expect.poll(() => create.isEnabled(), { timeout: 5000 }).toBe(true);
    await create.click();
    const problems = page.getByTestId('createevent-template-problems');
    await expect
      .poll(() => problems.innerText())
      .toContain(`mapimages.${map.id}.format: the data is a png image`);
    await shot(page.getByTestId('createevent-dialog'), 'template-refused-by-server');

    // Bytes that are no base64: refused on the page before anything is sent.
    const noBase64 = path.join(files, 'no-base64.json');
    fs.writeFileSync(
      noBase64,
      JSON.stringify({ ...file, mapimages: { [map.id]: { ...entry, data: 'not*base64' } } }),
    );
    await page.getByTestId('createevent-template').setInputFiles(noBase64);
    await expect.poll(() => problems.innerText()).toContain(`mapimages.${map.id}.data: not base64`);
    expect(await create.isDisabled()).toBe(true);
    await shot(page.getByTestId('createevent-dialog'), 'template-refused-on-page');
    const events = (await (await organiser.request.get(`${platform.url}/api/events`)).json()) as {
      mine: { name: string }[];
    };
    expect(events.mine.map((e) => e.name).sort()).toEqual(
      [file.events.name, 'Spring again'].sort(),
    );

    // The source event archived, in Estonian: the map's original is written into the archive.
    const estonian = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 1300, height: 950 },
    });
    const signin = await estonian.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: EMAIL, password: PASSWORD },
    });
    expect(signin.status()).toBe(200);
    const et = await estonian.newPage();
    await et.goto(`${platform.url}/${EVID}/settings`);
    await et.getByTestId('archive-panel').scrollIntoViewIfNeeded();
    await et.getByTestId('archive-start').click();
    await et.getByTestId('archive-confirm').click();
    await et.getByTestId('archive-done').waitFor({ timeout: 60_000 });
    const log = await et.getByTestId('archive-log').innerText();
    expect(log).toContain(`Kaardipilt Forest kirjutatud failina map-${map.id}.png`);
    // The log's last lines in view (the list scrolls).
    await et.getByTestId('archive-log').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await et.waitForTimeout(300);
    await et.screenshot({ path: path.join(shots, 'H6-archive-log-et.png') });
    // Archived, the event still shows its map (published from the start: to its admins now).
    await expect
      .poll(async () => (await mapsOf(estonian, platform.url, EVID)).map((m) => m.state))
      .toEqual(['ready']);
    await organiser.close();
    await estonian.close();
  });
});

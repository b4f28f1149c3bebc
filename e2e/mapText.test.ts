import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { startMapServer } from '../packages/server/src/test/mapServer.ts';
import type { MapServer } from '../packages/server/src/test/mapServer.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts, screenshot } from './support.ts';

const EVID = 'maptext';
const HOUR = 3_600_000;
const KP1 = { lat: 58.3806, lng: 26.7225 };
const KP2 = { lat: 58.385, lng: 26.73 };

/**
 * A value that, read as HTML, makes an element with id `pwn-<tag>`, an image whose error sets
 * window.__xss, and a refresh that sends the page away; read as text, it shows as typed.
 */
const hostile = (tag: string) =>
  `<img src=x onerror="window.__xss=1"><b id="pwn-${tag}">${tag}</b>` +
  `<meta http-equiv="refresh" content="1;url=http://127.0.0.1:9/">`;
/** The part of a hostile value that the page must show literally. */
const shown = (tag: string) => `<b id="pwn-${tag}">${tag}</b>`;
/** A KP number may be a short string ('12a'); this one is an element too when read as HTML. */
const NR = '<b id=pwn-nr>';

/** Fails when the page holds anything the hostile values made, or ran their script. */
async function expectNothingMade(page: Page): Promise<void> {
  const made = await page.evaluate(() => ({
    ids: [...document.querySelectorAll('[id^="pwn"]')].map((e) => e.id),
    images: document.querySelectorAll('img[src="x"]').length,
    refresh: document.querySelectorAll('meta[http-equiv]').length,
    script: (window as unknown as { __xss?: unknown }).__xss ?? null,
  }));
  expect(made).toEqual({ ids: [], images: 0, refresh: 0, script: null });
}

/** The main frame's addresses from now on: a refresh the values made would add another. */
function navigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  return seen;
}

/** Waits past the hostile refresh's 1 s, then checks the page stayed where it was opened. */
async function expectStayed(page: Page, seen: string[], url: string): Promise<void> {
  await page.waitForTimeout(1500);
  expect(page.url()).toBe(url);
  expect(seen.filter((u) => !u.startsWith(url.split('/').slice(0, 3).join('/')))).toEqual([]);
}

/** The layer switcher's names, opened the way a person opens it. */
async function layerNames(page: Page, within = 'body'): Promise<string[]> {
  const control = page.locator(`${within} .leaflet-control-layers`);
  await control.hover();
  return control.locator('.leaflet-control-layers-list label').allInnerTexts();
}

/**
 * Switches on a layer of the switcher, which opens on hover. Hovered again on each try: the map
 * may draw its switcher anew (closed) when the event's map is read again.
 */
async function checkLayer(page: Page, name: string): Promise<void> {
  const input = page
    .locator('.leaflet-control-layers-list label', { hasText: name })
    .locator('input');
  for (let attempt = 1; ; attempt++) {
    await page.locator('.leaflet-control-layers').hover();
    try {
      await input.check({ timeout: 2000 });
      return;
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
}

const attributionOf = (page: Page, within = 'body') =>
  page.locator(`${within} .leaflet-control-attribution`).innerText();

describe('user text on maps', () => {
  let tiles: MapServer;
  beforeAll(async () => {
    tiles = await startMapServer();
  });
  afterAll(() => tiles.close());
  const env = usePlatform(() => ({ tileOrigins: [tiles.url], mapFetchAllowPrivate: true }));

  it('shows layer names, attributions, KP numbers and descriptions and team names as text on every map', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'maptext@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    // Running now: started three hours ago, ends in three.
    const file = resultsEventFile(uid, Date.now() + 3 * HOUR);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-maptext-'));
    fs.writeFileSync(path.join(dir, 'event.json'), JSON.stringify(file));
    const imported = await platform.cli('import', path.join(dir, 'event.json'), '--id', EVID);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    // Every text the organiser gives the map, hostile, through the API the settings page uses.
    const xyz = `${tiles.url}/tiles/{z}/{x}/{y}.png`;
    const settings = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: {
        settings: {
          kpsinweb: true,
          hidetracks: false,
          map: {
            default: {
              type: 'leaflet',
              conf: {
                url: xyz,
                maxZoom: 19,
                attribution: `${hostile('attr-default')} https://example.org/terms javascript:alert(1)`,
              },
            },
            userlayers: [
              {
                type: 'leaflet',
                title: hostile('layer'),
                conf: { url: xyz, maxZoom: 19, attribution: hostile('attr-layer') },
              },
              {
                type: 'wms',
                title: hostile('overlay'),
                overlay: true,
                conf: {
                  url: `${tiles.url}/wms`,
                  layers: 'natura',
                  transparent: true,
                  attribution: hostile('attr-overlay'),
                },
              },
              {
                type: 'wms',
                title: hostile('private'),
                private: true,
                conf: { url: `${tiles.url}/wms`, layers: 'natura' },
              },
            ],
          },
        },
      },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const kp1 = await organiser.request.patch(`${platform.url}/api/events/${EVID}/checkpoints/k1`, {
      data: {
        kp: { nr: NR },
        data: { desc: hostile('kpname'), loc: KP1, responses: { r1: hostile('response') } },
      },
    });
    expect(kp1.status(), await kp1.text()).toBe(200);
    const kp2 = await organiser.request.patch(`${platform.url}/api/events/${EVID}/checkpoints/k2`, {
      data: { data: { desc: hostile('kpdesc'), loc: KP2 } },
    });
    expect(kp2.status(), await kp2.text()).toBe(200);

    // A speed area, whose name is the tooltip of its shape on the settings page's map.
    const d = 0.004;
    const area = await organiser.request.put(
      `${platform.url}/api/events/${EVID}/speedareas/area1`,
      {
        data: {
          name: hostile('area'),
          area: [
            [KP1.lat - d, KP1.lng - d],
            [KP1.lat + d, KP1.lng - d],
            [KP1.lat + d, KP1.lng + d],
            [KP1.lat - d, KP1.lng + d],
          ].map(([latitude, longitude]) => ({ latitude, longitude })),
        },
      },
    );
    expect(area.status(), await area.text()).toBe(200);

    // A participant names the team and sends positions.
    const code = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { valid: Date.now() + 24 * HOUR },
    });
    expect(code.status(), await code.text()).toBe(201);
    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const member = await phone.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'maptext-team@example.ee', password: 'member-pass-1', displayName: 'Member' },
    });
    expect(member.status(), await member.text()).toBe(201);
    const joined = await phone.request.post(`${platform.url}/api/join`, {
      data: { code: ((await code.json()) as { code: string }).code, teamName: hostile('team') },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const { teamId } = (await joined.json()) as { teamId: string };
    const device = await phone.request.put(`${platform.url}/api/devices/maptext-phone`, {
      data: { eventId: EVID },
    });
    expect(device.status(), await device.text()).toBe(200);
    const now = Date.now() - 5000;
    const points = await phone.request.post(`${platform.url}/api/devices/maptext-phone/locations`, {
      data: {
        points: [0, 1, 2].map((i) => ({
          t: now - (2 - i) * 60_000,
          y: KP1.lat + i * 0.001,
          x: KP1.lng + i * 0.001,
        })),
      },
    });
    expect(points.status(), await points.text()).toBe(200);

    // The checkpoint map (/kp): the switcher, the credits and the KP numbers show text.
    const page = await organiser.newPage();
    let seen = navigations(page);
    const kpUrl = `${platform.url}/${EVID}/kp`;
    await page.goto(kpUrl);
    await page.getByTestId(`kp-marker-${NR}`).waitFor();
    await expectNothingMade(page);
    expect(await page.getByTestId(`kp-marker-${NR}`).innerText()).toBe(NR);
    const names = await layerNames(page);
    expect(names.map((n) => n.trim())).toEqual([
      'Event map',
      'OpenStreetMap',
      hostile('layer'),
      `${hostile('private')} (private)`,
      hostile('overlay'),
    ]);
    const credit = await attributionOf(page);
    expect(credit).toContain(shown('attr-default'));
    expect(credit).toContain('javascript:alert(1)');
    // A web address in a credit is a link; nothing else is.
    expect(
      await page
        .locator('.leaflet-control-attribution a[href="https://example.org/terms"]')
        .innerText(),
    ).toBe('https://example.org/terms');
    expect(await page.locator('.leaflet-control-attribution a[href^="javascript"]').count()).toBe(
      0,
    );
    // The organiser's own layer and the overlay, switched on, credit their sources as text too.
    await checkLayer(page, shown('layer'));
    await checkLayer(page, shown('overlay'));
    await expect.poll(() => attributionOf(page)).toContain(shown('attr-layer'));
    expect(await attributionOf(page)).toContain(shown('attr-overlay'));
    await expectNothingMade(page);
    await page.mouse.move(10, 10);
    await page.waitForTimeout(300);
    await screenshot(page, 'maptext-kp', false);
    await expectStayed(page, seen, kpUrl);

    // The live map (/map): the team's label, the KPs and the switcher.
    seen = navigations(page);
    const mapUrl = `${platform.url}/${EVID}/map`;
    await page.goto(mapUrl);
    const label = page.getByTestId(`live-label-${teamId}`);
    await label.waitFor();
    await expectNothingMade(page);
    expect(await label.innerText()).toContain(shown('team'));
    expect((await layerNames(page)).map((n) => n.trim())).toContain(hostile('layer'));
    expect(await attributionOf(page)).toContain(shown('attr-default'));
    await page.mouse.move(10, 10);
    await page.waitForTimeout(300);
    await screenshot(page, 'maptext-live', false);
    await expectStayed(page, seen, mapUrl);

    // The event's settings: the map preview.
    seen = navigations(page);
    const settingsUrl = `${platform.url}/${EVID}/settings`;
    await page.goto(settingsUrl);
    const preview = '[data-testid="setting-map-preview"]';
    await page.locator(`${preview} .leaflet-control-layers`).waitFor();
    await page.locator(preview).scrollIntoViewIfNeeded();
    await expectNothingMade(page);
    expect((await layerNames(page, preview)).map((n) => n.trim())).toContain(hostile('layer'));
    expect(await attributionOf(page, preview)).toContain(shown('attr-default'));
    await page.mouse.move(10, 10);
    await page.waitForTimeout(300);
    fs.mkdirSync(artifacts, { recursive: true });
    await page.getByTestId('settings-group-map').screenshot({
      path: path.join(artifacts, 'maptext-settings.png'),
    });
    // The speed area's name, hovered.
    const shape = page.locator('[data-testid="speed-area-map"] path.leaflet-interactive').first();
    await shape.scrollIntoViewIfNeeded();
    const box = (await shape.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = page.locator('[data-testid="speed-area-map"] .leaflet-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe(hostile('area'));
    await expectNothingMade(page);
    await page.getByTestId('speed-area-map').screenshot({
      path: path.join(artifacts, 'maptext-speedarea.png'),
    });
    await expectStayed(page, seen, settingsUrl);

    // The participant's map (/play): KP numbers, switcher and credits.
    const play = await phone.newPage();
    const playSeen = navigations(play);
    const playUrl = `${platform.url}/${EVID}/play`;
    await play.goto(playUrl);
    const marker = play.getByTestId('play-kp-marker-k1');
    await marker.waitFor();
    await expectNothingMade(play);
    expect(await marker.innerText()).toBe(NR);
    expect((await layerNames(play)).map((n) => n.trim())).toContain(hostile('layer'));
    expect(await attributionOf(play)).toContain(shown('attr-default'));
    await play.waitForTimeout(300);
    await screenshot(play, 'maptext-play', false);
    await expectStayed(play, playSeen, playUrl);

    await phone.close();
    await organiser.close();
  });
});

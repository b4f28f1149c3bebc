import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TrackingLinkView } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import type { TestPlatform } from './support.ts';

const EVID = 'pocket';
const MIN = 60_000;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Imports an event file under `id` with the platform's command line. */
async function importEvent(platform: TestPlatform, file: unknown, id: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-pocket-'));
  const at = path.join(dir, 'event.json');
  fs.writeFileSync(at, JSON.stringify(file));
  const imported = await platform.cli('import', at, '--id', id);
  expect(imported.code, imported.err).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * One position as Traccar Client 9 and later posts it (JSON, its background geolocation
 * plugin's location object): from Node's fetch as the phone does, with no cookie and no Origin.
 */
async function postTraccar(
  url: string,
  t: number,
  lat: number,
  lon: number,
  battery: number,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      location: {
        timestamp: new Date(t).toISOString(),
        coords: {
          latitude: lat,
          longitude: lon,
          accuracy: 8.5,
          speed: 1.4,
          heading: 45,
          altitude: 62,
        },
        battery: { level: battery, is_charging: false },
        is_moving: true,
        odometer: 0,
      },
      device_id: 'pocket-phone-1',
    }),
  });
}

const dataOf = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).getAttribute(name);

/** The live map's drawn tail runs (the canvas has no elements): solid lines and gap jumps. */
const tailCounts = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('[data-testid="live-map"] .leaflet-container');
    return { lines: box?.dataset.tailLines, gaps: box?.dataset.tailGaps };
  });

/** Zooms the live map out `levels` levels and lets the tiles and tails settle. */
async function zoomOut(page: Page, levels: number): Promise<void> {
  for (let i = 0; i < levels; i++)
    await page.getByTestId('live-map').locator('.leaflet-control-zoom-out').click();
  await page.waitForTimeout(500);
}

describe('tracking with the phone in a pocket', () => {
  const env = usePlatform();

  it('a Traccar Client point shows the team on the live map with its source and battery, and a 20-minute silence as a gap', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB', viewport: DESKTOP });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'pocket@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    await importEvent(platform, resultsEventFile(uid, Date.now() + 3 * 60 * MIN), EVID);

    const made = await organiser.request.post(
      `${platform.url}/api/events/${EVID}/teams/alpha/tracking-links`,
      { data: { app: 'traccar' } },
    );
    expect(made.status(), await made.text()).toBe(201);
    const link = (await made.json()) as TrackingLinkView;
    expect(link).toMatchObject({ app: 'traccar', teamId: 'alpha' });
    expect(link.path).toMatch(/^\/api\/t\/\S+$/);
    const ingestUrl = `${platform.url}${link.path}`;

    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-tab').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') ===
        'live',
      null,
      { timeout: 10_000 },
    );
    // No point yet: no source, no position.
    expect(await page.getByTestId('live-team-source-alpha').count()).toBe(0);
    expect(await dataOf(page, 'live-team-alpha', 'data-lastt')).toBe('');
    // The whole track, so the older points stay drawn.
    await page.getByTestId('live-tail').click();
    await page.getByTestId('live-tail-all').click();

    // Two points a minute apart, as the app sends them one per request, half an hour ago.
    const t0 = Date.now() - 30 * MIN;
    for (const [i, t] of [t0, t0 + MIN].entries()) {
      const res = await postTraccar(ingestUrl, t, 58.37 + i * 0.001, 26.72 + i * 0.001, 0.64);
      expect(res.status, await res.text()).toBe(200);
    }
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-team-alpha"]')?.getAttribute('data-lat') ===
        '58.371000',
      null,
      { timeout: 5000 },
    );
    expect(await dataOf(page, 'live-team-alpha', 'data-lng')).toBe('26.721000');
    const source = page.getByTestId('live-team-source-alpha');
    await source.waitFor();
    expect(await source.innerText()).toBe('Traccar Client');
    expect(await source.getAttribute('data-src')).toBe('traccar');
    // The battery comes with the summaries, fetched again for a team that starts sending.
    await page.getByTestId('live-team-battery-alpha').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('live-team-battery-alpha').innerText()).toContain('64%');
    await page.getByTestId('live-label-alpha').filter({ hasText: '1 Alpha' }).waitFor();
    await expect.poll(() => tailCounts(page)).toEqual({ lines: '1', gaps: '0' });
    // 29 minutes without a point is said as such.
    expect(await page.getByTestId('live-team-age-alpha').innerText()).toBe(
      'no position for 29 min',
    );

    // Twenty minutes later (still in the past) the phone sends again: the jump is no walked line.
    for (const [i, t] of [t0 + 21 * MIN, t0 + 22 * MIN].entries()) {
      const res = await postTraccar(ingestUrl, t, 58.39 + i * 0.001, 26.76 + i * 0.001, 0.6);
      expect(res.status, await res.text()).toBe(200);
    }
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-team-alpha"]')?.getAttribute('data-lat') ===
        '58.391000',
      null,
      { timeout: 5000 },
    );
    await expect.poll(() => tailCounts(page)).toEqual({ lines: '2', gaps: '1' });
    expect(await page.getByTestId('live-team-age-alpha').innerText()).toBe('no position for 8 min');
    expect(await source.innerText()).toBe('Traccar Client');
    await page.getByTestId('live-showall').click();
    await zoomOut(page, 2);
    await screenshot(page, 'pocket-live-en');

    // Replay: at the end the same gap; inside the gap the marker waits where the team was last
    // seen, and the list says how long there was no position.
    await page.getByTestId('live-mode-replay').click();
    const slider = page.getByTestId('live-replay-slider');
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => tailCounts(page)).toEqual({ lines: '2', gaps: '1' });
    await page.keyboard.press('Home');
    await expect.poll(() => dataOf(page, 'live-team-alpha', 'data-lat')).toBe('58.370000');
    // A click two thirds along the slider (14 of the 22 minutes) is inside the gap.
    const bar = await page.getByTestId('live-replay').locator('.MuiSlider-root').boundingBox();
    expect(bar).toBeTruthy();
    if (bar) await page.mouse.click(bar.x + (bar.width * 14) / 22, bar.y + bar.height / 2);
    await expect
      .poll(async () => Number(await dataOf(page, 'live-replay-time', 'data-t')))
      .toBeGreaterThan(t0 + 7 * MIN);
    const inGap = Number(await dataOf(page, 'live-replay-time', 'data-t'));
    expect(inGap).toBeGreaterThan(t0 + 7 * MIN);
    expect(inGap).toBeLessThan(t0 + 21 * MIN);
    expect(await dataOf(page, 'live-team-alpha', 'data-lat')).toBe('58.371000');
    expect(await page.getByTestId('live-team-age-alpha').innerText()).toMatch(
      /^no position for \d+ min$/,
    );
    await expect.poll(() => tailCounts(page)).toEqual({ lines: '1', gaps: '0' });
    await screenshot(page, 'pocket-replay-gap-en');
    await organiser.close();

    // The same map on a phone and in Estonian.
    for (const [lang, locale, viewport] of [
      ['en', 'en-GB', PHONE],
      ['et', 'et-EE', DESKTOP],
      ['et', 'et-EE', PHONE],
    ] as const) {
      const context = await browser.newContext({ locale, viewport });
      await context.addInitScript((l) => localStorage.setItem('rada.lang', l), lang);
      const signin = await context.request.post(`${platform.url}/api/auth/signin`, {
        data: { email: 'pocket@example.ee', password: 'organiser-pass' },
      });
      expect(signin.status(), await signin.text()).toBe(200);
      const p = await context.newPage();
      await p.goto(`${platform.url}/${EVID}/map`);
      await p.getByTestId('live-team-source-alpha').waitFor();
      await p.getByTestId('live-tail').click();
      await p.getByTestId('live-tail-all').click();
      await expect.poll(() => tailCounts(p)).toEqual({ lines: '2', gaps: '1' });
      if (lang === 'et') {
        expect(await p.getByTestId('live-team-age-alpha').innerText()).toMatch(
          /^asukohta pole olnud \d+ min$/,
        );
      }
      await p.getByTestId('live-showall').click();
      // The map keeps its height above the team list on a phone too.
      const mapBox = await p.getByTestId('live-map').boundingBox();
      expect(mapBox?.height).toBeGreaterThan(viewport.height / 2);
      // Out far enough to see both stretches and the jump between them.
      await zoomOut(p, 2);
      await screenshot(p, `pocket-live-${lang}-${viewport.width}`);
      await context.close();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import type { TestPlatform } from './support.ts';

const EVID = 'livetest';
const MIN = 60_000;

/** Imports an event file under `id` with the platform's command line. */
async function importEvent(platform: TestPlatform, file: unknown, id: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-live-'));
  const at = path.join(dir, 'event.json');
  fs.writeFileSync(at, JSON.stringify(file));
  const imported = await platform.cli('import', at, '--id', id);
  expect(imported.code, imported.err).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A member's phone for `teamId`: signs up, joins with a single-team code the organiser makes,
 * registers a device; returns a function that sends points through the real ingest API.
 */
async function memberDevice(
  browser: Browser,
  platform: TestPlatform,
  organiser: APIRequestContext,
  teamId: string,
) {
  const context = await browser.newContext();
  const req = context.request;
  const signup = await req.post(`${platform.url}/api/auth/signup`, {
    data: { email: `${teamId}@example.ee`, password: 'member-pass-1', displayName: teamId },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await organiser.post(`${platform.url}/api/events/${EVID}/joincodes`, {
    data: { singleteam: true, teamId, valid: Date.now() + 24 * 60 * MIN },
  });
  expect(code.status(), await code.text()).toBe(201);
  const joined = await req.post(`${platform.url}/api/join`, {
    data: { code: ((await code.json()) as { code: string }).code },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const deviceId = `phone-${teamId}`;
  const device = await req.put(`${platform.url}/api/devices/${deviceId}`, {
    data: { eventId: EVID },
  });
  expect(device.status(), await device.text()).toBe(200);
  return {
    context,
    send: async (points: { t: number; y: number; x: number; b?: number }[]) => {
      const res = await req.post(`${platform.url}/api/devices/${deviceId}/locations`, {
        data: { points },
      });
      expect(res.status(), await res.text()).toBe(200);
      const body = (await res.json()) as { accepted: number };
      expect(body.accepted).toBe(points.length);
    },
  };
}

/** A walk of `n` points a minute apart ending at `end`, from (y, x) heading north-east. */
const walk = (end: number, n: number, y: number, x: number, b?: number) =>
  Array.from({ length: n }, (_, i) => ({
    t: end - (n - 1 - i) * MIN,
    y: y + i * 0.002,
    x: x + i * 0.003,
    ...(b !== undefined ? { b } : {}),
  }));

/** Animation frames the page draws per second, measured over one second. */
const framesPerSecond = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const start = performance.now();
        const tick = (at: number) => {
          frames++;
          if (at - start < 1000) requestAnimationFrame(tick);
          else resolve((frames * 1000) / (at - start));
        };
        requestAnimationFrame(tick);
      }),
  );

const attr = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).getAttribute(name);

describe('live map', () => {
  const env = usePlatform();

  it('shows teams live, moves a marker on a new point, replays the event and obeys hidetracks', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1400, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'live@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const file = resultsEventFile(uid, Date.now() + 3 * 60 * MIN);
    file.eventsdata.kpdata.k1 = {
      ...file.eventsdata.kpdata.k1,
      loc: { lat: 58.372, lng: 26.74 },
    } as typeof file.eventsdata.kpdata.k1;
    file.eventsdata.kpdata.k2 = {
      ...file.eventsdata.kpdata.k2,
      loc: { lat: 58.39, lng: 26.72 },
    } as typeof file.eventsdata.kpdata.k2;
    await importEvent(platform, file, EVID);

    const now = Date.now() - 5000;
    const alpha = await memberDevice(browser, platform, organiser.request, 'alpha');
    const bravo = await memberDevice(browser, platform, organiser.request, 'bravo');
    const charlie = await memberDevice(browser, platform, organiser.request, 'charlie');
    await alpha.send(walk(now, 20, 58.37, 26.7, 0.76));
    await bravo.send(walk(now - 30_000, 15, 58.4, 26.76));
    await charlie.send(walk(now - 10 * MIN, 10, 58.35, 26.8));

    const page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-tab').waitFor();
    await page.getByTestId('live-team-alpha').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') ===
        'live',
      null,
      { timeout: 10_000 },
    );
    // Every team is listed with its last-seen age (past the map's 5-minute gap, as a time without
    // a position); alpha's battery is known.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="live-team-charlie"]')?.getAttribute('data-lastt'),
    );
    expect(await page.getByTestId('live-team-age-charlie').innerText()).toMatch(
      /no position for 10 min/,
    );
    expect(await page.getByTestId('live-team-age-alpha').innerText()).toMatch(/s ago|just now/);
    expect(await page.getByTestId('live-team-battery-alpha').innerText()).toContain('76%');
    expect(await page.getByTestId('live-team-alpha').innerText()).toContain('1 Alpha');
    // Labels are on the map.
    // A label may show the team's id for a moment before the team list names it.
    await page.getByTestId('live-label-bravo').filter({ hasText: '2 Bravo' }).waitFor();
    await page.getByTestId('kp-marker-1').waitFor();
    expect(await page.getByTestId('live-label-bravo').innerText()).toBe('2 Bravo');
    // The view fits the teams as soon as they come, not the KPs (a smaller area) until a new point.
    // (Polled: the fit animates, and on a busy machine a label is read mid-flight.)
    const outside = async () => {
      const mapBox = await page.getByTestId('live-map').boundingBox();
      const out: string[] = [];
      for (const team of ['alpha', 'bravo', 'charlie']) {
        const label = await page.getByTestId(`live-label-${team}`).boundingBox();
        if (
          !label ||
          !mapBox ||
          label.x < mapBox.x ||
          label.y < mapBox.y ||
          label.x > mapBox.x + mapBox.width ||
          label.y > mapBox.y + mapBox.height
        )
          out.push(`${team} ${JSON.stringify(label)} in ${JSON.stringify(mapBox)}`);
      }
      return out;
    };
    await expect.poll(outside, { timeout: 5000 }).toEqual([]);
    await page.waitForTimeout(500);
    await screenshot(page, 'live-map');

    // A new point through the ingest API moves alpha's marker without a reload.
    expect(await attr(page, 'live-team-alpha', 'data-lat')).toBe((58.37 + 19 * 0.002).toFixed(6));
    const t0 = Date.now();
    await alpha.send([{ t: Date.now(), y: 58.45, x: 26.9 }]);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-team-alpha"]')?.getAttribute('data-lat') ===
        '58.450000',
      null,
      { timeout: 5000 },
    );
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await page.getByTestId('live-team-age-alpha').innerText()).toMatch(/s ago|just now/);

    // A click in the list selects the team and brings the map to it.
    await page.getByTestId('live-team-charlie').click();
    expect(await attr(page, 'live-team-charlie', 'class')).toContain('Mui-selected');
    const container = page.getByTestId('live-map').locator('.leaflet-container');
    expect(Number(await container.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(13);
    await page.getByTestId('live-label-charlie').waitFor();

    // Replay: the slider's start shows where the teams started; play moves them.
    await page.getByTestId('live-mode-replay').click();
    await page.getByTestId('live-replay').waitFor();
    const slider = page.getByTestId('live-replay-slider');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-team-alpha"]')?.getAttribute('data-lat') ===
        '58.370000',
    );
    // Alpha and charlie started 19 min ago, bravo 5 min later: not on the map yet.
    expect(await attr(page, 'live-team-charlie', 'data-lat')).toBe('58.350000');
    expect(await attr(page, 'live-team-bravo', 'data-lat')).toBe('');
    expect(await page.getByTestId('live-replay-time').innerText()).toMatch(
      /^\d{2} \w+ \d{4} \d{2}:\d{2}:\d{2}$/,
    );
    const tStart = Number(await attr(page, 'live-replay-time', 'data-t'));
    await page.getByTestId('live-replay-speed').click();
    await page.getByTestId('live-speed-60').click();
    await page.getByTestId('live-replay-play').click();
    await page.waitForTimeout(1500);
    const tPlayed = Number(await attr(page, 'live-replay-time', 'data-t'));
    // 1.5 s at 60× is about 90 s of event time.
    expect(tPlayed - tStart).toBeGreaterThan(40_000);
    expect(tPlayed - tStart).toBeLessThan(200_000);
    await page.getByTestId('live-replay-play').click();
    const latNow = await attr(page, 'live-team-charlie', 'data-lat');
    expect(latNow).not.toBe('58.350000');
    // Paused, a zoom draws the teams again where they stand (no frame comes to redraw them).
    const zoomBefore = Number(await container.getAttribute('data-zoom'));
    await page.getByTestId('live-map').locator('.leaflet-control-zoom-out').click();
    await expect.poll(() => container.getAttribute('data-zoom')).toBe(String(zoomBefore - 1));
    expect(await container.getAttribute('data-teams')).toBe('2');
    await page.getByTestId('live-label-charlie').waitFor({ timeout: 1000 });
    await page.getByTestId('live-showall').click();
    await page.waitForTimeout(300);
    await screenshot(page, 'live-replay');

    // The public sees the map while tracks are not hidden, and is refused once they are.
    const viewer = await browser.newContext({ locale: 'en-GB' });
    const anon = await viewer.newPage();
    await anon.goto(`${platform.url}/${EVID}/map`);
    await anon.getByTestId('live-team-bravo').waitFor();
    await anon.getByTestId('event-tab-map').waitFor();
    const hide = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: { settings: { hidetracks: true } },
    });
    expect(hide.status(), await hide.text()).toBe(200);
    await anon.goto(`${platform.url}/${EVID}/map`);
    await anon.getByTestId('event-noaccess').waitFor();
    expect(await anon.getByTestId('live-tab').count()).toBe(0);
    expect(await anon.getByTestId('event-tab-map').count()).toBe(0);
    const refused = await viewer.request.get(`${platform.url}/api/events/${EVID}/tracks`);
    expect([401, 403]).toContain(refused.status());
    // The organiser still sees it.
    await page.goto(`${platform.url}/${EVID}/map`);
    await page.getByTestId('live-team-alpha').waitFor();

    await viewer.close();
    for (const m of [alpha, bravo, charlie]) await m.context.close();
    await organiser.close();
  });

  it('clusters hundreds of teams close together and zooms into a cluster on a click', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1400, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'cluster@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    const { uid } = (await signup.json()) as { uid: string };
    const file = resultsEventFile(uid, Date.now() + 3 * 60 * MIN);
    const N = 300;
    const list: Record<string, { name: string; nr: number }> = {};
    for (let i = 1; i <= N; i++) list[`t${i}`] = { name: `Team ${i}`, nr: i };
    file.teams = { list, kpanswers: {} } as unknown as typeof file.teams;
    await importEvent(platform, file, 'clustertest');

    // Each team's track comes as a GPX import by the organiser: a short walk on a 20 × 15 grid.
    const end = Date.now() - 60_000;
    const gpx = (i: number) => {
      const y0 = 58.3 + Math.floor((i - 1) / 20) * 0.004;
      const x0 = 26.6 + ((i - 1) % 20) * 0.006;
      const pts = Array.from({ length: 5 }, (_, k) => {
        const t = new Date(end - (4 - k) * MIN).toISOString();
        return `<trkpt lat="${(y0 + k * 0.0005).toFixed(6)}" lon="${(x0 + k * 0.0005).toFixed(6)}"><time>${t}</time></trkpt>`;
      }).join('');
      return `<?xml version="1.0"?><gpx version="1.1" creator="e2e"><trk><trkseg>${pts}</trkseg></trk></gpx>`;
    };
    for (let start = 1; start <= N; start += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, N - start + 1) }, async (_, k) => {
          const i = start + k;
          const res = await organiser.request.post(
            `${platform.url}/api/events/clustertest/teams/t${i}/track.gpx`,
            { data: { gpx: gpx(i) } },
          );
          expect(res.status(), await res.text()).toBe(200);
        }),
      );
    }

    const page = await organiser.newPage();
    await page.goto(`${platform.url}/clustertest/map`);
    // The list draws only the rows in view (from 100 teams): the last team is found by the filter.
    await page.getByTestId('live-team-filter').fill('Team 300', { timeout: 20_000 });
    await page.getByTestId('live-team-t300').waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-team-t300"]')?.getAttribute('data-lat'),
      null,
      { timeout: 20_000 },
    );
    await page.getByTestId('live-team-filter').fill('');
    // Zoomed out, the teams fall into a few count bubbles holding all 300 of them.
    const zoomOut = page.locator('.leaflet-control-zoom-out');
    for (let i = 0; i < 3; i++) {
      await zoomOut.click();
      await page.waitForTimeout(350);
    }
    await page.getByTestId('live-cluster').first().waitFor();
    const counts = await page
      .getByTestId('live-cluster')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
    const container = page.getByTestId('live-map').locator('.leaflet-container');
    expect(await container.getAttribute('data-teams')).toBe(String(N));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(
      Number(await container.getAttribute('data-clustered')),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(N * 0.9);
    expect(counts.length).toBeLessThan(10);
    await screenshot(page, 'live-clusters');

    // A click on a bubble zooms in at least two levels.
    const zoom = async () =>
      Number(
        await page.getByTestId('live-map').locator('.leaflet-container').getAttribute('data-zoom'),
      );
    const before = await zoom();
    await page.getByTestId('live-cluster').first().click();
    await page.waitForTimeout(600);
    expect(await zoom()).toBeGreaterThanOrEqual(before + 2);
    await screenshot(page, 'live-clusters-zoomed');

    // Replaying 300 teams at 60× keeps the page responsive (frames per second while playing,
    // against the same page standing still: a shared test machine draws few frames anyway).
    await page.getByTestId('live-mode-replay').click();
    const idle = await framesPerSecond(page);
    await page.getByTestId('live-replay-slider').focus();
    await page.keyboard.press('Home');
    await page.getByTestId('live-replay-speed').click();
    await page.getByTestId('live-speed-60').click();
    await page.getByTestId('live-replay-play').click();
    const fps = await framesPerSecond(page);
    console.log(`replay of ${N} teams: ${fps.toFixed(0)} frames/s (idle ${idle.toFixed(0)})`);
    expect(fps).toBeGreaterThan(Math.min(10, idle / 2));
    await screenshot(page, 'live-clusters-replay');
    await organiser.close();
  });
});

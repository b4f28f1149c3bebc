import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventOverview } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

/** The two screens of issue 15's checks: a laptop and a phone. */
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = [
  { lang: 'en', setup: 'Setting up', search: 'class', scoring: 'Scoring', zoomIn: 'Zoom in' },
  {
    lang: 'et',
    setup: 'Seadistamine',
    search: 'klass',
    scoring: 'Punktiarvestus',
    zoomIn: 'Suurenda',
  },
] as const;

describe("the organiser's dashboard and settings navigation", () => {
  const env = usePlatform();
  const eventId = 'dashtest';
  let cookie = '';

  beforeAll(async () => {
    const { platform } = env;
    const signup = await fetch(`${platform.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'dash@example.ee',
        password: 'organiser-pass',
        displayName: 'Org',
      }),
    });
    expect(signup.status).toBe(201);
    cookie = signup.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { uid } = (await signup.json()) as { uid: string };
    // Under way: started an hour ago, ends in five hours; one KP still in work, one without a
    // location.
    const event = resultsEventFile(uid, Date.now() + 5 * 3_600_000);
    Object.assign(event.eventsdata.kp.k2, { inwork: true });
    Object.assign(event.eventsdata.kpdata.k1, { loc: { lat: 58.38, lng: 26.72 } });
    Object.assign(event.eventsdata.kpdata.k2, { loc: { lat: 58.39, lng: 26.73 } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-dash-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', eventId);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A browser of `size`, signed in as the organiser, reading `lang`. */
  async function openAsOrganiser(size: (typeof SIZES)[number], lang: string) {
    const context = await env.browser.newContext({
      viewport: { width: size.width, height: size.height },
    });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: env.platform.url }]);
    await context.addInitScript(`localStorage.setItem('rada.lang', '${lang}')`);
    return { context, page: await context.newPage() };
  }

  for (const size of SIZES) {
    for (const l of LANGUAGES) {
      it(`shows the dashboard and finds settings at ${size.width}×${size.height} in ${l.lang}`, async () => {
        const { platform } = env;
        const { context, page } = await openAsOrganiser(size, l.lang);
        try {
          const expected = (await (
            await fetch(`${platform.url}/api/events/${eventId}/overview`, { headers: { cookie } })
          ).json()) as EventOverview;

          await page.goto(`${platform.url}/${eventId}`);
          await page.getByTestId('dash').waitFor();
          // The figures are the server's, in the reader's language.
          await expect(page.getByTestId('dash-setup').innerText()).resolves.toContain(l.setup);
          await expect(page.getByTestId('dash-kps-ready').innerText()).resolves.toBe(
            String(expected.kps.ready),
          );
          await expect(page.getByTestId('dash-kps-inwork').innerText()).resolves.toBe('1');
          await expect(page.getByTestId('dash-teams-running').innerText()).resolves.toBe(
            String(expected.teams.running),
          );
          await expect(page.getByTestId('dash-marks').innerText()).resolves.toBe(
            String(expected.marksLately),
          );
          // KPs: one in work and one without a location, so that step is open; the event has
          // teams, so teams can come.
          await expect(page.getByTestId('dash-step-kps').getAttribute('data-done')).resolves.toBe(
            'false',
          );
          await expect(page.getByTestId('dash-step-times').getAttribute('data-done')).resolves.toBe(
            'true',
          );
          await expect(
            page.getByTestId('dash-step-access').getAttribute('data-done'),
          ).resolves.toBe('true');
          // Nothing of the page is wider than the screen.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `dashboard-${size.name}-${l.lang}`);

          // The scoring step's link opens the settings at the scoring section.
          await page.getByTestId('dash-step-scoring-open').click();
          await page.waitForURL(`**/${eventId}/settings#settings-scoring`);
          const scoring = page.getByTestId('settings-group-scoring');
          await scoring.waitFor();
          await expect
            .poll(async () => (await scoring.boundingBox())?.y ?? -1, { timeout: 5000 })
            .toBeLessThan(size.height / 2);
          await expect(scoring.locator('h3').innerText()).resolves.toBe(l.scoring);

          // The section menu jumps to a section.
          await page.getByTestId('settings-menu-results').click();
          const results = page.getByTestId('settings-group-results');
          await expect
            .poll(async () => (await results.boundingBox())?.y ?? -1, { timeout: 5000 })
            .toBeLessThan(size.height / 2);

          // The search keeps the sections with a matching setting and hides the rest.
          await page.getByTestId('settings-search').fill(l.search);
          await scoring.waitFor();
          await expect(page.getByTestId('settings-group-start').count()).resolves.toBe(0);
          await expect(page.getByTestId('setting-maxmarkingdistance').count()).resolves.toBe(0);
          await screenshot(page, `settings-search-${size.name}-${l.lang}`);
          await page.getByTestId('settings-search').fill('zzzz-nothing');
          await page.getByTestId('settings-search-none').waitFor();
          await page.getByTestId('settings-search').fill('');
          await page.getByTestId('settings-group-start').waitFor();
        } finally {
          await context.close();
        }
      });

      it(`fits the KP grid and the Teams tools at ${size.width}×${size.height} in ${l.lang}`, async () => {
        const { platform } = env;
        const { context, page } = await openAsOrganiser(size, l.lang);
        const pageOverflow = () =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
        try {
          await page.goto(`${platform.url}/${eventId}/kp`);
          await page.getByTestId('kp-row-1').waitFor();
          const grid = page.getByTestId('kp-grid');
          // The columns shown fit the grid's width: the last one ends inside the grid.
          const box = (await grid.boundingBox())!;
          const last = (await grid.locator('.MuiDataGrid-columnHeader').last().boundingBox())!;
          expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
          const fields = await grid
            .locator('.MuiDataGrid-columnHeader')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-field')));
          if (size.name === 'phone') {
            expect(fields).toEqual(['nr', 'actions', 'desc', 'inwork']);
          } else {
            expect(fields).toEqual(expect.arrayContaining(['nr', 'actions', 'ra', 'answer']));
          }
          // Each row's actions are on the screen.
          const edit = await page.locator('[data-testid^="kp-edit-"]').first().boundingBox();
          expect(edit!.x + edit!.width).toBeLessThanOrEqual(size.width);
          // A hidden column is one click away in the columns panel.
          expect(await pageOverflow()).toBeLessThanOrEqual(0);
          // Leaflet's zoom buttons speak the reader's language.
          await expect(
            page.locator('.leaflet-control-zoom-in').getAttribute('title'),
          ).resolves.toBe(l.zoomIn);
          await screenshot(page, `kp-grid-${size.name}-${l.lang}`);

          await page.goto(`${platform.url}/${eventId}/teams`);
          const add = page.getByTestId('teams-add');
          await add.waitFor();
          // The toolbar is at most two rows of buttons in either language.
          const button = (await add.boundingBox())!;
          const bar = (await add.locator('..').boundingBox())!;
          expect(bar.height).toBeLessThan(button.height * 2 + 40);
          if (size.name === 'phone') {
            // On a phone the tools are in a menu.
            await expect(page.getByTestId('teams-starttimes').count()).resolves.toBe(0);
            await page.getByTestId('teams-tools').click();
          }
          await page.getByTestId('teams-starttimes').click();
          await page.getByTestId('starttimes-dialog').waitFor();
          await page.keyboard.press('Escape');
          await page.getByTestId('starttimes-dialog').waitFor({ state: 'detached' });
          expect(await pageOverflow()).toBeLessThanOrEqual(0);
          await screenshot(page, `teams-${size.name}-${l.lang}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});

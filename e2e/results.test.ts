import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRESS_SHOW_DELAY_MS } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts, gotoApp, screenshot } from './support.ts';

describe('live results', () => {
  const env = usePlatform();

  it("shows a new order on an open results page within a second of an admin's answer change", async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'results@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };

    // Teams and answers come with a whole event file (templates do not copy teams); the file's
    // admins map makes the organiser the owner.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-results-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid)));
    const imported = await platform.cli('import', file, '--id', 'resultstest');
    expect(imported.code, imported.err).toBe(0);

    // The command line and the platform compute the same results from the same event file.
    const cli = await platform.cli('results', file);
    expect(cli.code, cli.err).toBe(0);
    const served = await organiser.request.get(`${platform.url}/api/events/resultstest/results`);
    expect(served.status()).toBe(200);
    expect(((await served.json()) as { results: unknown }).results).toEqual(JSON.parse(cli.out));

    const viewer = await browser.newContext({ locale: 'en-GB' });
    const page = await viewer.newPage();
    await page.goto(`${platform.url}/resultstest/result`);
    await page.getByTestId('results-page').waitFor();
    const place = (team: string) =>
      page.getByTestId(`results-row-${team}`).getAttribute('data-place');
    await page.getByTestId('results-row-alpha').waitFor();
    expect(await place('alpha')).toBe('1');
    expect(await place('bravo')).toBe('2');
    await expect(page.getByTestId('results-row-alpha').innerText()).resolves.toContain('I');
    await page.waitForFunction(
      () => (window as unknown as { __radaLive?: number }).__radaLive === 1,
      null,
      { timeout: 5000 },
    );
    // A reload would lose this mark.
    await page.evaluate(() => {
      (window as unknown as { __noReload?: boolean }).__noReload = true;
    });

    for (const kp of ['k2', 'k3']) {
      const res = await organiser.request.put(
        `${platform.url}/api/events/resultstest/teams/bravo/answers/${kp}`,
        { data: { answer: 'r1' } },
      );
      expect(res.status(), await res.text()).toBe(200);
    }
    // A lone change is recalculated at once, so the page may first show the first change alone
    // (Bravo level with Alpha, both first): wait for both changes.
    const t0 = Date.now();
    await page.waitForFunction(
      () => {
        const placeOf = (team: string) =>
          document.querySelector(`[data-testid="results-row-${team}"]`)?.getAttribute('data-place');
        return placeOf('bravo') === '1' && placeOf('alpha') === '2';
      },
      null,
      { timeout: 1000 },
    );
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await place('alpha')).toBe('2');
    const rows = await page
      .locator('[data-testid^="results-row-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(rows).toEqual(['results-row-bravo', 'results-row-alpha', 'results-row-charlie']);
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
    await screenshot(page, 'results-live');

    // The Estonian address shows the same page; /responses colours the matrix.
    await page.goto(`${platform.url}/resultstest/tulemus`);
    await page.getByTestId('results-row-bravo').waitFor();
    expect(await place('bravo')).toBe('1');
    await page.goto(`${platform.url}/resultstest/responses`);
    const cell = page.getByTestId('responses-cell-bravo-k2');
    await cell.waitFor();
    expect(await cell.getAttribute('data-state')).toBe('ok');
    expect(await page.getByTestId('responses-cell-charlie-k1').getAttribute('data-state')).toBe(
      'none',
    );
    await screenshot(page, 'results-responses');

    fs.rmSync(dir, { recursive: true, force: true });
    await organiser.close();
    await viewer.close();
  });

  it('shows the first rows with the HTML, before the app, and the app takes over without a gap', async () => {
    const { platform, browser } = env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-paint-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile('nobody')));
    const imported = await platform.cli('import', file, '--id', 'firstpaint');
    expect(imported.code, imported.err).toBe(0);

    // Without JavaScript: the server's rows, in the browser's language (Estonian here).
    const plain = await browser.newContext({ locale: 'et-EE', javaScriptEnabled: false });
    const still = await plain.newPage();
    await still.goto(`${platform.url}/firstpaint/tulemus`);
    const rows = still.locator('[data-testid^="results-row-"]');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'results-row-alpha',
      'results-row-bravo',
      'results-row-charlie',
    ]);
    expect(await still.locator('thead').innerText()).toContain('Punktid');
    expect(await still.locator('h1').innerText()).toBe('Results test — Tulemused');
    await screenshot(still, 'results-firstpaint-nojs');
    // The start screen and the registration page: their frame, over the app's loading state.
    await still.goto(`${platform.url}/firstpaint/start`);
    expect(await still.getByTestId('start-screen').locator('h1').innerText()).toBe(
      'Results test — Stardijärjekord',
    );
    // The loading state shows after PROGRESS_SHOW_DELAY_MS, as the app's does.
    await still.locator('.fp-load').filter({ hasText: 'Laadimine' }).waitFor();
    await still.waitForTimeout(PROGRESS_SHOW_DELAY_MS + 200);
    await screenshot(still, 'start-firstpaint-nojs');
    await still.goto(`${platform.url}/firstpaint/reg`);
    expect(await still.getByTestId('reg-event-name').innerText()).toBe('Results test');
    await screenshot(still, 'reg-firstpaint-nojs');
    await plain.close();

    // With it: once shown, rows are on the page at every change until the app's own are there.
    const viewer = await browser.newContext({ locale: 'et-EE' });
    const page = await viewer.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __shown?: boolean; __gaps?: number };
      w.__gaps = 0;
      new MutationObserver(() => {
        const has = document.querySelector('[data-testid^="results-row-"]') !== null;
        if (has) w.__shown = true;
        else if (w.__shown) w.__gaps! += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${platform.url}/firstpaint/tulemus`);
    await page.getByTestId('results-page').waitFor();
    await page.getByTestId('results-open-alpha').waitFor();
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __gaps: number }).__gaps)).toBe(0);
    expect(await page.getByTestId('results-row-alpha').getAttribute('data-place')).toBe('1');
    await screenshot(page, 'results-firstpaint-app');
    // The app draws the start screen over the server's frame.
    await page.goto(`${platform.url}/firstpaint/start`);
    await page.getByTestId('start-sound').waitFor();
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    await viewer.close();
  });
});

describe('results pages: settings, splits, printing, phones', () => {
  const env = usePlatform();
  const H = 3_600_000;

  /** Two classes, start and finish times with seconds, a running and a not-started team. */
  async function importClassedEvent(): Promise<string> {
    const { platform, browser } = env;
    const ctx = await browser.newContext();
    const signup = await ctx.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'classes@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    const { uid } = (await signup.json()) as { uid: string };
    await ctx.close();
    const file = resultsEventFile(uid);
    const start = Math.floor(file.events.starttime / 60_000) * 60_000 + 600_000 + 7_000;
    Object.assign(file.eventsdata.data, {
      klassid: { m: { name: 'Men' }, w: { name: 'Women' } },
      sfwithseconds: true,
      pointssuffix: 'p',
    });
    const kps = file.eventsdata as unknown as Record<string, Record<string, unknown>>;
    for (let n = 4; n <= 16; n++) kps.kp![`k${n}`] = { nr: n, ra: 1 };
    const list = file.teams.list as Record<string, Record<string, unknown>>;
    Object.assign(list.alpha!, {
      klassid: 'm',
      starttime: start,
      finishtime: start + 2 * H + 5_000,
    });
    Object.assign(list.bravo!, { klassid: 'm', starttime: start, finishtime: start + 3 * H });
    Object.assign(list.charlie!, { klassid: 'w', starttime: start });
    list.delta = { name: 'Delta', nr: 4, klassid: 'w' };
    const answers = file.teams.kpanswers as Record<string, Record<string, unknown>>;
    answers.alpha = {
      k1: { answer: 'r1', aeg: start + 20 * 60_000 },
      k2: { answer: 'r1', aeg: start + 65 * 60_000 + 30_000 },
    };
    answers.charlie = { k3: { answer: 'r2', aeg: start + 30 * 60_000 } };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-classes-'));
    const where = path.join(dir, 'event.json');
    fs.writeFileSync(where, JSON.stringify(file));
    const imported = await platform.cli('import', where, '--id', 'classes');
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    return 'classes';
  }

  it('shows start and finish with seconds, a team’s splits, every class on its own printed page', async () => {
    const { platform, browser } = env;
    const id = await importClassedEvent();
    const viewer = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1200, height: 900 },
    });
    const page = await viewer.newPage();
    await gotoApp(page, `${platform.url}/${id}/result`);
    await page.getByTestId('results-row-alpha').waitFor();

    // sfwithseconds: start and finish columns to the second.
    const cell = (team: string, col: string) =>
      page.getByTestId(`results-row-${team}`).getByTestId(col).innerText();
    expect(await cell('alpha', 'results-start')).toMatch(/^\d\d:\d\d:07$/);
    expect(await cell('alpha', 'results-finish')).toMatch(/^\d\d:\d\d:12$/);
    expect(await cell('charlie', 'results-finish')).toBe('');
    expect(await page.getByTestId('results-row-alpha').innerText()).toContain('20 p');
    expect(await page.getByTestId('results-row-charlie').getAttribute('data-status')).toBe(
      'running',
    );
    expect(await page.getByTestId('results-row-delta').getAttribute('data-status')).toBe(
      'notstarted',
    );

    // A team's splits: its visits in time order, leg times and points so far.
    await page.getByTestId('results-open-alpha').click();
    const dialog = page.getByTestId('splits-dialog');
    await dialog.waitFor();
    const splitRows = dialog.locator('[data-testid^="splits-row-"]');
    await splitRows.first().waitFor();
    expect(
      await splitRows.evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-testid'), e.getAttribute('data-state')]),
      ),
    ).toEqual([
      ['splits-row-k1', 'ok'],
      ['splits-row-k2', 'ok'],
    ]);
    const second = await dialog.getByTestId('splits-row-k2').innerText();
    expect(second).toContain('45:30'); // leg: 20:00 → 1:05:30
    expect(second).toContain('1:05:30'); // since the start
    expect(second).toContain('20 p'); // points so far
    await screenshot(page, 'results-splits');
    await dialog.getByTestId('splits-close').click();
    await dialog.waitFor({ state: 'detached' });

    // Printing: no app bar, no tabs, every class under its own heading on its own page.
    await page.emulateMedia({ media: 'print' });
    // The printed copy is built when the media query changes: wait for it, then look.
    await page.getByTestId('results-print').waitFor();
    expect(await page.locator('header').isVisible()).toBe(false);
    for (const key of ['m', 'w']) {
      expect(await page.getByTestId(`results-print-${key}`).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('results-print-w').innerText()).toContain('Women');
    expect(await page.getByTestId('results-print-w').innerText()).not.toContain('Alpha');
    fs.mkdirSync(artifacts, { recursive: true });
    const pdf = await page.pdf({ path: path.join(artifacts, 'results-print.pdf'), format: 'A4' });
    // One page per class: the page tree counts its pages.
    expect(pdf.toString('latin1')).toMatch(/\/Type\s*\/Pages[^>]*\/Count 2\b/);
    await screenshot(page, 'results-print');
    await viewer.close();
  });

  it('fits a phone: a short title, every column that matters, a hint to scroll the responses', async () => {
    const { platform, browser } = env;
    const phone = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await page.goto(`${platform.url}/classes/result`);
    await page.getByTestId('results-row-alpha').waitFor();
    const title = await page.getByTestId('results-title').boundingBox();
    expect(title!.height).toBeLessThan(70); // at most two lines
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'results-phone');
    await page.goto(`${platform.url}/classes/responses`);
    await page.getByTestId('responses-matrix').waitFor();
    // KPs 7–16 are sideways: the page says so.
    await page.getByTestId('responses-scrollhint').waitFor();
    expect(await page.getByTestId('responses-scrollhint').innerText()).toContain('keri');
    await screenshot(page, 'responses-phone');
    await phone.close();
  });
});

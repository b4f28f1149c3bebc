import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const H = 3_600_000;

/**
 * Teams whose start is still to come (spec 03 §12, issue 34): not started and without a place on
 * /result and /tulemus, in the page and in the server's first rows; running once the start passes.
 */
describe('teams not yet started', () => {
  const env = usePlatform();

  it('lists a team whose start is in the future as not started, without a place, until it starts', async () => {
    const { platform, browser } = env;
    const signup = await browser.newContext();
    const res = await signup.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'later@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    const { uid } = (await res.json()) as { uid: string };
    await signup.close();

    // Alpha and Bravo are under way (answers); Charlie starts in 20 s, Delta in an hour.
    const file = resultsEventFile(uid, Date.now() + 3 * H);
    const charlieStart = Date.now() + 20_000;
    const list = file.teams.list as Record<string, Record<string, unknown>>;
    list.charlie!.starttime = charlieStart;
    list.delta = { name: 'Delta', nr: 4, starttime: Date.now() + H };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-later-'));
    const eventFile = path.join(dir, 'event.json');
    fs.writeFileSync(eventFile, JSON.stringify(file));
    const imported = await platform.cli('import', eventFile, '--id', 'later');
    expect(imported.code, imported.err).toBe(0);

    // The server's first rows say so before the app runs.
    const html = await (await fetch(`${platform.url}/later/result`)).text();
    expect(html).toMatch(
      /data-testid="results-row-charlie" data-place="" data-status="notstarted"/,
    );
    expect(html).toMatch(/data-testid="results-row-bravo" data-place="2" data-status="running"/);

    const desktop = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 800 },
    });
    const page = await desktop.newPage();
    await page.goto(`${platform.url}/later/result`);
    await page.getByTestId('results-open-alpha').waitFor();
    const row = (team: string) => page.getByTestId(`results-row-${team}`);
    const state = async (team: string) => [
      await row(team).getAttribute('data-status'),
      await row(team).getAttribute('data-place'),
    ];
    expect(await state('alpha')).toEqual(['running', '1']);
    expect(await state('bravo')).toEqual(['running', '2']);
    expect(await state('charlie')).toEqual(['notstarted', '']);
    expect(await state('delta')).toEqual(['notstarted', '']);
    // Under the "Not started" heading, after the placed teams, with their starts to come.
    const order = await page
      .locator('[data-testid^="results-row-"], [data-testid="results-notstarted"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual([
      'results-row-alpha',
      'results-row-bravo',
      'results-notstarted',
      'results-row-charlie',
      'results-row-delta',
    ]);
    expect(await page.getByTestId('results-notstarted').innerText()).toBe('Not started (2)');
    expect(await row('charlie').locator('td').first().innerText()).toBe('');
    expect(await row('charlie').getByTestId('results-start').innerText()).not.toBe('');
    expect(await page.getByTestId('results-running-charlie').count()).toBe(0);
    await screenshot(page, 'results-notstarted-desktop');

    // The Estonian address on a phone.
    const phone = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const small = await phone.newPage();
    await small.goto(`${platform.url}/later/tulemus`);
    await small.getByTestId('results-open-charlie').waitFor();
    expect(await small.getByTestId('results-notstarted').innerText()).toBe('Pole startinud (2)');
    expect(await small.getByTestId('results-row-charlie').getAttribute('data-place')).toBe('');
    await screenshot(small, 'results-notstarted-phone-et');
    await phone.close();

    // Charlie's start passes: with nothing else changed, the open page shows it running, placed.
    expect(Date.now()).toBeLessThan(charlieStart);
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="results-row-charlie"]')
          ?.getAttribute('data-status') === 'running',
      null,
      { timeout: 30_000 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(charlieStart);
    expect(await state('charlie')).toEqual(['running', '3']);
    expect(await state('delta')).toEqual(['notstarted', '']);
    expect(await page.getByTestId('results-notstarted').innerText()).toBe('Not started (1)');
    await screenshot(page, 'results-notstarted-started');

    fs.rmSync(dir, { recursive: true, force: true });
    await desktop.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

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
    const t0 = Date.now();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="results-row-bravo"]')?.getAttribute('data-place') ===
        '1',
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
});

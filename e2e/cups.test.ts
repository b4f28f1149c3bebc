import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const DAY = 86_400_000;

describe('series (cups)', () => {
  const env = usePlatform();

  /** Imports a finished event a given number of days ago; every team started and finished. */
  async function importEvent(uid: string, id: string, daysAgo: number, rename?: string) {
    const file = resultsEventFile(uid, Date.now() - daysAgo * DAY);
    file.events.name = `Stage ${id}`;
    const start = file.events.starttime + 600_000;
    const list = file.teams.list as Record<string, Record<string, unknown>>;
    for (const team of Object.values(list)) {
      Object.assign(team, { starttime: start, finishtime: start + 2 * 3_600_000 });
    }
    if (rename) list.bravo!.name = rename;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cup-'));
    const where = path.join(dir, 'event.json');
    fs.writeFileSync(where, JSON.stringify(file));
    const imported = await env.platform.cli('import', where, '--id', id);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const total = (page: Page, key: string) => page.getByTestId(`cup-total-${key}`).innerText();
  const waitTotal = (page: Page, key: string, value: string, timeout = 5000) =>
    page.waitForFunction(
      ([k, v]) => document.querySelector(`[data-testid="cup-total-${k}"]`)?.textContent === v,
      [key, value] as const,
      { timeout },
    );

  it('creates a series of three events, edits a cell, joins and unjoins two teams, updates a viewer live and downloads the CSV', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'cups@example.ee', password: 'organiser-pass', displayName: 'Cup Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    await importEvent(uid, 'stagea', 3);
    await importEvent(uid, 'stageb', 2);
    await importEvent(uid, 'stagec', 1, 'Bravoo');

    // The series is made from the first event's page.
    const page = await organiser.newPage();
    await page.goto(`${platform.url}/stagea`);
    await page.getByTestId('event-cups').click();
    await page.getByTestId('cup-manager').waitFor();
    await page.getByTestId('cup-create').click();
    await page.getByTestId('cup-create-name').fill('Autumn cup');
    await page.getByTestId('cup-create-link').fill('autumn');
    await page.getByText('/cup/autumn is free').waitFor();
    await page.getByTestId('cup-create-save').click();
    await page.getByTestId('cup-create-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('cup-add-current').click();
    await page.getByTestId('cup-remove-current').waitFor();
    for (const id of ['stagec', 'stageb']) {
      await page.getByTestId('cup-add-existing').click();
      await page.getByTestId(`cup-pick-${id}`).click();
      await page.getByTestId(`cup-remove-${id}`).waitFor();
    }
    // Events are listed in the order they were held, whatever the order they were added in.
    await expect(page.getByTestId('cup-event-list').innerText()).resolves.toMatch(
      /1\. Stage stagea[\s\S]*2\. Stage stageb[\s\S]*3\. Stage stagec/,
    );
    await page.getByTestId('cup-points-preset-25').click();
    await page.getByText('1. 25').waitFor();
    await screenshot(page, 'cup-manager');
    await page.getByTestId('cup-manager-close').click();

    // The standings: 25, 22, 20 points per stage; Bravo became "Bravoo" in the last stage.
    await page.goto(`${platform.url}/cup/autumn`);
    await page.getByTestId('cup-table').waitFor();
    expect(await total(page, 'n::alpha')).toBe('75');
    expect(await total(page, 'n::bravo')).toBe('44');
    expect(await total(page, 'n::bravoo')).toBe('22');
    expect(await page.getByTestId('cup-row-n::alpha').getAttribute('data-place')).toBe('1');

    // A cup admin changes a single cell.
    await page.getByTestId('cup-cell-n::alpha-0').dblclick();
    await page.getByTestId('cup-cell-input-n::alpha-0').fill('30');
    await page.getByTestId('cup-cell-input-n::alpha-0').press('Enter');
    await waitTotal(page, 'n::alpha', '80');

    // Duplicates are flagged; the two Bravos are joined, then the join is undone.
    await page.getByTestId('cup-menu').click();
    await page.getByTestId('cup-menu-duplicates').click();
    await page.getByTestId('cup-duplicate-n::bravoo').waitFor();
    await page.getByTestId('cup-select-n::bravo').check();
    await page.getByTestId('cup-select-n::bravoo').check();
    await page.getByTestId('cup-join').click();
    await page.getByTestId('cup-join-keep-n::bravo').check();
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshot(page, 'cup-join');
    await page.getByTestId('cup-join-ok').click();
    await page.getByTestId('cup-row-n::bravoo').waitFor({ state: 'detached' });
    await waitTotal(page, 'n::bravo', '66');
    await page.getByTestId('cup-undo').click();
    await page.getByTestId('cup-row-n::bravoo').waitFor();
    await waitTotal(page, 'n::bravo', '44');

    // A team's history: the third stage was missed and scored with the series' value.
    await page.getByTestId('cup-team-n::bravo').click();
    const history = page.getByTestId('cup-team-dialog');
    await history.waitFor();
    expect(await history.getByTestId('cup-team-event-0').getAttribute('data-state')).toBe(
      'counted',
    );
    expect(await history.getByTestId('cup-team-event-2').getAttribute('data-state')).toBe('missed');
    await expect(history.innerText()).resolves.toContain('Place III · 44 points');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // A visitor watches the standings while an answer changes in the second stage.
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const view = await visitor.newPage();
    await view.goto(`${platform.url}/cup/autumn`);
    await view.getByTestId('cup-table').waitFor();
    expect(await total(view, 'n::charlie')).toBe('60');
    await expect(view.getByTestId('cup-join').count()).resolves.toBe(0);
    await expect(view.getByTestId('cup-select-n::alpha').count()).resolves.toBe(0);
    await view.evaluate(() => {
      (window as unknown as { __noReload?: boolean }).__noReload = true;
    });
    for (const kp of ['k1', 'k2', 'k3']) {
      const res = await organiser.request.put(
        `${platform.url}/api/events/stageb/teams/charlie/answers/${kp}`,
        { data: { answer: 'r1' } },
      );
      expect(res.status(), await res.text()).toBe(200);
    }
    // Each answer recomputes the standings; the view settles on the last.
    await waitTotal(view, 'n::charlie', '65');
    await waitTotal(view, 'n::alpha', '77');
    expect(
      await view.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
    await screenshot(view, 'cup-standings');

    // The CSV, with a toast when it starts.
    const download = page.waitForEvent('download');
    await page.getByTestId('cup-menu').click();
    await page.getByTestId('cup-menu-csv').click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('Alpha');
    expect(csv.split('\r\n')[0]).toContain('Total');
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('autumn-cup.csv');
    const xmlDownload = page.waitForEvent('download');
    await page.getByTestId('cup-menu').click();
    await page.getByTestId('cup-menu-iof').click();
    const xml = fs.readFileSync((await (await xmlDownload).path())!, 'utf8');
    expect(xml).toContain('<ResultList');
    expect(xml).toContain('<Family>Alpha</Family>');

    // Printed: every class, read-only, without the app bar or the menus.
    await view.emulateMedia({ media: 'print' });
    await view.getByTestId('cup-print').waitFor();
    expect(await view.getByTestId('print-cup-total-n::charlie').innerText()).toBe('65');
    await expect(view.locator('header').isVisible()).resolves.toBe(false);
    await expect(view.getByTestId('cup-table').isVisible()).resolves.toBe(false);
    await view.emulateMedia({ media: 'screen' });

    // On a phone the standings scroll sideways within the page.
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const small = await phone.newPage();
    await small.goto(`${platform.url}/cup/autumn`);
    await small.getByTestId('cup-table').waitFor();
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(small, 'cup-phone');

    await phone.close();
    await visitor.close();
    await organiser.close();
  });
});

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
    const year = new Date().getFullYear();
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
    // The link follows the name, as an event's does, and Save waits for it to be found free.
    await page.getByTestId('cup-create-name').fill(`Autumn cup ${year}`);
    await expect(page.getByTestId('cup-create-link').inputValue()).resolves.toBe(
      `Autumncup${year}`,
    );
    await page.getByText(`/cup/Autumncup${year} is free`).waitFor();
    await expect(page.getByTestId('cup-create-save').isEnabled()).resolves.toBe(true);
    // Edited by hand, it stays.
    await page.getByTestId('cup-create-link').fill('autumn');
    await page.getByTestId('cup-create-name').fill(`Autumn Cup ${year}`);
    await expect(page.getByTestId('cup-create-link').inputValue()).resolves.toBe('autumn');
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
    // Events are listed in the order they were held, whatever the order they were added in,
    // with their dates as the rest of the app writes them.
    const eventList = await page.getByTestId('cup-event-list').innerText();
    expect(eventList).toMatch(/1\. Stage stagea[\s\S]*2\. Stage stageb[\s\S]*3\. Stage stagec/);
    expect(eventList).toMatch(/\d\d [A-Z][a-z]+ \d{4}/);
    expect(eventList).not.toMatch(/\d+\/\d+\/\d{4}/);
    await page.getByTestId('cup-manager-close').click();

    // Without points a visitor is told the standings are not ready; the admin where to set them.
    const early = await browser.newContext({ locale: 'en-GB' });
    const earlyPage = await early.newPage();
    await earlyPage.goto(`${platform.url}/cup/autumn`);
    await expect(earlyPage.getByTestId('cup-unconfigured').innerText()).resolves.toContain(
      'not ready yet',
    );
    await expect(earlyPage.getByTestId('cup-open-settings').count()).resolves.toBe(0);
    await early.close();
    await page.goto(`${platform.url}/cup/autumn`);
    // The name holds the year: the title does not repeat it.
    await expect(page.locator('h1').innerText()).resolves.toBe(`Autumn Cup ${year}`);
    await expect(page.getByTestId('cup-unconfigured').innerText()).resolves.toContain(
      'series settings',
    );
    await screenshot(page, 'cup-unconfigured-admin');
    await page.getByTestId('cup-open-settings').click();
    await page.getByTestId('cup-manager').waitFor();
    await page.getByTestId('cup-points-preset-25').click();
    await page.getByText('1. 25').waitFor();
    await screenshot(page, 'cup-manager');
    await page.getByTestId('cup-manager-close').click();

    // The standings: 25, 22, 20 points per stage; Bravo became "Bravoo" in the last stage.
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
    // The changed cell is marked, with what was calculated in its tip.
    const changed = page.getByTestId('cup-cell-n::alpha-0');
    await expect(changed.getAttribute('data-edited')).resolves.toBe('25');
    await expect(changed.getAttribute('data-tip')).resolves.toContain(
      'Changed by hand; calculated: 25',
    );
    await expect(page.getByTestId('cup-legend').innerText()).resolves.toContain('changed by hand');
    await changed.hover();
    await page.waitForTimeout(800); // the tip's pause
    const tipShown = await changed.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(tipShown).toContain('calculated: 25');
    expect(
      await changed.evaluate((el) => getComputedStyle(el, '::before').borderTopWidth),
    ).not.toBe('0px');
    await screenshot(page, 'cup-edited-cell', false);
    // Each event's column names it on hover (and on a tap).
    await expect(page.getByTestId('cup-col-0').getAttribute('data-tip')).resolves.toMatch(
      /^1\. Stage stagea · \d\d [A-Z][a-z]+ \d{4}$/,
    );
    await page.getByTestId('cup-col-1').hover();
    await page.waitForTimeout(800);
    await screenshot(page, 'cup-column-tip', false);

    // Duplicates are flagged; the two Bravos are joined, then the join is undone.
    await page.getByTestId('cup-menu').click();
    await page.getByTestId('cup-menu-duplicates').click();
    await page.getByTestId('cup-duplicate-n::bravoo').waitFor();
    // Join says why it cannot be used yet.
    const why = page.getByTestId('cup-join-why');
    await expect(why.innerText()).resolves.toBe('Tick two teams of one class to join them');
    await page.getByTestId('cup-select-n::alpha').check();
    await expect(why.innerText()).resolves.toBe('Tick one more team to join the two');
    await page.getByTestId('cup-select-n::bravoo').check();
    await expect(why.innerText()).resolves.toBe(
      'Both teams have points in event 3, so they cannot be joined',
    );
    await expect(page.getByTestId('cup-join').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'cup-join-why', false);
    await page.getByTestId('cup-select-n::alpha').uncheck();
    await page.getByTestId('cup-select-n::bravo').check();
    await why.waitFor({ state: 'detached' });
    await page.getByTestId('cup-join').click();
    await page.getByTestId('cup-join-keep-n::bravo').check();
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshot(page, 'cup-join');
    await page.getByTestId('cup-join-ok').click();
    // The kept team keeps its own name, though "Bravoo" ran the later event; the dialog offers
    // the undo where the join was done.
    await page.getByTestId('cup-join-done').waitFor();
    await expect(page.getByTestId('cup-join-done').innerText()).resolves.toBe(
      'Bravoo is joined into Bravo, which keeps its name.',
    );
    await page.getByTestId('cup-row-n::bravoo').waitFor({ state: 'detached' });
    await waitTotal(page, 'n::bravo', '66');
    await expect(page.getByTestId('cup-team-n::bravo').innerText()).resolves.toBe('Bravo');
    await screenshot(page, 'cup-join-done');
    await page.getByTestId('cup-join-undo').click();
    await page.getByTestId('cup-join-undone').waitFor();
    await page.getByTestId('cup-row-n::bravoo').waitFor();
    await waitTotal(page, 'n::bravo', '44');
    await page.getByTestId('cup-join-close').click();
    await page.getByTestId('cup-join-dialog').waitFor({ state: 'detached' });

    // Joined again and the dialog closed: the kept team's row and the bar above offer the undo.
    await page.getByTestId('cup-select-n::bravo').check();
    await page.getByTestId('cup-select-n::bravoo').check();
    await page.getByTestId('cup-join').click();
    await page.getByTestId('cup-join-ok').click();
    await page.getByTestId('cup-join-done').waitFor();
    await page.getByTestId('cup-join-close').click();
    await page.getByTestId('cup-join-dialog').waitFor({ state: 'detached' });
    await expect(page.getByTestId('cup-undo').textContent()).resolves.toBe(
      'Undo: joined Bravoo into Bravo',
    );
    await screenshot(page, 'cup-joined-row', false);
    await page.getByTestId('cup-row-undo-n::bravo').click();
    await page.getByTestId('cup-row-n::bravoo').waitFor();
    await waitTotal(page, 'n::bravo', '44');
    await expect(page.getByTestId('cup-row-undo-n::bravo').count()).resolves.toBe(0);
    await expect(page.getByTestId('cup-undo').count()).resolves.toBe(0);

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
    await page.getByTestId('cup-team-n::alpha').click();
    await expect(history.getByTestId('cup-team-event-0-state').innerText()).resolves.toBe(
      'counts · Changed by hand; calculated: 25',
    );
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // A visitor watches the standings while an answer changes in the second stage.
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const view = await visitor.newPage();
    await view.goto(`${platform.url}/cup/autumn`);
    await view.getByTestId('cup-table').waitFor();
    expect(await total(view, 'n::charlie')).toBe('60');
    await expect(view.getByTestId('cup-join').count()).resolves.toBe(0);
    await expect(view.getByTestId('cup-join-why').count()).resolves.toBe(0);
    await expect(view.getByTestId('cup-select-n::alpha').count()).resolves.toBe(0);
    // A visitor gets plain download buttons, not the cup admins' menu; the changed cell is marked.
    await expect(view.getByTestId('cup-menu').count()).resolves.toBe(0);
    await expect(view.getByTestId('cup-cell-n::alpha-0').getAttribute('data-edited')).resolves.toBe(
      '25',
    );
    const visitorCsv = view.waitForEvent('download');
    await view.getByTestId('cup-download-csv').click();
    expect(fs.readFileSync((await (await visitorCsv).path())!, 'utf8')).toContain('Bravoo');
    const visitorXml = view.waitForEvent('download');
    await view.getByTestId('cup-download-iof').click();
    const visitorIof = fs.readFileSync((await (await visitorXml).path())!, 'utf8');
    expect(visitorIof).toContain('<ResultList');
    expect(visitorIof).toContain(`<Name>Autumn Cup ${year}</Name>`);
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
    // A tap on an event's column shows its name.
    await small.getByTestId('cup-col-2').click();
    const shownTip = await small.getByTestId('cup-col-2').evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { content: after.content, opacity: after.opacity };
    });
    expect(shownTip).toEqual({ content: expect.stringContaining('Stage stagec'), opacity: '1' });
    await screenshot(small, 'cup-phone-column-tip', false);

    // In Estonian: the texts, and dates as Estonians write them.
    const estonian = await browser.newContext({ locale: 'et-EE' });
    const et = await estonian.newPage();
    await et.goto(`${platform.url}/cup/autumn`);
    await et.getByTestId('cup-table').waitFor();
    await expect(et.getByTestId('cup-col-0').getAttribute('data-tip')).resolves.toMatch(
      /^1\. Stage stagea · \d{1,2}\. [a-z]+ \d{4}$/,
    );
    await expect(et.getByTestId('cup-download-csv').getAttribute('aria-label')).resolves.toBe(
      'Laadi alla CSV',
    );
    await screenshot(et, 'cup-standings-et');
    const etPhone = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 390, height: 800 },
    });
    const etSmall = await etPhone.newPage();
    await etSmall.goto(`${platform.url}/cup/autumn`);
    await etSmall.getByTestId('cup-table').waitFor();
    await screenshot(etSmall, 'cup-phone-et');
    await etPhone.close();
    await estonian.close();

    // The cup admin's page on a phone, in Estonian: it fits, and Join says why it waits.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('lang-et').click();
    await page.getByTestId('cup-select-n::alpha').check();
    await expect(page.getByTestId('cup-join-why').innerText()).resolves.toBe(
      'Ühendamiseks märgi veel üks võistkond',
    );
    await expect(
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).resolves.toBeLessThanOrEqual(0);
    await screenshot(page, 'cup-admin-phone-et');
    await page.getByTestId('lang-en').click();

    await phone.close();
    await visitor.close();
    await organiser.close();
  });
});

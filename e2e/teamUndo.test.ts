import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, screenshot, typeDateTime } from './support.ts';

const EVENT = 'undotest';
const H = 3_600_000;

/** A time as the date-time field takes it: local "DD.MM.YYYY HH:mm:ss". */
function localText(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
  );
}

describe('an organiser undoes DSQ, withdrawn and a time, and confirms an odd time', () => {
  const env = usePlatform();
  let organiser: BrowserContext;
  let page: Page;
  let results: Page;

  /** The team as the API has it now. */
  const teamOf = async (id: string) => {
    const res = await organiser.request.get(`${env.platform.url}/api/events/${EVENT}/teams`);
    const list = (await res.json()) as {
      id: string;
      dsq: boolean;
      katk: boolean;
      finishtime: number | null;
    }[];
    return list.find((x) => x.id === id)!;
  };
  /** A team's place on the public results page ('' without one). */
  const placeOf = async (id: string) =>
    (await results.getByTestId(`results-row-${id}`).getAttribute('data-place')) ?? '';
  const snackbar = () => page.getByTestId('team-undo-snackbar');

  beforeAll(async () => {
    const { platform, browser } = env;
    organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'undo@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    // Under way: started 2 hours ago, ends in 4. Alpha has two right answers, Bravo one.
    const event = resultsEventFile(uid, Date.now() + 4 * H);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-undo-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', EVENT);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    page = await organiser.newPage();
    await page.goto(`${platform.url}/${EVENT}/teams`);
    await page.getByTestId('team-row-alpha').waitFor();
    const spectator = await browser.newContext({ locale: 'en-GB' });
    results = await spectator.newPage();
    await gotoApp(results, `${platform.url}/${EVENT}/result`);
    await results.getByTestId('results-row-alpha').waitFor();
  });

  it('DSQ says what it did to the public results, and Undo puts the place back', async () => {
    expect(await placeOf('alpha')).toBe('1');
    expect(await placeOf('bravo')).toBe('2');

    await page.getByTestId('team-dsq-alpha').locator('input').click();
    await expect
      .poll(() => snackbar().innerText())
      .toContain('Alpha disqualified: no place in the results');
    await expect.poll(() => placeOf('alpha')).toBe('');
    await expect.poll(() => placeOf('bravo')).toBe('1');
    expect((await teamOf('alpha')).dsq).toBe(true);
    await screenshot(page, 'team-undo-dsq', false);

    await page.getByTestId('team-undo').click();
    await snackbar().waitFor({ state: 'detached' });
    await page.getByTestId('snackbar').getByText('Undone: Alpha is as before').waitFor();
    await expect.poll(async () => (await teamOf('alpha')).dsq).toBe(false);
    expect(await page.getByTestId('team-dsq-alpha').locator('input').isChecked()).toBe(false);
    await expect.poll(() => placeOf('alpha')).toBe('1');
    await expect.poll(() => placeOf('bravo')).toBe('2');
  });

  it('withdrawn says so in Estonian on a phone, and Undo works there too', async () => {
    const phone = await organiser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.addInitScript(() => localStorage.setItem('rada.lang', 'et'));
    await phone.goto(`${env.platform.url}/${EVENT}/teams`);
    await phone.getByTestId('team-katk-bravo').waitFor();
    await phone.getByTestId('team-katk-bravo').locator('input').click();
    const bar = phone.getByTestId('team-undo-snackbar');
    await expect.poll(() => bar.innerText()).toContain('Bravo katkestas: tulemustes kohata');
    await expect.poll(() => placeOf('bravo')).toBe('');
    await screenshot(phone, 'team-undo-katk-phone-et', false);
    await phone.getByTestId('team-undo').click();
    await expect.poll(async () => (await teamOf('bravo')).katk).toBe(false);
    await expect.poll(() => placeOf('bravo')).toBe('2');
    await phone.close();
  });

  it('a finish 3 hours in the future is confirmed first, then saved with Undo', async () => {
    const finish = Math.floor((Date.now() + 3 * H) / 1000) * 1000;
    await page.getByTestId('team-times-charlie').click();
    await page.getByTestId('time-dialog').waitFor();
    await typeDateTime(page, 'time-input-finishtime', localText(finish));
    await page.getByTestId('time-save').click();
    const warnings = page.getByTestId('time-warnings');
    await warnings.waitFor();
    expect(await warnings.innerText()).toMatch(
      new RegExp(`The finish ${localText(finish)} is (2 h 59|3 h 0) min in the future`),
    );
    // Nothing is saved until the organiser says so.
    expect((await teamOf('charlie')).finishtime).toBeNull();
    await expect(page.getByTestId('time-save').innerText()).resolves.toMatch(/save anyway/i);
    await page.waitForTimeout(300);
    await screenshot(page, 'team-time-warning', false);

    await page.getByTestId('time-save').click();
    await page.getByTestId('time-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await teamOf('charlie')).finishtime).toBe(finish);
    await expect
      .poll(() => snackbar().innerText())
      .toContain(`Charlie: finish ${localText(finish)} (was none)`);
    await page.getByTestId('team-undo').click();
    await expect.poll(async () => (await teamOf('charlie')).finishtime).toBeNull();
  });

  it('a time inside the event and up to now is saved at once', async () => {
    const finish = Math.floor((Date.now() - H) / 1000) * 1000;
    await page.getByTestId('team-times-charlie').click();
    await typeDateTime(page, 'time-input-finishtime', localText(finish));
    await page.getByTestId('time-save').click();
    await page.getByTestId('time-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await teamOf('charlie')).finishtime).toBe(finish);
  });

  it('in the Edit team dialog a finish 3 hours in the future warns and saves only with Save anyway', async () => {
    const finish = Math.floor((Date.now() + 3 * H) / 1000) * 1000;
    await page.getByTestId('team-more-bravo').click();
    await page.getByTestId('team-menu-edit').click();
    const dialog = page.getByTestId('team-edit-dialog');
    await dialog.waitFor();
    await typeDateTime(page, 'team-form-finish', localText(finish));
    const save = page.getByTestId('team-form-save');
    await save.click();
    const warnings = dialog.getByTestId('time-warnings');
    await warnings.waitFor();
    expect(await warnings.innerText()).toMatch(
      new RegExp(`The finish ${localText(finish)} is (2 h 59|3 h 0) min in the future`),
    );
    expect((await teamOf('bravo')).finishtime).toBeNull();
    await expect(save.innerText()).resolves.toMatch(/save anyway/i);
    await page.waitForTimeout(300);
    await screenshot(page, 'team-edit-time-warning', false);

    // The same on a phone in Estonian: the warning is brought into view above the buttons.
    const phone = await organiser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.addInitScript(() => localStorage.setItem('rada.lang', 'et'));
    await phone.goto(`${env.platform.url}/${EVENT}/teams`);
    await phone.getByTestId('team-more-bravo').click();
    await phone.getByTestId('team-menu-edit').click();
    await typeDateTime(phone, 'team-form-finish', localText(finish));
    await phone.getByTestId('team-form-save').click();
    await expect(phone.getByTestId('time-warnings').innerText()).resolves.toContain(
      `Finiš ${localText(finish)}`,
    );
    await phone.waitForTimeout(300);
    expect(await phone.getByTestId('time-warnings').isVisible()).toBe(true);
    await screenshot(phone, 'team-edit-time-warning-phone-et', false);
    await phone.close();

    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await teamOf('bravo')).finishtime).toBe(finish);
    await expect
      .poll(() => snackbar().innerText())
      .toContain(`Bravo: finish ${localText(finish)} (was none)`);
    await page.getByTestId('team-undo').click();
    await expect.poll(async () => (await teamOf('bravo')).finishtime).toBeNull();
  });

  it('warns in Estonian of a finish before the start', async () => {
    const et = await organiser.newPage();
    await et.addInitScript(() => localStorage.setItem('rada.lang', 'et'));
    await et.goto(`${env.platform.url}/${EVENT}/teams`);
    await et.getByTestId('team-times-charlie').click();
    const finish = (await teamOf('charlie')).finishtime!;
    await typeDateTime(et, 'time-input-starttime', localText(finish + 10 * 60_000));
    await et.getByTestId('time-save').click();
    await expect(et.getByTestId('time-warnings').innerText()).resolves.toContain(
      `Start ${localText(finish + 10 * 60_000)} on pärast võistkonna finišit (${localText(finish)}).`,
    );
    await et.waitForTimeout(300);
    await screenshot(et, 'team-time-warning-et', false);
    // A changed time is looked at again before it is saved.
    await typeDateTime(et, 'time-input-starttime', localText(finish - 60 * 60_000));
    await expect(et.getByTestId('time-warnings').count()).resolves.toBe(0);
    await et.getByTestId('time-save').click();
    await et.getByTestId('time-dialog').waitFor({ state: 'detached' });
    await et.close();
  });
});

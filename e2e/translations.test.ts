import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { proveEmail, screenshot } from './support.ts';

const OWNER = 'owner@example.ee';

/** The home page's upcoming-events heading, whose text (home.upcoming) is edited. */
const upcoming = (page: Page) =>
  page.getByTestId('home-upcoming-empty').locator('xpath=..').locator('h2');

/** Waits until the page follows the translations' live topic. */
const live = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __radaTexts?: boolean }).__radaTexts === true);

describe('the translation editor', () => {
  const env = usePlatform(() => ({ platformOwnerEmail: OWNER }));

  it('the owner changes a text in both languages; pages already open show it without reload', async () => {
    const { platform, browser } = env;
    // Readers with the home page open before the change, in English and in Estonian.
    const readerEn = await browser.newContext({ locale: 'en-GB' });
    const en = await readerEn.newPage();
    await en.goto(platform.url);
    const readerEt = await browser.newContext({ locale: 'et-EE' });
    const et = await readerEt.newPage();
    await et.goto(platform.url);
    for (const page of [en, et]) await live(page);
    expect(await upcoming(en).innerText()).toBe('Upcoming events');
    expect(await upcoming(et).innerText()).toBe('Eelseisvad üritused');

    const owner = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await owner.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: OWNER, password: 'translate-pass', displayName: 'Olev Omanik' },
    });
    expect(signup.status()).toBe(201);
    await proveEmail(platform, OWNER);
    const page = await owner.newPage();
    const errors: string[] = [];
    for (const p of [page, en, et]) p.on('pageerror', (e) => errors.push(e.message));
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-translations').click();
    const dialog = page.getByTestId('translator-dialog');
    await dialog.waitFor();

    // 'Only new' narrows the keys to those whose Estonian is missing or the same as English.
    const count = async () =>
      Number((await page.getByTestId('translator-count').innerText()).replace(/\D/g, ''));
    await page.getByTestId('translator-key').waitFor();
    const all = await count();
    await page.getByTestId('translator-onlynew').check();
    const fresh = await count();
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).toBeLessThan(all / 10);
    await page.getByTestId('translator-onlynew').uncheck();
    expect(await count()).toBe(all);

    await page.getByTestId('translator-key').fill('home.upcoming');
    await page
      .getByRole('option', { name: /^home\.upcoming\b/ })
      .first()
      .click();
    expect(await page.getByTestId('translator-current').innerText()).toBe('home.upcoming');
    expect(await page.getByTestId('translator-en').inputValue()).toBe('Upcoming events');
    expect(await page.getByTestId('translator-et').inputValue()).toBe('Eelseisvad üritused');
    const save = page.getByTestId('translator-save');
    expect(await save.isDisabled()).toBe(true);
    // One language edited is not enough.
    await page.getByTestId('translator-en').fill('Coming up next');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('translator-et').fill('Varsti tulemas');
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'translator-dialog', false);
    await save.click();
    await page.getByTestId('translator-reset').waitFor();

    // The readers' open pages change without a reload; so does the owner's own.
    await expect.poll(() => upcoming(en).innerText()).toBe('Coming up next');
    await expect.poll(() => upcoming(et).innerText()).toBe('Varsti tulemas');
    expect(await en.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.getByTestId('translator-close').click();
    await expect.poll(() => upcoming(page).innerText()).toBe('Coming up next');
    await screenshot(et, 'translator-reader-et');

    // A page opened later loads them with the app.
    const later = await browser.newContext({ locale: 'et-EE' });
    const fresh2 = await later.newPage();
    await fresh2.goto(platform.url);
    await expect.poll(() => upcoming(fresh2).innerText()).toBe('Varsti tulemas');

    // Back to the bundled texts: the open pages follow again.
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-translations').click();
    await page.getByTestId('translator-key').fill('home.upcoming');
    await page
      .getByRole('option', { name: /^home\.upcoming\b/ })
      .first()
      .click();
    await page.getByTestId('translator-reset').click();
    await page.getByTestId('translator-reset').waitFor({ state: 'detached' });
    await expect.poll(() => upcoming(en).innerText()).toBe('Upcoming events');
    await expect.poll(() => upcoming(et).innerText()).toBe('Eelseisvad üritused');

    // A reader cannot write texts.
    const refused = await readerEn.request.put(`${platform.url}/api/translations/home.upcoming`, {
      data: { en: 'Hacked', et: 'Häkitud' },
    });
    expect(refused.status()).toBe(401);
    expect(errors).toEqual([]);
    await Promise.all([readerEn.close(), readerEt.close(), owner.close(), later.close()]);
  });
});

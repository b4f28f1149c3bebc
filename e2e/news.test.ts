import { describe, expect, it } from 'vitest';
import type { NewsItem } from '@rada/core';
import { usePlatform } from './lifecycle.ts';
import { proveEmail, screenshot, typeDateTime } from './support.ts';

const OWNER = 'owner@example.ee';

describe('news on the home page', () => {
  const env = usePlatform(() => ({ platformOwnerEmail: OWNER }));

  it('the platform owner adds formatted news; visitors read it in their language, without the owner’s buttons', async () => {
    const { platform, browser } = env;
    const owner = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await owner.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: OWNER, password: 'news-owner-pass', displayName: 'Olev Omanik' },
    });
    expect(signup.status()).toBe(201);
    await proveEmail(platform, OWNER);
    const page = await owner.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(platform.url);
    // The owner sees the section (empty) with the add button.
    await page.getByTestId('news-empty').waitFor();
    await page.getByTestId('news-add').click();
    const dialog = page.getByTestId('news-dialog');
    await dialog.waitFor();
    // Nothing to save without a title.
    expect(await page.getByTestId('news-save').isDisabled()).toBe(true);

    await typeDateTime(page, 'news-time', '01.05.2030 10:00');
    await page.getByTestId('news-title-et').fill('Hooaeg algab');
    await page.getByTestId('news-title-en').fill('The season starts');
    // Estonian content: bold text.
    const et = page.getByTestId('news-content-et');
    await et.locator('.tiptap').click();
    await page.keyboard.type('Esimene etapp on ');
    await et.getByTestId('editor-bold').click();
    await page.keyboard.type('Tartus');
    // English content: a bulleted list.
    await page.getByTestId('news-content-lang-en').click();
    const en = page.getByTestId('news-content-en');
    await en.locator('.tiptap').click();
    await en.getByTestId('editor-bullet').click();
    await page.keyboard.type('First stage in Tartu');
    expect(
      await en.getByTestId('news-content-en-content').evaluate((el) => el.clientHeight),
    ).toBeLessThanOrEqual(300);
    await screenshot(page, 'news-dialog', false);
    await page.getByTestId('news-save').click();
    await dialog.waitFor({ state: 'detached' });

    const stored = (await (
      await owner.request.get(`${platform.url}/api/news`)
    ).json()) as NewsItem[];
    const time = Math.floor(new Date(2030, 4, 1, 10, 0).getTime() / 1000);
    expect(stored).toEqual([
      {
        time,
        et: { title: 'Hooaeg algab', content: '<p>Esimene etapp on <strong>Tartus</strong></p>' },
        en: {
          title: 'The season starts',
          content: '<ul><li><p>First stage in Tartu</p></li></ul>',
        },
      },
    ]);
    // Shown at once to the owner in English, formatted, with the edit icon.
    const item = page.getByTestId(`news-item-${time}`);
    await item.waitFor();
    expect(await item.getByTestId('news-title').innerText()).toBe('The season starts');
    expect(await item.locator('li').innerText()).toBe('First stage in Tartu');
    await page.getByTestId(`news-edit-${time}`).waitFor();

    // An older item in Estonian only, added through the API: it goes below the first.
    const older = await owner.request.post(`${platform.url}/api/news`, {
      data: {
        time: time - 86_400,
        et: { title: 'Registreerimine on avatud', content: '' },
        en: { title: '', content: '' },
      },
    });
    expect(older.status()).toBe(201);
    await page.reload();
    await page.getByTestId(`news-item-${time - 86_400}`).waitFor();
    expect(await page.getByTestId('news-title').allInnerTexts()).toEqual([
      'The season starts',
      // No English text: the reader gets the Estonian one.
      'Registreerimine on avatud',
    ]);
    await screenshot(page, 'news-owner');

    // A visitor reading Estonian: the news formatted, no add button, no edit icons.
    const visitor = await browser.newContext({ locale: 'et-EE' });
    const reader = await visitor.newPage();
    reader.on('pageerror', (e) => errors.push(e.message));
    await reader.goto(platform.url);
    const first = reader.getByTestId(`news-item-${time}`);
    await first.waitFor();
    expect(await first.getByTestId('news-title').innerText()).toBe('Hooaeg algab');
    expect(await first.locator('strong').innerText()).toBe('Tartus');
    // The sign-in prompt comes once the visitor is known to be signed out (it may follow the
    // news); only then does the absence of the owner's buttons mean anything.
    await reader.getByTestId('home-signinprompt').waitFor();
    expect(await reader.getByTestId('news-add').count()).toBe(0);
    expect(await reader.locator('[data-testid^="news-edit-"]').count()).toBe(0);
    await screenshot(reader, 'news-visitor');

    // The owner edits the item and then deletes the older one.
    await page.getByTestId(`news-edit-${time}`).click();
    await page.getByTestId('news-title-en').fill('The season starts in May');
    await page.getByTestId('news-save').click();
    await expect
      .poll(() => page.getByTestId(`news-item-${time}`).getByTestId('news-title').innerText())
      .toBe('The season starts in May');
    await page.getByTestId(`news-edit-${time - 86_400}`).click();
    await page.getByTestId('news-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId(`news-item-${time - 86_400}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('news-title').allInnerTexts()).toEqual([
      'The season starts in May',
    ]);

    // A signed-in user who is not the owner cannot write news, in the page or through the API.
    const other = await browser.newContext({ locale: 'en-GB' });
    await other.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'mari@example.ee', password: 'news-other-pass', displayName: 'Mari' },
    });
    const otherPage = await other.newPage();
    await otherPage.goto(platform.url);
    await otherPage.getByTestId(`news-item-${time}`).waitFor();
    expect(await otherPage.getByTestId('news-add').count()).toBe(0);
    const refused = await other.request.post(`${platform.url}/api/news`, {
      data: { time: 1, et: { title: 'X', content: '' }, en: { title: '', content: '' } },
    });
    expect(refused.status()).toBe(403);
    expect(errors).toEqual([]);
    await Promise.all([owner.close(), visitor.close(), other.close()]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, startPlatform } from './support.ts';
import type { TestPlatform } from './support.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const EMAIL = 'mari@example.ee';
const PASSWORD = 'correct horse battery';
const NEXT = 'a brand new passphrase';

describe('a user looks after their sessions, tokens and password at /account', () => {
  let platform: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('lists both browsers, makes, renews and revokes a token, signs the phone out, changes the password', async () => {
    const laptop = await browser.newContext({ locale: 'en-GB', userAgent: FIREFOX });
    const page = await laptop.newPage();
    await page.goto(platform.url);
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-tab-signup').click();
    await page.getByTestId('signin-displayname').fill('Mari Maasikas');
    await page.getByTestId('signin-email').fill(EMAIL);
    await page.getByTestId('signin-password').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-dialog').waitFor({ state: 'detached', timeout: 3000 });

    // The same account on a phone.
    const phone = await browser.newContext({ locale: 'en-GB', userAgent: ANDROID });
    const phoneApi = phone.request;
    expect(
      (
        await phoneApi.post(`${platform.url}/api/auth/signin`, {
          data: { email: EMAIL, password: PASSWORD },
        })
      ).status(),
    ).toBe(200);

    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-account').click();
    await page.waitForURL(`${platform.url}/account`);
    const rows = page.getByTestId('account-session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const current = rows.filter({ has: page.getByTestId('account-session-current') });
    expect(await current.textContent()).toContain('Firefox · Linux');
    const other = rows.filter({ hasNot: page.getByTestId('account-session-current') });
    expect(await other.textContent()).toContain('Chrome · Android');
    await page.getByTestId('account-tokens-none').waitFor();

    await page.getByTestId('account-token-name').fill('Finish line laptop');
    await page.getByTestId('account-token-create').click();
    const secret = (await page.getByTestId('account-token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[\w-]{40,}$/);
    await page.getByTestId('account-token-row').waitFor();
    expect(await page.getByTestId('account-token-row').textContent()).toContain(
      'Finish line laptop',
    );
    const bearer = { Authorization: `Bearer ${secret}` };
    const meByToken = () =>
      page.request.get(`${platform.url}/api/auth/me`, { headers: bearer }).then((r) => r.status());
    expect(await meByToken()).toBe(200);

    await page.getByTestId('account-token-renew').click();
    await page.getByText(/The token Finish line laptop works until/).waitFor();
    await screenshot(page, 'account-page');

    await page.getByTestId('account-token-revoke').click();
    await page.getByTestId('account-tokens-none').waitFor();
    expect(await meByToken()).toBe(401);

    // Sign the phone out from the laptop.
    await other.getByTestId('account-session-revoke').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await phoneApi.get(`${platform.url}/api/auth/me`)).status()).toBe(401);

    // A wrong current password is refused; the right one changes it.
    await page.getByTestId('account-password-current').fill('not my password');
    await page.getByTestId('account-password-next').fill(NEXT);
    await page.getByTestId('account-password-repeat').fill(NEXT);
    await page.getByTestId('account-password-submit').click();
    expect(await page.getByTestId('account-password-error').textContent()).toBe(
      'The current password is wrong',
    );
    await page.getByTestId('account-password-current').fill(PASSWORD);
    await page.getByTestId('account-password-submit').click();
    await page.getByTestId('account-password-done').waitFor();
    // This browser stays signed in.
    expect((await page.request.get(`${platform.url}/api/auth/me`)).status()).toBe(200);
    await laptop.close();

    // The new password works, in Estonian too.
    const estonian = await browser.newContext({ locale: 'et-EE' });
    expect(
      (
        await estonian.request.post(`${platform.url}/api/auth/signin`, {
          data: { email: EMAIL, password: NEXT },
        })
      ).status(),
    ).toBe(200);
    const etPage = await estonian.newPage();
    await etPage.goto(`${platform.url}/account`);
    await etPage.getByRole('heading', { name: 'Sinu konto' }).waitFor();
    await etPage.getByText('Sisse logitud brauserid').waitFor();
    await etPage.getByTestId('account-session-current').waitFor();
    await screenshot(etPage, 'account-page-et');
    await estonian.close();
    await phone.close();
  });
});

import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestSmtp } from '../packages/server/src/test/smtpServer.ts';
import type { TestSmtp } from '../packages/server/src/test/smtpServer.ts';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';
import { freePort } from '../packages/server/src/test/freePort.ts';

describe('sign-in links and password reset by email', () => {
  let smtp: TestSmtp;
  let port = 0;
  // Runs before usePlatform's own beforeAll (hooks run in the order they are declared).
  beforeAll(async () => {
    smtp = await startTestSmtp();
    port = await freePort();
  });
  afterAll(() => smtp.close());
  const env = usePlatform(() => ({
    port,
    smtpUrl: smtp.url,
    publicUrl: `http://localhost:${port}`,
  }));

  /**
   * The link of the last email to `to` once it is a link to `path` (the stand-in SMTP server
   * received it). Mails go after the answer: an earlier mail to the address (a sign-in link
   * before a reset) is not taken for the one just asked for.
   */
  const lastLink = async (to: string, path: string) => {
    const token = () => {
      const mail = smtp.mails.filter((m) => m.to.includes(to)).at(-1);
      return mail?.text.includes(`${path}#token=`) ? smtp.lastToken(to) : null;
    };
    await expect.poll(token, { timeout: 5000 }).not.toBeNull();
    return `http://localhost:${port}${path}#token=${token()}`;
  };
  const openDialog = async (page: Page) => {
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-dialog').waitFor();
  };

  it('signs up with a link, resets the password by email, and signs in with the new one', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = 'kalle@example.ee';

    // Ask for a sign-in link: a new address, no password.
    await page.goto(platform.url);
    await openDialog(page);
    await page.getByTestId('signin-link').click();
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-sent').waitFor();
    await screenshot(page, 'email-link-sent', false);
    // The mail goes after the answer (server auth/deliveries.ts).
    await expect
      .poll(() => smtp.mails.at(-1)?.text, { timeout: 5000 })
      .toContain('Sign in to Rada');

    // The link signs in at once in this browser and the account exists.
    const link = await lastLink(email, '/auth/link');
    await page.goto(link);
    await page.getByTestId('link-done').waitFor();
    expect(await page.getByTestId('link-done').innerText()).toContain('Signed in as kalle');
    // The token left the address bar.
    expect(page.url()).toBe(`http://localhost:${port}/auth/link`);
    const me = await context.request.get(`${platform.url}/api/auth/me`);
    expect(((await me.json()) as { email: string }).email).toBe(email);

    // The same link again, in another browser: it asks for the address, then refuses.
    const other = await browser.newContext({ locale: 'en-GB' });
    const second = await other.newPage();
    await second.goto(link);
    await second.getByTestId('link-email').fill(email);
    await second.getByTestId('link-submit').click();
    await second.getByTestId('link-error').waitFor();
    expect(await second.getByTestId('link-error').innerText()).toContain('already used');

    // Sign out, then forgot password: a reset link sets one.
    await context.clearCookies();
    await page.goto(platform.url);
    await openDialog(page);
    await page.getByTestId('signin-forgot').click();
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-sent').waitFor();
    await page.goto(await lastLink(email, '/auth/reset'));
    await page.getByTestId('reset-password').fill('short');
    await page.getByTestId('reset-submit').click();
    await page.getByText('at least').first().waitFor();
    await page.getByTestId('reset-password').fill('a good new password');
    await screenshot(page, 'password-reset', false);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('link-done').waitFor();

    // Signed out again, the new password signs in through the dialog.
    await context.clearCookies();
    await page.goto(platform.url);
    await openDialog(page);
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-password').fill('a good new password');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-success').waitFor();

    // Move the account to a new address, with the password: the link mailed there makes the
    // change in a browser signed in to this account, and nowhere else.
    const moved = 'kalle.kask@example.ee';
    await page.goto(`${platform.url}/account`);
    expect(await page.getByTestId('account-email-current').innerText()).toBe(email);
    await page.getByTestId('account-email-input').fill(moved);
    await page.getByTestId('account-email-send').click();
    await page.getByTestId('account-email-error').waitFor();
    expect(await page.getByTestId('account-email-error').innerText()).toContain('password');
    await page.getByTestId('account-email-password').fill('a good new password');
    await page.getByTestId('account-email-send').click();
    await page.getByTestId('account-email-sent').waitFor();
    await screenshot(page, 'account-email-sent', false);
    const changeLink = await lastLink(moved, '/auth/email');
    await second.goto(changeLink);
    await second.getByTestId('emailchange-submit').click();
    await second.getByTestId('emailchange-signin').waitFor();
    expect(await second.getByTestId('link-error').innerText()).toContain(
      'Sign in to the account that asked for this change',
    );
    await page.goto(changeLink);
    await page.getByTestId('emailchange-submit').click();
    await page.getByTestId('link-done').waitFor();
    expect(await page.getByTestId('link-done').innerText()).toContain(moved);
    await expect
      .poll(() => smtp.mails.at(-1)?.text, { timeout: 5000 })
      .toContain('was changed to kalle.kask@example.ee');
    expect(smtp.mails.at(-1)?.to).toContain(email);
    await page.goto(`${platform.url}/account`);
    await page.getByText(moved).first().waitFor();
    expect(await page.getByTestId('account-email-verified').innerText()).toBe('Confirmed');

    // The account goes, confirmed with its new address; the password no longer signs in.
    await deleteAccountInBrowser(page, platform.url, moved);
    const gone = await context.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: moved, password: 'a good new password' },
    });
    expect(gone.status()).toBe(401);
    expect(errors).toEqual([]);
    await Promise.all([context.close(), other.close()]);
  });

  it('asks for the address when a link opens in another browser, and refuses another address', async () => {
    const { platform, browser } = env;
    const asking = await browser.newContext({ locale: 'et-EE' });
    const email = 'mari@example.ee';
    const sent = await asking.request.post(`${platform.url}/api/auth/email-link`, {
      data: { email, lang: 'et' },
    });
    expect(sent.status()).toBe(202);
    const link = await lastLink(email, '/auth/link');
    expect(smtp.mails.at(-1)?.text).toContain('Sisene Radasse');

    const phone = await browser.newContext({ locale: 'et-EE' });
    const opened = await phone.newPage();
    await opened.goto(link);
    await opened.getByTestId('link-email').fill('someone@example.ee');
    await opened.getByTestId('link-submit').click();
    await opened.getByTestId('link-error').waitFor();
    expect(await opened.getByTestId('link-error').innerText()).toContain('ei vasta');
    await opened.getByTestId('link-email').fill(email);
    await opened.getByTestId('link-submit').click();
    await opened.getByTestId('link-done').waitFor();
    await screenshot(opened, 'email-link-done', false);
    await Promise.all([asking.close(), phone.close()]);
  });

  it('hands an account made with someone else’s address to its owner, and tells them', async () => {
    const { platform, browser } = env;
    const email = 'omanik@example.ee';
    // Someone signs up first with the owner's address and a password (the address unproven).
    const squatter = await browser.newContext({ locale: 'en-GB' });
    const made = await squatter.request.post(`${platform.url}/api/auth/signup`, {
      data: { email, password: 'not the owner', displayName: 'Squatter' },
    });
    expect(made.status()).toBe(201);

    // The owner signs in with a link: the account is theirs, and the first comer's way in is gone.
    const owner = await browser.newContext({ locale: 'en-GB' });
    const page = await owner.newPage();
    await page.goto(platform.url);
    await openDialog(page);
    await page.getByTestId('signin-link').click();
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-sent').waitFor();
    await page.goto(await lastLink(email, '/auth/link'));
    await page.getByTestId('link-cleared').waitFor();
    expect(await page.getByTestId('link-cleared').innerText()).toContain(
      'Someone had signed up with your address',
    );
    await screenshot(page, 'email-link-cleared', false);
    expect((await squatter.request.get(`${platform.url}/api/auth/me`)).status()).toBe(401);
    const again = await squatter.request.post(`${platform.url}/api/auth/signin`, {
      data: { email, password: 'not the owner' },
    });
    expect(again.status()).toBe(401);

    await deleteAccountInBrowser(page, platform.url, email);
    await Promise.all([squatter.close(), owner.close()]);
  });
});

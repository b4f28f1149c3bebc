import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';

const EVID = 'guesttest';
const EMAIL = 'saved-guest@example.ee';
const PASSWORD = 'saved guest password';

describe('guest accounts', () => {
  const env = usePlatform();

  it('a guest joins a team, saves the account, signs in again and still has the team', async () => {
    const { platform, browser } = env;
    // An organiser's event a week ahead, with a join code.
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'guest-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-guest-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid, Date.now() + 7 * 86_400_000)));
    const imported = await platform.cli('import', file, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);
    const made = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { valid: Date.now() + 86_400_000 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { code } = (await made.json()) as { code: string };

    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${platform.url}/play`);
    await page.getByTestId('play-home-guest').click();
    await page.getByTestId('guest-banner').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('rada.guest'));
    expect(stored).toMatch(/@guest\.invalid/);

    // Join a team with the code.
    await page.getByTestId('play-home-code-input').fill(code);
    await page.getByTestId('play-home-code-go').click();
    await page.waitForURL(`${platform.url}/${EVID}/join/${code}`);
    await page.getByTestId('join-teamname').fill('Guest runners');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-success').waitFor();

    // The user menu offers a guest to save the account, and leads to /account.
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-saveaccount').click();
    await page.waitForURL(`${platform.url}/account`);
    await page.getByTestId('guest-upgrade-email').waitFor();
    expect(await page.getByTestId('account-email').count()).toBe(0);
    // Nor API tokens or passkeys until the account is saved (the server refuses them too).
    expect(await page.getByTestId('account-tokens').count()).toBe(0);
    expect(await page.getByTestId('account-passkeys').count()).toBe(0);

    // Save the account from /play.
    await page.goto(`${platform.url}/play`);
    await page
      .getByTestId('play-home-myteams')
      .getByText(/Guest runners/)
      .waitFor();
    await page.getByTestId('guest-save').click();
    await page.getByTestId('guest-upgrade-email').fill(EMAIL);
    await page.getByTestId('guest-upgrade-password').fill(PASSWORD);
    await page.getByTestId('guest-upgrade-name').fill('Saved Guest');
    await screenshot(page, 'guest-upgrade');
    await page.getByTestId('guest-upgrade-submit').click();
    await page.getByTestId('guest-upgrade-done').waitFor();
    expect(await page.getByTestId('guest-upgrade-done').innerText()).toContain(EMAIL);
    // The device forgets the guest's credentials: they no longer sign in.
    expect(await page.evaluate(() => localStorage.getItem('rada.guest'))).toBeNull();

    // Sign out, sign in with the new email and password: the team is still there.
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-signout').click();
    await page.getByTestId('play-home-guest').waitFor();
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-email').fill(EMAIL);
    await page.getByTestId('signin-password').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-dialog').waitFor({ state: 'detached', timeout: 5000 });
    await page
      .getByTestId('play-home-myteams')
      .getByText(/Guest runners/)
      .waitFor();
    expect(await page.getByTestId('play-home-user').innerText()).toContain('Saved Guest');
    expect(await page.getByTestId('guest-banner').count()).toBe(0);

    // Change the display name on /account.
    await page.goto(`${platform.url}/account`);
    const name = page.getByTestId('account-name-input');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Saved Guest');
    await name.fill('  Kati Karu ');
    await page.getByTestId('account-name-save').click();
    await page.getByTestId('account-name-done').waitFor();
    await screenshot(page, 'account-display-name');
    const me = await page.request.get(`${platform.url}/api/auth/me`);
    expect(((await me.json()) as { displayName: string; guest: boolean }).displayName).toBe(
      'Kati Karu',
    );

    // The account (saved from a guest) goes, confirmed with its email.
    await deleteAccountInBrowser(page, platform.url, EMAIL);
    expect(errors).toEqual([]);
    await phone.close();
    await organiser.close();
  });
});

import { describe, expect, it } from 'vitest';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';

describe('passkeys', () => {
  const env = usePlatform();

  it('adds a passkey on the account page, signs in with it without a password, and removes it', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Chromium's virtual authenticator (DevTools WebAuthn domain): a platform authenticator
    // with resident keys that verifies the user at once.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'pille@example.ee', password: 'passkey-pass-1', displayName: 'Pille' },
    });
    expect(signup.status()).toBe(201);
    await page.goto(`${platform.url}/account`);
    const section = page.getByTestId('account-passkeys');
    await section.waitFor();
    await page.getByTestId('passkey-name').fill('Work laptop');
    await page.getByTestId('passkey-add').click();
    await section.getByTestId('passkey-row').waitFor();
    expect(await section.getByTestId('passkey-row').innerText()).toContain('Work laptop');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await screenshot(page, 'passkeys-account', false);

    // Signed out, the dialog's passkey button signs in: no email, no password typed.
    await context.clearCookies();
    await page.goto(platform.url);
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-passkey').click();
    await page.getByTestId('signin-success').waitFor();
    expect(await page.getByTestId('signin-success').innerText()).toContain('Pille');
    const me = (await (await context.request.get(`${platform.url}/api/auth/me`)).json()) as {
      email: string;
    };
    expect(me.email).toBe('pille@example.ee');

    // Removed, it no longer signs in (the authenticator still holds it).
    await page.goto(`${platform.url}/account`);
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('confirm-ok').click();
    await section.getByTestId('passkey-row').waitFor({ state: 'detached' });
    await context.clearCookies();
    await page.goto(platform.url);
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-passkey').click();
    await page.getByTestId('signin-passkey-error').waitFor();
    expect(await page.getByTestId('signin-passkey-error').innerText()).toContain('not accepted');

    // The refused attempt leaves the keyboard in the dialog (the button, disabled while it ran,
    // has the focus again), so Escape closes it.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null),
    ).toBe(true);
    // Add another, then delete the account: its passkeys no longer sign anyone in.
    await page.keyboard.press('Escape');
    await page.getByTestId('signin-dialog').waitFor({ state: 'detached' });
    const signin = await context.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: 'pille@example.ee', password: 'passkey-pass-1' },
    });
    expect(signin.status()).toBe(200);
    await page.goto(`${platform.url}/account`);
    await page.getByTestId('passkey-name').fill('Phone');
    await page.getByTestId('passkey-add').click();
    await section.getByTestId('passkey-row').waitFor();
    await deleteAccountInBrowser(page, platform.url, 'pille@example.ee');
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-passkey').click();
    await page.getByTestId('signin-passkey-error').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

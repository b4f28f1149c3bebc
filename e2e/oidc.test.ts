import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestOidcProvider } from '../packages/server/src/test/oidcProvider.ts';
import type { TestOidcProvider } from '../packages/server/src/test/oidcProvider.ts';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';
import { freePort } from '../packages/server/src/test/freePort.ts';

/** Fills the provider's development login page and its consent page, as a person would. */
async function loginAtProvider(page: Page, login: string) {
  await page.locator('input[name=login]').waitFor();
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  // Consent ("Authorize"), the first time this account meets the client.
  await page.locator('input[name=prompt][value=consent]').waitFor({ state: 'attached' });
  await page.locator('button[type=submit]').click();
}

describe('OpenID Connect sign-in in the browser', () => {
  let idp: TestOidcProvider;
  let port = 0;
  // Runs before usePlatform's own beforeAll (hooks run in the order they are declared).
  beforeAll(async () => {
    port = await freePort();
    const base = `http://localhost:${port}/api/auth/oidc`;
    idp = await startTestOidcProvider([`${base}/test/callback`, `${base}/second/callback`]);
  });
  afterAll(() => idp?.close());
  const provider = (id: string, label: string) => ({
    id,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    label,
    icon: null,
  });
  const env = usePlatform(() => ({
    port,
    publicUrl: `http://localhost:${port}`,
    oidc: [provider('test', 'Test ID'), provider('second', 'Second ID')],
  }));

  it('signs up through the provider’s pages, then links and unlinks providers at /account', async () => {
    const { browser } = env;
    // The site at PUBLIC_URL: the flow's cookie must come back to the host it was set for.
    const site = `http://localhost:${port}`;
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = 'olev@example.ee';

    await page.goto(`${site}/account`);
    await page.getByTestId('account-signedout').waitFor();
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-dialog').waitFor();
    const button = page.getByTestId('signin-oidc-test');
    expect(await button.textContent()).toContain('Continue with Test ID');
    await screenshot(page, 'oidc-dialog', false);
    await button.click();

    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await loginAtProvider(page, email);

    // Back on the page it left from, signed in to a new account with the provider's email.
    await page.waitForURL(`${site}/account`);
    await page.getByTestId('account-identities').waitFor();
    const me = (await (await context.request.get(`${site}/api/auth/me`)).json()) as {
      email: string;
      displayName: string;
    };
    expect(me).toMatchObject({ email, displayName: 'olev OIDC' });
    await page.getByTestId('identity-unlink-test').waitFor();
    expect(await page.getByTestId('identity-test').innerText()).toContain(email);

    // The only way in cannot be unlinked.
    await page.getByTestId('identity-unlink-test').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('snackbar').waitFor();
    expect(await page.getByTestId('snackbar').innerText()).toContain('only way to sign in');
    await page.getByTestId('identity-unlink-test').waitFor();

    // Link the second provider: the provider still knows this browser, so it comes straight back.
    await page.getByTestId('identity-link-second').click();
    await page.getByTestId('identity-unlink-second').waitFor();
    expect(page.url()).toBe(`${site}/account`);
    await screenshot(page, 'oidc-account', false);

    // Now the first can go.
    await page.getByTestId('identity-unlink-test').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('identity-link-test').waitFor();

    // Signed out, the second provider signs in to the same account.
    await context.clearCookies();
    await page.goto(`${site}/`);
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-oidc-second').click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await loginAtProvider(page, email);
    await page.waitForURL(`${site}/`);
    const again = (await (await context.request.get(`${site}/api/auth/me`)).json()) as {
      email: string;
    };
    expect(again.email).toBe(email);

    // Made by the provider, the account sets a first password at /account: no current one asked.
    await page.goto(`${site}/account`);
    await page.getByTestId('account-password').getByText('Set a password').first().waitFor();
    expect(await page.getByTestId('account-password-current').count()).toBe(0);
    await page.getByTestId('account-password-next').fill('olev-password-1');
    await page.getByTestId('account-password-repeat').fill('olev-password-1');
    await page.getByTestId('account-password-submit').click();
    await page.getByTestId('account-password-done').waitFor();
    await screenshot(page, 'oidc-account-password', false);
    const byPassword = await context.request.post(`${site}/api/auth/signin`, {
      data: { email, password: 'olev-password-1' },
    });
    expect(byPassword.status()).toBe(200);

    // The account goes, confirmed with its email; the provider then makes a new one.
    await deleteAccountInBrowser(page, site, email);
    const identities = await context.request.get(`${site}/api/auth/identities`);
    expect(identities.status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a refused return in the sign-in dialog, in Estonian too', async () => {
    const context = await env.browser.newContext({ locale: 'et-EE' });
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/?signin_error=auth.error.oidcstate`);
    await page.getByTestId('signin-oidc-error').waitFor();
    expect(await page.getByTestId('signin-oidc-error').innerText()).toContain('Alusta uuesti');
    expect(page.url()).toBe(`http://localhost:${port}/`);
    await context.close();
  });
});

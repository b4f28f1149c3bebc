import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdTokenIssuer } from '../packages/server/src/test/idTokenIssuer.ts';
import type { TestIdTokenIssuer } from '../packages/server/src/test/idTokenIssuer.ts';
import { freePort } from '../packages/server/src/test/freePort.ts';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';

/**
 * Google Identity Services as the page meets it, without Google: `initialize` keeps the options,
 * `prompt` asks the test for an ID token carrying the page's nonce (the test signs it as the
 * provider would) and hands it to the page's callback, as Google's prompt does after a tap.
 */
const STAND_IN = `
(() => {
  let options = null;
  window.__gsiCalls = [];
  window.google = { accounts: { id: {
    initialize(o) { options = o; window.__gsiCalls.push(['initialize', {
      client_id: o.client_id, nonce: o.nonce, use_fedcm_for_prompt: o.use_fedcm_for_prompt,
      auto_select: o.auto_select, cancel_on_tap_outside: o.cancel_on_tap_outside, context: o.context,
    }]); },
    prompt(listener) {
      window.__gsiCalls.push(['prompt']);
      window.__oneTapCredential(options.nonce).then((credential) => {
        options.callback({ credential, select_by: 'user' });
        if (listener) listener({
          isSkippedMoment: () => false,
          isDismissedMoment: () => true,
          getDismissedReason: () => 'credential_returned',
        });
      });
    },
    cancel() { window.__gsiCalls.push(['cancel']); },
  } } };
})();
`;

describe('Google One Tap in the browser', () => {
  let idp: TestIdTokenIssuer;
  let port = 0;
  // Before usePlatform's beforeAll: the server's configuration needs the issuer's address.
  beforeAll(async () => {
    port = await freePort();
    idp = await startTestIdTokenIssuer();
  });
  afterAll(() => idp?.close());
  const env = usePlatform(() => ({
    port,
    publicUrl: `http://localhost:${port}`,
    oidc: [idp.provider],
    oneTap: 'google',
  }));

  it('signs a signed-out visitor in with the prompt’s ID token', async () => {
    const site = `http://localhost:${port}`;
    const context = await env.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    let served = 0;
    await page.route('https://accounts.google.com/gsi/client', (route) => {
      served++;
      return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
    });
    const nonces: string[] = [];
    await page.exposeFunction('__oneTapCredential', (nonce: string) => {
      nonces.push(nonce);
      return idp.mint({
        sub: 'google-sub-1',
        email: 'kadri@example.ee',
        email_verified: true,
        name: 'Kadri Tamm',
        nonce,
      });
    });

    await page.goto(`${site}/`);
    await page.getByTestId('usermenu-name').waitFor();
    expect(await page.getByTestId('usermenu-name').innerText()).toContain('Kadri Tamm');
    await page.getByTestId('snackbar').waitFor();
    expect(await page.getByTestId('snackbar').innerText()).toContain('Signed in as Kadri Tamm');
    await screenshot(page, 'onetap', false);
    fs.copyFileSync(new URL('./artifacts/onetap.png', import.meta.url), '/tmp/onetap.png');

    expect(served).toBe(1);
    expect(nonces).toHaveLength(1);
    const calls = await page.evaluate(
      () => (window as unknown as { __gsiCalls: unknown[] }).__gsiCalls,
    );
    expect(calls[0]).toEqual([
      'initialize',
      {
        client_id: idp.clientId,
        nonce: nonces[0],
        use_fedcm_for_prompt: true,
        auto_select: false,
        cancel_on_tap_outside: true,
        context: 'signin',
      },
    ]);
    const me = (await (await context.request.get(`${site}/api/auth/me`)).json()) as {
      email: string;
    };
    expect(me.email).toBe('kadri@example.ee');

    // Signed in: another page load prompts no more.
    await page.reload();
    await page.getByTestId('usermenu-name').waitFor();
    expect(served).toBe(1);

    // Signed out, this tab is not prompted again (it would sign straight back in)...
    const { uid } = (await (await context.request.get(`${site}/api/auth/me`)).json()) as {
      uid: string;
    };
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-signout').click();
    await page.getByTestId('signin-open').first().waitFor();
    await page.reload();
    await page.getByTestId('signin-open').first().waitFor();
    await page.waitForTimeout(2500);
    expect(nonces).toHaveLength(1);
    // ...but a new visit is, and the same Google account signs in to the same account.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByTestId('usermenu-name').waitFor();
    expect(nonces).toHaveLength(2);
    const again = (await (await context.request.get(`${site}/api/auth/me`)).json()) as {
      uid: string;
    };
    expect(again.uid).toBe(uid);

    // The account goes, confirmed with its email; One Tap does not make it again at once.
    await deleteAccountInBrowser(page, site, 'kadri@example.ee');
    await page.waitForTimeout(2500);
    expect(nonces).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('says in the visitor’s language when the server refuses the token', async () => {
    const site = `http://localhost:${port}`;
    const context = await env.browser.newContext({ locale: 'et-EE' });
    const page = await context.newPage();
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
    );
    // A token for another client id (audience): the server refuses it.
    await page.exposeFunction('__oneTapCredential', (nonce: string) =>
      idp.mint({ sub: 'google-sub-2', email: 'mart@example.ee', aud: 'someone-else', nonce }),
    );
    await page.goto(`${site}/`);
    await page.getByTestId('snackbar').waitFor();
    expect(await page.getByTestId('snackbar').innerText()).toContain(
      'Google’iga sisselogimine ei õnnestunud',
    );
    await page.getByTestId('signin-open').waitFor();
    await context.close();
  });

  it('does not prompt again in a session where the visitor closed the prompt', async () => {
    const site = `http://localhost:${port}`;
    const context = await env.browser.newContext({ locale: 'et-EE' });
    const page = await context.newPage();
    let served = 0;
    await page.route('https://accounts.google.com/gsi/client', (route) => {
      served++;
      // The visitor closes the prompt: Google reports a skipped moment.
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize() {}, cancel() {},
          prompt(l) { l && l({ isSkippedMoment: () => true }); window.__prompted = true; },
        } } };`,
      });
    });
    await page.goto(`${site}/`);
    await page.waitForFunction(() => (window as unknown as { __prompted?: boolean }).__prompted);
    expect(served).toBe(1);
    await page.reload();
    await page.getByTestId('signin-open').waitFor();
    // Give a prompt time to come (it waits 1.5 s after the page starts), which it should not.
    await page.waitForTimeout(3000);
    expect(served).toBe(1);
    await context.close();
  });
});

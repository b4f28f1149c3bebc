import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startEarveldajaStandIn } from '../packages/server/src/test/earveldajaServer.ts';
import type { EarveldajaStandIn } from '../packages/server/src/test/earveldajaServer.ts';
import { startTestSmtp } from '../packages/server/src/test/smtpServer.ts';
import type { TestSmtp } from '../packages/server/src/test/smtpServer.ts';
import { usePlatform } from './lifecycle.ts';
import { proveEmail, screenshot } from './support.ts';

const OWNER = { email: 'owner@example.ee', password: 'owner-password', displayName: 'Olev Owner' };

/** The platform owner's browser, signed up and proven, on the home page, in `lang`. */
async function ownerSignedIn(
  env: ReturnType<typeof usePlatform>,
  lang: 'en' | 'et' = 'en',
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({
    locale: lang === 'et' ? 'et-EE' : 'en-GB',
    viewport: { width, height: 900 },
  });
  const signin = await context.request.post(`${env.platform.url}/api/auth/signin`, {
    data: { email: OWNER.email, password: OWNER.password },
  });
  if (signin.status() !== 200) {
    const signup = await context.request.post(`${env.platform.url}/api/auth/signup`, {
      data: OWNER,
    });
    expect(signup.status()).toBe(201);
    // Only a proven address is the configured owner's.
    await proveEmail(env.platform, OWNER.email);
  }
  if (lang === 'et') await context.addInitScript(() => localStorage.setItem('rada.lang', 'et'));
  const page = await context.newPage();
  await page.goto(env.platform.url);
  return { context, page };
}

const menuItems = async (page: Page) => {
  await page.getByTestId('usermenu-button').click();
  await page.getByTestId('usermenu-account').waitFor();
  const ids = await page
    .locator('[data-testid^="usermenu-"][role="menuitem"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  await page.keyboard.press('Escape');
  return ids;
};

describe('a server without an accounting key or email', () => {
  const env = usePlatform(() => ({ platformOwnerEmail: OWNER.email, accounting: null }));

  it('offers the owner no stock tool, and the account page speaks of no mail', async () => {
    const { page, context } = await ownerSignedIn(env);
    expect(await menuItems(page)).not.toContain('usermenu-accounting');
    // The server refuses the tool too, in words for its users.
    const stock = await context.request.get(
      `${env.platform.url}/api/accounting/stock?date=2025-12-31`,
    );
    expect(stock.status()).toBe(503);
    const body = (await stock.json()) as { error: string; message: string };
    expect(body.error).toBe('accounting.error.unconfigured');
    expect(body.message).not.toMatch(/EARVELDAJA|API_KEY/);

    await page.goto(`${env.platform.url}/account`);
    const email = page.getByTestId('account-email');
    await email.waitFor();
    const text = await email.innerText();
    expect(text).toContain('This site sends no email, so your address cannot be changed');
    expect(text).not.toMatch(/we send|we mail|link/i);
    expect(await page.getByTestId('account-email-send').count()).toBe(0);
    expect(await page.getByTestId('account-email-verify').count()).toBe(0);
    await context.close();

    const et = await ownerSignedIn(env, 'et', 390);
    await et.page.goto(`${env.platform.url}/account`);
    await et.page.getByTestId('account-email').waitFor();
    expect(await et.page.getByTestId('account-email').innerText()).toContain(
      'See sait ei saada e-kirju',
    );
    await et.page.waitForTimeout(300);
    await screenshot(et.page, 'account-nomail-phone-et', false);
    expect(await menuItems(et.page)).not.toContain('usermenu-accounting');
    await et.context.close();
  });
});

describe('a server with an accounting key and email', () => {
  let standIn: EarveldajaStandIn;
  let smtp: TestSmtp;
  beforeAll(async () => {
    standIn = await startEarveldajaStandIn();
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await standIn.close();
    await smtp.close();
  });
  const env = usePlatform(() => ({
    platformOwnerEmail: OWNER.email,
    accounting: { url: standIn.url, ...standIn.key },
    smtpUrl: smtp.url,
    // Links in mails need the site's address.
    publicUrl: 'http://localhost:8080',
  }));

  it('offers the owner the stock tool, and the account page mails a link', async () => {
    const { page, context } = await ownerSignedIn(env);
    expect(await menuItems(page)).toContain('usermenu-accounting');
    await page.goto(`${env.platform.url}/account`);
    const email = page.getByTestId('account-email');
    await email.waitFor();
    const text = await email.innerText();
    expect(text).toContain('We send a link to the new address');
    expect(text).not.toContain('sends no email');
    expect(await page.getByTestId('account-email-send').count()).toBe(1);
    await page.waitForTimeout(300);
    await screenshot(page, 'account-mail', false);
    await context.close();
  });
});

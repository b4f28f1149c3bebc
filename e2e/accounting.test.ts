import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startEarveldajaStandIn } from '../packages/server/src/test/earveldajaServer.ts';
import type { EarveldajaStandIn } from '../packages/server/src/test/earveldajaServer.ts';
import { usePlatform } from './lifecycle.ts';
import { proveEmail, screenshot } from './support.ts';

const YEAR = new Date().getFullYear() - 1;
const OWNER = { email: 'owner@example.ee', password: 'owner-password', displayName: 'Olev Owner' };

/** A browser of `email`, signed up, on the home page. */
async function signedIn(
  env: ReturnType<typeof usePlatform>,
  user: { email: string; password: string; displayName: string },
  locale = 'en-GB',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const signup = await context.request.post(`${env.platform.url}/api/auth/signup`, { data: user });
  expect(signup.status()).toBe(201);
  // Only a proven address is the configured owner's (a link mailed there would prove it).
  if (user.email === OWNER.email) await proveEmail(env.platform, user.email);
  const page = await context.newPage();
  await page.goto(env.platform.url);
  return { context, page };
}

async function openTool(page: Page) {
  await page.getByTestId('usermenu-button').click();
  await page.getByTestId('usermenu-accounting').click();
  await page.getByTestId('accounting-dialog').waitFor();
}

describe('the platform owner revalues stock in e-arveldaja', () => {
  let standIn: EarveldajaStandIn;
  beforeAll(async () => {
    // Slow enough answers that the sync's progress shows; two journals a page.
    standIn = await startEarveldajaStandIn({ pageSize: 2, delayMs: 150 });
  });
  afterAll(() => standIn.close());
  const env = usePlatform(() => ({
    platformOwnerEmail: OWNER.email,
    accounting: { url: standIn.url, ...standIn.key },
  }));

  it('syncs the stock accounts, books a change and sees its journal number', async () => {
    const { page, context } = await signedIn(env, OWNER);
    await openTool(page);
    // The date starts at the last day of the previous year.
    expect(await page.getByTestId('accounting-date').locator('input').inputValue()).toBe(
      `31.12.${YEAR}`,
    );

    await page.getByTestId('accounting-sync').click();
    await page.getByTestId('accounting-progress').waitFor();
    await page.getByTestId('accounting-table').waitFor();
    expect(await page.getByTestId('accounting-progress').count()).toBe(0);
    expect(await page.getByTestId('accounting-row-501').innerText()).toContain('Kaardid');
    expect(await page.getByTestId('accounting-balance-501').innerText()).toBe('€1,250.50');
    expect(await page.getByTestId('accounting-balance-502').innerText()).toBe('€480.25');
    expect(await page.getByTestId('accounting-total').innerText()).toBe('€1,730.75');
    // Nothing to book before a target differs.
    expect(await page.getByTestId('accounting-change').isDisabled()).toBe(true);

    await page.getByTestId('accounting-target-501').fill('1200');
    await page.getByTestId('accounting-target-502').fill('500,00');
    expect(await page.getByTestId('accounting-target-total').innerText()).toBe('€1,700.00');
    await expect.poll(() => page.getByTestId('accounting-change').isEnabled()).toBe(true);
    // Buttons fade between states: the picture after they settle.
    await page.waitForTimeout(300);
    await screenshot(page, 'accounting-targets', false);
    const before = standIn.journals.length;
    await page.getByTestId('accounting-change').click();
    expect(await page.getByTestId('accounting-confirm').innerText()).toContain('-€30.75');
    await page.getByTestId('accounting-confirm-ok').click();

    await page.getByTestId('accounting-journal').waitFor();
    expect(standIn.journals).toHaveLength(before + 1);
    const journal = standIn.journals.at(-1)!;
    expect(await page.getByTestId('accounting-journal').innerText()).toBe(
      `Journal no. ${journal.number} booked (document 31/${YEAR})`,
    );
    expect(await page.getByTestId('accounting-balance-501').innerText()).toBe('€1,200.00');
    expect(await page.getByTestId('accounting-balance-502').innerText()).toBe('€500.00');
    expect(await page.getByTestId('accounting-total').innerText()).toBe('€1,700.00');
    await screenshot(page, 'accounting-booked', false);

    // The stand-in got one correctly signed journal entry, and registered it.
    const posted = standIn.requests.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ path: '/v1/journals', signed: true });
    expect(posted[0]!.headers.querytime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(posted[0]!.body).toMatchObject({
      effective_date: `${YEAR}-12-31`,
      document_number: `31/${YEAR}`,
      operation_type: 'ENTRY',
      postings: [
        { accounts_id: 1100, accounts_dimensions_id: 501, type: 'C', amount: 50.5 },
        { accounts_id: 8330, type: 'D', amount: 50.5, cl_currencies_id: 'EUR' },
        { accounts_id: 1100, accounts_dimensions_id: 502, type: 'D', amount: 19.75 },
        { accounts_id: 8330, type: 'C', amount: 19.75, cl_currencies_id: 'EUR' },
      ],
    });
    expect(journal.registered).toBe(true);
    expect(standIn.requests.every((r) => r.signed)).toBe(true);

    // A new sync reads the books with the booking in them.
    await page.getByTestId('accounting-sync').click();
    await expect
      .poll(() => page.getByTestId('accounting-balance-501').innerText())
      .toBe('€1,200.00');
    expect(await page.getByTestId('accounting-journal').count()).toBe(0);
    await context.close();
  });

  it('is not in the menu of anyone else', async () => {
    const { page, context } = await signedIn(env, {
      email: 'someone@example.ee',
      password: 'someone-password',
      displayName: 'Somebody',
    });
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-account').waitFor();
    expect(await page.getByTestId('usermenu-accounting').count()).toBe(0);
    await context.close();
  });
});

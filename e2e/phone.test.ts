import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startTestSmsGateway } from '../packages/server/src/test/smsGateway.ts';
import type { TestSmsGateway } from '../packages/server/src/test/smsGateway.ts';
import { usePlatform } from './lifecycle.ts';
import { deleteAccountInBrowser, screenshot } from './support.ts';

describe('sign-in with a code by SMS', () => {
  let sms: TestSmsGateway;
  // Runs before usePlatform's own beforeAll (hooks run in the order they are declared).
  beforeAll(async () => {
    sms = await startTestSmsGateway();
  });
  afterAll(() => sms.close());
  const env = usePlatform(() => ({ smsGatewayUrl: sms.url, smsGatewayToken: sms.token }));

  it('signs a new number up with the texted code; a wrong code is refused, Resend waits 15 s', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = '+37255501234';

    await page.goto(platform.url);
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-dialog').waitFor();
    await page.getByTestId('signin-phone-open').click();

    // An unsupported country code is refused with spec 02's message.
    await page.getByTestId('signin-phone-number').fill('+86 139 1234 5678');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-error').waitFor();
    expect(await page.getByTestId('signin-error').innerText()).toBe(
      'The country code provided is not supported.',
    );

    await page.getByTestId('signin-phone-number').fill('+372 5550 1234');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-phone-sent').waitFor();
    await expect.poll(() => sms.lastCode(phone), { timeout: 5000 }).not.toBeNull();
    const first = sms.lastCode(phone)!;
    expect(sms.messages.at(-1)!.text).toBe(`Your Rada code is ${first}`);

    // Resend counts down; a code that is not 6 digits is refused before it is sent.
    const resend = page.getByTestId('signin-phone-resend');
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.innerText()).toMatch(/RESEND CODE IN \d+ S/i);
    await page.getByTestId('signin-phone-code').fill('123');
    await page.getByTestId('signin-submit').click();
    await page.getByText('Wrong code. Try again.').waitFor();
    await screenshot(page, 'phone-code', false);

    // A wrong 6-digit code: the server says so.
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    await page.getByTestId('signin-phone-code').fill(wrong);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-error').waitFor();
    expect(await page.getByTestId('signin-error').innerText()).toBe('Wrong code. Try again.');

    // After 15 s Resend sends a new code, and that one signs in.
    await page.waitForFunction(
      () =>
        !(document.querySelector('[data-testid="signin-phone-resend"]') as HTMLButtonElement)
          .disabled,
      undefined,
      { timeout: 20_000 },
    );
    const before = sms.messages.length;
    await resend.click();
    await expect.poll(() => sms.messages.length, { timeout: 5000 }).toBe(before + 1);
    await page.getByTestId('signin-phone-code').fill(sms.lastCode(phone)!);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-success').waitFor();

    const me = await context.request.get(`${platform.url}/api/auth/me`);
    expect(((await me.json()) as { displayName: string }).displayName).toBe('+372 …1234');

    // The account page knows it by its number (its email is a placeholder, never shown), and
    // deleting it asks for the number.
    await page.goto(`${platform.url}/account`);
    expect(await page.getByTestId('account-who').innerText()).toBe(phone);
    expect(await page.getByTestId('account-email-current').innerText()).toBe('No email address');
    await deleteAccountInBrowser(page, platform.url, phone);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('adds a phone to an account at /account; the phone then signs in to it; it is removed again', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({ locale: 'et-EE' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const phone = '+37255507777';
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'tiit@example.ee', password: 'phone-pass-123', displayName: 'Tiit' },
    });
    expect(signup.status()).toBe(201);

    await page.goto(`${platform.url}/account`);
    await page.getByTestId('account-phone').waitFor();
    expect(await page.getByTestId('account-phone-current').innerText()).toBe(
      'Telefoninumber puudub',
    );
    await page.getByTestId('account-phone-number').fill('+372 5550 7777');
    await page.getByTestId('account-phone-submit').click();
    await page.getByTestId('account-phone-sent').waitFor();
    await expect.poll(() => sms.lastCode(phone), { timeout: 5000 }).not.toBeNull();
    expect(sms.messages.at(-1)!.text).toMatch(/^Sinu Rada kood on \d{6}$/);
    await page.getByTestId('account-phone-code').fill(sms.lastCode(phone)!);
    await screenshot(page, 'account-phone-code', false);
    await page.getByTestId('account-phone-submit').click();
    await page.getByTestId('account-phone-remove').waitFor();
    expect(await page.getByTestId('account-phone-current').innerText()).toBe(phone);

    // Signed out, the phone signs in to the same account.
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-signout').click();
    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-phone-open').click();
    await page.getByTestId('signin-phone-number').fill(phone);
    const before = sms.messages.length;
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-phone-sent').waitFor();
    await expect.poll(() => sms.messages.length, { timeout: 5000 }).toBe(before + 1);
    await page.getByTestId('signin-phone-code').fill(sms.lastCode(phone)!);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-success').waitFor();
    const me = (await (await context.request.get(`${platform.url}/api/auth/me`)).json()) as {
      email: string;
    };
    expect(me.email).toBe('tiit@example.ee');

    // Removed, the number is gone from the account.
    await page.goto(`${platform.url}/account`);
    await page.getByTestId('account-phone-remove').click();
    await page.getByTestId('account-phone-removeconfirm').click();
    await page.getByTestId('account-phone-number').waitFor();
    expect(await page.getByTestId('account-phone-current').innerText()).toBe(
      'Telefoninumber puudub',
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const EVID = 'jointest';

/** Signs a new user up in `context` (its pages share the session cookie). */
async function signUp(context: BrowserContext, url: string, email: string, displayName: string) {
  const res = await context.request.post(`${url}/api/auth/signup`, {
    data: { email, password: 'join-test-pass', displayName },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { uid: string }).uid;
}

/** Opens the join-code list from the Teams tab. */
async function openJoinCodes(page: Page, url: string) {
  await page.goto(`${url}/${EVID}/teams`);
  await page.getByTestId('teams-open-joincodes').click({ timeout: 15_000 });
  await page.getByTestId('joincodes-dialog').waitFor();
}

/** Takes a screenshot once dialogs have finished fading in. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** The text of the QR code in a PNG file. */
function decodeQr(file: string): { text: string; width: number; height: number } {
  const png = PNG.sync.read(fs.readFileSync(file));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: found?.data ?? '', width: png.width, height: png.height };
}

describe('join codes', () => {
  const env = usePlatform();

  it('an organiser shares a code as a QR image and another user joins with it', async () => {
    const { platform, browser } = env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-join-'));
    const organiser = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    const uid = await signUp(organiser, platform.url, 'join-org@example.ee', 'Org');

    // An event the organiser owns, a week ahead.
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid, Date.now() + 7 * 86_400_000)));
    const imported = await platform.cli('import', file, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);

    const page = await organiser.newPage();
    await openJoinCodes(page, platform.url);
    await page.getByTestId('joincodes-empty').waitFor();

    // Create: the suggested code is six letters or digits; the default validity is one month.
    await page.getByTestId('joincodes-create').click();
    const codeField = page.getByTestId('joincode-create-code');
    const suggested = await codeField.inputValue();
    expect(suggested).toMatch(/^[A-Z0-9]{6}$/);
    await codeField.fill('team-a1 x');
    expect(await codeField.inputValue()).toBe('TEAMA1X');
    await page.getByTestId('joincode-create-regenerate').click();
    const code = await codeField.inputValue();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await page.getByTestId('joincode-validity-1m').locator('input').isChecked()).toBe(true);
    await page.getByTestId('joincode-create-submit').click();

    // The share dialog opens on the new code: the link, a 256 px QR image of it, PNG download.
    const link = `${platform.url}/${EVID}/join/${code}`;
    await page.getByTestId('joincode-share-dialog').waitFor();
    expect(await page.getByTestId('joincode-share-code').innerText()).toBe(code);
    expect(await page.getByTestId('joincode-link').inputValue()).toBe(link);
    const qr = page.getByTestId('joincode-qr');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await settledScreenshot(page, 'joincodes-share');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('joincode-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`join-${code}.png`);
    const png = path.join(dir, 'qr.png');
    await download.saveAs(png);
    expect(decodeQr(png)).toEqual({ text: link, width: 256, height: 256 });
    await page.getByTestId('joincode-share-close').click();
    await page.getByTestId('joincode-share-dialog').waitFor({ state: 'detached' });

    // The same code again is refused on the code field.
    await page.getByTestId('joincodes-create').click();
    await page.getByTestId('joincode-create-code').fill(code);
    await page.getByTestId('joincode-create-submit').click();
    await page
      .getByTestId('joincode-create-dialog')
      .getByText('This join code exists already')
      .waitFor();
    await page
      .getByTestId('joincode-create-dialog')
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.getByTestId('joincode-create-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId(`joincode-row-${code}`);
    expect(await row.getAttribute('data-expired')).toBe('false');
    expect(await page.getByTestId(`joincode-usedby-${code}`).innerText()).toBe('—');
    await settledScreenshot(page, 'joincodes-list');

    // Teams that join must wait for the organiser's confirmation.
    const confirm = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: { settings: { joinrequiresconfirmation: true } },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);

    // A second user opens the link: signed out first, then signed in, and joins.
    const joiner = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    });
    const joinPage = await joiner.newPage();
    await joinPage.goto(link);
    expect(await joinPage.getByTestId('join-eventname').innerText()).toBe('Results test');
    await joinPage.getByTestId('join-eventdate').waitFor();
    expect(await joinPage.getByTestId('join-code-shown').innerText()).toBe(code);
    await joinPage.getByTestId('join-signinprompt').waitFor();
    await signUp(joiner, platform.url, 'joiner@example.ee', 'Jaan Joiner');
    await joinPage.reload();
    const teamName = joinPage.getByTestId('join-teamname');
    await teamName.waitFor();
    expect(await teamName.inputValue()).toBe('Jaan Joiner');
    await teamName.fill('Joiners');
    await settledScreenshot(joinPage, 'join-page');
    await joinPage.getByTestId('join-submit').click();
    const success = joinPage.getByTestId('join-success');
    await success.waitFor();
    expect(await success.innerText()).toContain('Joiners');
    expect(await success.getAttribute('data-allowed')).toBe('false');
    await joinPage.getByTestId('join-needsconfirm').waitFor();
    await settledScreenshot(joinPage, 'join-success');

    // The organiser's open list shows the use (live; reopened if the update did not arrive).
    const usedBy = page.getByTestId(`joincode-usedby-${code}`);
    try {
      await page.waitForFunction(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent === 'Jaan Joiner',
        `joincode-usedby-${code}`,
        { timeout: 5000 },
      );
    } catch {
      await openJoinCodes(page, platform.url);
    }
    expect(await usedBy.innerText()).toBe('Jaan Joiner');
    await usedBy.click();
    const usedDialog = page.getByTestId('joincode-usedby-dialog');
    await usedDialog.waitFor();
    expect(await usedDialog.innerText()).toContain('joiner@example.ee');
    expect(await usedDialog.innerText()).toContain('Joiners');
    await usedDialog.getByRole('button', { name: 'Close' }).click();
    await usedDialog.waitFor({ state: 'detached' });

    const teams = await organiser.request.get(`${platform.url}/api/events/${EVID}/teams`);
    expect(teams.status()).toBe(200);
    const names = ((await teams.json()) as { name: string }[]).map((x) => x.name);
    expect(names).toContain('Joiners');

    // Toggling the single-team flag says so in a snackbar.
    await page.getByTestId(`joincode-single-${code}`).locator('input').click();
    await page.getByTestId('snackbar').getByText('single-team setting').waitFor();

    // An expired code: marked in the list, explained on the join page.
    const old = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { code: 'OLD234', valid: Date.now() + 86_400_000 },
    });
    expect(old.status(), await old.text()).toBe(201);
    const expire = await organiser.request.patch(
      `${platform.url}/api/events/${EVID}/joincodes/OLD234`,
      { data: { valid: Date.now() - 60_000 } },
    );
    expect(expire.status(), await expire.text()).toBe(200);
    await openJoinCodes(page, platform.url);
    await page.getByTestId('joincode-expired-OLD234').waitFor();
    // The start page's box finds the code as typed in lower case and opens its join page.
    await joinPage.goto(platform.url);
    await joinPage.getByTestId('home-joincode-input').fill('old234');
    await joinPage.getByTestId('home-joincode-go').click();
    await joinPage.waitForURL(`${platform.url}/${EVID}/join/OLD234`);
    const problem = joinPage.getByTestId('join-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('expired');
    expect(await problem.innerText()).toContain('expired');
    await settledScreenshot(joinPage, 'join-expired');

    // A deleted code: gone from the list, "no such code" on the join page.
    await page.getByTestId(`joincode-delete-${code}`).click();
    await page.getByTestId('joincode-delete-confirm').click();
    await page.getByTestId(`joincode-row-${code}`).waitFor({ state: 'detached' });
    await joinPage.goto(`${platform.url}/${EVID}/join`);
    await joinPage.getByTestId('join-eventname').getByText('Results test').waitFor();
    await joinPage.getByTestId('join-code-input').fill(code.toLowerCase());
    await joinPage.getByTestId('join-code-go').click();
    await joinPage.waitForURL(link);
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('notfound');
    expect(await problem.innerText()).toContain(code);

    fs.rmSync(dir, { recursive: true, force: true });
    await organiser.close();
    await joiner.close();
  });
});

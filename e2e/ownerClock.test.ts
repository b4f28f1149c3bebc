import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

describe('an owner hands the event on before deleting the account; a clock warning', () => {
  const env = usePlatform();
  const eventId = 'ownerclock';
  const email = 'owner-clock@example.ee';
  let context: BrowserContext;
  let page: Page;
  let zoeUid = '';

  /** A screenshot once dialogs and tooltips have finished fading in. */
  const settledScreenshot = async (name: string) => {
    await page.waitForTimeout(400);
    await screenshot(page, name);
  };

  beforeAll(async () => {
    const { platform, browser } = env;
    context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 860 } });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email, password: 'organiser-pass', displayName: 'Olga Owner' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const zoeContext = await browser.newContext();
    const zoe = await zoeContext.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'zoe-clock@example.ee', password: 'zoe-password', displayName: 'Zoe Admin' },
    });
    zoeUid = ((await zoe.json()) as { uid: string }).uid;
    await zoeContext.close();

    // The owner is also Alpha's member, so its phone can send points.
    const event = resultsEventFile(uid);
    event.events.name = 'Clock rogaine';
    Object.assign(event.teams, {
      data: { alpha: { members: { [uid]: { joined: Date.now(), via: 'reg' } } } },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-ownerclock-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', eventId);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    const added = await context.request.put(
      `${platform.url}/api/events/${eventId}/admins/${zoeUid}`,
    );
    expect(added.status()).toBe(200);
    page = await context.newPage();
  });

  it('flags a team whose device clock runs three minutes ahead', async () => {
    const { platform } = env;
    const reg = await context.request.put(`${platform.url}/api/devices/phone-clock-1`, {
      data: { eventId },
    });
    expect(reg.status(), await reg.text()).toBe(200);
    const ahead = Date.now() + 180_000;
    const sent = await context.request.post(`${platform.url}/api/devices/phone-clock-1/locations`, {
      data: { points: [{ t: ahead, y: 58.38, x: 26.72 }] },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await page.goto(`${platform.url}/${eventId}/teams`);
    const flag = page.getByTestId('team-clock-alpha');
    await flag.waitFor();
    expect(await page.getByTestId('team-clock-bravo').count()).toBe(0);
    await flag.hover();
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    expect(await tip.innerText()).toMatch(/clock is 0:0[23]:\d\d ahead of the server/);
    await settledScreenshot('owner-clock-team-flag');
  });

  it('refuses to delete the owner’s account, naming the event, until another admin owns it', async () => {
    const { platform } = env;
    await page.goto(`${platform.url}/accountdelete`);
    await page.getByTestId('accountdelete-email').fill(email);
    await page.getByTestId('accountdelete-submit').click();
    const owns = page.getByTestId('accountdelete-owns');
    await owns.waitFor();
    expect(await owns.innerText()).toContain('Clock rogaine');
    await settledScreenshot('owner-clock-accountdelete-refused');

    await page.getByTestId(`accountdelete-owned-${eventId}`).click();
    await page.waitForURL(`**/${eventId}/admins`);
    await page.getByTestId(`admin-makeowner-${zoeUid}`).click();
    await page.getByTestId('admin-makeowner-confirm').waitFor();
    await settledScreenshot('owner-clock-makeowner-dialog');
    await page.getByTestId('admin-makeowner-confirm').click();
    await page
      .locator(`[data-testid="admin-row-${zoeUid}"][data-role="owner"]`)
      .waitFor({ timeout: 5000 });
    // The old owner is an admin now and cannot hand the event on any more.
    // The rows and the viewer's own role are refetched apart, so wait for the last button to go.
    await page
      .locator('[data-testid^="admin-makeowner-"]')
      .first()
      .waitFor({ state: 'detached', timeout: 5000 });
    expect(await page.locator('[data-testid^="admin-makeowner-"]').count()).toBe(0);
    await settledScreenshot('owner-clock-admins-after');

    await page.goto(`${platform.url}/accountdelete`);
    await page.getByTestId('accountdelete-email').fill(email);
    await page.getByTestId('accountdelete-submit').click();
    await page.getByTestId('accountdelete-done').waitFor();
  });
});

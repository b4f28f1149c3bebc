import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, startPlatform } from './support.ts';
import type { TestPlatform } from './support.ts';

const template = {
  version: 2,
  events: {
    name: 'Template rogaine',
    starttime: 1,
    endtime: 2,
    admins: { someoneElse: 'owner' },
    rakoef: [null, 10, 20, 30],
  },
  eventsdata: {
    data: { type: 'race', maxmarkingdistance: 75, kpsinweb: true },
    conf: { enablewslocations: true },
    kp: { k1: { nr: 1, ra: 2 }, k2: { nr: 2, ra: 3 } },
    kpdata: { k1: { desc: 'Stone', loc: { lat: 58.38, lng: 26.72 } } },
    kpanswer: { k1: 'r1' },
  },
  teams: { list: { t1: { name: 'Not copied' } } },
  evdoc: { speed: { limit: 80, over1: 2, delay1: 10, over2: 10, delay2: 5 } },
};

describe('an organiser creates an event from a template', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-e2e-files-'));
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('signs up, becomes a creator, creates from a template, finds it at its short link and exports it', async () => {
    const context = await browser.newContext({ acceptDownloads: true, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(platform.url);

    await page.getByTestId('signin-open').first().click();
    await page.getByTestId('signin-tab-signup').click();
    await page.getByTestId('signin-displayname').fill('Mari Maasikas');
    await page.getByTestId('signin-email').fill('mari@example.ee');
    await page.getByTestId('signin-password').fill('correct horse battery');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-success').waitFor();
    await page.getByTestId('signin-dialog').waitFor({ state: 'detached', timeout: 3000 });

    // Without a creator record there is no Create button, only whom to ask, for which account.
    await expect(page.getByTestId('home-askcreator').innerText()).resolves.toContain(
      'mari@example.ee',
    );
    expect(await page.getByTestId('home-createevent').count()).toBe(0);

    const granted = await platform.cli('creator', 'mari@example.ee');
    expect(granted.code).toBe(0);
    await page.reload();

    await page.getByTestId('home-createevent').click();
    await page.getByTestId('createevent-name').fill('Tartu Öö Rogain');
    expect(await page.getByTestId('createevent-shortlink').inputValue()).toBe('TartuOoRogain');

    // A broken template is refused and blocks creation.
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"events": {"name": "x"}}');
    await page.getByTestId('createevent-template').setInputFiles(broken);
    await page.getByTestId('createevent-template-error').waitFor();
    expect(await page.getByTestId('createevent-create').isDisabled()).toBe(true);

    const good = path.join(dir, 'template.json');
    fs.writeFileSync(good, JSON.stringify(template));
    await page.getByTestId('createevent-template').setInputFiles(good);
    await page.getByTestId('createevent-template-error').waitFor({ state: 'detached' });
    await screenshot(page, 'create-event-dialog');
    const create = page.getByTestId('createevent-create');
    await expect.poll(() => create.isEnabled(), { timeout: 3000 }).toBe(true);
    await create.click();

    await page.waitForURL(`${platform.url}/TartuOoRogain`);
    await page.getByText('Tartu Öö Rogain').first().waitFor();
    await screenshot(page, 'event-page');

    // The template's settings and checkpoints came along; its teams and admins did not.
    const settings = await (
      await page.request.get(`${platform.url}/api/events/TartuOoRogain/settings`)
    ).json();
    expect(settings.settings.maxmarkingdistance).toBe(75);
    expect(settings.event.type).toBe('race');
    expect(settings.event.role).toBe('owner');

    await page.goto(platform.url);
    await page
      .getByRole('link', { name: /Tartu Öö Rogain/ })
      .first()
      .waitFor();

    await page.goto(`${platform.url}/TartuOoRogain/export`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-event').click(),
    ]);
    expect(download.suggestedFilename()).toBe('TartuOoRogain.json');
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(exported.events.name).toBe('Tartu Öö Rogain');
    expect(Object.keys(exported.eventsdata.kp).sort()).toEqual(['k1', 'k2']);
    expect(exported.eventsdata.kpanswer).toEqual({ k1: 'r1' });
    expect(exported.teams.list).toEqual({});
    expect(Object.values(exported.events.admins)).toEqual(['owner']);
    await context.close();
  });

  it('lets an anonymous visitor see the event but not read its private settings or change anything', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${platform.url}/TartuOoRogain`);
    await page.getByText('Tartu Öö Rogain').first().waitFor();
    expect(await page.getByTestId('event-tab-settings').count()).toBe(0);

    const api = `${platform.url}/api/events/TartuOoRogain`;
    expect((await page.request.get(`${api}/settings`)).status()).toBe(401);
    expect((await page.request.get(`${api}/export`)).status()).toBe(401);
    expect((await page.request.get(`${api}/admins`)).status()).toBe(401);
    expect((await page.request.patch(api, { data: { name: 'Hacked' } })).status()).toBe(401);
    expect(
      (
        await page.request.patch(`${api}/settings`, { data: { settings: { kpsinweb: false } } })
      ).status(),
    ).toBe(401);
    expect((await page.request.delete(api)).status()).toBe(401);
    const after = await (await page.request.get(api)).json();
    expect(after.name).toBe('Tartu Öö Rogain');
    await context.close();
  });
});

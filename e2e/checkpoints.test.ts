import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Checkpoint, CheckpointList, DeletedKp } from '@rada/core';
import { launchBrowser, screenshot, startPlatform } from './support.ts';
import type { TestPlatform } from './support.ts';

/** ISO-8859-1 bytes of a string (every character below U+0100). */
const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('an organiser edits checkpoints', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  const eventId = 'kprogain';

  const list = async (): Promise<Checkpoint[]> => {
    const res = await context.request.get(`${platform.url}/api/events/${eventId}/checkpoints`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as CheckpointList).checkpoints;
  };
  const byNr = async (nr: number | string) =>
    (await list()).find((c) => String(c.kp.nr) === String(nr));

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-e2e-kp-'));
    context = await browser.newContext({
      acceptDownloads: true,
      locale: 'en-GB',
      viewport: { width: 1600, height: 1000 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'kp@example.ee', password: 'kp-organiser', displayName: 'KP Org' },
    });
    expect(signup.status()).toBe(201);
    expect((await platform.cli('creator', 'kp@example.ee')).code).toBe(0);
    const created = await context.request.post(`${platform.url}/api/events`, {
      data: { name: 'KP rogain', shortlink: eventId, starttime: Date.now(), endtime: null },
    });
    expect(created.status()).toBe(201);
    page = await context.newPage();
    await page.goto(`${platform.url}/${eventId}/kp`);
    await page.getByTestId('kp-grid').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('adds checkpoints and edits them in the grid', async () => {
    // A new KP takes the next number and opens in row edit mode with the description focused.
    await page.getByTestId('kp-add').click();
    const desc1 = page.locator('[data-testid="kp-row-1"] [data-field="desc"] input');
    await desc1.fill('Big stone');
    await desc1.press('Enter');
    await expect.poll(async () => (await byNr(1))?.data.desc, { timeout: 5000 }).toBe('Big stone');
    await desc1.waitFor({ state: 'detached' });

    await page.getByTestId('kp-add').click();
    const desc2 = page.locator('[data-testid="kp-row-2"] [data-field="desc"] input');
    await desc2.fill('Bridge');
    await desc2.press('Enter');
    await expect.poll(async () => (await list()).length, { timeout: 5000 }).toBe(2);
    await desc2.waitFor({ state: 'detached' });

    // Edit the value class of KP 2 in the grid.
    await page.locator('[data-testid="kp-row-2"] [data-field="ra"]').dblclick();
    const ra = page.locator('[data-testid="kp-row-2"] [data-field="ra"] input');
    await ra.fill('3');
    await ra.press('Enter');
    await expect.poll(async () => (await byNr(2))?.kp.ra, { timeout: 5000 }).toBe(3);
    await screenshot(page, 'kp-grid');
  });

  it('imports a CSV with every special syntax, and refuses a broken one whole', async () => {
    const before = await list();
    const broken = path.join(dir, 'broken.csv');
    fs.writeFileSync(broken, '20;N58.1;E26.1;Fine row\n21;58.2;only three\n');
    await page.getByTestId('kp-import').click();
    await page.getByTestId('import-file').setInputFiles(broken);
    await page.getByTestId('import-row-error').first().waitFor();
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    // The refused row shows its own text; the dialog explains the columns and offers a template.
    await expect(page.getByTestId('import-row-raw').first().innerText()).resolves.toBe(
      'Line 2: 21;58.2;only three',
    );
    await expect(page.getByTestId('import-format-columns').innerText()).resolves.toContain(
      'KP number',
    );
    const template = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    expect((await template).suggestedFilename()).toBe('checkpoints-template.csv');
    await screenshot(page, 'kp-import-refused');
    await page.keyboard.press('Escape');
    expect(await list()).toEqual(before);

    // Latin-1 bytes (not UTF-8), S/W prefixes, a suffix, decimal comma, booleans as jah/yes,
    // responses as id:text pairs with * marking the correct one.
    const csv = [
      'nr;lat;lng;desc;ra;grp;kohustuslik;inwork;responses',
      '10;S12.5;W45.25;Kivi äär;2;1;jah;yes;a:Kask|*b:Mänd|c:Kuusk',
      '11;58,40;26,71E;Õunapuu;1;2;0;no;*x:Jah',
      '12;N58.3;E26.6;Sild;3;1;ok;1;',
    ].join('\r\n');
    const good = path.join(dir, 'good.csv');
    fs.writeFileSync(good, latin1(csv));
    await page.getByTestId('kp-import').click();
    await page.getByTestId('import-file').setInputFiles(good);
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-row-error').count()).toBe(0);
    await page.getByTestId('import-mode-merge').check();
    await screenshot(page, 'kp-import-preview');
    await page.getByTestId('import-submit').click();

    await expect.poll(async () => (await list()).length, { timeout: 5000 }).toBe(5);
    const k10 = await byNr(10);
    expect(k10?.data.loc).toEqual({ lat: -12.5, lng: -45.25 });
    expect(k10?.data.desc).toBe('Kivi äär');
    expect(k10?.kp).toMatchObject({ ra: 2, kohustuslik: true, inwork: true });
    expect(k10?.data.responses).toEqual({ a: 'Kask', b: 'Mänd', c: 'Kuusk' });
    expect(k10?.answer).toBe('b');
    const k11 = await byNr(11);
    expect(k11?.data.loc).toEqual({ lat: 58.4, lng: 26.71 });
    expect(k11?.kp).toMatchObject({ grp: 2, kohustuslik: false, inwork: false });
    expect(k11?.answer).toBe('x');
    expect((await byNr(12))?.kp).toMatchObject({ kohustuslik: true, inwork: true, ra: 3 });
  });

  it('re-enumerates, refusing a conflicting shift', async () => {
    await page.getByTestId('kp-more').click();
    await page.getByTestId('kp-renumber').click();
    await page.getByTestId('renumber-start').fill('1');
    await page.getByTestId('renumber-end').fill('2');
    await page.getByTestId('renumber-add').fill('10');
    await page.getByTestId('renumber-conflict').first().waitFor();
    expect(await page.getByTestId('renumber-apply').isDisabled()).toBe(true);
    await screenshot(page, 'kp-renumber-conflict');

    await page.getByTestId('renumber-add').fill('20');
    await page.getByTestId('renumber-conflict').first().waitFor({ state: 'detached' });
    await page.getByTestId('renumber-apply').click();
    await expect
      .poll(async () => (await list()).map((c) => c.kp.nr).sort(), { timeout: 5000 })
      .toEqual([10, 11, 12, 21, 22]);
  });

  it('deletes with undo, and restores from the deleted store', async () => {
    const k21 = (await byNr(21))!;
    await page.getByTestId(`kp-delete-${k21.id}`).click();
    await expect.poll(async () => (await byNr(21)) === undefined, { timeout: 5000 }).toBe(true);
    await page.getByTestId('kp-undo').click();
    await expect.poll(async () => (await byNr(21))?.data.desc, { timeout: 5000 }).toBe('Big stone');

    await page.getByTestId(`kp-delete-${k21.id}`).click();
    await expect.poll(async () => (await byNr(21)) === undefined, { timeout: 5000 }).toBe(true);
    const deleted = (await (
      await context.request.get(`${platform.url}/api/events/${eventId}/deletedkps`)
    ).json()) as DeletedKp[];
    const record = deleted.find((d) => d.kpId === k21.id)!;
    await page.getByTestId('kp-more').click();
    await page.getByTestId('kp-restore').click();
    await page.getByTestId('restore-dialog').waitFor();
    await screenshot(page, 'kp-restore-dialog');
    await page.getByTestId(`restore-kp-${record.id}`).click();
    await expect.poll(async () => (await byNr(21))?.id, { timeout: 5000 }).toBe(k21.id);
    await page.getByTestId('restore-close').click();
  });

  it('exports as JSON, CSV and GPX, and each re-imports to the same checkpoints', async () => {
    const original = await list();
    for (const format of ['json', 'csv', 'gpx'] as const) {
      await page.getByTestId('kp-download').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`kp-download-${format}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${eventId}-kp.${format}`);
      const file = path.join(dir, `export.${format}`);
      await download.saveAs(file);

      await page.getByTestId('kp-import').click();
      await page.getByTestId('import-file').setInputFiles(file);
      await page.getByTestId('import-preview').waitFor();
      expect(await page.getByTestId('import-row-error').count()).toBe(0);
      await page.getByTestId('import-mode-replace').check();
      await page.getByTestId('import-submit').click();
      await page.getByTestId('import-submit').waitFor({ state: 'detached' });
      await expect.poll(async () => await list(), { timeout: 5000 }).toEqual(original);
    }
  });
});

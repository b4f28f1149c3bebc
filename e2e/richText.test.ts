import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const EVID = 'richtext';

describe('the rich-text editor', () => {
  const env = usePlatform();

  it('writes a formatted text and its Estonian copy, asks before losing changes, and readers see theirs', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'rita@example.ee', password: 'richtext-pass', displayName: 'Rita' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-rich-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid, Date.now() + 86_400_000)));
    expect((await platform.cli('import', file, '--id', EVID)).code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    const settings = async () =>
      (
        (await (
          await context.request.get(`${platform.url}/api/events/${EVID}/settings`)
        ).json()) as { settings: Record<string, unknown> }
      ).settings;

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${platform.url}/${EVID}/settings#settings-registration`);
    const field = page.getByTestId('setting-prepagemessage');
    await field.waitFor();
    await page.getByTestId('setting-prepagemessage-edit').click();
    const dialog = page.getByTestId('editor-dialog');
    const content = dialog.locator('.tiptap');
    await content.waitFor();

    // A formatted default text: a heading-less paragraph with bold and a list.
    await content.click();
    await page.keyboard.type('Welcome ');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('teams');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-bullet').click();
    await page.keyboard.type('Bring a compass');
    await screenshot(page, 'editor-default', false);

    // Changing the language with unsaved changes asks first; saving keeps them.
    await page.getByTestId('editor-language').click({ force: true });
    await page.getByTestId('editor-language-et').click();
    await page.getByTestId('editor-unsaved').waitFor();
    await screenshot(page, 'editor-unsaved', false);
    await page.getByTestId('editor-unsaved-save').click();
    await expect
      .poll(async () => (await settings()).prepagemessage)
      .toBe('<p>Welcome <strong>teams</strong></p><ul><li><p>Bring a compass</p></li></ul>');

    // The Estonian copy, then cancel with a change that is ignored.
    await expect.poll(async () => (await content.innerText()).trim()).toBe('');
    await content.click();
    await page.keyboard.type('Tere, ');
    await page.getByTestId('editor-italic').click();
    await page.keyboard.type('võistkonnad');
    await page.getByTestId('editor-save').click();
    await expect
      .poll(async () => (await settings()).prepagemessage_i18n)
      .toEqual({ et: '<p>Tere, <em>võistkonnad</em></p>' });
    await content.click();
    await page.keyboard.type(' and more');
    await page.getByTestId('editor-cancel').click();
    await page.getByTestId('editor-unsaved-ignore').click();
    await dialog.waitFor({ state: 'detached' });
    expect((await settings()).prepagemessage_i18n).toEqual({
      et: '<p>Tere, <em>võistkonnad</em></p>',
    });
    await expect(field.getByTestId('setting-prepagemessage-copies').innerText()).resolves.toContain(
      'Estonian',
    );
    await expect(
      field.getByTestId('setting-prepagemessage-preview').locator('strong').innerText(),
    ).resolves.toBe('teams');
    await screenshot(page, 'editor-field', false);

    // Readers: the registration page in English shows the default, formatted; in Estonian
    // the copy.
    const reader = await browser.newContext({ locale: 'en-GB' });
    const en = await reader.newPage();
    await en.goto(`${platform.url}/${EVID}/reg`);
    const prepage = en.getByTestId('reg-prepage');
    await prepage.waitFor();
    expect(await prepage.locator('strong').innerText()).toBe('teams');
    expect(await prepage.locator('li').innerText()).toBe('Bring a compass');
    const estonian = await browser.newContext({ locale: 'et-EE' });
    const et = await estonian.newPage();
    await et.goto(`${platform.url}/${EVID}/reg`);
    await et.getByTestId('reg-prepage').locator('em').waitFor();
    expect(await et.getByTestId('reg-prepage').innerText()).toBe('Tere, võistkonnad');

    // What a hostile client sends is stored sanitised and runs nothing on the page.
    const hostile = await context.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: {
        settings: {
          prepagemessage:
            '<p>Hi</p><script>window.hacked=1</script><img src=x onerror="window.hacked=2">',
        },
      },
    });
    expect(hostile.status()).toBe(200);
    expect((await settings()).prepagemessage).toBe('<p>Hi</p>');
    await en.reload();
    await en.getByTestId('reg-prepage').waitFor();
    expect(await en.getByTestId('reg-prepage').innerText()).toBe('Hi');
    expect(await en.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(errors).toEqual([]);
    await Promise.all([context.close(), reader.close(), estonian.close()]);
  });

  it("edits a KP's long description and the event's description, and readers see them formatted", async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'kaia@example.ee', password: 'richtext-pass', displayName: 'Kaia' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const evid = `${EVID}2`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-rich-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid, Date.now() + 86_400_000)));
    expect((await platform.cli('import', file, '--id', evid)).code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The KP editor: the long description opens the rich-text editor and is saved at once.
    await page.goto(`${platform.url}/${evid}/kp`);
    await page.getByTestId('kp-edit-k1').click();
    await page.getByTestId('kpedit-dialog').waitFor();
    await page.getByTestId('kpedit-longdesc-edit').click();
    const content = page.getByTestId('editor-dialog').locator('.tiptap');
    await content.waitFor();
    await content.click();
    await page.keyboard.type('Under the ');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('old oak');
    await page.getByTestId('editor-save').click();
    const k1 = async () =>
      (
        (await (
          await context.request.get(`${platform.url}/api/events/${evid}/checkpoints`)
        ).json()) as { checkpoints: { id: string; data: Record<string, unknown> }[] }
      ).checkpoints.find((c) => c.id === 'k1')!.data;
    await expect
      .poll(async () => (await k1()).longdesc)
      .toBe('<p>Under the <strong>old oak</strong></p>');
    // Its Estonian copy.
    await page.getByTestId('editor-language').click({ force: true });
    await page.getByTestId('editor-language-et').click();
    await expect.poll(async () => (await content.innerText()).trim()).toBe('');
    await content.click();
    await page.keyboard.type('Vana tamme all');
    await page.getByTestId('editor-save').click();
    await expect
      .poll(async () => (await k1()).longdesc_i18n)
      .toEqual({ et: '<p>Vana tamme all</p>' });
    await page.getByTestId('editor-cancel').click();
    await page.getByTestId('editor-dialog').waitFor({ state: 'detached' });
    const preview = page.getByTestId('kpedit-longdesc-preview');
    expect(await preview.locator('strong').innerText()).toBe('old oak');
    await screenshot(page, 'kp-longdesc', false);
    // The dialog's own Save (other fields) keeps the long description as saved.
    await page.getByTestId('kpedit-desc').fill('Oak');
    await page.getByTestId('kpedit-save').click();
    await page.getByTestId('kpedit-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await k1()).desc).toBe('Oak');
    expect((await k1()).longdesc).toBe('<p>Under the <strong>old oak</strong></p>');

    // The event's description, in the settings' general section.
    await page.goto(`${platform.url}/${evid}/settings#settings-general`);
    await page.getByTestId('setting-description-edit').click();
    await content.waitFor();
    await content.click();
    await page.keyboard.type('A night rogaine in ');
    await page.getByTestId('editor-italic').click();
    await page.keyboard.type('Otepää');
    await page.getByTestId('editor-save').click();
    await page.getByTestId('editor-cancel').click();
    await page.getByTestId('setting-description-preview').locator('em').waitFor();

    // Readers: the results page's About and the registration page show it formatted.
    const reader = await browser.newContext({ locale: 'en-GB' });
    const visitor = await reader.newPage();
    await visitor.goto(`${platform.url}/${evid}/result`);
    await visitor.getByTestId('results-about').click();
    const about = visitor.getByTestId('results-description');
    await about.waitFor();
    expect(await about.locator('em').innerText()).toBe('Otepää');
    await screenshot(visitor, 'results-about', false);
    await visitor.goto(`${platform.url}/${evid}/reg`);
    const described = visitor.getByTestId('reg-description');
    await described.waitFor();
    expect(await described.innerText()).toBe('A night rogaine in Otepää');
    expect(errors).toEqual([]);
    await Promise.all([context.close(), reader.close()]);
  });
});

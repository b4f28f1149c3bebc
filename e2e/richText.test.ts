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
});

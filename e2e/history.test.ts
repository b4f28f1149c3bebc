import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

describe("an event's History tab", () => {
  const env = usePlatform();

  it('lists the changes, filters them and puts a setting back', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'hilda@example.ee', password: 'history-pass', displayName: 'Hilda' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-history-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid)));
    expect((await platform.cli('import', file, '--id', 'history')).code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    const api = (method: 'patch' | 'put' | 'post', url: string, data: unknown) =>
      context.request[method](`${platform.url}/api/events/history/${url}`, { data });
    expect((await api('patch', 'settings', { settings: { pointssuffix: 'p' } })).status()).toBe(
      200,
    );
    expect((await api('put', 'teams/bravo/answers/k3', { answer: 'r1' })).status()).toBe(200);
    expect(
      (
        await api('post', 'checkpoints', { kp: { nr: 9 }, data: { desc: 'Well' }, answer: null })
      ).status(),
    ).toBe(201);

    const page = await context.newPage();
    await page.goto(`${platform.url}/history/log`);
    await page.getByTestId('history-table').waitFor();
    const actions = () =>
      page
        .locator('[data-testid^="history-row-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(await actions()).toEqual([
      'history-row-kp.create',
      'history-row-team.answer.set',
      'history-row-settings.update',
    ]);
    const setting = page.getByTestId('history-row-settings.update');
    expect(await setting.innerText()).toContain('Changed a setting');
    expect(await setting.innerText()).toContain('Hilda');
    expect(await setting.innerText()).toContain('"p"');
    await screenshot(page, 'history-tab', false);

    await page.getByTestId('history-what').click();
    await page.getByTestId('history-what-settings').click();
    await expect.poll(actions).toEqual(['history-row-settings.update']);
    await page.getByTestId('history-undo').click();
    // The undo is itself a change: the setting is removed again.
    await expect
      .poll(actions)
      .toEqual(['history-row-settings.update', 'history-row-settings.update']);
    const settings = await context.request.get(`${platform.url}/api/events/history/settings`);
    const body = (await settings.json()) as { settings: Record<string, unknown> };
    expect(body.settings.pointssuffix).toBeUndefined();

    await page.getByTestId('event-tab-log').waitFor();
    await page.evaluate(() => localStorage.setItem('rada.lang', 'et'));
    await page.reload();
    await page.getByTestId('history-table').waitFor();
    expect(await page.getByTestId('event-tab-log').innerText()).toBe('AJALUGU');
    expect(await page.getByTestId('history-tab').innerText()).toContain('Muutis seadet');
    await context.close();
  });
});

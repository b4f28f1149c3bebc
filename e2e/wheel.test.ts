import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { WheelDraw, WheelView } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { startWheelOfNamesStandIn } from '../packages/server/src/wheel/wheelOfNamesStandIn.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const KEY = 'e2e-wheel-key';

describe('the wheel of names', () => {
  let standIn: Awaited<ReturnType<typeof startWheelOfNamesStandIn>>;
  beforeAll(async () => {
    standIn = await startWheelOfNamesStandIn(KEY);
  });
  afterAll(() => standIn?.close());
  const env = usePlatform(() => ({ wheelOfNames: { apiKey: KEY, url: standIn.url } }));

  it('an admin ignores a name, spins the wheel and sees a recorded winner', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'vilma@example.ee', password: 'wheel-pass-1', displayName: 'Vilma' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-wheel-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(resultsEventFile(uid)));
    expect((await platform.cli('import', file, '--id', 'prizes')).code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    const wheelView = async () =>
      (await (
        await context.request.get(`${platform.url}/api/events/prizes/wheel`)
      ).json()) as WheelView;

    const page = await context.newPage();
    await page.goto(`${platform.url}/prizes`);
    await page.getByTestId('event-wheel').click();
    const dialog = page.getByTestId('wheel-dialog');
    await dialog.getByTestId('wheel-names').waitFor();
    expect(await dialog.getByTestId('wheel-entries-count').innerText()).toBe('On the wheel: 3');

    // Bravo is left off the wheel; a message for the winner is set.
    await dialog.getByTestId('wheel-names').getByLabel('Bravo', { exact: true }).click();
    await expect
      .poll(async () => dialog.getByTestId('wheel-entries-count').innerText())
      .toBe('On the wheel: 2');
    await dialog.getByTestId('wheel-option-winnerMessage').fill('Collect your prize at the finish');
    await dialog.getByTestId('wheel-option-winnerMessage').press('Tab');
    await expect
      .poll(async () => (await wheelView()).options.winnerMessage)
      .toBe('Collect your prize at the finish');
    expect((await wheelView()).entries).toEqual(['Alpha', 'Charlie']);

    // The same wheel on the (stand-in) wheelofnames.com, made with the server's key.
    const create = dialog.getByTestId('wheel-external-create');
    expect(await create.innerText()).toBe('CREATE');
    await create.click();
    await expect
      .poll(async () => dialog.getByTestId('wheel-external-state').innerText())
      .toBe('The wheel matches the teams and the options');
    expect(await create.isDisabled()).toBe(true);
    expect(await create.innerText()).toBe('RECREATE');
    const made = [...standIn.wheels.values()];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      entries: [{ text: 'Alpha' }, { text: 'Charlie' }],
      winnerMessage: 'Collect your prize at the finish',
    });
    expect(standIn.requests.every((r) => r.apiKey === KEY)).toBe(true);
    await screenshot(page, 'wheel-dialog', false);

    await dialog.getByTestId('wheel-open').click();
    await page.waitForURL(`${platform.url}/prizes/wheel`);
    const canvas = page.getByTestId('wheel-canvas');
    await canvas.waitFor();
    expect(await canvas.getAttribute('data-entries')).toBe('2');
    expect(await page.getByTestId('wheel-draws-empty').innerText()).toBe('No draws yet');

    await page.getByTestId('wheel-spin').click();
    expect(await page.getByTestId('wheel-spin').innerText()).toBe('SPINNING…');
    const winnerName = page.getByTestId('wheel-winner-name');
    await winnerName.waitFor({ timeout: 15_000 });
    const winner = await winnerName.innerText();
    expect(['Alpha', 'Charlie']).toContain(winner);
    expect(await page.getByTestId('wheel-winner-message').innerText()).toBe(
      'Collect your prize at the finish',
    );
    await screenshot(page, 'wheel-winner', false);

    // The draw is recorded: in the list of past draws and through the API.
    expect(
      await page.getByTestId('wheel-draw-1').getByTestId('wheel-draw-winner').innerText(),
    ).toBe(winner);
    const draws = (await (
      await context.request.get(`${platform.url}/api/events/prizes/wheel/draws`)
    ).json()) as WheelDraw[];
    expect(draws).toEqual([
      expect.objectContaining({
        seq: 1,
        winner,
        entries: 2,
        by: uid,
        byName: 'Vilma',
        removed: false,
      }),
    ]);
    await page.getByTestId('wheel-winner-close').click();
    await page.getByTestId('wheel-winner').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('wheel-spin').isEnabled()).toBe(true);
    await context.close();
  });
});

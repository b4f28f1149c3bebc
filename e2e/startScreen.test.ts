import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

/** 12:00:00 in Tallinn (the browser's time zone below): alpha's and bravo's start. */
const T = Date.UTC(2026, 4, 16, 9, 0, 0);

/** An event whose teams start around T; one is disabled, one has no start time. */
function startEventFile() {
  return {
    version: 2,
    events: {
      name: 'Start test',
      starttime: T - 3_600_000,
      endtime: T + 6 * 3_600_000,
      hidden: false,
    },
    eventsdata: { data: {}, kp: {}, kpdata: {}, kpanswer: {} },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1, starttime: T },
        bravo: { name: 'Bravo', nr: 2, starttime: T },
        charlie: { name: 'Charlie', nr: 3, starttime: T + 8_000 },
        delta: { name: 'Delta', nr: 4, starttime: T + 30_000, disabled: true },
        echo: { name: 'Echo', nr: 5 },
        foxtrot: { name: 'Foxtrot', nr: 6, starttime: T + 60_000 },
      },
    },
    evdoc: {},
  };
}

const card = (page: Page) => page.getByTestId('start-card');

/** Waits until the card shows `team` in `colour` with `text` as its countdown. */
async function expectCard(page: Page, team: string, colour: string, text: string) {
  await page.waitForFunction(
    ([team, colour, text]) => {
      const el = document.querySelector('[data-testid="start-card"]');
      return (
        !!el &&
        el.getAttribute('data-team') === team &&
        el.getAttribute('data-colour') === colour &&
        el.querySelector('[data-testid="start-card-countdown"]')?.textContent === text
      );
    },
    [team, colour, text],
    { timeout: 5000 },
  );
}

const rows = (page: Page) =>
  page
    .locator('[data-testid^="start-row-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.slice(10)));

describe('start-order screen', () => {
  const env = usePlatform();

  it('counts down to each start with the card colours, beeps, and drops passed starts', async () => {
    const { platform, browser } = env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-start-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(startEventFile()));
    const imported = await platform.cli('import', file, '--id', 'starttest');
    expect(imported.code, imported.err).toBe(0);

    // The start list is public; disabled and timeless teams are not on it.
    const context = await browser.newContext({
      locale: 'en-GB',
      timezoneId: 'Europe/Tallinn',
      viewport: { width: 1280, height: 800 },
    });
    const list = await context.request.get(`${platform.url}/api/events/starttest/startlist`);
    expect(list.status(), await list.text()).toBe(200);
    const view = (await list.json()) as { teams: { id: string; starttime: number }[] };
    expect(view.teams.map((t) => t.id)).toEqual(['alpha', 'bravo', 'charlie', 'foxtrot']);

    const page = await context.newPage();
    await page.clock.install({ time: T - 100_000 });
    await page.goto(`${platform.url}/starttest/start`);
    // The app's own screen (the server's first paint has a 'start-screen' too): pausing the
    // clock before the app has drawn stalled its boot on a busy machine.
    await page.getByTestId('start-sound').waitFor();
    await page.clock.pauseAt(T - 90_000);

    // T-90 s: neutral; bravo shares the start and shows on the card; the table has the rest.
    await expectCard(page, 'alpha', 'neutral', '1:30');
    await expect(page.getByTestId('start-clock').textContent()).resolves.toBe('11:58:30');
    await expect(page.getByTestId('start-card-also').textContent()).resolves.toContain('Bravo');
    await expect(rows(page)).resolves.toEqual(['charlie', 'foxtrot']);
    const tableText = await page.getByTestId('start-table').innerText();
    expect(tableText).toContain('12:00:08');
    expect(tableText).toContain('1:38');
    expect(tableText).not.toContain('Delta');
    expect(tableText).not.toContain('Echo');
    expect(await page.getByTestId('start-screen').getAttribute('data-layout')).toBe('wide');
    // The wake lock indicator shows whether the browser granted the lock.
    expect(['on', 'off']).toContain(
      await page.getByTestId('start-wake').getAttribute('data-state'),
    );

    // Sound needs a click; the beeps are counted on the button.
    await page.getByTestId('start-sound').click();
    await expect(page.getByTestId('start-sound').getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );

    await page.clock.runFor(45_000);
    await expectCard(page, 'alpha', 'yellow', '0:45');
    await screenshot(page, 'start-wide');

    await page.clock.runFor(40_000);
    await expectCard(page, 'alpha', 'red', '0:05');
    expect(await page.getByTestId('start-sound').getAttribute('data-beeps')).toBe('0');

    // T+3 s: started, green; exactly four short beeps and the final one were due.
    await page.clock.runFor(8_000);
    await expectCard(page, 'alpha', 'green', 'Start');
    await screenshot(page, 'start-started');
    const sound = page.getByTestId('start-sound');
    expect(await sound.getAttribute('data-beeps')).toBe('5');
    expect(await sound.getAttribute('data-last-beep')).toBe('final');
    await expect(rows(page)).resolves.toEqual(['charlie', 'foxtrot']);

    // T+9 s: charlie has started, so its row has gone while alpha keeps the card.
    await page.clock.runFor(6_000);
    await page.waitForFunction(() => !document.querySelector('[data-testid="start-row-charlie"]'));
    expect(await card(page).getAttribute('data-team')).toBe('alpha');
    await expect(rows(page)).resolves.toEqual(['foxtrot']);

    // T+11 s: alpha's 10 s are over; the next team takes the card.
    await page.clock.runFor(2_000);
    await expectCard(page, 'charlie', 'green', 'Start');

    // T+20 s: foxtrot starts in 40 s.
    await page.clock.runFor(9_000);
    await expectCard(page, 'foxtrot', 'yellow', '0:40');
    await expect(page.getByTestId('start-table-empty').isVisible()).resolves.toBe(true);

    // Narrow: the card above the table.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.runFor(20_000);
    await expectCard(page, 'foxtrot', 'yellow', '0:20');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="start-screen"]')?.getAttribute('data-layout') ===
        'narrow',
    );
    await screenshot(page, 'start-narrow');

    // After the last start and its 10 s, nothing is left.
    await page.clock.runFor(30_000);
    await page.getByTestId('start-empty').waitFor();
    await expect(page.getByTestId('start-empty').innerText()).resolves.toBe(
      'All teams have started',
    );

    // The back link leads to the event page.
    await page.getByTestId('start-back').click();
    await page.getByTestId('event-page').waitFor();

    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  });
});

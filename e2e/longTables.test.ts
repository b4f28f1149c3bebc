import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadEvent } from '../bench/loadEvent.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, screenshot } from './support.ts';

const TEAMS = 2000;
const EVENT = 'longtables';
const STARTS = 'longstarts';

/** The rendered rows of a windowed table: their count and the first and last index. */
const renderedRows = (page: Page, table: string) =>
  page.evaluate((selector) => {
    const rows = [...document.querySelectorAll(`${selector} tbody tr[data-index]`)];
    const indexes = rows.map((r) => Number((r as HTMLElement).dataset.index));
    return { count: rows.length, first: Math.min(...indexes), last: Math.max(...indexes) };
  }, table);

/** Scrolls `scroller` (the page when null) to its end in steps, a frame each. */
async function scrollToEnd(page: Page, scroller: string | null): Promise<void> {
  await page.evaluate(async (selector) => {
    const el = selector ? document.querySelector<HTMLElement>(selector)! : document.documentElement;
    for (let i = 0; i < 400; i++) {
      const end = el.scrollHeight - el.clientHeight;
      if (el.scrollTop >= end - 1) break;
      el.scrollTop = Math.min(end, el.scrollTop + 1500);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, scroller);
}

describe('tables of 2,000 teams', () => {
  const env = usePlatform();

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-long-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(loadEvent(TEAMS, 30)));
    const imported = await env.platform.cli('import', file, '--id', EVENT);
    expect(imported.code, imported.err).toBe(0);
    // The same teams starting one a minute from an hour on, for the start screen.
    const later = loadEvent(TEAMS, 30);
    const first = Date.now() + 3_600_000;
    // The event is when its teams start (a team's time lies near its event's).
    Object.assign(later.events, { starttime: first, endtime: first + TEAMS * 60_000 });
    Object.values(later.teams.list ?? {}).forEach((team, i) => {
      team.starttime = first + i * 60_000;
      delete team.finishtime;
    });
    fs.writeFileSync(file, JSON.stringify(later));
    const starts = await env.platform.cli('import', file, '--id', STARTS);
    expect(starts.code, starts.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders only the results rows near the view and reaches the last team by scrolling', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    try {
      await gotoApp(page, `${env.platform.url}/${EVENT}/result`);
      await page.locator('[data-testid^="results-row-"]').first().waitFor();
      const table = 'table:has(tr[data-testid^="results-row-"])';
      const before = await renderedRows(page, table);
      expect(before.first).toBe(0);
      expect(before.count).toBeLessThan(150);
      await scrollToEnd(page, null);
      await expect
        .poll(async () => (await renderedRows(page, table)).last, { timeout: 10_000 })
        .toBe(TEAMS - 1);
      const after = await renderedRows(page, table);
      expect(after.count).toBeLessThan(150);
      expect(after.first).toBeGreaterThan(TEAMS - 200);
      // The last row is really on the screen, not a spacer's height away.
      const last = page.locator(`${table} tbody tr[data-index="${TEAMS - 1}"]`);
      const box = (await last.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900 + 1);
      await screenshot(page, 'long-results-end', false);
      // Scrolling did not throw React into a render loop or anything else.
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the start screen lists every upcoming start, rendering only those near the view', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${env.platform.url}/${STARTS}/start`);
      await page.locator('[data-testid^="start-row-"]').first().waitFor();
      const table = '[data-testid="start-table"]';
      const before = await renderedRows(page, table);
      expect(before.first).toBe(0);
      expect(before.count).toBeLessThan(150);
      await scrollToEnd(page, '[data-testid="start-screen"]');
      // The first team is on the card; the table holds the other 1,999.
      await expect
        .poll(async () => (await renderedRows(page, table)).last, { timeout: 10_000 })
        .toBe(TEAMS - 2);
      expect((await renderedRows(page, table)).count).toBeLessThan(150);
      await screenshot(page, 'long-start-end', false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('does the same for the responses matrix, which scrolls in its own box', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${env.platform.url}/${EVENT}/responses`);
      await page.locator('[data-testid^="responses-row-"]').first().waitFor();
      const table = '[data-testid="responses-matrix"]';
      expect((await renderedRows(page, table)).count).toBeLessThan(150);
      const box = await page
        .getByTestId('responses-matrix')
        .evaluate((el) => el.parentElement?.classList.contains('MuiTableContainer-root'));
      expect(box).toBe(true);
      await scrollToEnd(page, '.MuiTableContainer-root');
      await expect
        .poll(async () => (await renderedRows(page, table)).last, { timeout: 10_000 })
        .toBe(TEAMS - 1);
      expect((await renderedRows(page, table)).count).toBeLessThan(150);
      await screenshot(page, 'long-responses-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

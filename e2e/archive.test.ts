import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { loadEvent } from '../bench/loadEvent.ts';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, proveEmail, screenshot } from './support.ts';

/** Enough teams (60 KPs, ~130,000 answers) that archiving runs past the progress bar's delay. */
const TEAMS = 4000;

describe('archiving an event from its settings', () => {
  const env = usePlatform();
  const eventId = 'spring-rogaine';
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const { platform, browser } = env;
    context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: {
        email: 'archiver@example.ee',
        password: 'archive-pass',
        displayName: 'Arno Archiver',
      },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-archive-e2e-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(loadEvent(TEAMS, 60, { [uid]: 'owner' })));
    const imported = await platform.cli('import', file, '--id', eventId);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
    page = await context.newPage();
  });

  const firstRow = async () => {
    await gotoApp(page, `${env.platform.url}/${eventId}/result`);
    const row = page.locator('[data-testid^="results-row-"]').first();
    await row.waitFor();
    return row.innerText();
  };

  it('archives with a progress bar and a log, keeps the results readable, and restores', async () => {
    const { platform } = env;
    const before = await firstRow();

    await page.goto(`${platform.url}/${eventId}/settings`);
    const panel = page.getByTestId('archive-panel');
    await panel.scrollIntoViewIfNeeded();
    await page.getByTestId('archive-start').click();
    await page.getByTestId('archive-confirm').click();
    // A quick job may be done before a loaded machine paints its progress bar.
    await page
      .getByTestId('archive-progress')
      .or(page.getByTestId('archive-done'))
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'archive-progress', false);
    await page.getByTestId('archive-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('archive-done').innerText()).toBe(`${eventId} archived`);
    const log = await page.getByTestId('archive-log').innerText();
    expect(log).toContain(`Read ${TEAMS} teams and 60 checkpoints`);
    expect(log).toContain('Wrote evdata.json');
    expect(log).toContain('all the same');
    await page.waitForTimeout(300);
    await screenshot(page, 'archive-done', false);
    await page.getByTestId('archive-close').click();
    await expect
      .poll(() => page.getByTestId('archive-state').innerText())
      .toContain('The event is archived');
    expect(await page.getByText('Archived', { exact: true }).count()).toBeGreaterThan(0);
    // Every tab of the organiser's page says where the event's data is now.
    expect(await page.getByTestId('eventpage-archived').innerText()).toContain(
      'Settings → Archive',
    );

    // The public results read the archive: the same first row.
    expect(await firstRow()).toBe(before);

    // Closing the page does not stop a job; a restore is watched from a fresh page.
    await page.goto(`${platform.url}/${eventId}/settings`);
    await page.getByTestId('archive-restore').click();
    await page.getByTestId('archive-confirm').click();
    await page.getByTestId('archive-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('archive-done').innerText()).toBe(`${eventId} restored`);
    await page.getByTestId('archive-close').click();
    await expect
      .poll(() => page.getByTestId('archive-state').innerText())
      .toContain('Archiving keeps the event');
    await page.getByTestId('eventpage-archived').waitFor({ state: 'detached' });
    expect(await firstRow()).toBe(before);
  });

  it('shows the panel in Estonian', async () => {
    await page.evaluate(() => localStorage.setItem('rada.lang', 'et'));
    await page.goto(`${env.platform.url}/${eventId}/settings`);
    const panel = page.getByTestId('archive-panel');
    await panel.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('archive-start').textContent()).toBe('Arhiveeri üritus');
    await page.getByTestId('archive-start').click();
    expect(await page.getByTestId('archive-dialog').innerText()).toContain('Kas arhiveerida kohe?');
    await page.getByTestId('archive-close').click();
    await page.evaluate(() => localStorage.removeItem('rada.lang'));
  });
});

describe('the super admin moves an archive to the second tier and cleans the first', () => {
  const second = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-archive2-e2e-'));
  const env = usePlatform(() => ({
    superAdminEmails: ['boss@example.ee'],
    archive2: { kind: 'folder', dir: second },
  }));

  /** The super admin's browser, signed in (the first test signs them up). */
  async function bossSignedIn() {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1366, height: 900 },
    });
    const signin = await context.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: 'boss@example.ee', password: 'boss-password' },
    });
    expect(signin.status()).toBe(200);
    const { uid } = (await (await context.request.get(`${platform.url}/api/auth/me`)).json()) as {
      uid: string;
    };
    return { context, uid };
  }

  /** Imports an event file as `id` with the command line. */
  async function importAs(id: string, eventFile: unknown) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-archive-e2e-'));
    const file = path.join(dir, `${id}.json`);
    fs.writeFileSync(file, JSON.stringify(eventFile));
    const imported = await env.platform.cli('import', file, '--id', id);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(imported.code, imported.err).toBe(0);
  }

  it('moves with "A1 => A2", then compares and deletes the first-tier files', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'boss@example.ee', password: 'boss-password', displayName: 'Boss' },
    });
    expect(signup.status()).toBe(201);
    await proveEmail(platform, 'boss@example.ee');
    const { uid } = (await signup.json()) as { uid: string };
    await importAs('moved', resultsEventFile(uid));
    const page = await context.newPage();

    await page.goto(`${platform.url}/moved/settings`);
    await page.getByTestId('archive-panel').scrollIntoViewIfNeeded();
    // Not archived yet: only Archive.
    expect(await page.getByTestId('archive-move').count()).toBe(0);
    await page.getByTestId('archive-start').click();
    await page.getByTestId('archive-confirm').click();
    await page.getByTestId('archive-done').waitFor();
    await page.getByTestId('archive-close').click();

    await page.getByTestId('archive-move').click();
    expect(await page.getByTestId('archive-dialog').innerText()).toContain(
      'Moving moved to the second tier',
    );
    await page.getByTestId('archive-confirm').click();
    await page.getByTestId('archive-done').waitFor();
    expect(await page.getByTestId('archive-done').innerText()).toBe('moved moved to A2');
    expect(await page.getByTestId('archive-log').innerText()).toContain('and read it back');
    await page.getByTestId('archive-close').click();
    await expect
      .poll(() => page.getByTestId('archive-state').innerText())
      .toContain('second archive tier');
    expect(await page.getByTestId('archive-restore').count()).toBe(0);
    expect(await page.getByTestId('archive-tiers').innerText()).toBe(
      'Files in the first tier: 4; in the second tier: 4',
    );

    await page.getByTestId('archive-cleanup').click();
    expect(await page.getByTestId('archive-dialog').innerText()).toContain('Cleaning event moved');
    await page.getByTestId('archive-confirm').click();
    await page.getByTestId('archive-done').waitFor();
    const log = await page.getByTestId('archive-log').innerText();
    expect(log).toContain('moved/evdata.json: the same on A2');
    expect(log).toContain('Deleted moved/tracks.dat');
    await screenshot(page, 'archive-cleanup', false);
    await page.getByTestId('archive-close').click();
    await expect
      .poll(() => page.getByTestId('archive-tiers').innerText())
      .toBe('Files in the first tier: 0; in the second tier: 4');
    expect(await page.getByTestId('archive-cleanup').count()).toBe(0);

    // The results now come from the second tier.
    await page.goto(`${platform.url}/moved/result`);
    await page.getByTestId('results-open-alpha').waitFor();
    expect(await page.getByTestId('results-row-alpha').getAttribute('data-place')).toBe('1');
    await context.close();
  });

  it('lists every event for the super admin, marks one unpaid and restores one from its row', async () => {
    const { platform } = env;
    const { context, uid } = await bossSignedIn();
    for (const id of ['table-kept', 'table-live']) await importAs(id, resultsEventFile(uid));
    const archived = await context.request.post(`${platform.url}/api/events/table-kept/archive`);
    expect(archived.status()).toBe(202);
    await expect
      .poll(async () => {
        const res = await context.request.get(`${platform.url}/api/events/table-kept`);
        return ((await res.json()) as { arch: string | null }).arch;
      })
      .toBe('a1');

    const page = await context.newPage();
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-events').click();
    const table = page.getByTestId('eventsmanager-table');
    await table.waitFor();
    // The three events of this platform, with their owner.
    for (const id of ['moved', 'table-kept', 'table-live']) {
      expect(await page.getByTestId(`eventsmanager-row-${id}`).innerText()).toContain('Boss');
    }
    expect(await page.getByTestId('eventsmanager-arch-table-kept').innerText()).toContain(
      'files in A1',
    );
    expect(await page.getByTestId('eventsmanager-arch-moved').innerText()).toBe('A2');

    await page.getByTestId('eventsmanager-firsttier').click();
    await expect.poll(() => page.locator('[data-testid^="eventsmanager-row-"]').count()).toBe(1);
    await page.getByTestId('eventsmanager-firsttier').click();
    await page.getByTestId('eventsmanager-search').fill('LIVE');
    await expect
      .poll(() =>
        page
          .locator('[data-testid^="eventsmanager-row-"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
      )
      .toEqual(['eventsmanager-row-table-live']);
    const chip = page.getByTestId('eventsmanager-unpaid-table-live');
    expect(await chip.innerText()).toBe('Paid');
    await chip.click();
    await expect.poll(() => chip.getAttribute('data-unpaid')).toBe('true');
    expect(await chip.innerText()).toMatch(/^Unpaid since \d\d\.\d\d\.\d{4}$/);
    await page.getByTestId('eventsmanager-search').fill('');

    // a2 cannot be restored; a1 can, from its row.
    await page.getByTestId('eventsmanager-menu-moved').click();
    expect(await page.getByTestId('eventsmanager-unarchive').getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('eventsmanager-menu-table-kept').click();
    await page.getByTestId('eventsmanager-unarchive').click();
    await page.getByTestId('archive-confirm').click();
    await page.getByTestId('archive-done').waitFor();
    expect(await page.getByTestId('archive-done').innerText()).toBe('table-kept restored');
    await page.getByTestId('archive-close').click();
    await expect.poll(() => page.getByTestId('eventsmanager-arch-table-kept').innerText()).toBe('');
    await screenshot(page, 'events-manager', false);
    await context.close();
  });

  it('opens the debug tools: codes, events near a point, devices, GPS state, issues, recoding', async () => {
    const { platform } = env;
    const { context, uid } = await bossSignedIn();
    await importAs('near-event', loadEvent(3, 5, { [uid]: 'owner' }));
    const code = await context.request.post(`${platform.url}/api/events/near-event/joincodes`, {
      data: { singleteam: false, valid: Date.now() + 86_400_000 },
    });
    expect(code.status()).toBe(201);
    const { code: joinCode } = (await code.json()) as { code: string };
    // Two phones of the super admin: one in team t1, one in a team the event does not have.
    await platform.server.handle.db
      .insertInto('devices')
      .values(
        ['t1', 'nobody'].map((team) => ({
          id: `phone-${team}`,
          user_id: uid,
          event_id: 'near-event',
          team_id: team,
          info: '{}',
          last_seen: null,
          last_t: null,
        })),
      )
      .execute();
    // Phones send with a bearer token, as the app does.
    const tokens = await context.request.post(`${platform.url}/api/auth/tokens`, {
      data: { name: 'phones' },
    });
    const { token } = (await tokens.json()) as { token: string };
    for (const team of ['t1', 'nobody']) {
      const sent = await context.request.post(
        `${platform.url}/api/devices/phone-${team}/locations`,
        {
          headers: { authorization: `Bearer ${token}` },
          data: { points: [{ t: Date.now() - 5000, y: 58.001, x: 26.001, a: 5 }] },
        },
      );
      expect(sent.status()).toBe(200);
    }

    const page = await context.newPage();
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-debug').click();
    expect(await page.getByTestId('debug-codes').innerText()).toContain(joinCode);

    await page.getByTestId('debug-tab-nearby').click();
    await page.getByTestId('debug-lat').fill('58.02');
    await page.getByTestId('debug-lng').fill('26.0');
    await page.getByTestId('debug-find').click();
    const row = page.getByTestId('debug-nearby-near-event');
    await row.waitFor();
    expect(await row.innerText()).toContain('Load test');
    await screenshot(page, 'debug-nearby', false);

    await page.getByTestId('debug-tab-devices').click();
    await page.getByText('Every device that sent points belongs to a team').waitFor();
    await page.getByTestId('debug-tab-gps').click();
    await page.getByTestId('debug-gps-event').fill('near-event');
    await page.getByTestId('debug-gps-show').click();
    const phone = page.getByTestId('debug-gps-phone-t1');
    await phone.waitFor();
    expect(await phone.innerText()).toContain('Team 1');
    await page.getByTestId('debug-tab-versions').click();
    for (const table of ['darwin', 'ios', 'android', 'app']) {
      await page.getByTestId(`debug-versions-${table}`).waitFor();
    }
    await page.getByTestId('debug-period').click();
    await page.getByTestId('debug-period-12').click();
    expect(await page.getByTestId('debug-period').innerText()).toBe('12 months');

    // Another tab of the organiser on the event page: its live socket follows the event.
    const watcher = await context.newPage();
    await watcher.goto(`${platform.url}/near-event`);
    await watcher.getByTestId('dash').waitFor();
    await page.getByTestId('debug-tab-clients').click();
    const client = page.getByTestId('debug-client-app').filter({ hasText: 'near-event' });
    await client.waitFor();
    expect(await client.innerText()).toContain('Boss');
    await watcher.close();
    await screenshot(page, 'debug-clients', false);

    await page.getByTestId('debug-tab-issues').click();
    const issue = page.getByTestId('issues').getByRole('row').filter({ hasText: 'phone-nobody' });
    expect(await issue.innerText()).toContain('GPS for unknown device');
    expect(await issue.innerText()).toContain('Load test');

    await page.getByTestId('debug-tab-recode').click();
    await page.getByTestId('debug-recode-event').fill('near-event');
    await page.getByTestId('debug-recode-dry').click();
    const result = page.getByTestId('debug-recode-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('0 of 1 chunks would change');
    await screenshot(page, 'debug-recode', false);
    await page.getByTestId('debug-close').click();

    // The event's admins see its issues on the overview.
    await page.goto(`${platform.url}/near-event`);
    const dash = page.getByTestId('dash-issues');
    await dash.waitFor();
    expect(await dash.innerText()).toContain('phone-nobody');
    await dash.scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-issues', false);
    await context.close();
    fs.rmSync(second, { recursive: true, force: true });
  });
});

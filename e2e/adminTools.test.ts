import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { proveEmail, screenshot } from './support.ts';

const BOSS = { email: 'boss@example.ee', password: 'boss-password', displayName: 'Bruno Boss' };
const OTT = { email: 'ott@example.ee', password: 'ott-password', displayName: 'Ott Organiser' };
const EVENT = 'autumn-run';

describe("the super admin's changes log, stored data and archive tools", () => {
  const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-admintools-a1-'));
  const second = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-admintools-a2-'));
  afterAll(() => {
    fs.rmSync(archiveDir, { recursive: true, force: true });
    fs.rmSync(second, { recursive: true, force: true });
  });
  const env = usePlatform(() => ({
    superAdminEmails: [BOSS.email],
    platformOwnerEmail: BOSS.email,
    archiveDir,
    archive2: { kind: 'folder', dir: second },
  }));
  let ottUid = '';

  /** A browser signed in as `user` (signed up on first use), in `locale` and at `width`. */
  async function signedIn(
    user: typeof BOSS,
    { locale = 'en-GB', width = 1366 }: { locale?: string; width?: number } = {},
  ): Promise<BrowserContext> {
    const { platform, browser } = env;
    const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
    const signin = await context.request.post(`${platform.url}/api/auth/signin`, {
      data: { email: user.email, password: user.password },
    });
    if (signin.status() !== 200) {
      const signup = await context.request.post(`${platform.url}/api/auth/signup`, { data: user });
      expect(signup.status()).toBe(201);
    }
    const me = (await (await context.request.get(`${platform.url}/api/auth/me`)).json()) as {
      uid: string;
    };
    if (user === BOSS) await proveEmail(platform, user.email);
    else ottUid = me.uid;
    if (locale.startsWith('et')) {
      await context.addInitScript(() => localStorage.setItem('rada.lang', 'et'));
    }
    return context;
  }

  it('lists, searches and filters the whole platform’s changes, a page at a time', async () => {
    const { platform } = env;
    const ott = await signedIn(OTT);
    const boss = await signedIn(BOSS);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-admintools-'));
    fs.writeFileSync(path.join(dir, 'event.json'), JSON.stringify(resultsEventFile(ottUid)));
    const imported = await platform.cli('import', path.join(dir, 'event.json'), '--id', EVENT);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(imported.code, imported.err).toBe(0);

    const api = async (
      context: BrowserContext,
      method: 'post' | 'put' | 'patch',
      url: string,
      data?: unknown,
    ) => {
      const res = await context.request[method](`${platform.url}/api${url}`, { data });
      expect(res.status(), `${method} ${url}`).toBeLessThan(300);
    };
    // 105 setting changes by Ott: more than a page of the log.
    for (let i = 0; i < 105; i++) {
      await api(ott, 'patch', `/events/${EVENT}/settings`, { settings: { pointssuffix: `p${i}` } });
    }
    await api(boss, 'put', `/admin/creators/${ottUid}`);
    await api(boss, 'post', '/news', {
      time: 1_760_000_000,
      et: { title: 'Uus hooaeg', content: '<p>Tere</p>' },
      en: { title: 'New season', content: '<p>Hello</p>' },
    });
    await api(boss, 'put', '/translations/home.title', { en: 'Events ahead', et: 'Tulekul' });

    const page = await boss.newPage();
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-log').click();
    await page.waitForURL(/\/admin\/log$/);
    await page.getByTestId('platformlog-table').waitFor();
    const actions = () =>
      page
        .locator('[data-testid^="platformlog-row-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(16)));
    const first = await actions();
    expect(first).toHaveLength(100);
    expect(first.slice(0, 5).sort()).toEqual([
      'creator.grant',
      'news.create',
      'news.create',
      'translation.set',
      'translation.set',
    ]);
    expect(await page.getByTestId('platformlog-count').innerText()).toBe('100 changes shown');
    const creator = page.getByTestId('platformlog-row-creator.grant');
    expect(await creator.innerText()).toContain('Made an event creator');
    expect(await creator.innerText()).toContain('Bruno Boss');
    expect(await creator.innerText()).toContain(`admin/creators/${ottUid}`);
    expect(await creator.innerText()).toContain('Platform');
    await page.waitForTimeout(300);
    await screenshot(page, 'platform-log', false);

    // Older changes below: the rest of Ott's settings.
    await page.getByTestId('platformlog-more').click();
    await expect.poll(actions).toHaveLength(110);
    expect(await page.getByTestId('platformlog-count').innerText()).toBe('110 changes shown');
    expect(await page.getByTestId('platformlog-more').count()).toBe(0);
    const oldest = page.locator('[data-testid="platformlog-row-settings.update"]').last();
    expect(await oldest.innerText()).toContain('Ott Organiser');
    expect(await oldest.innerText()).toContain(EVENT);
    expect(await oldest.innerText()).toContain('"p0"');

    // A search finds a value, the kind narrows it, and who made it.
    await page.getByTestId('platformlog-search').fill('new season');
    await expect.poll(actions).toEqual(['news.create']);
    // Ott's p42 is one change's new value and the next one's old.
    await page.getByTestId('platformlog-search').fill('P42');
    await expect.poll(actions).toEqual(['settings.update', 'settings.update']);
    await page.getByTestId('platformlog-search').fill('');
    await page.getByTestId('platformlog-what').click();
    await page.getByTestId('platformlog-what-creators').click();
    await expect.poll(actions).toEqual(['creator.grant']);
    await page.getByTestId('platformlog-what').click();
    await page.getByTestId('platformlog-what-translations').click();
    await expect.poll(actions).toEqual(['translation.set', 'translation.set']);
    await page.getByTestId('platformlog-what').click();
    await page.getByRole('option', { name: 'Everything' }).click();
    await page.getByTestId('platformlog-who').fill('Ott');
    await page.getByTestId(`user-option-${ottUid}`).click();
    await expect.poll(async () => (await actions()).length).toBe(100);
    expect(new Set(await actions())).toEqual(new Set(['settings.update']));
    await page.getByTestId('platformlog-search').fill('nothing like this');
    await page.getByTestId('platformlog-empty').waitFor();
    await screenshot(page, 'platform-log-empty', false);

    // In Estonian, on a phone.
    const phone = await signedIn(BOSS, { locale: 'et-EE', width: 390 });
    const small = await phone.newPage();
    await small.goto(`${platform.url}/admin/log`);
    await small.getByTestId('platformlog-table').waitFor();
    expect(await small.getByTestId('platformlog').innerText()).toContain('Muudatuste logi');
    expect(await small.getByTestId('platformlog-row-creator.grant').innerText()).toContain(
      'Tegi ürituste loojaks',
    );
    await small.waitForTimeout(300);
    await screenshot(small, 'platform-log-phone-et', false);
    await phone.close();

    // Anyone else: no menu entry, and the page (and the server) says no.
    const other = await ott.newPage();
    await other.goto(platform.url);
    await other.getByTestId('usermenu-button').click();
    await other.getByTestId('usermenu-account').waitFor();
    expect(await other.getByTestId('usermenu-log').count()).toBe(0);
    await other.goto(`${platform.url}/admin/log`);
    await other.getByTestId('platformlog-notallowed').waitFor();
    expect((await ott.request.get(`${platform.url}/api/admin/log`)).status()).toBe(403);
    await ott.close();
    await boss.close();
  });

  it('shows an event’s stored documents read-only, to copy and to download', async () => {
    const { platform } = env;
    const boss = await signedIn(BOSS);
    await boss.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    const page = await boss.newPage();
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-events').click();
    await page.getByTestId(`eventsmanager-menu-${EVENT}`).click();
    await page.getByTestId('eventsmanager-raw').click();
    const dialog = page.getByTestId('debug-raw-dialog');
    await dialog.waitFor();
    const json = dialog.getByTestId('debug-raw-json');
    await expect.poll(() => json.innerText()).toContain('"name": "Results test"');
    expect(await dialog.getByTestId('debug-raw-path').innerText()).toBe(`events/${EVENT}`);
    expect(await json.innerText()).toContain(`"${ottUid}": "owner"`);
    // Read-only: nothing to type into.
    expect(await json.getAttribute('contenteditable')).toBeNull();
    await dialog.getByTestId('debug-raw-doc-list').click();
    await expect
      .poll(() => dialog.getByTestId('debug-raw-path').innerText())
      .toBe(`teams/${EVENT}/list`);
    expect(await json.innerText()).toContain('"name": "Bravo"');
    await screenshot(page, 'raw-data', false);

    await dialog.getByTestId('debug-raw-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toMatchObject({
      alpha: { name: 'Alpha' },
      bravo: { name: 'Bravo' },
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('debug-raw-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${EVENT}-list.json`);
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    expect(saved).toBe(copied);

    await dialog.getByTestId('debug-raw-doc-teams').click();
    await expect.poll(() => json.innerText()).toContain('"kpanswers"');
    await page.keyboard.press('Escape');
    await boss.close();

    // The same view in the debug tools, in Estonian on a phone.
    const phone = await signedIn(BOSS, { locale: 'et-EE', width: 390 });
    const small = await phone.newPage();
    await small.goto(platform.url);
    await small.getByTestId('usermenu-button').click();
    await small.getByTestId('usermenu-debug').click();
    await small.getByTestId('debug-tab-raw').click();
    await small.getByTestId('debug-raw-event').fill(EVENT);
    await small.getByTestId('debug-raw-show').click();
    await small.getByTestId('debug-raw-doc-data').click();
    await expect
      .poll(() => small.getByTestId('debug-raw-path').innerText())
      .toBe(`eventsdata/${EVENT}`);
    expect((await small.getByTestId('debug-raw-doc-list').innerText()).toLowerCase()).toBe(
      'võistkondade nimekiri',
    );
    await small.waitForTimeout(300);
    await screenshot(small, 'raw-data-phone-et', false);
    await phone.close();
  });

  it('fixes an archived event’s colours and says where its files are', async () => {
    const { platform } = env;
    const boss = await signedIn(BOSS);
    const started = await boss.request.post(`${platform.url}/api/events/${EVENT}/archive`);
    expect(started.status()).toBe(202);
    const { id: jobId } = (await started.json()) as { id: string };
    await expect
      .poll(async () => {
        const job = await boss.request.get(`${platform.url}/api/jobs/${jobId}`);
        return ((await job.json()) as { state: string }).state;
      })
      .toBe('done');

    const page = await boss.newPage();
    await page.goto(platform.url);
    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-debug').click();
    await page.getByTestId('debug-tab-colours').click();
    await page.getByTestId('debug-colours-event').fill(EVENT);
    await page.getByTestId('debug-colours-dry').click();
    const result = page.getByTestId('debug-colours-result');
    await result.waitFor();
    // The fixture's teams have no colours: each gets the one its track shows.
    expect(await result.innerText()).toContain('3 of 3 teams would get a colour');
    expect(await page.getByTestId('debug-colours-row-alpha').innerText()).toContain('#e53935');
    expect(await page.getByTestId('debug-colours-row-charlie').innerText()).toContain('#43a047');
    await screenshot(page, 'archive-colours-dry', false);
    await page.getByTestId('debug-colours-run').click();
    await page.getByTestId('debug-colours-confirm').click();
    await expect.poll(() => result.innerText()).toContain('3 of 3 teams got a colour');
    expect(await result.innerText()).toContain(path.join(archiveDir, EVENT, 'evdata.json'));
    const tracks = await boss.request.get(`${platform.url}/api/events/${EVENT}/tracks`);
    const summaries = (await tracks.json()) as { teamId: string; col: string | null }[];
    expect(summaries.map((s) => s.col)).toEqual(['#e53935', '#1e88e5', '#43a047']);
    await page.getByTestId('debug-colours-dry').click();
    await expect
      .poll(() => result.innerText())
      .toContain('All 3 teams have the colour their track shows');
    await page.getByTestId('debug-close').click();

    await page.getByTestId('usermenu-button').click();
    await page.getByTestId('usermenu-events').click();
    await page.getByTestId(`eventsmanager-menu-${EVENT}`).click();
    await page.getByTestId('eventsmanager-storage').click();
    const storage = page.getByTestId('storage-dialog');
    await storage.getByTestId('storage-first-files').waitFor();
    expect(await storage.getByTestId('storage-first-location').innerText()).toBe(
      path.join(archiveDir, EVENT),
    );
    expect(await storage.getByTestId('storage-first-files').innerText()).toBe('4 files');
    expect(await storage.getByTestId('storage-second-location').innerText()).toBe(
      path.join(second, EVENT),
    );
    expect(await storage.getByTestId('storage-second-files').innerText()).toBe(
      'No files of this event here',
    );
    await page.waitForTimeout(300);
    await screenshot(page, 'archive-storage', false);
    await boss.close();
  });
});

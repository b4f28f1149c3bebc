import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, screenshot } from './support.ts';

const EVENT = 'teamimport';
const FIXTURES = path.join(import.meta.dirname, '..', 'packages/core/src/teamImport/fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

interface ApiTeam {
  id: string;
  name: string;
  nr: string | null;
  klassid: string | null;
  starttime: number | null;
  people?: string[];
  club?: string;
}

describe('an organiser imports teams from IOF entry and start lists', () => {
  const env = usePlatform();
  let browser: Browser;

  /** A signed-in organiser's Teams tab in a language and a width. */
  async function teamsTab(
    locale: string,
    width: number,
  ): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({
      locale,
      timezoneId: 'Europe/Tallinn',
      viewport: { width, height: width < 600 ? 844 : 900 },
    });
    const login = await ctx.request.post(`${env.platform.url}/api/auth/signin`, {
      data: { email: 'import@example.ee', password: 'organiser-pass' },
    });
    expect(login.status()).toBe(200);
    const page = await ctx.newPage();
    await gotoApp(page, `${env.platform.url}/${EVENT}/teams`);
    await page.getByTestId('teams-tab').waitFor();
    return { ctx, page };
  }
  const apiTeams = async (ctx: BrowserContext) =>
    (await (
      await ctx.request.get(`${env.platform.url}/api/events/${EVENT}/teams`)
    ).json()) as ApiTeam[];
  const classNames = async (ctx: BrowserContext) => {
    const res = await ctx.request.get(`${env.platform.url}/api/events/${EVENT}/settings`);
    const body = (await res.json()) as { settings: { klassid?: Record<string, string> } };
    return body.settings.klassid ?? {};
  };

  /** Opens the dialog, picks a file and a mode, and waits for the preview. */
  async function preview(
    page: Page,
    file: string,
    mode: 'add' | 'merge' | 'replace',
    shows = 'teamimport-summary',
  ) {
    await page.getByTestId('teams-import').click();
    await page.getByTestId('teamimport-dialog').waitFor();
    await page.getByTestId('teamimport-file').setInputFiles(fixture(file));
    await page.getByTestId(`teamimport-mode-${mode}`).check();
    await page.getByTestId(shows).waitFor();
    // The summary and the rows' actions are the server's dry run once it answers.
    if (shows === 'teamimport-summary')
      await page.locator('[data-testid="teamimport-summary"][data-planned="server"]').waitFor();
  }
  async function apply(page: Page) {
    await page.getByTestId('teamimport-submit').click();
    await page.getByTestId('teamimport-dialog').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    const { platform } = env;
    browser = env.browser;
    const signup = await browser.newContext();
    const res = await signup.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'import@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(res.status()).toBe(201);
    const { uid } = (await res.json()) as { uid: string };
    await signup.close();
    // The fixtures' race: 18 May 2024, Tallinn time.
    const event = resultsEventFile(uid, Date.parse('2024-05-18T16:00:00+03:00'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-teamimport-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', EVENT);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('desktop, English: a SportOrg and an Eventor entry list, then a start list sets start times', async () => {
    const { ctx, page } = await teamsTab('en-GB', 1280);
    await preview(page, 'sportorg-entrylist.xml', 'add');
    expect(await page.getByTestId('teamimport-filename').innerText()).toContain(
      'Entry list, from SportOrg v1.7.0',
    );
    expect(await page.getByTestId('teamimport-summary').innerText()).toContain(
      '3 teams in the file: 3 new, 0 updated, 0 skipped, 0 deleted',
    );
    expect(await page.getByTestId('teamimport-newclasses').innerText()).toBe(
      'New classes: MW open, W 40',
    );
    expect(await page.getByTestId('teamimport-row').count()).toBe(3);
    await screenshot(page, 'teamimport-sportorg-preview-en');
    await apply(page);
    await page.getByText('Pavel Ivanov').first().waitFor();

    await preview(page, 'eventor-entrylist.xml', 'add');
    expect(await page.getByTestId('teamimport-summary').innerText()).toContain('3 new');
    await screenshot(page, 'teamimport-eventor-preview-en');
    await apply(page);
    await page.getByText('Metsavennad').first().waitFor();
    const classes = await classNames(ctx);
    const byName = new Map((await apiTeams(ctx)).map((x) => [x.name, x]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'Alpha',
        'Bravo',
        'Charlie',
        'Pavel Ivanov',
        'Lepik',
        'Ülle Õunapuu',
        'Metsavennad',
        'Mari Tamm',
        'Jaan Peeter Kask',
      ].sort(),
    );
    const classOf = (name: string) => classes[byName.get(name)!.klassid!];
    expect([classOf('Pavel Ivanov'), classOf('Ülle Õunapuu'), classOf('Metsavennad')]).toEqual([
      'MW open',
      'W 40',
      'Team 6h',
    ]);
    expect(byName.get('Pavel Ivanov')!.nr).toBe('4');
    // The class and number show in the Teams tab.
    await page.getByText('Team 6h').first().waitFor();

    // The organiser sees the imported members and club: in the team name's tooltip …
    const metsavennad = byName.get('Metsavennad')!;
    expect([metsavennad.people, metsavennad.club]).toEqual([
      ['Liis Saar', 'Toomas Mägi'],
      'OK Ilves',
    ]);
    await page.getByTestId(`team-name-${metsavennad.id}`).hover();
    const tip = page.getByTestId(`team-people-${metsavennad.id}`);
    await tip.waitFor();
    expect(await tip.innerText()).toBe('Members: Liis Saar, Toomas Mägi\nClub: OK Ilves');
    await screenshot(page, 'teamimport-people-tooltip-en', false);
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });
    // … and in the registered teams' Members and Club columns, which the filter searches.
    await page.getByTestId('teams-open-registrations').click();
    const regDialog = page.getByTestId('reg-teams-dialog');
    await regDialog.getByTestId(`reg-row-${metsavennad.id}`).waitFor();
    const header = await regDialog.locator('thead').innerText();
    expect(header).toContain('Members');
    expect(header).toContain('Club');
    expect(await regDialog.getByTestId(`reg-members-${metsavennad.id}`).innerText()).toBe(
      'Liis Saar, Toomas Mägi',
    );
    expect(await regDialog.getByTestId(`reg-club-${metsavennad.id}`).innerText()).toBe('OK Ilves');
    const pavel = byName.get('Pavel Ivanov')!;
    expect(await regDialog.getByTestId(`reg-members-${pavel.id}`).count()).toBe(1);
    await screenshot(page, 'teamimport-registrations-en', false);
    await regDialog.getByTestId('reg-filter').fill('mägi');
    await expect.poll(() => regDialog.locator('tbody tr').count()).toBe(1);
    await regDialog.getByTestId(`reg-row-${metsavennad.id}`).waitFor();
    await regDialog.getByTestId('reg-filter').fill('ilves toomas');
    await regDialog.getByTestId(`reg-row-${metsavennad.id}`).waitFor();
    expect(await regDialog.locator('tbody tr').count()).toBe(1);
    await page.getByTestId('reg-teams-close').click();
    await regDialog.waitFor({ state: 'hidden' });

    // Re-importing adds nothing; a start list in merge mode fills the start times.
    await preview(page, 'sportorg-startlist.xml', 'merge');
    expect(await page.getByTestId('teamimport-summary').innerText()).toContain(
      '3 teams in the file: 0 new, 3 updated',
    );
    expect(await page.getByTestId('teamimport-action').first().innerText()).toBe(
      'Fills start time',
    );
    await screenshot(page, 'teamimport-startlist-preview-en');
    await apply(page);
    await expect
      .poll(async () => (await apiTeams(ctx)).find((x) => x.name === 'Pavel Ivanov')?.starttime)
      .toBe(Date.parse('2024-05-18T07:01:00Z'));
    await screenshot(page, 'teamimport-teams-en');
    await ctx.close();
  });

  it('phone, Estonian: a MeOS start list, and a refused file writes nothing', async () => {
    const { ctx, page } = await teamsTab('et-EE', 390);
    const before = (await apiTeams(ctx)).length;
    await preview(page, 'iof2-resultlist.xml', 'add', 'teamimport-fileerror');
    expect(await page.getByTestId('teamimport-fileerror').innerText()).toContain('2.0.3');
    expect(await page.getByTestId('teamimport-submit').isDisabled()).toBe(true);
    await page.getByTestId('teamimport-file').setInputFiles(fixture('meos-startlist.xml'));
    await page.locator('[data-testid="teamimport-summary"][data-planned="server"]').waitFor();
    // MeOS's bib 7 is a number in use (Metsavennad): add mode leaves that row out, and says so.
    expect(await page.getByTestId('teamimport-summary').innerText()).toContain(
      'Failis 2 võistkonda: 1 uut, 0 täiendatud, 1 vahele jäetud',
    );
    expect(await page.getByTestId('teamimport-action').first().innerText()).toBe(
      'Jääb välja: juba olemas',
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'teamimport-meos-preview-et-phone');
    await apply(page);
    await expect.poll(async () => (await apiTeams(ctx)).length).toBe(before + 1);
    const kolm = (await apiTeams(ctx)).find((x) => x.name === 'Kolm Karu')!;
    expect([kolm.nr, kolm.starttime]).toEqual(['21', Date.parse('2024-05-18T07:10:00Z')]);
    await page.getByText('Kolm Karu').first().waitFor();
    await screenshot(page, 'teamimport-teams-et-phone');
    // The registered teams name the imported columns in Estonian (the tools menu on a phone).
    await page.getByTestId('teams-tools').click();
    await page.getByTestId('teams-open-registrations').click();
    const regDialog = page.getByTestId('reg-teams-dialog');
    await regDialog.locator('thead').waitFor();
    const header = await regDialog.locator('thead').innerText();
    expect(header).toContain('Liikmed');
    expect(header).toContain('Klubi');
    await screenshot(page, 'teamimport-registrations-et-phone', false);
    await ctx.close();
  });
});

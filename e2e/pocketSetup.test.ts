import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import type { TestPlatform } from './support.ts';

/**
 * Issue 35, setting up tracking with the phone in a pocket: a participant opens the Tracking
 * apps dialog before the start, makes a Traccar Client link, sees its QR code and the one-tap
 * open link; a position posted to the link as Traccar Client posts it turns the link's status
 * into "Last point …"; the organiser opens the same dialog from the Teams tab's row menu, with
 * the GPS tracker tab. Phone and desktop, English and Estonian; screenshots for a person.
 */

const EVID = 'pocketset';
const MIN = 60_000;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const HERE = { latitude: 58.378, longitude: 26.729, accuracy: 5 };

/** Under way since an hour ago, with the mass start 30 minutes from now: teams wait for it. */
function eventFile(ownerUid: string) {
  const now = Date.now();
  return {
    version: 2,
    events: {
      name: 'Pocket setup',
      starttime: now - 60 * MIN,
      endtime: now + 6 * 60 * MIN,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: { rakoef: [null, 10], massstarttimems: now + 30 * MIN },
      conf: {},
      kp: { k1: { nr: 1, ra: 1 } },
      kpdata: { k1: { desc: 'Stone', loc: { lat: 58.38, lng: 26.73 } } },
      kpanswer: {},
    },
    teams: {},
    evdoc: {},
  };
}

async function importEvent(platform: TestPlatform, file: unknown): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-pocketset-'));
  const at = path.join(dir, 'event.json');
  fs.writeFileSync(at, JSON.stringify(file));
  const imported = await platform.cli('import', at, '--id', EVID);
  expect(imported.code, imported.err).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A screenshot of the view under e2e/artifacts, once its transitions have settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name, false);
}

const context = (browser: Browser, phone: boolean, lang: 'en' | 'et') =>
  browser
    .newContext({
      locale: lang === 'en' ? 'en-GB' : 'et-EE',
      viewport: phone ? PHONE : DESKTOP,
      isMobile: phone,
      hasTouch: phone,
      permissions: ['geolocation'],
      geolocation: HERE,
    })
    .then(async (c) => {
      await c.addInitScript((l) => localStorage.setItem('rada.lang', l), lang);
      return c;
    });

/** One position as Traccar Client 9 posts it (JSON), from Node as the phone's app: no cookie. */
function postTraccar(url: string, t: number): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      location: {
        timestamp: new Date(t).toISOString(),
        coords: {
          latitude: 58.3781,
          longitude: 26.7291,
          accuracy: 6,
          speed: 1.2,
          heading: 90,
          altitude: 60,
        },
        battery: { level: 0.81, is_charging: false },
        is_moving: true,
        odometer: 0,
      },
      device_id: 'Pocket Foxes Traccar',
    }),
  });
}

/** Signed out at /{evid}/play: the join code, on as the phone's guest, names the team. */
async function joinAsGuest(page: Page, url: string, code: string, team: string) {
  await page.goto(`${url}/${EVID}/play`);
  await page.getByTestId('play-signin-code-input').fill(code.toLowerCase());
  await page.getByTestId('play-signin-code-go').click();
  await page.getByTestId('join-guest').click();
  await page.getByTestId('join-teamname').fill(team);
  await page.getByTestId('join-submit').click();
  await page.getByTestId('join-playlink').click();
  await page.getByTestId('play-prestart').waitFor();
}

describe('setting up tracking with the phone in a pocket', () => {
  const env = usePlatform();
  /** Made by the first case, read by the second. */
  let organiser: BrowserContext;
  let phone: Page;
  let ingestUrl = '';

  it('a participant makes a Traccar Client link before the start; and its first point shows', async () => {
    const { platform, browser } = env;
    organiser = await context(browser, false, 'en');
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'pocketset@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    await importEvent(platform, eventFile(uid));
    const codeRes = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { valid: Date.now() + 86_400_000 },
    });
    expect(codeRes.status(), await codeRes.text()).toBe(201);
    const { code } = (await codeRes.json()) as { code: string };

    // A phone in English before the start: the way in and the keep-awake switch with its cost.
    phone = await (await context(browser, true, 'en')).newPage();
    await joinAsGuest(phone, platform.url, code, 'Pocket Foxes');
    const box = phone.getByTestId('play-pocket-box');
    await expect(box.textContent()).resolves.toContain('Track in the background');
    await expect(phone.getByTestId('play-wakelock-cost').innerText()).resolves.toContain(
      'about 10–20% an hour',
    );
    await shot(phone, 'pocket-prestart-phone-en');

    await phone.getByTestId('play-pocket').click();
    const dialog = phone.getByTestId('tracking-dialog');
    await dialog.getByTestId('tracking-make').waitFor();
    // A participant has the apps only; Traccar Client first and recommended.
    await expect(dialog.getByRole('tab').count()).resolves.toBe(4);
    await expect(dialog.getByTestId('tracking-tab-traccar').innerText()).resolves.toContain(
      'Recommended',
    );
    await shot(phone, 'pocket-dialog-phone-en');
    await dialog.getByTestId('tracking-make').click();

    ingestUrl = await dialog.getByTestId('tracking-url').inputValue();
    expect(ingestUrl).toMatch(new RegExp(`^${platform.url}/api/t/\\S+$`));
    const href = (await dialog.getByTestId('tracking-open').getAttribute('href')) ?? '';
    expect(href.startsWith('org.traccar.client://?')).toBe(true);
    const settings = new URL(href.replace('org.traccar.client://', 'https://x/')).searchParams;
    expect(settings.get('url')).toBe(ingestUrl);
    expect(settings.get('id')).toContain('Pocket Foxes');
    expect(settings.get('interval')).toBe('10');
    const qr = dialog.getByTestId('tracking-qr');
    await qr.waitFor();
    await expect(qr.getAttribute('data-text')).resolves.toBe(href);
    const status = dialog.locator('[data-testid^="tracking-status-"]');
    await expect(status.innerText()).resolves.toBe('No point yet');
    await dialog.getByTestId('tracking-open').scrollIntoViewIfNeeded();
    await shot(phone, 'pocket-link-phone-en');

    // The phone's Traccar Client sends its first point: within a poll the dialog says so.
    const res = await postTraccar(ingestUrl, Date.now() - 5000);
    expect(res.status, await res.text()).toBe(200);
    await phone.waitForFunction(
      () =>
        document.querySelector('[data-testid^="tracking-status-"]')?.getAttribute('data-state') ===
        'point',
      undefined,
      { timeout: 15_000 },
    );
    await expect(status.innerText()).resolves.toMatch(/^Last point (just now|\d+ s ago)$/);
    await shot(phone, 'pocket-linkseen-phone-en');

    // Stopping asks first.
    await dialog.getByTestId('tracking-stop').click();
    await phone.getByTestId('tracking-stop-dialog').waitFor();
    await expect(phone.getByTestId('tracking-stop-dialog').innerText()).resolves.toContain(
      'no longer accepted',
    );
    await phone
      .getByTestId('confirm-cancel')
      .click()
      .catch(() => phone.keyboard.press('Escape'));
    await phone.getByTestId('tracking-stop-dialog').waitFor({ state: 'detached' });
  }, 90_000);

  it('the organiser opens it from the Teams tab, with the GPS tracker tab; in Estonian on a phone, and the participant’s on a desktop', async () => {
    const { platform, browser } = env;
    // The organiser on a desktop: the Teams tab's row menu opens the dialog with the tracker tab.
    const teamsPage = await organiser.newPage();
    await teamsPage.goto(`${platform.url}/${EVID}/teams`);
    const row = teamsPage.locator('[data-testid^="team-row-"]', { hasText: 'Pocket Foxes' });
    await row.waitFor();
    const teamId = ((await row.getAttribute('data-testid')) ?? '').replace('team-row-', '');
    await teamsPage.getByTestId(`team-more-${teamId}`).click();
    await teamsPage.getByTestId('team-menu-tracking').click();
    const orgDialog = teamsPage.getByTestId('tracking-dialog');
    await expect(orgDialog.getByTestId('tracking-team').innerText()).resolves.toContain(
      'Pocket Foxes',
    );
    await orgDialog.getByTestId('tracking-url').waitFor();
    await expect(
      orgDialog.getByTestId('tracking-tab-traccar').getAttribute('data-links'),
    ).resolves.toBe('1');
    await expect(orgDialog.getByTestId('tracking-url').inputValue()).resolves.toBe(ingestUrl);
    await expect(
      orgDialog.locator('[data-testid^="tracking-status-"]').getAttribute('data-state'),
    ).resolves.toBe('point');
    await shot(teamsPage, 'pocket-teams-desktop-en');
    await orgDialog.getByTestId('tracking-tab-tracker').click();
    await orgDialog.getByTestId('tracking-feed-enable').click();
    await expect(orgDialog.getByTestId('tracking-feed-url').inputValue()).resolves.toMatch(
      new RegExp(`^${platform.url}/api/traccar/\\S+$`),
    );
    await orgDialog.getByTestId('tracking-tracker-id').fill('356938035643809');
    await orgDialog.getByTestId('tracking-tracker-add').click();
    await orgDialog.getByTestId('tracking-tracker-356938035643809').waitFor();
    await shot(teamsPage, 'pocket-tracker-desktop-en');

    // In Estonian: the organiser on a phone, the participant on a desktop.
    const etOrganiser = await context(browser, true, 'et');
    await etOrganiser.addCookies(await organiser.cookies());
    const etTeams = await etOrganiser.newPage();
    await etTeams.goto(`${platform.url}/${EVID}/teams`);
    await etTeams.getByTestId(`team-more-${teamId}`).click();
    await expect(etTeams.getByTestId('team-menu-tracking').textContent()).resolves.toBe(
      'Jälgimisrakendused',
    );
    await etTeams.getByTestId('team-menu-tracking').click();
    const etDialog = etTeams.getByTestId('tracking-dialog');
    await expect(etDialog.getByTestId('tracking-open').textContent()).resolves.toBe(
      'Ava rakenduses Traccar Client',
    );
    await expect(
      etDialog.locator('[data-testid^="tracking-status-"]').innerText(),
    ).resolves.toMatch(/^Viimane punkt /);
    await shot(etTeams, 'pocket-teams-phone-et');
    await etDialog.getByTestId('tracking-tab-tracker').click();
    await etDialog.getByTestId('tracking-feed-url').waitFor();
    await shot(etTeams, 'pocket-tracker-phone-et');

    const etPhoneContext = await context(browser, false, 'et');
    await etPhoneContext.addCookies(await phone.context().cookies());
    const etDesk = await etPhoneContext.newPage();
    await etDesk.goto(`${platform.url}/${EVID}/play`);
    await etDesk.getByTestId('play-prestart').waitFor();
    await expect(etDesk.getByTestId('play-pocket').textContent()).resolves.toBe('Jälgi taustal');
    await shot(etDesk, 'pocket-prestart-desktop-et');
    await etDesk.getByTestId('play-pocket').click();
    await etDesk.getByTestId('tracking-dialog').getByTestId('tracking-open').waitFor();
    await expect(etDesk.getByTestId('tracking-intro').innerText()).resolves.toContain(
      'Kui ekraan kustub',
    );
    await shot(etDesk, 'pocket-dialog-desktop-et');
  }, 90_000);

  it('while running the way in and the keep-awake switch sit in one row above the map', async () => {
    const { platform } = env;
    const moved = await organiser.request.patch(`${platform.url}/api/events/${EVID}/settings`, {
      data: { settings: { massstarttimems: Date.now() - MIN } },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await phone.reload();
    await phone.getByTestId('play-running').waitFor();
    const row = phone.getByTestId('play-pocket-row');
    await expect(row.getByTestId('play-pocket').textContent()).resolves.toBe(
      'Track in the background',
    );
    // The row fits the phone's width, above the map, and the finish stays reachable.
    const box = await row.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    const map = await phone.getByTestId('play-tab-map').boundingBox();
    expect(box!.y).toBeLessThan(map!.y);
    await shot(phone, 'pocket-running-phone-en');
    await row.getByTestId('play-pocket').click();
    await phone.getByTestId('tracking-dialog').getByTestId('tracking-url').waitFor();
  }, 60_000);
});

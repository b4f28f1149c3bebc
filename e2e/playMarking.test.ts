import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import { appEn } from '../packages/web/src/i18n/appEn.ts';
import { appEt } from '../packages/web/src/i18n/appEt.ts';
import { mapEn } from '../packages/web/src/i18n/mapEn.ts';
import { mapSettingsEn } from '../packages/web/src/i18n/mapSettingsEn.ts';
import { startEn } from '../packages/web/src/i18n/startEn.ts';
import { startEt } from '../packages/web/src/i18n/startEt.ts';

/**
 * Issue 34 items 3 and 16 on a phone: /{evid}/play signed out offers the join code, the join
 * goes on as the phone's guest; the map has one locate button; the mark dialog says the distance
 * and the GPS accuracy, and "you are at the checkpoint" only when it is so; the start screen's
 * sound button says its real state.
 */

const EVID = 'markdist';
const START = { lat: 58.378, lng: 26.729 };
/** A position `north` metres from the start, with the GPS accuracy (± m) a phone reports. */
const at = (north: number, accuracy = 5) => ({
  latitude: START.lat + north / 111_195,
  longitude: START.lng,
  accuracy,
});

/** Running now with a mass start (no device start); the bridge is a location KP 860 m north. */
function eventFile(ownerUid: string) {
  const now = Date.now();
  const loc = (north: number) => ({ lat: at(north).latitude, lng: at(north).longitude });
  return {
    version: 2,
    events: {
      name: 'Distance test',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: { rakoef: [null, 10], maxmarkingdistance: 50 },
      conf: {},
      kp: { k1: { nr: 1, ra: 1 }, k2: { nr: 2, ra: 1 } },
      kpdata: {
        k1: { desc: 'Bridge', loc: loc(860) },
        k2: { desc: 'Stone', loc: loc(300), responses: { r1: 'Red', r2: 'Blue' } },
      },
      kpanswer: { k2: 'r1' },
    },
    teams: {},
    evdoc: {},
  };
}

async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const phoneContext = (browser: Browser, locale: string) =>
  browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: at(0),
  });

/** The text of `key` with its values filled in, as i18next writes it. */
const fill = (text: string | undefined, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text ?? '');

/**
 * Signed out at /{evid}/play: types the code, goes on as the phone's guest on the join page,
 * names the team and opens the app.
 */
async function joinFromPlay(page: Page, url: string, code: string, team: string) {
  await page.goto(`${url}/${EVID}/play`);
  await page.getByTestId('play-signin').waitFor();
  await page.getByTestId('play-signin-code-input').fill(code.toLowerCase());
  await page.getByTestId('play-signin-code-go').click();
  await page.waitForURL(`${url}/${EVID}/join/${code}`);
  await page.getByTestId('join-guest').waitFor();
  await settledScreenshot(page, `play-join-guest-${team}`);
  await page.getByTestId('join-guest').click();
  await page.getByTestId('join-teamname').fill(team);
  await page.getByTestId('join-submit').click();
  await page.getByTestId('join-success').waitFor();
  await page.getByTestId('join-playlink').click();
  await page.waitForURL(`${url}/${EVID}/play?team=*`);
  await page.getByTestId('play-running').waitFor();
}

async function openKp(page: Page, kpId: string) {
  await page.getByTestId('play-tab-kps').click();
  await page.getByTestId(`play-kp-${kpId}`).click();
  await page.getByTestId('play-kp-dialog').waitFor();
}

/** Waits until the element `testId` has `data-state` `state`. */
async function waitState(page: Page, testId: string, state: string) {
  await page.waitForFunction(
    ([id, s]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === s,
    [testId, state],
    { timeout: 10_000 },
  );
}

async function makeCode(organiser: BrowserContext, url: string): Promise<string> {
  const res = await organiser.request.post(`${url}/api/events/${EVID}/joincodes`, {
    data: { valid: Date.now() + 86_400_000 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

describe('marking distance and the participant app’s edges', () => {
  const env = usePlatform();

  it('joins from /{evid}/play signed out; tells the distance and GPS accuracy; marks only when there', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'dist-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-dist-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(eventFile(uid)));
    const imported = await platform.cli('import', file, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);

    // English phone at the start, signed out: the join code box is there, with the ways in.
    const phone = await phoneContext(browser, 'en-GB');
    const page = await phone.newPage();
    await page.goto(`${platform.url}/${EVID}/play`);
    await page.getByTestId('play-signin-code-input').waitFor();
    await page.getByTestId('play-signin-signin').waitFor();
    await page.getByTestId('play-signin-guest').waitFor();
    expect(await page.getByTestId('play-signin').innerText()).toContain(appEn['play.home.join']);
    await settledScreenshot(page, 'play-signedout-en');
    await joinFromPlay(page, platform.url, await makeCode(organiser, platform.url), 'Walkers');
    const guest = await page.evaluate(() => localStorage.getItem('rada.guest'));
    expect(guest).toMatch(/@guest\.invalid/);

    // The map has one locate button: the app's own "centre on me".
    await page.getByTestId('play-map').waitFor();
    await page.getByTestId('play-centre').waitFor();
    expect(await page.getByTestId('kp-map-locate').count()).toBe(0);
    const labels = await page
      .locator('[data-testid="play-map"] button[aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels.filter((l) => l === mapSettingsEn['map.centreonme'])).toHaveLength(1);
    expect(labels).not.toContain(mapEn['map.locate']);
    await settledScreenshot(page, 'play-map-onelocate');

    // 860 m from the bridge: the distance, the accuracy, and "come closer" with the limit.
    await openKp(page, 'k1');
    await waitState(page, 'play-kp-toofar', 'far');
    expect(await page.getByTestId('play-kp-distance').innerText()).toBe(
      '860 m from the checkpoint · GPS ±5 m',
    );
    expect(await page.getByTestId('play-kp-toofar').innerText()).toBe(
      fill(appEn['play.kp.position.far'], { distance: '860 m', limit: '50 m' }),
    );
    expect(await page.getByTestId('play-kp-here').isDisabled()).toBe(true);
    await settledScreenshot(page, 'play-kp-far-en');

    // 15 m away with a ±200 m fix: within by position, but not known to be there.
    await phone.setGeolocation(at(845, 200));
    await waitState(page, 'play-kp-position', 'imprecise');
    expect(await page.getByTestId('play-kp-position').innerText()).toBe(
      fill(appEn['play.kp.position.imprecise'], { accuracy: '200 m' }),
    );
    await settledScreenshot(page, 'play-kp-imprecise-en');
    // 15 m with ±5 m: at the checkpoint, and the confirmation says so with the figures.
    await phone.setGeolocation(at(845, 5));
    await waitState(page, 'play-kp-position', 'at');
    expect(await page.getByTestId('play-kp-position').innerText()).toBe(
      appEn['play.kp.position.at'],
    );
    await settledScreenshot(page, 'play-kp-near-en');
    await page.getByTestId('play-kp-here').click();
    await waitState(page, 'play-kp-confirm-text', 'at');
    expect(await page.getByTestId('play-kp-confirm-text').innerText()).toBe(
      fill(appEn['play.kp.confirmhere'], { nr: '1' }),
    );
    expect(await page.getByTestId('play-kp-confirm-figures').innerText()).toBe(
      '15 m from the checkpoint · GPS ±5 m',
    );
    await settledScreenshot(page, 'play-kp-confirm-en');
    // Walking off while asked: the confirmation no longer says "at", and cannot be sent.
    await phone.setGeolocation(at(700, 5));
    await waitState(page, 'play-kp-confirm-text', 'far');
    expect(await page.getByTestId('play-kp-confirm-send').isDisabled()).toBe(true);
    await phone.setGeolocation(at(845, 5));
    await waitState(page, 'play-kp-confirm-text', 'at');
    await page.getByTestId('play-kp-confirm-send').click();
    await page.getByTestId('play-kp-dialog').waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="play-kp-k1"][data-status="sent"]')
      .waitFor({ timeout: 20_000 });

    // A question KP answers from anywhere: its distance is told, no "come closer".
    await openKp(page, 'k2');
    expect(await page.getByTestId('play-kp-distance').innerText()).toBe(
      '545 m from the checkpoint · GPS ±5 m',
    );
    expect(await page.getByTestId('play-kp-rule').innerText()).toBe(appEn['play.kp.rule.anywhere']);
    await page.getByTestId('play-kp-close').click();

    // Estonian phone: the same page and words in Estonian.
    const ePhone = await phoneContext(browser, 'et-EE');
    const ePage = await ePhone.newPage();
    await ePage.goto(`${platform.url}/${EVID}/play`);
    await ePage.getByTestId('play-signin-code-input').waitFor();
    expect(await ePage.getByTestId('play-signin').innerText()).toContain(appEt['play.signin']);
    await settledScreenshot(ePage, 'play-signedout-et');
    await joinFromPlay(ePage, platform.url, await makeCode(organiser, platform.url), 'Matkajad');
    await openKp(ePage, 'k1');
    await waitState(ePage, 'play-kp-toofar', 'far');
    expect(await ePage.getByTestId('play-kp-toofar').innerText()).toBe(
      fill(appEt['play.kp.position.far'], { distance: '860 m', limit: '50 m' }),
    );
    expect(await ePage.getByTestId('play-kp-distance').innerText()).toBe(
      '860 m kontrollpunktist · GPS ±5 m',
    );
    await settledScreenshot(ePage, 'play-kp-far-et');
    await ePhone.setGeolocation(at(845, 5));
    await waitState(ePage, 'play-kp-position', 'at');
    await ePage.getByTestId('play-kp-here').click();
    await waitState(ePage, 'play-kp-confirm-text', 'at');
    expect(await ePage.getByTestId('play-kp-confirm-text').innerText()).toBe(
      fill(appEt['play.kp.confirmhere'], { nr: '1' }),
    );
    await settledScreenshot(ePage, 'play-kp-confirm-et');

    fs.rmSync(dir, { recursive: true, force: true });
    await ePhone.close();
    await phone.close();
    await organiser.close();
  });

  it('shows the start screen’s sound as it is: off, on, and blocked by the browser', async () => {
    const { platform, browser } = env;
    const now = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-sound-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 2,
        events: { name: 'Sound test', starttime: now - 3_600_000, endtime: now + 3_600_000 },
        eventsdata: { data: {}, kp: {}, kpdata: {}, kpanswer: {} },
        teams: { list: { alpha: { name: 'Alpha', nr: 1, starttime: now + 3_600_000 } } },
        evdoc: {},
      }),
    );
    const imported = await platform.cli('import', file, '--id', 'soundtest');
    expect(imported.code, imported.err).toBe(0);

    for (const [locale, texts, lang] of [
      ['en-GB', startEn, 'en'],
      ['et-EE', startEt, 'et'],
    ] as const) {
      const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${platform.url}/soundtest/start`);
      const sound = page.getByTestId('start-sound');
      await sound.waitFor();
      // Off until turned on: the words, the pressed state and the hint agree.
      expect(await sound.getAttribute('data-state')).toBe('off');
      expect(await sound.getAttribute('aria-pressed')).toBe('false');
      expect(await sound.textContent()).toBe(texts['start.sound.off']);
      expect(await page.getByTestId('start-sound-hint').innerText()).toBe(
        texts['start.sound.off.hint'],
      );
      await settledScreenshot(page, `start-sound-off-${lang}`);
      await sound.click();
      await waitState(page, 'start-sound', 'on');
      expect(await sound.getAttribute('aria-pressed')).toBe('true');
      expect(await sound.textContent()).toBe(texts['start.sound.on']);
      await settledScreenshot(page, `start-sound-on-${lang}`);
      await sound.click();
      await waitState(page, 'start-sound', 'off');
      await context.close();
    }

    // A browser that keeps the page's audio suspended: the button never claims the sound is on.
    const blocked = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    });
    await blocked.addInitScript(() => {
      const Real = window.AudioContext;
      class Suspended extends Real {
        override get state(): AudioContextState {
          return 'suspended';
        }
        override resume(): Promise<void> {
          return Promise.resolve();
        }
      }
      window.AudioContext = Suspended;
    });
    const page = await blocked.newPage();
    await page.goto(`${platform.url}/soundtest/start`);
    await page.getByTestId('start-sound').click();
    await waitState(page, 'start-sound', 'blocked');
    expect(await page.getByTestId('start-sound').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('start-sound').textContent()).toBe(
      startEn['start.sound.blocked'],
    );
    await settledScreenshot(page, 'start-sound-blocked-en');
    await blocked.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

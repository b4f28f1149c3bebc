import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import { appEn } from '../packages/web/src/i18n/appEn.ts';
import { appEt } from '../packages/web/src/i18n/appEt.ts';

const EVID = 'playtest';
const START = { lat: 58.378, lng: 26.729 };
/** A position `north` and `east` metres from the start. */
const at = (north: number, east: number) => ({
  latitude: START.lat + north / 111_195,
  longitude: START.lng + east / (111_195 * Math.cos((START.lat * Math.PI) / 180)),
  accuracy: 5,
});

/**
 * An event running now with a device start at START (within 100 m), four KPs around it: a
 * question (k1, correct r2), a location-only KP (k2), another question (k3, correct r1) and an
 * auto KP (k4); letters for answers, time left shown.
 */
function playEventFile(ownerUid: string) {
  const now = Date.now();
  const loc = (north: number, east: number) => {
    const p = at(north, east);
    return { lat: p.latitude, lng: p.longitude };
  };
  return {
    version: 2,
    events: {
      name: 'Phone race',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: {
        rakoef: [null, 10, 20, 30],
        clientstart: true,
        startloc: START,
        maxstartdistance: 100,
        maxmarkingdistance: 50,
        valiktahed: true,
        prepagemessage: 'Welcome! Start at the big oak.',
        appmessage: 'Call 112 in an emergency.',
        finishedmessage: 'Well done – tea at the finish tent.',
        ajad: { normaalaeg: 120, lisaajad: [] },
      },
      conf: { featuretimetogo: true, enablewslocations: true },
      kp: {
        k1: { nr: 1, ra: 1 },
        k2: { nr: 2, ra: 2 },
        k3: { nr: 3, ra: 1 },
        k4: { nr: 4, ra: 3, isauto: true },
      },
      kpdata: {
        k1: { desc: 'Stone', loc: loc(300, 0), responses: { r1: 'Red', r2: 'Blue', r3: 'Green' } },
        k2: { desc: 'Bridge', loc: loc(300, 300) },
        k3: { desc: 'Tree', loc: loc(0, 300), responses: { r1: 'Oak', r2: 'Birch' } },
        k4: { desc: 'Gate', loc: loc(-200, 150) },
      },
      kpanswer: { k1: 'r2', k3: 'r1' },
    },
    teams: {},
    evdoc: {},
  };
}

/** Takes a screenshot once dialogs have finished fading in. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Moves the phone. */
async function moveTo(context: BrowserContext, p: ReturnType<typeof at>) {
  await context.setGeolocation(p);
}

async function markWithAnswer(page: Page, kpId: string, response: string) {
  await page.getByTestId('play-tab-kps').click();
  await page.getByTestId(`play-kp-${kpId}`).click();
  const dialog = page.getByTestId('play-kp-dialog');
  await dialog.waitFor();
  await page.getByTestId(`play-kp-response-${response}`).click();
  await page.getByTestId('play-kp-confirm-send').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Signs the organiser up, imports the event as `id` and makes a join code for it. */
async function setUpEvent(
  context: BrowserContext,
  platform: { url: string; cli: (...args: string[]) => Promise<{ code: number; err: string }> },
  id: string,
  email: string,
): Promise<{ code: string; dir: string }> {
  const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
    data: { email, password: 'organiser-pass', displayName: 'Org' },
  });
  expect(signup.status()).toBe(201);
  const { uid } = (await signup.json()) as { uid: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-play-'));
  const file = path.join(dir, 'event.json');
  fs.writeFileSync(file, JSON.stringify(playEventFile(uid)));
  const imported = await platform.cli('import', file, '--id', id);
  expect(imported.code, imported.err).toBe(0);
  const created = await context.request.post(`${platform.url}/api/events/${id}/joincodes`, {
    data: { valid: Date.now() + 86_400_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { code: ((await created.json()) as { code: string }).code, dir };
}

describe('participant app', () => {
  const env = usePlatform();

  it('a guest starts from /play, joins with a typed code and opens the event', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const { code, dir } = await setUpEvent(organiser, platform, 'playguest', 'guest-org@ex.ee');
    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await page.goto(`${platform.url}/play`);
    await page.getByTestId('play-home-guest').click();
    await page.getByTestId('play-home-user').waitFor();
    const guest = await page.evaluate(() => localStorage.getItem('rada.guest'));
    // A guest made by the server (POST /api/auth/guest): its reserved email and device secret.
    expect(guest).toMatch(/[a-z0-9-]+@guest\.invalid/);
    await page.getByTestId('play-home-code-input').fill(code.toLowerCase());
    await page.getByTestId('play-home-code-go').click();
    await page.waitForURL(`${platform.url}/playguest/join/${code}`);
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-success').waitFor();
    await page.getByTestId('join-playlink').click();
    await page.waitForURL(`${platform.url}/playguest/play?team=*`);
    await page.getByTestId('play-prestart').waitFor();
    const first = await page.getByTestId('play-team').innerText();
    // One team: nothing to change.
    expect(await page.getByTestId('play-changeteam').count()).toBe(0);

    // The organiser gives the guest a second team's code; /play then offers a choice of team.
    const second = await organiser.request.post(`${platform.url}/api/events/playguest/teams`, {
      data: { name: 'Second phone team' },
    });
    expect(second.status(), await second.text()).toBe(201);
    const secondId = ((await second.json()) as { id: string }).id;
    const teamCode = await organiser.request.post(
      `${platform.url}/api/events/playguest/joincodes`,
      {
        data: { valid: Date.now() + 86_400_000, singleteam: true, teamId: secondId },
      },
    );
    expect(teamCode.status(), await teamCode.text()).toBe(201);
    await page.goto(
      `${platform.url}/playguest/join/${((await teamCode.json()) as { code: string }).code}`,
    );
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-success').waitFor();
    // The device remembers the team it was used for; the other is one tap away.
    await page.goto(`${platform.url}/playguest/play`);
    await expect(page.getByTestId('play-team').innerText()).resolves.toContain(
      first.replace(/ ?Change team$/, ''),
    );
    await page.getByTestId('play-changeteam').click();
    await page.getByTestId('play-chooseteam').waitFor();
    await settledScreenshot(page, 'play-chooseteam');
    await page.getByTestId(`play-chooseteam-${secondId}`).click();
    await expect
      .poll(() => page.getByTestId('play-team').innerText())
      .toContain('Second phone team');
    expect(page.url()).toBe(`${platform.url}/playguest/play?team=${secondId}`);
    await page.goto(`${platform.url}/play`);
    // The server lists the guest's team; the same event is not repeated as "opened here".
    const mine = page.getByTestId('play-home-myteams');
    await mine.waitFor();
    expect(await mine.innerText()).toContain('Phone race');
    expect(await page.getByTestId('play-home-recent').count()).toBe(0);
    await settledScreenshot(page, 'play-home');
    // "My events" on the start page lists the event the guest takes part in, with their team,
    // leading to the participant app.
    await page.goto(`${platform.url}/`);
    const myEvents = page.getByTestId('home-myevents');
    await myEvents.getByTestId('event-myteam-playguest').waitFor();
    await expect(
      myEvents.getByTestId('event-link-playguest').getAttribute('href'),
    ).resolves.toMatch(/^\/playguest\/play\?team=/);
    fs.rmSync(dir, { recursive: true, force: true });
    await phone.close();
    await organiser.close();
  });

  it('joins with a code, starts, marks KPs online and offline, finishes; the organiser sees it', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const { code, dir } = await setUpEvent(organiser, platform, EVID, 'play-org@example.ee');

    // A phone near (but not yet at) the start.
    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: at(-400, 0),
    });
    const page = await phone.newPage();
    await page.goto(`${platform.url}/${EVID}/join/${code}`);
    await page.getByTestId('join-signin').click();
    await page.getByTestId('signin-tab-signup').click();
    await page.getByTestId('signin-displayname').fill('Piia Phone');
    await page.getByTestId('signin-email').fill('piia@example.ee');
    await page.getByTestId('signin-password').fill('phone-pass-1');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('signin-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('join-teamname').fill('Phones');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-success').waitFor();

    // Before the start: the messages, and Start only within 100 m of the start.
    await page.goto(`${platform.url}/${EVID}/play`);
    await page.getByTestId('play-prestart').waitFor();
    // Installable: a manifest and an active service worker.
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(
      await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active !== null)),
    ).toBe(true);
    expect(await page.getByTestId('play-premessage').innerText()).toContain('big oak');
    const startButton = page.getByTestId('play-start');
    await page.getByTestId('play-start-distance').getByText('400 m').waitFor();
    expect(await startButton.isDisabled()).toBe(true);
    await settledScreenshot(page, 'play-prestart');
    await moveTo(phone, at(-20, 0));
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="play-start"]') as HTMLButtonElement).disabled,
    );
    await startButton.click();
    await page.getByTestId('play-running').waitFor();
    await page.getByTestId('play-timeleft').waitFor();
    const sync = page.getByTestId('play-sync');
    const waitAllSent = () =>
      page.waitForFunction(
        () => {
          const chip = document.querySelector('[data-testid="play-sync"]');
          return chip?.getAttribute('data-actions') === '0';
        },
        null,
        { timeout: 20_000 },
      );
    await waitAllSent();
    await page.getByTestId('play-map').waitFor();
    await moveTo(phone, at(0, 10));
    await page.waitForTimeout(500);
    await settledScreenshot(page, 'play-map');

    // k1 opens anywhere; letters stand for the responses.
    await moveTo(phone, at(295, 0));
    await page.getByTestId('play-tab-kps').click();
    await page.getByTestId('play-kp-k1').click();
    await page.getByTestId('play-kp-dialog').waitFor();
    expect(await page.getByTestId('play-kp-response-r2').innerText()).toContain('B');
    // A question KP without "open only when close" may be answered from anywhere; it says so.
    await expect(page.getByTestId('play-kp-rule').innerText()).resolves.toBe(
      'The answer may be sent from anywhere.',
    );
    await settledScreenshot(page, 'play-kp-dialog');
    await page.getByTestId('play-kp-response-r2').click();
    await page.getByTestId('play-kp-confirm-send').click();
    await page.getByTestId('play-kp-dialog').waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="play-kp-k1"][data-status="sent"]')
      .waitFor({ timeout: 20_000 });

    // k2 is confirmed by location, only within 50 m.
    await moveTo(phone, at(300, 200));
    await page.getByTestId('play-kp-k2').click();
    await page.getByTestId('play-kp-toofar').waitFor();
    expect(await page.getByTestId('play-kp-here').isDisabled()).toBe(true);
    await moveTo(phone, at(300, 290));
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="play-kp-here"]') as HTMLButtonElement).disabled,
    );
    await expect(page.getByTestId('play-kp-rule').innerText()).resolves.toBe(
      'Marked within 50 m of the checkpoint.',
    );
    await page.getByTestId('play-kp-here').click();
    // Presence is confirmed as presence, not as an answer.
    await expect(page.getByTestId('play-kp-confirm').innerText()).resolves.toContain(
      'Mark your team as here at checkpoint 2?',
    );
    await page.getByTestId('play-kp-confirm-send').click();
    await page.getByTestId('play-kp-dialog').waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="play-kp-k2"][data-status="sent"]')
      .waitFor({ timeout: 20_000 });

    // Offline: k3 is stored and waits.
    await phone.setOffline(true);
    await moveTo(phone, at(10, 300));
    await markWithAnswer(page, 'k3', 'r1');
    await page.locator('[data-testid="play-kp-k3"][data-status="waiting"]').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="play-sync"]')?.getAttribute('data-actions') === '1',
    );
    expect(await sync.innerText()).toContain('Offline · 1 waiting');
    expect(await sync.getAttribute('data-online')).toBe('false');
    // The running view: time on course, the KP list nearest first with values and answers.
    await page.getByTestId('play-elapsed').waitFor();
    await settledScreenshot(page, 'play-offline');
    // The waiting list names it.
    await sync.click();
    expect(await page.getByTestId('play-sync-list').innerText()).toContain('Checkpoint 3');
    await page.keyboard.press('Escape');
    await page.getByTestId('play-sync-list').waitFor({ state: 'detached' });

    // Reopened while offline, the app comes from the service worker's cache and the mark
    // from IndexedDB.
    await page.reload();
    await page
      .locator('[data-testid="play-kp-k3"][data-status="waiting"]')
      .or(page.getByTestId('play-tab-kps'))
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('play-tab-kps').click();
    await page.locator('[data-testid="play-kp-k3"][data-status="waiting"]').waitFor();
    expect(await sync.getAttribute('data-actions')).toBe('1');

    // Back online: everything goes, once.
    await phone.setOffline(false);
    await waitAllSent();
    await page
      .locator('[data-testid="play-kp-k3"][data-status="sent"]')
      .waitFor({ timeout: 20_000 });

    // Passing the auto KP marks it.
    await moveTo(phone, at(-195, 150));
    await page
      .locator('[data-testid="play-kp-k4"]:is([data-status="sent"],[data-status="waiting"])')
      .waitFor({ timeout: 20_000 });
    await waitAllSent();

    // Track points reach the server.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="play-sync"]')?.getAttribute('data-points') === '0',
      null,
      { timeout: 20_000 },
    );

    // The organiser's message shows on the phone; a sendGPX command uploads the own track.
    const teamsNow = (await (
      await organiser.request.get(`${platform.url}/api/events/${EVID}/teams`)
    ).json()) as { id: string; name: string }[];
    const phonesId = teamsNow.find((x) => x.name === 'Phones')?.id ?? '';
    const sent = await organiser.request.post(`${platform.url}/api/events/${EVID}/messages`, {
      data: { teamId: phonesId, title: 'Weather', body: 'Storm coming, head to the finish.' },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
    const message = page.getByTestId('play-message');
    await message.waitFor({ timeout: 40_000 });
    expect(await message.innerText()).toContain('Storm coming');
    await settledScreenshot(page, 'play-message');
    await page.getByTestId('play-message-ok').click();
    await message.waitFor({ state: 'detached' });
    const command = await organiser.request.post(`${platform.url}/api/events/${EVID}/messages`, {
      data: { teamId: phonesId, cmnd: 'sendGPX' },
    });
    expect(command.status(), await command.text()).toBeLessThan(300);
    await expect
      .poll(
        async () => {
          const res = await organiser.request.get(`${platform.url}/api/events/${EVID}/uploads`);
          return ((await res.json()) as { kind: string; size: number }[]).filter(
            (u) => u.kind === 'gpx' && u.size > 200,
          ).length;
        },
        { timeout: 40_000 },
      )
      .toBe(1);

    await page.getByTestId('play-finish').click();
    await page.getByTestId('play-finish-send').click();
    await page.getByTestId('play-finished').waitFor();
    expect(await page.getByTestId('play-finished').innerText()).toContain('tea at the finish');
    await waitAllSent();
    // The finish screen: the team's points as the results have them, and the way to the results.
    const standings = (await (
      await organiser.request.get(`${platform.url}/api/events/${EVID}/results`)
    ).json()) as { results: { name: string; sum: number }[] };
    const own = standings.results.find((r) => r.name === 'Phones');
    await expect
      .poll(() => page.getByTestId('play-finished-points').innerText(), { timeout: 10_000 })
      .toBe(String(own?.sum));
    await expect(page.getByTestId('play-finished-results').getAttribute('href')).resolves.toBe(
      `/${EVID}/result`,
    );
    await settledScreenshot(page, 'play-finished');

    // The organiser's view: the team's answers, its start and finish, its track.
    const teams = (await (
      await organiser.request.get(`${platform.url}/api/events/${EVID}/teams`)
    ).json()) as {
      id: string;
      name: string;
      starttime: number | null;
      finishtime: number | null;
    }[];
    const team = teams.find((x) => x.name === 'Phones');
    expect(team).toBeDefined();
    const teamId = team?.id ?? '';
    expect(team?.starttime).toBeTypeOf('number');
    expect(team?.finishtime).toBeTypeOf('number');
    const orgPage = await organiser.newPage();
    await orgPage.goto(`${platform.url}/${EVID}/responses`);
    for (const kp of ['k1', 'k2', 'k3', 'k4']) {
      const cell = orgPage.getByTestId(`responses-cell-${teamId}-${kp}`);
      await cell.waitFor();
      expect(await cell.getAttribute('data-state'), kp).toBe('ok');
    }
    await settledScreenshot(orgPage, 'play-organiser-responses');
    await orgPage.goto(`${platform.url}/${EVID}/result`);
    await orgPage.getByTestId(`results-row-${teamId}`).waitFor();

    const tracks = await organiser.request.get(`${platform.url}/api/events/${EVID}/tracks`);
    expect(tracks.status(), await tracks.text()).toBe(200);
    const summary = (
      (await tracks.json()) as { teamId: string; stat: { points: number } | null }[]
    ).find((s) => s.teamId === teamId);
    expect(summary?.stat?.points ?? 0).toBeGreaterThan(3);
    await orgPage.goto(`${platform.url}/${EVID}/map`);
    await orgPage.getByTestId(`live-team-${teamId}`).waitFor({ timeout: 10_000 });
    await settledScreenshot(orgPage, 'play-organiser-livemap');

    // The Teams tab: the team's track with a GPX download, and the device's upload in the
    // message dialog.
    await orgPage.goto(`${platform.url}/${EVID}/teams`);
    await orgPage.getByTestId(`team-more-${teamId}`).click();
    await orgPage.getByTestId('team-menu-track').click();
    const stat = orgPage.getByTestId('team-track-stat');
    await stat.waitFor();
    expect(await stat.innerText()).toMatch(/\d+ points/);
    const [gpx] = await Promise.all([
      orgPage.waitForEvent('download'),
      orgPage.getByTestId('team-track-gpx').click(),
    ]);
    const gpxText = fs.readFileSync((await gpx.path()) ?? '', 'utf8');
    expect(gpxText).toContain('<trkpt');
    await orgPage.keyboard.press('Escape');
    await orgPage.getByTestId('team-track-dialog').waitFor({ state: 'detached' });
    await orgPage.getByTestId('teams-send-message').click();
    const uploads = orgPage.getByTestId('msg-uploads');
    await uploads.waitFor();
    expect(await uploads.innerText()).toContain('Track (GPX)');
    await settledScreenshot(orgPage, 'play-organiser-uploads');

    fs.rmSync(dir, { recursive: true, force: true });
    await phone.close();
    await organiser.close();
  });
});

/** The screens and languages of issue 15 not covered above (the phone in English is). */
const SCREENS = [
  { name: 'desktop-en', lang: 'en', width: 1366, height: 900 },
  { name: 'desktop-et', lang: 'et', width: 1366, height: 900 },
  { name: 'phone-et', lang: 'et', width: 390, height: 844 },
] as const;

describe('the running view and finish screen on a laptop and in Estonian', () => {
  const env = usePlatform();

  for (const screen of SCREENS) {
    it(`runs and finishes at ${screen.width}×${screen.height} in ${screen.lang}`, async () => {
      const { platform, browser } = env;
      const texts = screen.lang === 'et' ? appEt : appEn;
      const id = `play-${screen.name}`;
      const organiser = await browser.newContext({ locale: 'en-GB' });
      const { code, dir } = await setUpEvent(organiser, platform, id, `${id}@example.ee`);
      const phone = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        permissions: ['geolocation'],
        geolocation: at(-20, 0),
      });
      await phone.addInitScript(`localStorage.setItem('rada.lang', '${screen.lang}')`);
      try {
        const signup = await phone.request.post(`${platform.url}/api/auth/signup`, {
          data: {
            email: `${id}-runner@example.ee`,
            password: 'runner-pass-1',
            displayName: 'Runner',
          },
        });
        expect(signup.status()).toBe(201);
        const joined = await phone.request.post(`${platform.url}/api/join`, {
          data: { code, teamName: `Team ${screen.name}` },
        });
        expect(joined.status(), await joined.text()).toBe(200);

        const page = await phone.newPage();
        await page.goto(`${platform.url}/${id}/play`);
        await page.getByTestId('play-prestart').waitFor();
        await page.waitForFunction(
          () =>
            !(document.querySelector('[data-testid="play-start"]') as HTMLButtonElement).disabled,
        );
        await page.getByTestId('play-start').click();
        await page.getByTestId('play-running').waitFor();
        // The running header: time on the course, time left and points, in the reader's words.
        await expect(page.getByTestId('play-elapsed').innerText()).resolves.toContain(
          texts['play.elapsed'],
        );
        await expect(page.getByTestId('play-timeleft').innerText()).resolves.toContain(
          texts['play.timeleft'],
        );
        await expect(page.getByTestId('play-points').innerText()).resolves.toContain(
          texts['play.points'],
        );

        await page.getByTestId('play-tab-kps').click();
        await page.getByTestId('play-kp-k1').click();
        await page.getByTestId('play-kp-dialog').waitFor();
        await expect(page.getByTestId('play-kp-rule').innerText()).resolves.toBe(
          texts['play.kp.rule.anywhere'],
        );
        await page.getByTestId('play-kp-response-r2').click();
        await page.getByTestId('play-kp-confirm-send').click();
        await page.getByTestId('play-kp-dialog').waitFor({ state: 'detached' });
        await page
          .locator('[data-testid="play-kp-k1"][data-status="sent"]')
          .waitFor({ timeout: 20_000 });
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await settledScreenshot(page, `play-running-${screen.name}`);

        await page.getByTestId('play-finish').click();
        await page.getByTestId('play-finish-send').click();
        await page.getByTestId('play-finished').waitFor();
        // The finish screen: time, points and the way to the results, in the reader's words.
        await expect(page.getByTestId('play-finished-time').innerText()).resolves.toMatch(
          /^\d+:\d\d:\d\d$/,
        );
        const finished = await page.getByTestId('play-finished').innerText();
        expect(finished).toContain(texts['play.finished.time']);
        expect(finished).toContain(texts['play.points']);
        await expect
          .poll(() => page.getByTestId('play-finished-points').innerText(), { timeout: 10_000 })
          .toMatch(/^\d+/);
        // (A button's text is shown in capitals.)
        await expect(page.getByTestId('play-finished-results').textContent()).resolves.toBe(
          texts['play.finished.results'],
        );
        await settledScreenshot(page, `play-finished-${screen.name}`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
        await phone.close();
        await organiser.close();
      }
    });
  }
});

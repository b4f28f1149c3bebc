import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const EVID = 'joinstart';
const CODE = 'START234';
const MIN = 60_000;

/** Signs a new user up in `context` (its pages share the session cookie). */
async function signUp(context: BrowserContext, url: string, email: string, displayName: string) {
  const res = await context.request.post(`${url}/api/auth/signup`, {
    data: { email, password: 'join-start-pass', displayName },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { uid: string }).uid;
}

/** A time as the Teams tab shows it: DD.MM.YYYY HH:mm:ss in the machine's (and browser's) zone. */
function teamsTabTime(t: number): string {
  const d = new Date(t);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A time as the participant app's start line shows it in `lang`. */
const appTime = (page: Page, t: number, lang: string) =>
  page.evaluate(
    ([time, l]) => new Date(time).toLocaleString(l, { dateStyle: 'medium', timeStyle: 'short' }),
    [t, lang] as const,
  );

/** Takes a screenshot once dialogs and menus have finished fading. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

describe('a team that joins after start times were given', () => {
  const env = usePlatform();

  it('gets the next free start: the app counts down to it and the Teams tab shows it', async () => {
    const { platform, browser } = env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-joinstart-'));
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const uid = await signUp(organiser, platform.url, 'start-org@example.ee', 'Org');

    // The event started 4 h 24 min ago; its three teams started 10 min apart from its start,
    // and joining teams start 10 min apart: the next free start is 4 h 30 min after the start.
    const start = Math.floor(Date.now() / MIN) * MIN - (4 * 60 + 24) * MIN;
    const next = start + 270 * MIN;
    const file = resultsEventFile(uid, start + 8 * 60 * MIN);
    Object.assign(file.eventsdata.data, {
      joinstartinterval: 10,
      klassid: { short: { name: 'Short' }, long: { name: 'Long' } },
    });
    for (const [i, team] of Object.values(file.teams.list).entries()) {
      Object.assign(team, { starttime: start + i * 10 * MIN });
    }
    const eventFile = path.join(dir, 'event.json');
    fs.writeFileSync(eventFile, JSON.stringify(file));
    const imported = await platform.cli('import', eventFile, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);
    const made = await organiser.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
      data: { code: CODE, valid: Date.now() + 7 * 86_400_000 },
    });
    expect(made.status(), await made.text()).toBe(201);

    // The Teams tab says which rule applies to joining teams, with the next free start.
    const teamsPage = await organiser.newPage();
    await teamsPage.goto(`${platform.url}/${EVID}/teams`);
    const note = teamsPage.getByTestId('teams-joinstart');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.getAttribute('data-rule')).toBe('individual');
    expect(await note.innerText()).toContain(teamsTabTime(next));
    expect(await note.innerText()).toContain('10 min after the last one');

    // A participant joins by code on a phone, choosing the team's class.
    const joiner = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    });
    await signUp(joiner, platform.url, 'late-joiner@example.ee', 'Liis Late');
    const phone = await joiner.newPage();
    await phone.goto(`${platform.url}/${EVID}/join/${CODE}`);
    await phone.getByTestId('join-teamname').fill('Latecomers');
    await phone.getByTestId('reg-class').click();
    await phone.getByTestId('reg-class-option-long').click();
    await phone.getByTestId('reg-class-option-long').waitFor({ state: 'detached' });
    await settledScreenshot(phone, 'joinstart-join-phone');
    await phone.getByTestId('join-submit').click();
    await phone.getByTestId('join-success').waitFor();

    const teams = await organiser.request.get(`${platform.url}/api/events/${EVID}/teams`);
    const joined = (
      (await teams.json()) as {
        id: string;
        name: string;
        klassid: string | null;
        starttime: number | null;
      }[]
    ).find((x) => x.name === 'Latecomers');
    expect(joined).toMatchObject({ klassid: 'long', starttime: next });
    expect(Date.now()).toBeLessThan(next);

    // The app waits for the team's own start: no time on course counted from the event's start.
    await phone.getByTestId('join-playlink').click();
    const startLine = phone.getByTestId('play-starttime');
    await startLine.waitFor({ timeout: 15_000 });
    expect(await startLine.getAttribute('data-rule')).toBe('individual');
    expect(await startLine.innerText()).toContain(
      `Your start is at ${await appTime(phone, next, 'en')}`,
    );
    expect(await phone.getByTestId('play-countdown').innerText()).toMatch(/^0:0\d:\d\d$/);
    await settledScreenshot(phone, 'joinstart-play-phone');
    await phone.evaluate(() => localStorage.setItem('rada.lang', 'et'));
    await phone.reload();
    await startLine.waitFor({ timeout: 15_000 });
    expect(await startLine.innerText()).toContain(
      `Sinu stardiaeg on ${await appTime(phone, next, 'et')}`,
    );
    await settledScreenshot(phone, 'joinstart-play-phone-et');

    // The organiser's Teams tab shows the new team's start, and the next free one after it.
    await teamsPage.getByTestId(`team-times-${joined!.id}`).waitFor();
    expect(await teamsPage.getByTestId(`team-times-${joined!.id}`).innerText()).toContain(
      teamsTabTime(next),
    );
    await teamsPage.waitForFunction(
      (text) =>
        document.querySelector('[data-testid="teams-joinstart"]')?.textContent?.includes(text),
      teamsTabTime(next + 10 * MIN),
    );
    await settledScreenshot(teamsPage, 'joinstart-teams-desktop');

    // The same in Estonian on a phone.
    const estonian = await browser.newContext({
      locale: 'et-EE',
      viewport: { width: 390, height: 844 },
      storageState: await organiser.storageState(),
    });
    const etPage = await estonian.newPage();
    await etPage.goto(`${platform.url}/${EVID}/teams`);
    const etNote = etPage.getByTestId('teams-joinstart');
    await etNote.waitFor({ timeout: 15_000 });
    expect(await etNote.innerText()).toContain('järgmise vaba stardiaja');
    await settledScreenshot(etPage, 'joinstart-teams-phone-et');

    fs.rmSync(dir, { recursive: true, force: true });
    await estonian.close();
    await organiser.close();
    await joiner.close();
  });
});

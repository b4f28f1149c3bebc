import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot, typeDateTime } from './support.ts';

const HOUR = 3_600_000;
/** Tomorrow as the app writes dates (dd.mm.yyyy): the first start typed lies near the event. */
const DAY = new Date(Date.now() + 24 * HOUR).toLocaleDateString('en-GB').replaceAll('/', '.');
const DAY_PATTERN = DAY.replaceAll('.', '\\.');

describe('organiser actions are safe to click', () => {
  const env = usePlatform();
  const eventId = 'safety';
  const regEventId = 'safetyreg';
  let owner: BrowserContext;
  let page: Page;
  let helper: { uid: string; email: string; context: BrowserContext };
  /** Every request the organiser's page sent, as `METHOD path`. */
  const sent: string[] = [];

  const url = (p: string) => `${env.platform.url}${p}`;
  const row = (name: string): Locator =>
    page.locator(`[data-testid^="team-row-"][data-name="${name}"]`);
  const timesOf = (teamId: string) => page.getByTestId(`team-times-${teamId}`).innerText();
  const count = (method: string, pathname: string) =>
    sent.filter((s) => s === `${method} ${pathname}`).length;
  /** No error toast is showing. */
  const noErrorToast = async () => {
    await page.waitForTimeout(600);
    expect(await page.locator('[data-testid="snackbar"][data-severity="error"]').count()).toBe(0);
  };
  const settledScreenshot = async (name: string) => {
    await page.waitForTimeout(400);
    await screenshot(page, name);
  };

  beforeAll(async () => {
    const { platform, browser } = env;
    owner = await browser.newContext({ locale: 'en-GB', viewport: { width: 1400, height: 900 } });
    const signup = await owner.request.post(url('/api/auth/signup'), {
      data: { email: 'safety@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    expect((await platform.cli('creator', 'safety@example.ee')).code).toBe(0);

    const helperContext = await browser.newContext({ locale: 'en-GB' });
    const helperSignup = await helperContext.request.post(url('/api/auth/signup'), {
      data: { email: 'helper@example.ee', password: 'helper-pass-123', displayName: 'Helga' },
    });
    expect(helperSignup.status()).toBe(201);
    helper = {
      uid: ((await helperSignup.json()) as { uid: string }).uid,
      email: 'helper@example.ee',
      context: helperContext,
    };

    // Alpha and Bravo marked KPs (no start time); Charlie and Delta have nothing yet; Echo
    // started two hours ago and finished one hour ago; Foxtrot starts in three days.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const event = resultsEventFile(uid, now + 5 * HOUR);
    Object.assign(event.teams.list, {
      delta: { name: 'Delta', nr: 4 },
      echo: { name: 'Echo', nr: 5, starttime: now - 2 * HOUR, finishtime: now - HOUR },
      foxtrot: { name: 'Foxtrot', nr: 6, starttime: now + 72 * HOUR },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-safety-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', eventId);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    const reg = await owner.request.post(url('/api/events'), {
      data: {
        name: 'Registration safety',
        shortlink: regEventId,
        starttime: now + 48 * HOUR,
        endtime: null,
      },
    });
    expect(reg.status(), await reg.text()).toBe(201);

    page = await owner.newPage();
    page.on('request', (r: Request) => {
      if (r.url().includes('/api/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
  });

  it('11: Start times previews what changes, keeps started teams, and Undo puts times back', async () => {
    await page.goto(url(`/${eventId}/teams`));
    await row('Foxtrot').waitFor();
    const echoBefore = await timesOf('echo');
    const foxtrotBefore = await timesOf('foxtrot');
    expect(await timesOf('charlie')).toBe('– / –');

    await page.getByTestId('teams-starttimes').click();
    await page.getByTestId('starttimes-dialog').waitFor();
    // By default only teams without a start time, and never a started one.
    expect(await page.getByTestId('starttimes-onlymissing').isChecked()).toBe(true);
    expect(await page.getByTestId('starttimes-includestarted').isChecked()).toBe(false);
    await typeDateTime(page, 'starttimes-first', `${DAY} 10:00:00`);
    await page.getByTestId('starttimes-interval').fill('2');
    const preview = page.getByTestId('starttimes-preview');
    await expect
      .poll(() => page.getByTestId('starttimes-preview-assign').innerText())
      .toBe('Teams that get a start time: 2');
    expect(await page.getByTestId('starttimes-preview-keptstarted').innerText()).toBe(
      'Teams that started, finished or marked a KP, kept as they are: 3',
    );
    expect(await page.getByTestId('starttimes-preview-keptwithtime').innerText()).toBe(
      'Teams that keep the start time they have: 1',
    );
    // The preview follows the form (after a pause): the new first start shows.
    await expect
      .poll(() => page.getByTestId('starttimes-preview-changes').innerText())
      .toContain(`${DAY} 10:02:00`);
    const changes = await page.getByTestId('starttimes-preview-changes').innerText();
    expect(changes).toMatch(new RegExp(`Charlie\\s+none → ${DAY_PATTERN} 10:00:00`));
    expect(changes).toMatch(new RegExp(`Delta\\s+none → ${DAY_PATTERN} 10:02:00`));
    expect(changes).not.toContain('Echo');
    // The preview wrote nothing.
    expect(count('POST', `/api/events/${eventId}/teams/starttimes`)).toBeGreaterThan(0);
    expect(await timesOf('charlie')).toBe('– / –');
    await preview.scrollIntoViewIfNeeded();
    await settledScreenshot('safety-starttimes-preview');

    // Ticking the started teams warns and changes the preview.
    await page.getByTestId('starttimes-includestarted').check();
    await page.getByTestId('starttimes-includestarted-warning').waitFor();
    await expect
      .poll(() => page.getByTestId('starttimes-preview-assign').innerText())
      .toBe('Teams that get a start time: 4');
    await settledScreenshot('safety-starttimes-includestarted');
    await page.getByTestId('starttimes-includestarted').uncheck();
    await expect
      .poll(() => page.getByTestId('starttimes-preview-assign').innerText())
      .toBe('Teams that get a start time: 2');

    await page.getByTestId('starttimes-apply').click();
    await expect(page.getByTestId('starttimes-result').innerText()).resolves.toContain(
      'Teams that got a start time: 2',
    );
    await settledScreenshot('safety-starttimes-applied');
    await expect.poll(() => timesOf('charlie')).toBe(`${DAY} 10:00:00 / –`);
    await expect.poll(() => timesOf('delta')).toBe(`${DAY} 10:02:00 / –`);
    // The finished team (and the one with its own time) are untouched.
    expect(await timesOf('echo')).toBe(echoBefore);
    expect(await timesOf('foxtrot')).toBe(foxtrotBefore);
    expect(await timesOf('alpha')).toBe('– / –');

    await page.getByTestId('starttimes-undo').click();
    await expect(page.getByTestId('starttimes-undone').innerText()).resolves.toBe(
      'Start times put back: 2',
    );
    await expect.poll(() => timesOf('charlie')).toBe('– / –');
    await expect.poll(() => timesOf('delta')).toBe('– / –');
    expect(await timesOf('echo')).toBe(echoBefore);
    expect(await timesOf('foxtrot')).toBe(foxtrotBefore);
    await page.getByTestId('starttimes-close').click();
    await page.getByTestId('starttimes-dialog').waitFor({ state: 'detached' });
  });

  it("13: deleting a team's answer asks first, and Cancel keeps it", async () => {
    await page.goto(url(`/${eventId}/teams`));
    await row('Alpha').waitFor();
    expect(await page.getByTestId('team-answers-alpha').textContent()).toBe('2 answers');
    await page.getByTestId('team-answers-alpha').click();
    await page.getByTestId('answers-dialog').waitFor();
    await page.getByTestId('answer-delete-k1').click();
    const dialog = page.getByTestId('answer-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('The answer of Alpha at KP 1 will be deleted');
    await settledScreenshot('safety-confirm-answer');
    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${eventId}/teams/alpha/answers/k1`)).toBe(0);
    expect(await page.getByTestId('answer-row-k1').innerText()).toContain('Yes');

    // Confirmed, it goes.
    await page.getByTestId('answer-delete-k1').click();
    await page.getByTestId('answer-delete-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('answer-row-k1').innerText()).not.toContain('Yes');
    expect(count('DELETE', `/api/events/${eventId}/teams/alpha/answers/k1`)).toBe(1);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId('team-answers-alpha').textContent())
      .toMatch(/^1 answer/);
  });

  it('12: a double click on add team, add KP and create join code sends one request each', async () => {
    await page.goto(url(`/${eventId}/teams`));
    await row('Alpha').waitFor();

    await page.getByTestId('teams-add').click();
    await page.getByTestId('team-form-name').fill('Golf');
    await page.getByTestId('team-form-save').dblclick();
    await row('Golf').waitFor();
    await noErrorToast();
    expect(count('POST', `/api/events/${eventId}/teams`)).toBe(1);
    expect(await row('Golf').count()).toBe(1);

    await page.getByTestId('teams-open-joincodes').click();
    await page.getByTestId('joincodes-dialog').waitFor();
    await page.getByTestId('joincodes-create').click();
    await page.getByTestId('joincode-create-code').fill('DOUBLE1');
    await page.getByTestId('joincode-create-submit').dblclick();
    await page.getByTestId('joincode-row-DOUBLE1').waitFor();
    await noErrorToast();
    expect(count('POST', `/api/events/${eventId}/joincodes`)).toBe(1);
    await page.keyboard.press('Escape');

    await page.goto(url(`/${eventId}/kp`));
    await page.getByTestId('kp-add').waitFor();
    const added = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/events/${eventId}/checkpoints`) && r.request().method() === 'POST',
    );
    await page.getByTestId('kp-add').dblclick();
    await added;
    await noErrorToast();
    expect(count('POST', `/api/events/${eventId}/checkpoints`)).toBe(1);
  });

  it('13: removing an admin and deleting a join code ask first, and Cancel keeps them', async () => {
    // The helper as an admin, added with a double click: one request, no error.
    await page.goto(url(`/${eventId}/admins`));
    await page.getByTestId('admins-panel').waitFor();
    await page.getByTestId('admins-search').fill(helper.email);
    await page.getByTestId(`user-option-${helper.uid}`).click();
    await page.getByTestId('admins-add').dblclick();
    await page.getByTestId(`admin-row-${helper.uid}`).waitFor();
    await noErrorToast();
    expect(count('PUT', `/api/events/${eventId}/admins/${helper.uid}`)).toBe(1);

    await page.getByTestId(`admin-remove-${helper.uid}`).click();
    const removeDialog = page.getByTestId('admin-remove-dialog');
    await removeDialog.waitFor();
    expect(await removeDialog.innerText()).toContain('Helga will no longer be able to change');
    await settledScreenshot('safety-confirm-admin');
    await removeDialog.getByTestId('confirm-cancel').click();
    await removeDialog.waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${eventId}/admins/${helper.uid}`)).toBe(0);
    await page.reload();
    await page.getByTestId(`admin-row-${helper.uid}`).waitFor();
    await page.getByTestId(`admin-remove-${helper.uid}`).click();
    await page.getByTestId('admin-remove-confirm').click();
    await page.getByTestId(`admin-row-${helper.uid}`).waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${eventId}/admins/${helper.uid}`)).toBe(1);

    // The join code made above.
    await page.goto(url(`/${eventId}/teams`));
    await page.getByTestId('teams-open-joincodes').click();
    await page.getByTestId('joincode-row-DOUBLE1').waitFor();
    await page.getByTestId('joincode-delete-DOUBLE1').click();
    const deleteDialog = page.getByTestId('joincode-delete-dialog');
    await deleteDialog.waitFor();
    await settledScreenshot('safety-confirm-joincode');
    await deleteDialog.getByTestId('confirm-cancel').click();
    await deleteDialog.waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${eventId}/joincodes/DOUBLE1`)).toBe(0);
    expect(await page.getByTestId('joincode-row-DOUBLE1').count()).toBe(1);
    await page.getByTestId('joincode-delete-DOUBLE1').click();
    await page.getByTestId('joincode-delete-confirm').click();
    await page.getByTestId('joincode-row-DOUBLE1').waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${eventId}/joincodes/DOUBLE1`)).toBe(1);
  });

  it('12: a double click on Create event creates one event without an error toast', async () => {
    await page.goto(url('/'));
    await page.getByTestId('home-createevent').click();
    await page.getByTestId('createevent-name').fill('Double Click Rogaine');
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/events')
        keys.push(r.headers()['idempotency-key']);
    });
    const create = page.getByTestId('createevent-create');
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.dblclick();
    await page.waitForURL('**/DoubleClickRogaine');
    await noErrorToast();
    expect(count('POST', '/api/events')).toBe(1);
    // The server would answer a repeat with the same event: the request carries a key.
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    const mine = await owner.request.get(url('/api/events/DoubleClickRogaine'));
    expect(mine.status()).toBe(200);
  });

  it('12: a double click on the registration submit registers one team; 13: deleting it asks first', async () => {
    const regPage = await helper.context.newPage();
    const posts: string[] = [];
    regPage.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/events/${regEventId}/reg`))
        posts.push(r.url());
    });
    await regPage.goto(url(`/${regEventId}/reg`));
    await regPage.getByTestId('reg-form').waitFor();
    await regPage.getByTestId('reg-field-teamname').getByRole('textbox').fill('Kiired');
    await regPage.getByTestId('reg-field-email').getByRole('textbox').fill('kiired@example.ee');
    const registered = regPage.waitForResponse(
      (r) => r.url().endsWith(`/api/events/${regEventId}/reg`) && r.request().method() === 'POST',
    );
    await regPage.getByTestId('reg-submit').dblclick();
    expect((await registered).status()).toBe(201);
    await regPage.waitForTimeout(600);
    expect(posts).toHaveLength(1);
    const teams = await owner.request.get(url(`/api/events/${regEventId}/teams`));
    const list = (await teams.json()) as { id: string }[];
    expect(list).toHaveLength(1);
    const teamId = list[0]!.id;

    // 13: the organiser's Delete team in the registration editor asks first too.
    await page.goto(url(`/${regEventId}/teams`));
    await page.getByTestId('teams-open-registrations').click();
    await page.getByTestId(`reg-edit-${teamId}`).click();
    await page.getByTestId('reg-edit-delete').click();
    const dialog = page.getByTestId('reg-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Delete the team Kiired?');
    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${regEventId}/teams/${teamId}`)).toBe(0);
    await page.getByTestId('reg-edit-delete').click();
    await page.getByTestId('reg-delete-confirm').click();
    await page.getByTestId(`reg-row-${teamId}`).waitFor({ state: 'detached' });
    expect(count('DELETE', `/api/events/${regEventId}/teams/${teamId}`)).toBe(1);
  });
});

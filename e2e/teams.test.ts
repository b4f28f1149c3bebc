import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { screenshot, typeDateTime } from './support.ts';

describe('an organiser manages teams', () => {
  const env = usePlatform();
  const eventId = 'teamstest';
  let context: BrowserContext;
  let page: Page;

  /** The row of the team with this name. */
  const row = (name: string): Locator =>
    page.locator(`[data-testid^="team-row-"][data-name="${name}"]`);
  const teamIdOf = async (name: string) =>
    ((await row(name).getAttribute('data-testid')) ?? '').replace('team-row-', '');
  /** Opens a team's context menu by right-clicking its row and picks an action. */
  const menuAction = async (name: string, action: string) => {
    await row(name).locator('td').nth(3).click({ button: 'right' });
    await page.getByTestId(`team-menu-${action}`).click();
  };
  const snackbarText = () => page.getByTestId('team-undo-snackbar').innerText();
  /** A screenshot once dialogs have finished fading in. */
  const settledScreenshot = async (name: string) => {
    await page.waitForTimeout(400);
    await screenshot(page, name);
  };

  beforeAll(async () => {
    const { platform, browser } = env;
    context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1400, height: 900 } });
    const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'teams@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };

    // Alpha (two answers) has the organiser as its user; Bravo and Charlie have none. The
    // file's admins map makes the organiser the owner.
    // 10:00–16:00 on 1 May 2030 on the browser's clock, the day the test types its teams'
    // times on: inside the event, so saving them asks nothing (teamTimeWarnings).
    const event = resultsEventFile(uid, new Date(2030, 4, 1, 16).getTime());
    Object.assign(event.eventsdata.data, { joinstartinterval: 2 });
    Object.assign(event.teams.list.bravo, {
      devs: { 'dev-b1': true, 'dev-b2': true },
      defaultdev: 'dev-b1',
    });
    Object.assign(event.teams, {
      data: { alpha: { members: { [uid]: { joined: Date.now(), via: 'reg' } } } },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-teams-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', eventId);
    expect(imported.code, imported.err).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    page = await context.newPage();
    await page.goto(`${platform.url}/${eventId}/teams`);
    await page.getByTestId('teams-tab').waitFor();
    await row('Charlie').waitFor();
  });

  it('adds a team with the next number and refuses a taken number', async () => {
    await expect(page.getByTestId('teams-open-start').getAttribute('href')).resolves.toBe(
      `/${eventId}/start`,
    );
    await page.getByTestId('teams-add').click();
    await page.getByTestId('team-add-dialog').waitFor();
    await page.getByTestId('team-form-name').fill('Delta');
    await page.getByTestId('team-form-save').click();
    await row('Delta').waitFor();
    const delta = await teamIdOf('Delta');
    expect(await page.getByTestId(`team-nr-${delta}`).innerText()).toBe('4');
    expect(await page.getByTestId(`team-allowed-${delta}`).locator('input').isChecked()).toBe(true);

    // Number 1 is Alpha's: the error shows on the number field and the dialog stays open.
    await page.getByTestId('teams-add').click();
    await page.getByTestId('team-form-name').fill('Echo');
    await page.getByTestId('team-form-nr').fill('1');
    await page.getByTestId('team-form-save').click();
    await page
      .getByTestId('team-add-dialog')
      .getByText('Another team already has this number')
      .waitFor();
    await page.getByTestId('team-add-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('team-add-dialog').waitFor({ state: 'detached' });
    expect(await row('Echo').count()).toBe(0);
    await screenshot(page, 'teams-tab');
  });

  it('edits the name and colour in the edit dialog', async () => {
    const delta = await teamIdOf('Delta');
    await page.getByTestId(`team-more-${delta}`).click();
    await page.getByTestId('team-menu-edit').click();
    const dialog = page.getByTestId('team-edit-dialog');
    await dialog.waitFor();
    await page.getByTestId('team-form-name').fill('Delta Force');
    await page.getByTestId('team-colour-1e88e5').click();
    expect(await page.getByTestId('team-form-col').inputValue()).toBe('#1e88e5');
    await settledScreenshot('teams-edit-dialog');
    await page.getByTestId('team-form-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row('Delta Force').waitFor();
    expect(await page.getByTestId(`team-col-${delta}`).getAttribute('data-colour')).toBe('#1e88e5');

    // The allowed switch saves at once.
    await page.getByTestId(`team-allowed-${delta}`).locator('input').click();
    await expect
      .poll(async () => {
        const r = await context.request.get(`${env.platform.url}/api/events/${eventId}/teams`);
        return ((await r.json()) as { id: string; allowed: boolean }[]).find((x) => x.id === delta)
          ?.allowed;
      })
      .toBe(false);
  });

  it('removes the default device, making the other one the default', async () => {
    const bravo = await teamIdOf('Bravo');
    await menuAction('Bravo', 'edit');
    const dialog = page.getByTestId('team-edit-dialog');
    await dialog.waitFor();
    const radios = page.getByTestId('team-form-devs').getByRole('radio');
    expect(await radios.count()).toBe(2);
    expect(await radios.first().isChecked()).toBe(true);
    await settledScreenshot('teams-edit-devices');
    await page.getByTestId('team-form-removedev-dev-b1').click();
    expect(await radios.count()).toBe(1);
    expect(await radios.first().isChecked()).toBe(true);
    await page.getByTestId('team-form-save').click();
    await dialog.waitFor({ state: 'detached' });
    const res = await context.request.get(`${env.platform.url}/api/events/${eventId}/teams`);
    const team = ((await res.json()) as { id: string; devs: string[]; defaultdev: string }[]).find(
      (x) => x.id === bravo,
    );
    expect(team).toMatchObject({ devs: ['dev-b2'], defaultdev: 'dev-b2' });
  });

  it('opens the registrations, join codes and a team registration from the tab', async () => {
    await page.getByTestId('teams-open-registrations').click();
    await page.getByTestId('reg-teams-dialog').waitFor();
    await page.getByTestId('reg-teams-close').click();
    await page.getByTestId('reg-teams-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('teams-open-joincodes').click();
    await page.getByTestId('joincodes-dialog').waitFor();
    await page.getByTestId('joincodes-close').click();
    await page.getByTestId('joincodes-dialog').waitFor({ state: 'hidden' });
    await menuAction('Alpha', 'registration');
    await page.getByTestId('reg-edit-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('reg-edit-dialog').waitFor({ state: 'hidden' });
  });

  it('gives start times in bulk by number', async () => {
    await page.getByTestId('teams-starttimes').click();
    await page.getByTestId('starttimes-dialog').waitFor();
    // The interval defaults to the joinstartinterval setting.
    expect(await page.getByTestId('starttimes-interval').inputValue()).toBe('2');
    await typeDateTime(page, 'starttimes-first', '01.05.2030 10:00:00');
    // Alpha and Bravo have marked KPs: kept unless the organiser ticks them in.
    await expect
      .poll(() => page.getByTestId('starttimes-preview-keptstarted').innerText())
      .toContain(': 2');
    await page.getByTestId('starttimes-includestarted').check();
    await expect
      .poll(() => page.getByTestId('starttimes-preview-assign').innerText())
      .toBe('Teams that get a start time: 4');
    await page.getByTestId('starttimes-apply').click();
    await expect(page.getByTestId('starttimes-result').innerText()).resolves.toBe(
      'Teams that got a start time: 4',
    );
    await settledScreenshot('teams-starttimes-dialog');
    await page.getByTestId('starttimes-close').click();
    await page.getByTestId('starttimes-dialog').waitFor({ state: 'detached' });
    const expected: [string, string][] = [
      ['Alpha', '01.05.2030 10:00:00'],
      ['Bravo', '01.05.2030 10:02:00'],
      ['Charlie', '01.05.2030 10:04:00'],
      ['Delta Force', '01.05.2030 10:06:00'],
    ];
    for (const [name, time] of expected) {
      const id = await teamIdOf(name);
      await expect.poll(() => page.getByTestId(`team-times-${id}`).innerText()).toContain(time);
    }
    await settledScreenshot('teams-tab-starttimes');
  });

  it('deletes a team with undo, keeping its answers, and restores from deleted teams', async () => {
    // The added team: deleted, then back with Undo.
    await menuAction('Delta Force', 'delete');
    await page.getByTestId('team-delete-confirm').click();
    await page.getByTestId('team-undo-snackbar').waitFor();
    expect(await snackbarText()).toContain('Deleted team: Delta Force');
    await row('Delta Force').waitFor({ state: 'detached' });
    await page.getByTestId('team-undo').click();
    await row('Delta Force').waitFor();

    // A team with answers comes back with them.
    const alpha = await teamIdOf('Alpha');
    expect(await page.getByTestId(`team-answers-${alpha}`).textContent()).toBe('2 answers');
    await menuAction('Alpha', 'delete');
    await page.getByTestId('team-delete-confirm').click();
    await expect.poll(snackbarText).toContain('Deleted team: Alpha');
    await row('Alpha').waitFor({ state: 'detached' });
    await page.getByTestId('team-undo').click();
    await row('Alpha').waitFor();
    const back = await teamIdOf('Alpha');
    await expect
      .poll(() => page.getByTestId(`team-answers-${back}`).textContent())
      .toBe('2 answers');

    // Deleted again, it comes back from the Deleted teams dialog.
    await menuAction('Delta Force', 'delete');
    await page.getByTestId('team-delete-confirm').click();
    await row('Delta Force').waitFor({ state: 'detached' });
    await page.getByTestId('teams-deleted').click();
    const dialog = page.getByTestId('deletedteams-dialog');
    const backup = dialog.locator('[data-testid^="deletedteam-row-"]', { hasText: 'Delta Force' });
    await backup.waitFor();
    await settledScreenshot('teams-deleted-dialog');
    await backup.locator('[data-testid^="deletedteam-restore-"]').click();
    await row('Delta Force').waitFor();
    // The snackbar no longer offers to undo a deletion already restored.
    await page.getByTestId('team-undo-snackbar').waitFor({ state: 'detached' });
    await page.getByTestId('deletedteams-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends a message to everyone and shows who it failed for and why', async () => {
    await page.getByTestId('teams-send-message').click();
    const dialog = page.getByTestId('msg-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('msg-target-all').isChecked()).toBe(true);
    await page.getByTestId('msg-title').fill('Hello');
    await page.getByTestId('msg-body').fill('Gather at the finish');
    await page.getByTestId('msg-send').click();
    const result = page.getByTestId('msg-result');
    await result.waitFor();
    // Alpha has a user; Bravo, Charlie and Delta Force have none.
    expect(await result.getAttribute('data-success')).toBe('1');
    expect(await result.getAttribute('data-failure')).toBe('3');
    const text = await result.innerText();
    expect(text).toContain('Sent to 1, failed 3');
    expect(text).toContain('Bravo: The team has no user to send to');
    expect(text).toContain('Delta Force: The team has no user to send to');
    // The log lists what was queued for Alpha's devices.
    await page.getByTestId('msg-sent-list').getByText('Hello — Gather at the finish').waitFor();
    await settledScreenshot('teams-message-result');

    // A command to one team, chosen from the team menu.
    await page.getByTestId('msg-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await menuAction('Alpha', 'message');
    await dialog.waitFor();
    expect(await page.getByTestId('msg-target-team').isChecked()).toBe(true);
    await page.getByTestId('msg-kind-command').check();
    await page.getByTestId('msg-cmnd').click();
    await page.getByRole('option', { name: /sendGPX/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await settledScreenshot('teams-message-dialog');
    await page.getByTestId('msg-send').click();
    await expect(page.getByTestId('msg-result').innerText()).resolves.toContain(
      'Sent to 1, failed 0',
    );
    await page.getByTestId('msg-sent-list').getByText('sendGPX:').first().waitFor();
    await page.getByTestId('msg-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("sets a team's start and finish with the app's date-time picker, to the second", async () => {
    const bravo = await teamIdOf('Bravo');
    await menuAction('Bravo', 'edit');
    const dialog = page.getByTestId('team-edit-dialog');
    await dialog.waitFor();
    await typeDateTime(page, 'team-form-finish', '01.05.2030 13:02:07');
    await page.getByTestId('team-form-save').click();
    // 2030 is still ahead: the finish is said to be in the future and saved with 'Save anyway'.
    await dialog.getByTestId('time-warnings').waitFor();
    await page.getByTestId('team-form-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId(`team-times-${bravo}`).innerText())
      .toBe('01.05.2030 10:02:00 / 13:02:07');

    // The row's times dialog: an impossible time cannot be saved (it would clear the time).
    await page.getByTestId(`team-times-${bravo}`).click();
    await page.getByTestId('time-dialog').waitFor();
    await typeDateTime(page, 'time-input-starttime', '31.02.2030 10:05:30');
    await expect(page.getByTestId('time-save').isDisabled()).resolves.toBe(true);
    await typeDateTime(page, 'time-input-starttime', '01.05.2030 10:05:30');
    await settledScreenshot('teams-time-dialog');
    await page.getByTestId('time-save').click();
    await page.getByTestId('time-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId(`team-times-${bravo}`).innerText())
      .toBe('01.05.2030 10:05:30 / 13:02:07');
  });
});

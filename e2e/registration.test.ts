import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { artifacts, screenshot } from './support.ts';

const EVENT = 'regtest';

/**
 * Makes one change of `regconfig` on the settings page and waits until it is stored and the
 * field shows it as saved (the next change then starts from what the server holds).
 */
async function editRegconfig(page: Page, change: () => Promise<void>): Promise<void> {
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/events/${EVENT}/settings`) &&
      r.request().method() === 'PATCH' &&
      (r.request().postData() ?? '').includes('regconfig'),
  );
  await change();
  await saved;
  await page.locator('[data-testid="setting-status-regconfig"][data-state="saved"]').waitFor();
}

describe('team registration', () => {
  const env = usePlatform();

  it('an organiser builds the form, a team registers, the organiser confirms and exports it', async () => {
    const { platform, browser } = env;
    const url = (p: string) => `${platform.url}${p}`;

    // The organiser: a creator with a fresh event.
    const organiser = await browser.newContext({
      locale: 'en-GB',
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const signup = await organiser.request.post(url('/api/auth/signup'), {
      data: { email: 'reg-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    expect((await platform.cli('creator', 'reg-org@example.ee')).code).toBe(0);
    const created = await organiser.request.post(url('/api/events'), {
      data: { name: 'Spring rogain', shortlink: EVENT, starttime: Date.now(), endtime: null },
    });
    expect(created.status()).toBe(201);

    // One custom field through the editor: a public text field 'Club'.
    const org = await organiser.newPage();
    await org.goto(url(`/${EVENT}/settings`));
    const editor = org.getByTestId('setting-regconfig');
    await editor.waitFor();
    await editRegconfig(org, () => editor.getByTestId('regform-add').click());
    const label = editor.getByTestId('regform-f1-label');
    await label.waitFor();
    await editRegconfig(org, async () => {
      await label.fill('Club');
      await label.blur();
    });
    await editRegconfig(org, () => editor.getByTestId('regform-f1-public').check());
    await editRegconfig(org, () => editor.getByTestId('regform-phone-required').check());
    await expect
      .poll(async () => (await settingsOf()).regconfig)
      .toMatchObject({
        fields: { f1: { label: 'Club', public: true }, phone: { required: true } },
      });

    async function settingsOf(): Promise<Record<string, unknown>> {
      const res = await organiser.request.get(url(`/api/events/${EVENT}/settings`));
      expect(res.status()).toBe(200);
      return ((await res.json()) as { settings: Record<string, unknown> }).settings;
    }

    // The other fields through the API, next to what the editor stored.
    const stored = (await settingsOf()).regconfig as { fields: Record<string, unknown> };
    const patched = await organiser.request.patch(url(`/api/events/${EVENT}/settings`), {
      data: {
        settings: {
          regconfig: {
            fields: {
              ...stored.fields,
              f2: {
                label: 'Course',
                muitype: 'single',
                selectvalues: 'Short, Long',
                required: true,
                s: 110,
              },
              f3: {
                label: 'Meals',
                muitype: 'multiple',
                selectvalues: 'Lunch, Dinner, Breakfast',
                public: true,
                s: 120,
              },
              f4: { label: 'Night start', hint: 'Start after dark', muitype: 'boolean', s: 130 },
              f5: { label: 'Old question', deleted: true },
            },
          },
        },
      },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await org.reload();
    await org.getByTestId('regform-field-f3').waitFor();
    await expect(org.getByTestId('regform-deleted').innerText()).resolves.toContain('Old question');
    await expect(org.getByTestId('regform-preview').innerText()).resolves.toMatch(
      /Team name[\s\S]*Email[\s\S]*Phone[\s\S]*Club[\s\S]*Course[\s\S]*Meals[\s\S]*Night start/,
    );
    await org.getByTestId('setting-regconfig').scrollIntoViewIfNeeded();
    // Tall enough that the sticky headers do not cover the editor.
    await org.setViewportSize({ width: 1400, height: 2600 });
    fs.mkdirSync(artifacts, { recursive: true });
    await org.getByTestId('setting-regconfig').screenshot({
      path: path.join(artifacts, 'registration-editor.png'),
    });
    await org.setViewportSize({ width: 1400, height: 1000 });

    // A participant: signed out first, then signed up.
    const participant = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    });
    const page = await participant.newPage();
    await page.goto(url(`/${EVENT}/reg`));
    await page.getByTestId('reg-signin').waitFor();
    await expect(page.getByTestId('reg-event-name').innerText()).resolves.toBe('Spring rogain');
    expect(await page.getByTestId('reg-form').count()).toBe(0);
    const joined = await participant.request.post(url('/api/auth/signup'), {
      data: {
        email: 'team@example.ee',
        password: 'participant-pass',
        displayName: 'Mari Maasikas',
      },
    });
    expect(joined.status()).toBe(201);
    await page.reload();
    const form = page.getByTestId('reg-form');
    await form.waitFor();
    const field = (id: string) => page.getByTestId(`reg-field-${id}`);
    await field('teamname').getByRole('textbox').fill('Hundid');
    await field('email').getByRole('textbox').fill('hundid@example.ee');
    await field('f1').getByRole('textbox').fill('OK Ilves');
    // Phone and course are required: the form says so under each field.
    await page.getByTestId('reg-submit').click();
    await expect(field('phone').innerText()).resolves.toContain('Fill in this field');
    await expect(field('f2').innerText()).resolves.toContain('Fill in this field');
    await field('phone').getByRole('textbox').fill('+372 5555 1234');
    await field('f2').getByLabel('Long').check();
    await field('f3').getByLabel('Lunch').check();
    await field('f3').getByLabel('Breakfast').check();
    await field('f4').getByLabel('Night start').check();
    await expect(field('f4').innerText()).resolves.toContain('Start after dark');
    await screenshot(page, 'registration-form');
    const registered = page.waitForResponse(
      (r) => r.url().endsWith(`/api/events/${EVENT}/reg`) && r.request().method() === 'POST',
    );
    await page.getByTestId('reg-submit').click();
    expect((await registered).status()).toBe(201);
    await page.getByTestId('reg-success').waitFor();
    await expect(page.getByTestId('reg-success').innerText()).resolves.toContain('Hundid');
    await page.getByTestId('reg-mine').getByText('Hundid').waitFor();
    // The form makes room for the team's own list until another team is wanted.
    expect(await page.getByTestId('reg-form').count()).toBe(0);
    await expect(page.getByTestId('reg-another').isVisible()).resolves.toBe(true);
    const publicList = page.getByTestId('reg-public');
    await publicList.getByText('OK Ilves').waitFor();
    await expect(publicList.innerText()).resolves.toContain('Lunch, Breakfast');
    // Course and night start are not public.
    await expect(publicList.innerText()).resolves.not.toContain('Long');
    await screenshot(page, 'registration-page');

    const mine = await participant.request.get(url(`/api/events/${EVENT}/reg`));
    const view = (await mine.json()) as {
      mine: { teamId: string; allowed: boolean; values: Record<string, unknown> }[];
    };
    const team = view.mine[0];
    expect(team?.values).toMatchObject({
      f1: 'OK Ilves',
      f2: 'Long',
      f3: ['Lunch', 'Breakfast'],
      f4: true,
    });
    const teamId = team?.teamId ?? '';

    // The participant changes the club through the edit button of their own team.
    await page.getByTestId(`reg-mine-edit-${teamId}`).click();
    const mineDialog = page.getByTestId('reg-mine-dialog');
    await mineDialog.getByTestId('reg-field-f1').getByRole('textbox').fill('OK Ilves Tartu');
    await page.getByTestId('reg-mine-save').click();
    await publicList.getByText('OK Ilves Tartu').waitFor();

    // The organiser opens the registered teams from the Teams tab.
    await org.goto(url(`/${EVENT}/teams`));
    await org.getByTestId('teams-open-registrations').click();
    const dialog = org.getByTestId('reg-teams-dialog');
    const row = dialog.getByTestId(`reg-row-${teamId}`);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('OK Ilves Tartu');
    // The unused car field and the deleted question nobody answered are left out.
    const header = await dialog.locator('thead').innerText();
    expect(header).not.toContain('Old question');
    expect(header).not.toContain('Car');
    await org.getByTestId(`reg-team-${teamId}`).hover();
    await org.getByTestId(`reg-user-${teamId}`).waitFor();
    await expect(org.getByTestId(`reg-user-${teamId}`).innerText()).resolves.toContain(
      'team@example.ee',
    );

    const allowedOf = async () => {
      const res = await organiser.request.get(url(`/api/events/${EVENT}/teams`));
      const list = (await res.json()) as { id: string; allowed: boolean }[];
      return list.find((x) => x.id === teamId)?.allowed;
    };
    const before = await allowedOf();
    expect(before).toBeDefined();
    const toggle = dialog.getByTestId(`reg-allowed-${teamId}`);
    expect(await toggle.isChecked()).toBe(before);
    await toggle.click();
    await expect.poll(allowedOf, { timeout: 5000 }).toBe(!before);
    await expect.poll(() => toggle.isChecked()).toBe(!before);

    // Split multi responses: one column per meal.
    await dialog.getByTestId('reg-split').check();
    await expect(dialog.getByTestId('reg-teams-table').innerText()).resolves.toContain(
      'Meals: Dinner',
    );
    await screenshot(org, 'registration-dialog');

    const downloading = org.waitForEvent('download');
    await dialog.getByTestId('reg-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`reg_${EVENT}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('Meals: Lunch');
    expect(csv).toContain('OK Ilves Tartu');
    expect(csv).toContain('Long');
    expect(csv).toContain('team@example.ee');

    // The organiser's edit: a comment and a changed answer.
    await dialog.getByTestId(`reg-edit-${teamId}`).click();
    const edit = org.getByTestId('reg-edit-dialog');
    await edit.getByTestId('reg-orgcomment').fill('Paid on the spot');
    await edit.getByTestId('reg-field-f2').getByLabel('Short').check();
    await screenshot(org, 'registration-edit');
    await org.getByTestId('reg-edit-ok').click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Paid on the spot');
    await expect(row.innerText()).resolves.toContain('Short');
    // On a phone the dialog takes the whole screen and the table scrolls sideways.
    await org.setViewportSize({ width: 390, height: 844 });
    await screenshot(org, 'registration-dialog-mobile');

    await organiser.close();
    await participant.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { gotoApp, screenshot } from './support.ts';

const EVENT = 'phonelayout';
const PHONE = { width: 390, height: 844 };

/** Fails when `el` reaches past the right edge of the view (or of `within`, when given). */
async function expectInside(page: Page, el: Locator, what: string, within?: Locator) {
  const box = await el.boundingBox();
  expect(box, what).not.toBeNull();
  const right = within
    ? (await within.boundingBox())!
    : { x: 0, width: page.viewportSize()!.width };
  expect(box!.x, `${what} starts inside`).toBeGreaterThanOrEqual(right.x - 0.5);
  expect(box!.x + box!.width, `${what} ends inside`).toBeLessThanOrEqual(
    right.x + right.width + 0.5,
  );
}

/** Whether the page itself scrolls sideways (a table scrolling inside its box is fine). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('phone layouts: /reg and the Teams tab at 390 px', () => {
  const env = usePlatform();
  let owner: BrowserContext;

  beforeAll(async () => {
    const { platform, browser } = env;
    owner = await browser.newContext();
    const signup = await owner.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'phone-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const event = resultsEventFile(uid, Date.now() + 3 * 86_400_000);
    Object.assign(event.eventsdata.data, {
      klassid: { open: 'Open', vets: 'Veterans 40+' },
      regconfig: {
        fields: { f1: { label: 'Club', muitype: 'text', public: true, s: 110 } },
      },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-phone-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(event));
    const imported = await platform.cli('import', file, '--id', EVENT);
    expect(imported.code, imported.err).toBe(0);
    // A creator sees all three of the header's actions: Series, Wheel of names, Duplicate.
    expect((await platform.cli('creator', 'phone-org@example.ee')).code).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [lang, locale] of [
    ['en', 'en-GB'],
    ['et', 'et-EE'],
  ] as const) {
    it(`/reg in ${lang}: a confirmed team's chips fit on the phone`, async () => {
      const { platform, browser } = env;
      const context = await browser.newContext({ locale, viewport: PHONE });
      const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
        data: {
          email: `phone-${lang}@example.ee`,
          password: 'participant-pass',
          displayName: 'Mari',
        },
      });
      expect(signup.status()).toBe(201);
      const reg = await context.request.post(`${platform.url}/api/events/${EVENT}/reg`, {
        data: {
          values: { teamname: `Metsavennad ja sõbrad ${lang}`, f1: 'Orienteerumisklubi Ilves' },
          klassid: 'vets',
        },
      });
      expect(reg.status(), await reg.text()).toBe(201);
      const { teamId } = (await reg.json()) as { teamId: string };
      const allowed = await owner.request.patch(
        `${platform.url}/api/events/${EVENT}/teams/${teamId}`,
        { data: { allowed: true } },
      );
      expect(allowed.status(), await allowed.text()).toBe(200);

      const page = await context.newPage();
      await gotoApp(page, `${platform.url}/${EVENT}/reg`);
      const mine = page.getByTestId(`reg-mine-${teamId}`);
      await mine.waitFor();
      await screenshot(page, `phone-reg-${lang}`);
      expect(await pageOverflows(page)).toBe(false);
      await expectInside(
        page,
        page.getByTestId(`reg-mine-status-${teamId}`),
        'my status chip',
        mine,
      );
      await expectInside(page, page.getByTestId(`reg-mine-class-${teamId}`), 'my class chip', mine);
      await expectInside(page, page.getByTestId(`reg-mine-edit-${teamId}`), 'edit button', mine);
      const publicList = page.getByTestId('reg-public');
      await expectInside(
        page,
        page.getByTestId(`reg-public-status-${teamId}`),
        'the public status chip',
        publicList,
      );
      await context.close();
    });
  }

  for (const lang of ['en', 'et'] as const) {
    it(`the Teams tab in ${lang}: header and tools in one row each, the name stays in view`, async () => {
      const page = await owner.newPage();
      await page.setViewportSize(PHONE);
      await page.addInitScript((l) => localStorage.setItem('rada.lang', l), lang);
      await page.goto(`${env.platform.url}/${EVENT}/teams`);
      await page.getByTestId('teams-tab').waitFor();
      const alpha = page.locator('[data-testid^="team-row-"][data-name="Alpha"]');
      await alpha.waitFor();
      const id = ((await alpha.getAttribute('data-testid')) ?? '').replace('team-row-', '');
      await screenshot(page, `phone-teams-${lang}`, false);
      expect(await pageOverflows(page)).toBe(false);

      // The header's actions (Series, Wheel of names, Duplicate) are one ⋮ beside the name.
      const title = await page.getByTestId('eventpage-name').boundingBox();
      const actions = page.getByTestId('event-actions');
      const more = await actions.boundingBox();
      expect(more!.y).toBeLessThan(title!.y + title!.height);
      await expectInside(page, actions, 'the ⋮ of the event');
      expect(await page.getByTestId('event-cups').count()).toBe(0);
      await actions.click();
      for (const key of ['cups', 'wheel', 'duplicate'])
        await expectInside(page, page.getByTestId(`event-${key}`), `the menu's ${key}`);
      await screenshot(page, `phone-event-actions-${lang}`, false);
      // Duplicate opens the create dialog (its code loads when first opened), a copy of this event.
      await page.getByTestId('event-duplicate').click();
      await page.getByTestId('createevent-dialog').waitFor();
      await page.getByTestId('createevent-source').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('createevent-dialog').waitFor({ state: 'detached' });
      await actions.click();
      await page.keyboard.press('Escape');
      await page.getByTestId('event-cups').waitFor({ state: 'detached' });

      // Add team, Tools and Download: one row, all on the screen.
      const tools = ['teams-add', 'teams-tools', 'teams-download'].map((t) => page.getByTestId(t));
      const tops = new Set<number>();
      for (const tool of tools) {
        await expectInside(page, tool, 'a tool', page.getByTestId('teams-tab'));
        const box = (await tool.boundingBox())!;
        tops.add(Math.round(box.y + box.height / 2));
      }
      expect(tops.size, 'one row of tools').toBe(1);

      // The name is on the screen; the table scrolls sideways under it to the switches.
      const name = page.getByTestId(`team-name-${id}`);
      await expectInside(page, name, 'the name');
      const table = page.getByTestId('teams-tab').locator('.MuiTableContainer-root');
      await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expectInside(page, name, 'the name, scrolled');
      await expectInside(page, page.getByTestId(`team-answers-${id}`), 'the last column, scrolled');
      await table.evaluate((el) => el.scrollTo({ left: 0 }));
      await expectInside(page, page.getByTestId(`team-dsq-${id}`), 'the DSQ switch');
      await page.close();
    });
  }
});

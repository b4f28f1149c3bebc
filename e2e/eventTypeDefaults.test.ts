import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EventSummary, JoinCodeView } from '@rada/core';
import { usePlatform } from './lifecycle.ts';
import type { TestPlatform } from './support.ts';
import { screenshot } from './support.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A creator's browser, signed up and allowed to create events. */
async function organiserContext(
  browser: Browser,
  platform: TestPlatform,
  email: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: DESKTOP });
  const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
    data: { email, password: 'organiser-pass', displayName: 'Org' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  expect((await platform.cli('creator', email)).code).toBe(0);
  return context;
}

/** A fresh event as "Create event" makes it: a rogaine (valik) with the product's defaults. */
async function createEvent(context: BrowserContext, platform: TestPlatform, shortlink: string) {
  const start = Date.now() + 7 * 86_400_000;
  const res = await context.request.post(`${platform.url}/api/events`, {
    data: { name: 'Night rogaine', shortlink, starttime: start, endtime: start + 6 * 3_600_000 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = (await res.json()) as EventSummary;
  expect(event.type).toBe('valik');
  return event;
}

/** Makes the next pages of `page` speak `lang` (the app keeps the choice in localStorage). */
async function useLanguage(page: Page, origin: string, lang: 'en' | 'et') {
  if (!page.url().startsWith(origin)) await page.goto(origin);
  await page.evaluate((l) => localStorage.setItem('rada.lang', l), lang);
}

/** Opens the settings tab in `lang` and waits for its speed section. */
async function openSettings(page: Page, origin: string, url: string, lang: 'en' | 'et') {
  await useLanguage(page, origin, lang);
  await page.goto(url);
  await page.getByTestId('settings-group-speed').waitFor({ timeout: 15_000 });
}

describe('speed settings and event types follow the type, in the reader’s language', () => {
  const env = usePlatform();

  it('a rogaine on foot opens Scoring without speed and has no 90 km/h; a race does', async () => {
    const { platform, browser } = env;
    const organiser = await organiserContext(browser, platform, 'speed-type@example.ee');
    const event = await createEvent(organiser, platform, 'nightrogaine');
    const url = `${platform.url}/${event.id}/settings`;
    const page = await organiser.newPage();
    await openSettings(page, platform.url, url, 'en');

    // Scoring starts with its own editors: nothing of speed in it.
    const scoring = page.getByTestId('settings-group-scoring');
    await scoring.getByTestId('scoring-section').waitFor();
    // (Ranking by the speeding penalty or the average speed stays a ranking rule of Scoring.)
    const scoringText = await scoring.innerText();
    expect(scoringText).not.toContain('Penalty per speeding ticket');
    expect(scoringText).not.toContain('km/h');
    expect(await scoring.getByTestId('setting-speedpenalty').count()).toBe(0);
    expect(await scoring.locator('h3 + * > *').first().getAttribute('data-testid')).toBe(
      'scoring-section',
    );

    // Speed monitoring is its own section, after Scoring, closed: no limit for teams on foot.
    const sections = await page
      .locator('[data-testid^="settings-group-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(sections.indexOf('settings-group-speed')).toBe(
      sections.indexOf('settings-group-scoring') + 1,
    );
    const speed = page.getByTestId('settings-group-speed');
    await expect(speed.getByTestId('speed-summary').innerText()).resolves.toMatch(
      /^Off: teams on foot have no speed limit/,
    );
    expect(await speed.getByTestId('speed-settings').count()).toBe(0);
    expect(await page.getByTestId('speed-areas').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('90 km/h');
    // The type is named in English; the Estonian word is not shown.
    const general = page.getByTestId('settings-group-general');
    await expect(general.getByTestId('setting-type').innerText()).resolves.toBe(
      'Rogaine (free order)',
    );
    expect(await page.locator('body').innerText()).not.toMatch(/\bValik\b/);
    await speed.scrollIntoViewIfNeeded();
    await speed.screenshot({ path: `e2e/artifacts/speed-section-foot-en.png` });

    // Opened, the limit is empty and says there is none; the penalty is here, not in Scoring.
    await speed.getByTestId('speed-toggle').click();
    await speed.getByTestId('speed-settings').waitFor();
    expect(await speed.getByTestId('settings-speed-limit').inputValue()).toBe('');
    await expect(speed.innerText()).resolves.toContain('Empty: no limit');
    await speed.getByTestId('setting-speedpenalty').waitFor();
    await page.getByTestId('speed-areas').waitFor();

    // A race: the type's help names its limit, and the section says 90 km/h.
    await general.getByTestId('setting-type').click();
    await page.getByTestId('setting-type-option-race').click();
    await expect(general.getByTestId('setting-type-help').innerText()).resolves.toContain(
      'Speed limit 90 km/h',
    );
    await expect
      .poll(() => speed.getByTestId('speed-summary').innerText(), { timeout: 5000 })
      .toContain('Speed limit 90 km/h');
    await page.reload();
    await page.getByTestId('settings-group-speed').getByTestId('speed-settings').waitFor();
    await expect(
      page.getByTestId('settings-group-general').getByTestId('setting-type').innerText(),
    ).resolves.toBe('Navigation race');
    await page.getByTestId('settings-group-speed').screenshot({
      path: `e2e/artifacts/speed-section-race-en.png`,
    });

    // Estonian, on a phone: the rogaine's words in Estonian, the section closed again.
    const back = await organiser.request.patch(`${platform.url}/api/events/${event.id}/settings`, {
      data: { settings: { type: 'valik' } },
    });
    expect(back.status()).toBe(200);
    await page.setViewportSize(PHONE);
    await openSettings(page, platform.url, url, 'et');
    const et = page.getByTestId('settings-group-speed');
    await expect(et.getByTestId('speed-summary').innerText()).resolves.toMatch(
      /^Väljas: jalgsi liikuvatel võistkondadel pole kiiruspiirangut/,
    );
    await expect(
      page.getByTestId('settings-group-general').getByTestId('setting-type').innerText(),
    ).resolves.toBe('Valik (vaba järjekord)');
    const etScoring = await page.getByTestId('settings-group-scoring').innerText();
    expect(etScoring).not.toContain('Karistus kiiruseületamise trahvi kohta');
    expect(etScoring).not.toContain('km/h');
    await et.scrollIntoViewIfNeeded();
    await et.screenshot({ path: `e2e/artifacts/speed-section-foot-et-phone.png` });
    await et.getByTestId('speed-toggle').click();
    await et.getByTestId('speed-settings').waitFor();
    await expect(et.innerText()).resolves.toContain('Tühi: piirangut pole');
    await screenshot(page, 'speed-section-open-et-phone', false);

    // The event page's chip and the home list name the type in the reader's language.
    await page.goto(`${platform.url}/${event.id}`);
    await page.getByText('Valik (vaba järjekord)').first().waitFor();
    await useLanguage(page, platform.url, 'en');
    await page.setViewportSize(DESKTOP);
    await page.goto(platform.url);
    await page
      .getByText(/Rogaine \(free order\)/)
      .first()
      .waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/\bValik\b/);
    await organiser.close();
  });

  it("the join code dialog shows each end as the end of a day in the event's time zone", async () => {
    const { platform, browser } = env;
    const organiser = await organiserContext(browser, platform, 'zone@example.ee');
    const event = await createEvent(organiser, platform, 'zonerogaine');
    const page = await organiser.newPage();
    await useLanguage(page, platform.url, 'en');

    const open = async () => {
      await page.goto(`${platform.url}/${event.id}/teams`);
      // Below the md breakpoint the Teams tab's tools are in a menu.
      if ((page.viewportSize()?.width ?? 0) < 900) {
        await page.getByTestId('teams-tools').click({ timeout: 15_000 });
      }
      await page.getByTestId('teams-open-joincodes').click({ timeout: 15_000 });
      await page.getByTestId('joincodes-dialog').waitFor();
      await page.getByTestId('joincodes-create').click();
      await page.getByTestId('joincode-create-dialog').waitFor();
    };
    await open();
    const month = page.getByTestId('joincode-validity-1m');
    await expect
      .poll(() => month.innerText(), { timeout: 10_000 })
      .toMatch(/^1 month: until the end of \d{2} \w+ \d{4} \(Europe\/Tallinn\)$/);
    await expect(page.getByTestId('joincode-create-zone').innerText()).resolves.toContain(
      'Europe/Tallinn',
    );
    expect(await page.getByTestId('joincode-create-dialog').innerText()).not.toContain('20:59');
    await page.waitForTimeout(400);
    await page.getByTestId('joincode-create-dialog').screenshot({
      path: 'e2e/artifacts/joincode-expiry-en.png',
    });
    await page.getByTestId('joincode-validity-1w').click();
    await page.getByTestId('joincode-create-code').fill('ZONE01');
    await page.getByTestId('joincode-create-submit').click();
    await page.getByTestId('joincode-share-dialog').waitFor();

    // Stored as the end of that day in Tallinn: 23:59:59.999 local time.
    const codes = (await (
      await organiser.request.get(`${platform.url}/api/events/${event.id}/joincodes`)
    ).json()) as JoinCodeView[];
    const [made] = codes;
    expect(made?.timeZone).toBe('Europe/Tallinn');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tallinn',
      timeStyle: 'medium',
    }).format(made!.valid);
    expect(local).toBe('23:59:59');
    expect(made!.valid % 1000).toBe(999);
    const days = (made!.valid - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);

    // The list says the same; an event elsewhere shows its own zone, in Estonian too.
    await page.getByTestId('joincode-share-close').click();
    await expect(page.getByTestId('joincode-valid-ZONE01').innerText()).resolves.toMatch(
      /^the end of \d{2} \w+ \d{4} \(Europe\/Tallinn\)$/,
    );
    const helsinki = await organiser.request.patch(
      `${platform.url}/api/events/${event.id}/settings`,
      { data: { settings: { timezone: 'Europe/Helsinki' } } },
    );
    expect(helsinki.status()).toBe(200);
    await useLanguage(page, platform.url, 'et');
    await page.setViewportSize(PHONE);
    await open();
    await expect
      .poll(() => page.getByTestId('joincode-validity-1m').innerText(), { timeout: 10_000 })
      .toMatch(/^1 kuu: kuni \d{1,2}\. \S+ \d{4} k\.a \(Europe\/Helsinki\)$/);
    await page.waitForTimeout(400);
    await screenshot(page, 'joincode-expiry-et-phone', false);
    await page.getByTestId('joincode-create-dialog').getByRole('button', { name: 'Loobu' }).click();
    await expect(page.getByTestId('joincode-valid-ZONE01').innerText()).resolves.toMatch(
      /k\.a \(Europe\/Helsinki\)$/,
    );
    await screenshot(page, 'joincode-list-et-phone', false);

    // The time zone setting, in the general section.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${platform.url}/${event.id}/settings`);
    const zone = page.getByTestId('setting-timezone');
    await zone.waitFor({ timeout: 15_000 });
    expect(await zone.inputValue()).toBe('Europe/Helsinki');
    await page.getByTestId('setting-row-timezone').screenshot({
      path: 'e2e/artifacts/timezone-setting-et.png',
    });
    await organiser.close();
  });
});

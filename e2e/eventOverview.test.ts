import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '@rada/core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

/** A laptop and a phone (issue 34: every item on both). */
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = [
  {
    lang: 'en',
    inwork: 'In work: KP 2',
    nolocation: 'No location: KP 3, KP 12',
    noanswer: 'No correct answer: KP 4',
    left: '4 KPs need attention',
    noloc: 'No location',
    notfound: 'Not found',
    nopage: 'The event has no page “history”.',
    archived: 'In the archive',
    held: ['3', '12', '5', '0'],
  },
  {
    lang: 'et',
    inwork: 'Töös: KP 2',
    nolocation: 'Asukohata: KP 3, KP 12',
    noanswer: 'Õige vastus puudub: KP 4',
    left: '4 KP-d vajavad tähelepanu',
    noloc: 'Asukohata',
    notfound: 'Ei leitud',
    nopage: 'Üritusel pole lehte „history“.',
    archived: 'Arhiivis',
    held: ['3', '12', '5', '0'],
  },
] as const;

/** The event of these tests: 12 KPs, of which KP 2 is in work, 3 and 12 have no location, 4 no answer. */
function eventFile(uid: string) {
  const now = Date.now();
  const kp: Record<string, object> = {};
  const kpdata: Record<string, object> = {};
  const kpanswer: Record<string, string> = {};
  for (let nr = 1; nr <= 12; nr++) {
    kp[`k${nr}`] = { nr, ra: 1, ...(nr === 2 ? { inwork: true } : {}) };
    kpdata[`k${nr}`] = {
      desc: `Place ${nr}`,
      ...(nr === 3 || nr === 12 ? {} : { loc: { lat: 58.38 + nr / 1000, lng: 26.72 } }),
      ...(nr === 4 || nr === 5 ? { responses: { a: 'Red', b: 'Green' } } : {}),
    };
    if (nr === 5) kpanswer[`k${nr}`] = 'a';
  }
  return {
    version: 2,
    events: {
      name: 'Overview day',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [uid]: 'owner' },
    },
    eventsdata: { data: {}, kp, kpdata, kpanswer },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1, allowed: true },
        bravo: { name: 'Bravo', nr: 2, allowed: true },
        charlie: { name: 'Charlie', nr: 3, allowed: true },
      },
      kpanswers: {
        alpha: { k1: { answer: 'r1', aeg: now - 60_000 }, k5: { answer: 'a', aeg: now } },
        bravo: { k1: { aeg: now - 30_000 }, k6: { aeg: now - 20_000 }, k7: { aeg: now } },
      },
    },
    evdoc: {},
  };
}

describe("the organiser's overview, KP grid and unknown addresses", () => {
  const env = usePlatform();
  const eventId = 'overview-day';
  const archivedId = 'overview-archived';
  let cookie = '';

  beforeAll(async () => {
    const { platform } = env;
    const signup = await fetch(`${platform.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'overview@example.ee',
        password: 'overview-pass',
        displayName: 'Olga',
      }),
    });
    expect(signup.status).toBe(201);
    cookie = signup.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-overview-'));
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(eventFile(uid)));
    for (const id of [eventId, archivedId]) {
      const imported = await platform.cli('import', file, '--id', id);
      expect(imported.code, imported.err).toBe(0);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    // The second event is archived.
    const started = await fetch(`${platform.url}/api/events/${archivedId}/archive`, {
      method: 'POST',
      headers: { cookie, origin: platform.url },
    });
    expect(started.status).toBe(202);
    const job = (await started.json()) as JobView;
    for (let state = job.state; state === 'running';) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await fetch(`${platform.url}/api/jobs/${job.id}`, { headers: { cookie } });
      state = ((await res.json()) as JobView).state;
      expect(state).not.toBe('failed');
    }
  });

  /** A browser of `size`, signed in as the organiser, reading `lang`. */
  async function openAsOrganiser(size: (typeof SIZES)[number], lang: string) {
    const context = await env.browser.newContext({
      viewport: { width: size.width, height: size.height },
    });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: env.platform.url }]);
    await context.addInitScript(`localStorage.setItem('rada.lang', '${lang}')`);
    return { context, page: await context.newPage() };
  }

  for (const size of SIZES) {
    for (const l of LANGUAGES) {
      it(`names the KPs needing attention and opens one in the grid at ${size.name} in ${l.lang}`, async () => {
        const { context, page } = await openAsOrganiser(size, l.lang);
        try {
          await page.goto(`${env.platform.url}/${eventId}`);
          const step = page.getByTestId('dash-step-kps');
          await step.waitFor();
          await expect(step.getAttribute('data-done')).resolves.toBe('false');
          // Four KPs, each counted once, each named under its reason.
          expect(await step.innerText()).toContain(l.left);
          await expect(page.getByTestId('dash-attention-inwork').innerText()).resolves.toBe(
            l.inwork,
          );
          await expect(page.getByTestId('dash-attention-nolocation').innerText()).resolves.toBe(
            l.nolocation,
          );
          await expect(page.getByTestId('dash-attention-noanswer').innerText()).resolves.toBe(
            l.noanswer,
          );
          await step.scrollIntoViewIfNeeded();
          await screenshot(page, `overview-attention-${size.name}-${l.lang}`);

          // KP 12 (past a 5-row page, should the grid page by 5) opens selected in the grid.
          await page.getByTestId('dash-attention-kp-12').click();
          await page.waitForURL(/\/kp\?kp=k12$/);
          const row = page.getByTestId('kp-row-12');
          await row.waitFor();
          await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
          const box = (await row.boundingBox())!;
          const grid = (await page.getByTestId('kp-grid').boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(grid.y);
          expect(box.y + box.height).toBeLessThanOrEqual(grid.y + grid.height + 1);
          // Its missing location is marked, with "No location" as the tooltip.
          const mark = row.getByTestId('kp-noloc');
          await expect(mark.getAttribute('title')).resolves.toContain(l.noloc);
          const fields = await page
            .getByTestId('kp-grid')
            .locator('.MuiDataGrid-columnHeader')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-field')));
          if (size.name === 'desktop') {
            // The location column is shown, with the words beside the mark.
            expect(fields).toContain('loc');
            expect(await mark.innerText()).toBe(l.noloc);
            expect(
              await page.getByTestId('kp-row-1').locator('[data-field="loc"]').innerText(),
            ).toBe('58.38100, 26.72000');
          } else {
            // A phone's grid has no location column: the number carries the mark.
            expect(fields).not.toContain('loc');
            expect(await row.locator('[data-field="nr"]').getByTestId('kp-noloc').count()).toBe(1);
          }
          // A ready KP's dot is green, an in-work one's blue.
          const dot = (nr: number) =>
            page
              .getByTestId(`kp-row-${nr}`)
              .locator('.kp-state-dot')
              .evaluate((el) => getComputedStyle(el).backgroundColor);
          await page.getByTestId('kp-row-1').scrollIntoViewIfNeeded();
          await expect(dot(1)).resolves.toBe('rgb(46, 125, 50)');
          await expect(dot(2)).resolves.toBe('rgb(30, 136, 229)');
          await row.scrollIntoViewIfNeeded();
          await screenshot(page, `kp-grid-linked-${size.name}-${l.lang}`, false);
        } finally {
          await context.close();
        }
      });

      it(`says not found under the event's tabs at ${size.name} in ${l.lang}`, async () => {
        const { context, page } = await openAsOrganiser(size, l.lang);
        try {
          await page.goto(`${env.platform.url}/${eventId}/history`);
          const notFound = page.getByTestId('notfound');
          await notFound.waitFor();
          expect(await notFound.innerText()).toContain(l.notfound);
          await expect(page.getByTestId('notfound-text').innerText()).resolves.toBe(l.nopage);
          // The tabs that exist are there, none chosen; the History tab opens the changes log.
          await page.getByTestId('event-tab-log').waitFor();
          expect(await page.locator('[role="tab"][aria-selected="true"]').count()).toBe(0);
          expect(await page.getByText(/coming soon|tulekul/i).count()).toBe(0);
          await screenshot(page, `event-notfound-${size.name}-${l.lang}`);
          await page.getByTestId('notfound-back').click();
          await page.getByTestId('dash').waitFor();
          // The app's own unknown address says the same.
          await page.goto(`${env.platform.url}/${eventId}/some/where`);
          await page.getByTestId('notfound').waitFor();
          expect(await page.getByText(/coming soon|tulekul/i).count()).toBe(0);
        } finally {
          await context.close();
        }
      });

      it(`shows what an archived event holds and how to restore it at ${size.name} in ${l.lang}`, async () => {
        const { context, page } = await openAsOrganiser(size, l.lang);
        try {
          await page.goto(`${env.platform.url}/${archivedId}`);
          const panel = page.getByTestId('dash-archive');
          await panel.waitFor();
          expect(await panel.innerText()).toContain(l.archived);
          const held = await Promise.all(
            ['teams', 'checkpoints', 'answers', 'registrations'].map((k) =>
              page.getByTestId(`dash-archive-${k}`).innerText(),
            ),
          );
          expect(held).toEqual(l.held);
          // Nothing of a live event's dashboard: no setup steps, no "No KPs yet".
          expect(await page.getByTestId('dash-setup').count()).toBe(0);
          expect(await page.getByTestId('dash-kps-none').count()).toBe(0);
          await page.getByTestId('dash-archive-restore').waitFor();
          await screenshot(page, `overview-archived-${size.name}-${l.lang}`);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('restores an archived event from its overview', async () => {
    const { context, page } = await openAsOrganiser(SIZES[0], 'en');
    try {
      await page.goto(`${env.platform.url}/${archivedId}`);
      await page.getByTestId('dash-archive-restore').click();
      await page.getByTestId('archive-confirm').click();
      await page.getByTestId('archive-done').waitFor({ timeout: 60_000 });
      await page.getByTestId('archive-close').click();
      // Live again: the setup steps are back, with the KPs needing attention.
      await page.getByTestId('dash-setup').waitFor();
      await page.getByTestId('dash-archive').waitFor({ state: 'detached' });
      await expect(page.getByTestId('dash-attention-inwork').innerText()).resolves.toBe(
        'In work: KP 2',
      );
    } finally {
      await context.close();
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { RegFormView } from '@rada/core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

const EVENT = 'regclass';
const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = [
  { lang: 'en', submit: 'Register', missing: 'Choose the class your team takes part in' },
  { lang: 'et', submit: 'Registreeri', missing: 'Vali klass, milles võistkond osaleb' },
] as const;

describe('registration with a class', () => {
  const env = usePlatform();

  beforeAll(async () => {
    const { platform } = env;
    const json = { 'content-type': 'application/json' };
    const signup = await fetch(`${platform.url}/api/auth/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: 'regclass-org@example.ee',
        password: 'organiser-pass',
        displayName: 'Org',
      }),
    });
    expect(signup.status).toBe(201);
    expect((await platform.cli('creator', 'regclass-org@example.ee')).code).toBe(0);
    const cookie = signup.headers.get('set-cookie')?.split(';')[0] ?? '';
    const headers = { ...json, cookie };
    const created = await fetch(`${platform.url}/api/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Autumn rogain',
        shortlink: EVENT,
        starttime: Date.now() + 86_400_000,
        endtime: null,
      }),
    });
    expect(created.status).toBe(201);
    const settings = await fetch(`${platform.url}/api/events/${EVENT}/settings`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({
        settings: {
          klassid: { open: { name: 'Open' }, veteran: { name: 'Veterans' } },
          regclassrequired: true,
        },
      }),
    });
    expect(settings.status).toBe(200);
  });

  for (const size of SIZES) {
    for (const l of LANGUAGES) {
      it(`a team chooses its class at ${size.width}×${size.height} in ${l.lang}`, async () => {
        const { platform, browser } = env;
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
        });
        await context.addInitScript(`localStorage.setItem('rada.lang', '${l.lang}')`);
        const team = `Team ${size.name} ${l.lang}`;
        try {
          const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
            data: {
              email: `regclass-${size.name}-${l.lang}@example.ee`,
              password: 'team-password',
              displayName: team,
            },
          });
          expect(signup.status()).toBe(201);
          const page = await context.newPage();
          await page.goto(`${platform.url}/${EVENT}/reg`);
          await page.getByTestId('reg-form').waitFor();
          await page.getByTestId('reg-field-teamname').locator('input').fill(team);

          // Without a class the form stays and says why; nothing is sent.
          await page.getByTestId('reg-submit').click();
          await expect(page.getByTestId('reg-form').innerText()).resolves.toContain(l.missing);
          const none = (await (
            await context.request.get(`${platform.url}/api/events/${EVENT}/reg`)
          ).json()) as RegFormView;
          expect(none.mine).toEqual([]);

          await page.getByTestId('reg-class').click();
          await page.getByTestId('reg-class-option-veteran').click();
          await screenshot(page, `reg-class-${size.name}-${l.lang}`);
          await expect(page.getByTestId('reg-submit').innerText()).resolves.toMatch(
            new RegExp(l.submit, 'i'),
          );
          await page.getByTestId('reg-submit').click();
          await page.getByTestId('reg-success').waitFor();
          // The team is told how to take part, as the team just registered.
          await expect(page.getByTestId('reg-success-play').getAttribute('href')).resolves.toMatch(
            new RegExp(`^/${EVENT}/play\\?team=[\\w-]+$`),
          );

          const view = (await (
            await context.request.get(`${platform.url}/api/events/${EVENT}/reg`)
          ).json()) as RegFormView;
          const mine = view.mine[0]!;
          expect(mine.klassid).toBe('veteran');
          await expect(page.getByTestId(`reg-mine-class-${mine.teamId}`).innerText()).resolves.toBe(
            'Veterans',
          );
          await expect(
            page.getByTestId(`reg-public-class-${mine.teamId}`).innerText(),
          ).resolves.toBe('Veterans');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `reg-class-done-${size.name}-${l.lang}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});

import { describe, expect, it } from 'vitest';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

describe('live updates', () => {
  const env = usePlatform();

  it("shows an organiser's change in another browser within a second, without reload", async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({ locale: 'en-GB' });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    expect((await platform.cli('creator', 'org@example.ee')).code).toBe(0);
    const created = await organiser.request.post(`${platform.url}/api/events`, {
      data: { name: 'Live test', shortlink: 'livetest', starttime: Date.now(), endtime: null },
    });
    expect(created.status()).toBe(201);

    const viewer = await browser.newContext({ locale: 'en-GB' });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${platform.url}/livetest`);
    await viewerPage.getByText('Live test').first().waitFor();
    // Let the page's socket subscribe before the change is made.
    await viewerPage.waitForFunction(
      () => (window as unknown as { __radaLive?: number }).__radaLive === 1,
      null,
      {
        timeout: 5000,
      },
    );

    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`${platform.url}/livetest/settings`);
    const nameField = organiserPage.getByTestId('settings-event-name');
    await nameField.fill('Live test renamed');
    const saved = organiserPage.waitForResponse(
      (r) => r.url().endsWith('/api/events/livetest') && r.request().method() === 'PATCH',
    );
    const response = await saved;
    expect(response.status()).toBe(200);

    const t0 = Date.now();
    await viewerPage.getByText('Live test renamed').first().waitFor({ timeout: 1000 });
    expect(Date.now() - t0).toBeLessThan(1000);
    await screenshot(viewerPage, 'realtime-viewer');
    await organiser.close();
    await viewer.close();
  });
});

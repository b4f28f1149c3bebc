import { describe, expect, it } from 'vitest';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';

describe('the API reference', () => {
  const env = usePlatform();

  it('shows the declared operations with their parameters, loaded without a CSP complaint', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    // Nothing leaves the server: no online validator, no CDN.
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(env.platform.url)) foreign.push(r.url());
    });
    await page.goto(`${env.platform.url}/api/docs/`);
    await page.getByText('Rada API').first().waitFor();
    await page.getByRole('heading', { name: 'Speed areas and tickets' }).waitFor();

    const operation = page
      .locator('.opblock')
      .filter({ hasText: '/api/events/{id}/speedareas/{areaId}' })
      .filter({ hasText: 'PUT' });
    await operation.locator('.opblock-summary').click();
    await operation.getByText('Who:').waitFor();
    expect(await operation.getByText("The event's id (its short link)").isVisible()).toBe(true);
    // The error answers name their keys.
    expect(await operation.getByText('error.unauthorized').first().isVisible()).toBe(true);
    await screenshot(page, 'api-docs');

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

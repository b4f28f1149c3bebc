import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultsView, SpeedArea, SpeedTicketRow } from '@rada/core';
import { resultsEventFile } from '../packages/server/src/test/resultsFixture.ts';
import { usePlatform } from './lifecycle.ts';
import { artifacts } from './support.ts';

describe('speed areas and tickets', () => {
  const env = usePlatform();

  it('lets the organiser draw an area; a team speeding in it gets a ticket and a penalty', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'speed@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };

    // An event running now, with the default speed settings and 5 points per ticket.
    const file = resultsEventFile(uid, Date.now() + 3_600_000);
    Object.assign(file.eventsdata.data, { speedpenalty: 5 });
    Object.assign(file, {
      evdoc: { speed: { limit: 90, over1: 2, delay1: 10, over2: 10, delay2: 5 }, speedareas: {} },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-speed-'));
    const eventFile = path.join(dir, 'event.json');
    fs.writeFileSync(eventFile, JSON.stringify(file));
    const imported = await platform.cli('import', eventFile, '--id', 'speedtest');
    expect(imported.code, imported.err).toBe(0);

    const page = await organiser.newPage();
    await page.goto(`${platform.url}/speedtest/settings`);
    const section = page.getByTestId('speed-areas');
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('speed-areas-empty').waitFor();

    // Draw: three clicks and a double-click on the map (tiles do not load; clicks still work).
    await section.getByTestId('speed-add-area').click();
    const map = section.getByTestId('speed-area-map');
    // Positions from the map's centre, read afresh: a screenshot may scroll the page.
    const at = async (dx: number, dy: number): Promise<[number, number]> => {
      const box = (await map.boundingBox())!;
      return [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy];
    };
    await page.mouse.click(...(await at(-120, -80)));
    await page.mouse.click(...(await at(120, -80)));
    await page.mouse.click(...(await at(120, 80)));
    await expect(section.getByTestId('speed-draw-hint').innerText()).resolves.toContain('3');
    await section.screenshot({ path: path.join(artifacts, 'speed-areas-drawing.png') });
    await page.mouse.dblclick(...(await at(-120, 80)));

    const dialog = page.getByTestId('speed-area-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Village');
    await dialog.getByLabel('Speed limit').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = section.getByTestId('speed-area-list');
    await list.getByText('Village').waitFor();
    await expect(list.innerText()).resolves.toContain('50 km/h');

    const areas = (await (
      await organiser.request.get(`${platform.url}/api/events/speedtest/speedareas`)
    ).json()) as Record<string, SpeedArea>;
    const [area] = Object.values(areas);
    expect(area).toMatchObject({ name: 'Village', limit: 50, restricted: false, timed: false });
    expect(area!.area).toHaveLength(4);
    // The clicks made a rectangle: corners in click order, top and bottom edges level.
    const [nw, ne, se, sw] = area!.area;
    expect(ne!.latitude).toBeCloseTo(nw!.latitude, 6);
    expect(sw!.latitude).toBeCloseTo(se!.latitude, 6);
    expect(se!.longitude).toBeCloseTo(ne!.longitude, 6);
    expect(sw!.longitude).toBeCloseTo(nw!.longitude, 6);
    expect(nw!.latitude).toBeGreaterThan(sw!.latitude);

    // A team member's phone sends 15 s at 80 km/h in the middle of the area (50 + 10 for 5 s).
    const lat = area!.area.reduce((s, p) => s + p.latitude, 0) / 4;
    const lng = area!.area.reduce((s, p) => s + p.longitude, 0) / 4;
    const code = await organiser.request.post(`${platform.url}/api/events/speedtest/joincodes`, {
      data: { singleteam: true, teamId: 'charlie', valid: Date.now() + 7 * 86_400_000 },
    });
    expect(code.status(), await code.text()).toBe(201);
    const phone = await browser.newContext();
    const member = await phone.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'driver@example.ee', password: 'driver-pass-1', displayName: 'Driver' },
    });
    expect(member.status()).toBe(201);
    const joined = await phone.request.post(`${platform.url}/api/join`, {
      data: { code: ((await code.json()) as { code: string }).code },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const device = await phone.request.put(`${platform.url}/api/devices/e2e-phone-1`, {
      data: { eventId: 'speedtest' },
    });
    expect(device.status(), await device.text()).toBe(200);
    const t0 = Date.now() - 10 * 60_000;
    const points = Array.from({ length: 16 }, (_, i) => ({
      t: t0 + i * 1000,
      y: lat,
      x: lng + i * 0.0004,
      s: 80 / 3.6,
      a: 5,
    }));
    const sent = await phone.request.post(`${platform.url}/api/devices/e2e-phone-1/locations`, {
      data: { points },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    expect(((await sent.json()) as { accepted: number }).accepted).toBe(16);

    // The open editor follows: the server recomputes the team shortly after its new points.
    const table = section.getByTestId('speed-tickets-table');
    await table.getByText('Charlie').waitFor({ timeout: 15_000 });
    await section.getByTestId('speed-recompute').click();
    await page.getByText('Tickets recomputed: 1').waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Heavy speeding');
    expect(rows[0]).toContain('80');
    expect(rows[0]).toContain('Village');
    await section.screenshot({ path: path.join(artifacts, 'speed-areas-editor.png') });

    const tickets = (await (
      await organiser.request.get(`${platform.url}/api/events/speedtest/speedtickets`)
    ).json()) as SpeedTicketRow[];
    expect(tickets.map((r) => [r.teamId, r.kind, r.limit])).toEqual([['charlie', 'over2', 50]]);

    // The results count it: 5 points off Charlie.
    let penalty: number | undefined;
    for (let i = 0; i < 50 && penalty !== 5; i++) {
      const res = await organiser.request.get(`${platform.url}/api/events/speedtest/results`);
      penalty = ((await res.json()) as ResultsView).results.find(
        (r) => r.teamId === 'charlie',
      )?.spdpenalty;
      if (penalty !== 5) await page.waitForTimeout(100);
    }
    expect(penalty).toBe(5);

    // Edit: restricted and timed draw it red and dashed; then delete it with a confirmation.
    await list.getByRole('button', { name: 'Edit' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Restricted').check();
    await dialog.getByLabel('Timed').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.getByText('Timed').waitFor();
    const outline = map.locator('path.leaflet-interactive').first();
    await expect(outline.getAttribute('stroke')).resolves.toBe('#d32f2f');
    await expect(outline.getAttribute('stroke-dasharray')).resolves.toBe('8 6');
    await section.screenshot({ path: path.join(artifacts, 'speed-areas-restricted.png') });
    // Shape: drag the north-east corner 60 px east and save.
    await list.getByRole('button', { name: 'Shape' }).click();
    const corner = map.locator('.rada-speed-vertex').nth(1);
    const cb = (await corner.boundingBox())!;
    await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
    await page.mouse.down();
    await page.mouse.move(cb.x + cb.width / 2 + 30, cb.y + cb.height / 2, { steps: 5 });
    await page.mouse.move(cb.x + cb.width / 2 + 60, cb.y + cb.height / 2, { steps: 5 });
    await page.mouse.up();
    await section.getByTestId('speed-save-shape').click();
    await section.getByTestId('speed-add-area').waitFor();
    const moved = (await (
      await organiser.request.get(`${platform.url}/api/events/speedtest/speedareas`)
    ).json()) as Record<string, SpeedArea>;
    const after = Object.values(moved)[0]!.area;
    expect(after[1]!.longitude).toBeGreaterThan(ne!.longitude);
    expect(after[1]!.latitude).toBeCloseTo(ne!.latitude, 2);
    expect(after[0]).toEqual(nw);

    await list.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('speed-delete-confirm').click();
    await section.getByTestId('speed-areas-empty').waitFor();

    fs.rmSync(dir, { recursive: true, force: true });
    await phone.close();
    await organiser.close();
  });
});

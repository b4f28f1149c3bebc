import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_FILE, FIRST_PAINT_KEYS } from '@rada/core';
import type { FirstPaintTexts } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { mapImage } from '../mapImages/testImages.ts';
import { fetchTile, placedMap } from '../mapImages/transferTestKit.ts';

// The first paint reads through the services; their dialects are tested with them.
const sqlite = testDialects()[0]!;

const INDEX =
  '<!doctype html><html lang="en"><head><title>Rada</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/shell-x.js"></script></body></html>';

/** Texts as the web build writes them: each key's text marked with its language. */
const TEXTS: FirstPaintTexts = Object.fromEntries(
  ['en', 'et'].map((lang) => [
    lang,
    Object.fromEntries(FIRST_PAINT_KEYS.map((key) => [key, `${lang}:${key}`])),
  ]),
) as FirstPaintTexts;

describe('the first rows of public pages in index.html', () => {
  let t: TestApp;
  let owner: TestUser;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-paint-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, FIRST_PAINT_FILE), JSON.stringify(TEXTS));
    t = await buildTestApp(sqlite, { webDist: dist });
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  async function newEvent(change?: (file: ReturnType<typeof resultsEventFile>) => void) {
    const id = uniqueShortlink('paint');
    const file = resultsEventFile(owner.uid);
    change?.(file);
    await importEvent(t, file, id);
    return id;
  }
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const rowIds = (html: string, kind: string) =>
    [...html.matchAll(new RegExp(`data-testid="${kind}-row-([^"]+)"`, 'g'))].map((m) => m[1]);

  it('writes the ranking of /result and /tulemus in the reader language, in the page order', async () => {
    const id = await newEvent();
    const en = await page(`/${id}/result`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/html/);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.headers['vary']).toMatch(/Accept-Language/);
    expect(en.headers['x-rada-first-paint']).toBe('1');
    expect(en.body).toContain(`<div id="root"><div class="fp" data-first-paint="/${id}/result">`);
    expect(en.body).toContain('Results test — en:results.title');
    expect(rowIds(en.body, 'results')).toEqual(['alpha', 'bravo', 'charlie']);
    expect(en.body).toMatch(/data-testid="results-row-alpha" data-place="1"/);
    // The app's own script still loads after the rows.
    expect(en.body).toContain('<script type="module" src="/assets/shell-x.js">');

    const et = await page(`/${id}/tulemus`, { 'accept-language': 'et-EE,et;q=0.9,en;q=0.8' });
    expect(et.body).toContain('<html lang="et">');
    expect(et.body).toContain('et:results.col.points');
    // The app's choice (its cookie) wins over the browser's languages.
    const chosen = await page(`/${id}/tulemus`, {
      'accept-language': 'et',
      cookie: 'rada.lang=en',
    });
    expect(chosen.body).toContain('en:results.col.points');
    expect(chosen.body).toContain('<html lang="en">');
  });

  it('escapes what organisers and teams typed', async () => {
    const id = await newEvent((file) => {
      file.events.name = 'Night & "Day"';
      file.teams.list.alpha.name = '<img src=x onerror=alert(1)>';
    });
    const res = await page(`/${id}/result`);
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('Night &amp; &quot;Day&quot;');
  });

  it("writes a name with String.replace patterns ($`, $', $&) as it is", async () => {
    const name = "a$`b$'c$&d";
    const id = await newEvent((file) => {
      file.teams.list.alpha.name = name;
    });
    const res = await page(`/${id}/result`);
    expect(res.body).toContain(`>a$\`b$&#39;c$&amp;d<`);
    // A pattern would have copied the page's head (or its tail) into the table.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('writes the responses matrix and the series standings', async () => {
    const id = await newEvent();
    const responses = await page(`/${id}/responses`);
    expect(rowIds(responses.body, 'responses')).toEqual(['alpha', 'bravo', 'charlie']);
    // Alpha answered k1 and k2 right; Bravo k2 wrong; the answers show after the end.
    const alpha = /data-testid="responses-row-alpha">(.*?)<\/tr>/.exec(responses.body)![1]!;
    expect(alpha.match(/m-ok/g)).toHaveLength(2);
    expect(alpha).toContain('>Yes<');
    const bravo = /data-testid="responses-row-bravo">(.*?)<\/tr>/.exec(responses.body)![1]!;
    expect(bravo).toContain('m-wrong');

    const cupId = uniqueShortlink('paintcup');
    const cup = await call(t.app, 'POST', '/api/cups', {
      as: owner,
      body: { id: cupId, name: 'Paint cup', year: 2026 },
    });
    expect(cup.status, JSON.stringify(cup.body)).toBe(201);
    for (const [method, url, body] of [
      ['POST', `/api/cups/${cupId}/events`, { eventId: id }],
      ['PATCH', `/api/cups/${cupId}`, { points: [25, 22, 20] }],
    ] as const) {
      const res = await call(t.app, method, url, { as: owner, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    const standings = await page(`/cup/${cupId}`);
    expect(standings.body).toContain('Paint cup 2026');
    expect(rowIds(standings.body, 'cup')).toHaveLength(2);
    expect(standings.body).toMatch(/<td class="b">I<\/td><td>Alpha<\/td><td class="n b">25<\/td>/);
  });

  it('writes the frame of the start screen and the registration page, with no times or dates', async () => {
    const id = await newEvent((file) => {
      file.events.name = 'Spring <b>rogain</b>';
    });
    const start = await page(`/${id}/start`, { 'accept-language': 'et' });
    expect(start.headers['x-rada-first-paint']).toBe('1');
    expect(start.body).toContain('<html lang="et">');
    expect(start.body).toContain(`data-first-paint="/${id}/start"`);
    expect(start.body).toMatch(
      /data-testid="start-screen"><div><h1>Spring &lt;b&gt;rogain&lt;\/b&gt; — et:start\.title<\/h1>/,
    );
    expect(start.body).toContain('et:common.loading');
    // The screen's times are in the reader's time zone: the app writes them, not the server.
    expect(start.body).not.toMatch(/\d\d:\d\d:\d\d/);

    const reg = await page(`/${id}/reg/`);
    expect(reg.body).toContain(`data-first-paint="/${id}/reg/"`);
    expect(reg.body).toContain(
      '<h1 data-testid="reg-event-name">Spring &lt;b&gt;rogain&lt;/b&gt;</h1><p>en:reg.title</p>',
    );
    expect(reg.body).toContain('en:app.name');
    // Other pages of the event get the plain page.
    for (const url of [`/${id}/reg/edit`, `/${id}/start/x`, `/${id}/play`]) {
      expect((await page(url)).body, url).toBe(INDEX);
    }
  });

  it('writes nothing the public may not see, and nothing for other pages', async () => {
    const hiddenResults = await newEvent();
    const hide = await call(t.app, 'PATCH', `/api/events/${hiddenResults}/settings`, {
      as: owner,
      body: { settings: { hideresults: true } },
    });
    expect(hide.status).toBe(200);
    for (const url of [
      `/${hiddenResults}/result`,
      `/${hiddenResults}/responses`,
      '/no-such-event/result',
      '/no-such-event/start',
      '/no-such-event/reg',
      '/cup/no-such-cup',
      `/${hiddenResults}/settings`,
      '/',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    // An admin reading their hidden results gets the app's page too: it asks with their session.
    const admin = await page(`/${hiddenResults}/result`, { cookie: owner.cookie });
    expect(admin.body).toBe(INDEX);
  });

  it("writes the live map's frame with its published map image's tiles, where the public sees the map", async () => {
    const id = await newEvent();
    const settings = async (values: Record<string, unknown>) => {
      const res = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
        as: owner,
        body: { settings: values },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await settings({ hidetracks: false, kpsinweb: true });
    // No map image yet: the frame with the tabs, the map's box loading.
    const bare = await page(`/${id}/map`);
    expect(bare.body).toContain(`data-first-paint="/${id}/map"`);
    expect(bare.body).toMatch(
      /<div class="fp-tabs"><span>en:event\.tab\.overview<\/span><span>en:event\.tab\.kp<\/span><span class="on">en:event\.tab\.map<\/span><\/div>/,
    );
    expect(bare.body).toContain('<div class="fp-map"><div class="fp-load"');
    // A map the admins have not published is not written.
    await placedMap(t, owner, id, await mapImage(1200, 800), 'Draft');
    expect((await page(`/${id}/map`)).body).not.toContain('first-paint-map');

    const forest = await placedMap(t, owner, id, await mapImage(1200, 800), 'Forest', {
      published: true,
    });
    const res = await page(`/${id}/map`, { 'accept-language': 'et' });
    expect(res.body).toContain('et:event.tab.map');
    const svg =
      /<svg viewBox="([^"]+)"[^>]*aria-label="Forest" data-testid="first-paint-map">(.*?)<\/svg>/.exec(
        res.body,
      );
    expect(svg, res.body).not.toBeNull();
    // The view is the image's extent in Web Mercator: about its 3 : 2, turned a little by the
    // grid's convergence near Tartu, and no more than a phone's width of tile pixels.
    const [, , w, h] = svg![1]!.split(' ').map(Number);
    expect(w! / h!).toBeGreaterThan(1.4);
    expect(w! / h!).toBeLessThan(1.55);
    expect(Math.max(w!, h!)).toBeLessThanOrEqual(640);
    const tiles = [...svg![2]!.matchAll(/<image href="([^"]+)" x="(\d+)" y="(\d+)"/g)];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(16);
    const prefix = forest.tiles!.url.slice(0, forest.tiles!.url.indexOf('{grid}')) + '3857/';
    for (const [, href] of tiles) {
      expect(href!.startsWith(prefix), href).toBe(true);
      // Each tile is one an anonymous reader gets, with the image on it.
      const tile = await fetchTile(t, null, href!.replaceAll('&amp;', '&'));
      expect(tile.status, href).toBe(200);
      expect(tile.type).toBe('image/webp');
    }
    // The tiles tile the view: one zoom, a whole grid of them from the first one's corner.
    const xs = new Set(tiles.map((m) => Number(m[2])));
    const ys = new Set(tiles.map((m) => Number(m[3])));
    expect(xs.size * ys.size).toBe(tiles.length);
    expect(Math.min(...xs, ...ys)).toBe(0);

    // Tracks hidden from the public: the live map is not theirs to see, so nothing is written.
    await settings({ hidetracks: true });
    expect((await page(`/${id}/map`)).body).toBe(INDEX);
  });

  it('compresses the page for browsers that accept it', async () => {
    const id = await newEvent();
    const br = await page(`/${id}/result`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('results-row-alpha');
    const gzip = await page(`/${id}/result`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('results-row-alpha');
  });
});

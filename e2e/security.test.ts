import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { usePlatform } from './lifecycle.ts';
import { screenshot } from './support.ts';
import type { TestPlatform } from './support.ts';

const EVID = 'csptest';
const START = { lat: 58.378, lng: 26.729 };

/** An event running now: a device start at START, three KPs around it with locations. */
function eventFile(ownerUid: string) {
  const now = Date.now();
  const loc = (north: number, east: number) => ({
    lat: START.lat + north / 111_195,
    lng: START.lng + east / 58_000,
  });
  return {
    version: 2,
    events: {
      name: 'Headers race',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: {
        rakoef: [null, 10, 20],
        clientstart: true,
        startloc: START,
        maxstartdistance: 100,
        ajad: { normaalaeg: 120, lisaajad: [] },
      },
      conf: { enablewslocations: true },
      kp: { k1: { nr: 1, ra: 1 }, k2: { nr: 2, ra: 2 }, k3: { nr: 3, ra: 1 } },
      kpdata: {
        k1: { desc: 'Stone', loc: loc(300, 0) },
        k2: { desc: 'Bridge', loc: loc(300, 300) },
        k3: { desc: 'Tree', loc: loc(0, 300) },
      },
    },
    teams: {},
    evdoc: {},
  };
}

/** Imports the event as the organiser of `context` and returns a join code for it. */
async function setUpEvent(context: BrowserContext, platform: TestPlatform): Promise<string> {
  const signup = await context.request.post(`${platform.url}/api/auth/signup`, {
    data: { email: 'csp-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
  });
  expect(signup.status()).toBe(201);
  const { uid } = (await signup.json()) as { uid: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-csp-'));
  try {
    const file = path.join(dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(eventFile(uid)));
    const imported = await platform.cli('import', file, '--id', EVID);
    expect(imported.code, imported.err).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const created = await context.request.post(`${platform.url}/api/events/${EVID}/joincodes`, {
    data: { valid: Date.now() + 86_400_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { code: string }).code;
}

interface Problems {
  /** `securitypolicyviolation` events the pages saw. */
  violations: string[];
  /** Console errors, except failed loads of other hosts (map tiles: there is no network). */
  errors: string[];
  /** WebSocket paths that received at least one frame. */
  sockets: Set<string>;
}

/** Listens on every page of `context` for CSP violations, console errors and socket frames. */
async function watch(context: BrowserContext, origin: string): Promise<Problems> {
  const problems: Problems = { violations: [], errors: [], sockets: new Set() };
  await context.exposeBinding('__reportViolation', (_source, text: string) => {
    problems.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportViolation: (t: string) => void })
        .__reportViolation;
      void report(
        `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sample}) at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  context.on('page', (page) => {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const url = msg.location().url;
      const offline = /Failed to load resource/.test(msg.text()) && !url.startsWith(origin);
      if (!offline) problems.errors.push(`${msg.text()} @ ${url}`);
    });
    page.on('pageerror', (error) => problems.errors.push(`page error: ${error.message}`));
    page.on('websocket', (ws) => {
      ws.on('framereceived', () => problems.sockets.add(new URL(ws.url()).pathname));
    });
  });
  return problems;
}

/** A GET whose answer is left as it came (fetch would undo the Content-Encoding). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** No CSP violation and no console error so far. */
function expectClean(problems: Problems, where: string): void {
  expect(problems.violations, where).toEqual([]);
  expect(problems.errors, where).toEqual([]);
}

/** Waits until the map has drawn (tiles are asked for, even if they cannot arrive). */
async function mapDrawn(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).locator('.leaflet-container').waitFor();
  await page.getByTestId(testId).locator('.leaflet-tile-container img').first().waitFor({
    state: 'attached',
  });
  // Let late styles, images and socket frames arrive before judging.
  await page.waitForTimeout(1000);
}

describe('the web app under its Content-Security-Policy', () => {
  const env = usePlatform();

  it('home, the KP map, the live map and the participant app run without a CSP violation', async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1400, height: 900 },
    });
    const problems = await watch(organiser, platform.url);
    const code = await setUpEvent(organiser, platform);
    const page = await organiser.newPage();

    const home = await page.goto(platform.url);
    // The policy is on; whether the app runs under it is what the listeners below judge.
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The inline boot script (allowed by its hash, nothing else inline) ran before the app.
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(
      await page.evaluate(() => typeof (window as { __radaPrefetch?: object }).__radaPrefetch),
    ).toBe('object');
    await page.getByTestId('home-myevents').getByText('Headers race').waitFor();
    await screenshot(page, 'security-home');
    expectClean(problems, 'home');

    await page.goto(`${platform.url}/${EVID}/kp`);
    await mapDrawn(page, 'kp-map');
    expect(await page.locator('.leaflet-marker-icon').count()).toBeGreaterThan(0);
    await screenshot(page, 'security-kp-map');
    expectClean(problems, 'KP map');

    await page.goto(`${platform.url}/${EVID}/map`);
    await mapDrawn(page, 'live-map');
    await expect.poll(() => problems.sockets.has('/listen'), { timeout: 5000 }).toBe(true);
    await screenshot(page, 'security-live-map');
    expectClean(problems, 'live map');

    // A phone at the start joins, starts and opens its map.
    const phone = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: START.lat, longitude: START.lng, accuracy: 5 },
    });
    const phoneProblems = await watch(phone, platform.url);
    const signup = await phone.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'csp-phone@example.ee', password: 'phone-pass-1', displayName: 'Phone' },
    });
    expect(signup.status()).toBe(201);
    const joined = await phone.request.post(`${platform.url}/api/join`, {
      data: { code, teamName: 'Phones' },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const play = await phone.newPage();
    await play.goto(`${platform.url}/play`);
    await play.getByTestId('play-home').waitFor();
    expectClean(phoneProblems, '/play');
    await play.goto(`${platform.url}/${EVID}/play`);
    await play.getByTestId('play-prestart').waitFor();
    expect(
      await play.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active !== null)),
    ).toBe(true);
    await play.waitForFunction(
      () => !(document.querySelector('[data-testid="play-start"]') as HTMLButtonElement).disabled,
    );
    await play.getByTestId('play-start').click();
    await play.getByTestId('play-running').waitFor();
    await play.getByTestId('play-tab-map').click();
    await mapDrawn(play, 'play-map');
    await screenshot(play, 'security-play-map');

    expectClean(phoneProblems, 'participant map');
    // The app's own socket worked under the Origin check.
    expect(problems.sockets.has('/api/ws')).toBe(true);
    await phone.close();
    await organiser.close();
  });

  it('serves hashed assets compressed and cached for good, index.html revalidated', async () => {
    const { platform, browser } = env;
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: {
      url: string;
      encoding: string | undefined;
      cache: string | undefined;
      length: number;
    }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js')) {
        const headers = res.headers();
        scripts.push({
          url: res.url(),
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
          length: Number(headers['content-length'] ?? 0),
        });
      }
    });
    const index = await page.goto(platform.url);
    expect(index?.headers()['cache-control']).toBe('no-cache');
    await page.getByTestId('home-signinprompt').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      // Chromium asks for gzip over plain http and adds br over https or localhost; files of
      // 1 KB or less have no compressed copy.
      if (s.encoding === undefined) expect(s.length, s.url).toBeLessThanOrEqual(1024);
      else expect(['br', 'gzip'], s.url).toContain(s.encoding);
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
    }

    // Asked for brotli, the server sends the build's brotli copy of the biggest script (the
    // shell chunk; the bundler runtime beside it is under 1 KB).
    const html = await (await context.request.get(platform.url)).text();
    const main = /src="(\/assets\/shell-[^"]+\.js)"/.exec(html)?.[1];
    expect(main).toBeDefined();
    const br = await rawGet(`${platform.url}${main!}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await rawGet(`${platform.url}${main!}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    for (const url of ['/sw.js', '/manifest.webmanifest', '/some-event/play']) {
      const res = await fetch(`${platform.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
    await context.close();
  });
});

describe('writes from a page of another port of the same host (issue 33, item 6)', () => {
  const env = usePlatform();
  const XSITE = 'xsitetest';

  /** A GPX track of three points in the last minutes (what the import would store). */
  function gpx(): string {
    const at = (i: number) => new Date(Date.now() - (10 - i) * 60_000).toISOString();
    const points = [0, 1, 2]
      .map((i) => `<trkpt lat="${58.378 + i / 1000}" lon="26.729"><time>${at(i)}</time></trkpt>`)
      .join('');
    return `<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points}</trkseg></trk></gpx>`;
  }

  it("a no-cors text/plain post carries the organiser's cookie and is refused: nothing is written", async () => {
    const { platform, browser } = env;
    const organiser = await browser.newContext();
    const signup = await organiser.request.post(`${platform.url}/api/auth/signup`, {
      data: { email: 'xsite-org@example.ee', password: 'organiser-pass', displayName: 'Org' },
    });
    expect(signup.status()).toBe(201);
    const { uid } = (await signup.json()) as { uid: string };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-xsite-'));
    const now = Date.now();
    const file = {
      version: 2,
      events: {
        name: 'Cross-site',
        starttime: now - 3_600_000,
        endtime: now + 3_600_000,
        hidden: false,
        admins: { [uid]: 'owner' },
      },
      eventsdata: { data: {}, kp: {}, kpdata: {}, kpanswer: {} },
      teams: { list: { alpha: { name: 'Alpha', nr: 1 }, bravo: { name: 'Bravo', nr: 2 } } },
      evdoc: {},
    };
    try {
      fs.writeFileSync(path.join(dir, 'event.json'), JSON.stringify(file));
      const imported = await platform.cli('import', path.join(dir, 'event.json'), '--id', XSITE);
      expect(imported.code, imported.err).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The attacker's page: the same host (localhost, so the same site and the cookie goes
    // along under SameSite=Lax), another port.
    const attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>x</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const port = (attacker.address() as { port: number }).port;
    try {
      const page = await organiser.newPage();
      // The page cannot read the answers; the browser's own network log can.
      const cdp = await organiser.newCDPSession(page);
      await cdp.send('Network.enable');
      const urls = new Map<string, string>();
      const answers: [string, number][] = [];
      cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
      cdp.on('Network.responseReceivedExtraInfo', (e) => {
        const url = urls.get(e.requestId);
        if (url?.startsWith(platform.url)) answers.push([new URL(url).pathname, e.statusCode]);
      });
      await page.goto(`http://localhost:${port}/`);
      const api = `${platform.url}/api/events/${XSITE}`;
      const targets = [
        [`${api}/archive`, '{}'],
        [`${api}/wheel/draw`, '{}'],
        [`${api}/teams/alpha/track.gpx`, gpx()],
      ];
      await page.evaluate(async (posts) => {
        for (const [url, body] of posts) {
          // The answer is not the page's to read (Cross-Origin-Resource-Policy): the fetch
          // fails in the page, after the server has had the request.
          await fetch(url!, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            headers: { 'content-type': 'text/plain' },
            body,
          }).catch(() => undefined);
        }
      }, targets);
      await expect.poll(() => answers.length).toBe(3);
      expect(answers).toEqual(targets.map(([url]) => [new URL(url!).pathname, 403]));

      // Nothing was written: the event is not archived, no wheel draw, no track.
      const archive = await organiser.request.get(`${api}/archive`);
      expect(((await archive.json()) as { arch: unknown }).arch).toBeNull();
      const draws = await organiser.request.get(`${api}/wheel/draws`);
      expect(await draws.json()).toEqual([]);
      const tracks = (await (await organiser.request.get(`${api}/tracks`)).json()) as {
        teamId: string;
        stat: unknown;
      }[];
      expect(tracks.find((t) => t.teamId === 'alpha')?.stat).toBeNull();
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
      await organiser.close();
    }
  });
});

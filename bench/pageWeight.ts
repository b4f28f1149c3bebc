/**
 * pageWeight: what an anonymous visitor's phone downloads and waits for on the public pages
 * (`/{evid}/result`, `/tulemus`, `/responses`, `/start`, `/{evid}/reg`, `/cup/{cupid}`) of a
 * 2,000-team event, in real Chromium against the real server, on a cold visit (a new browser
 * context each time: no HTTP cache, no service worker).
 * - bytes: JavaScript bodies as transferred (compressed), from the DevTools protocol; `all` counts
 *   every response with its headers.
 * - slow phone: time from navigation to the page's first row (the first results row, the first
 *   cup row, the start screen, the registration heading) at 1.6 Mbps down, 150 ms RTT and the CPU
 *   slowed 4×; the median of 3 visits.
 * - desktop: the same, unthrottled.
 * - app: on both, the time until the app has drawn its own page (reported, not a target): where
 *   the server writes the page's first rows or frame into the HTML (packages/server/src/http/
 *   firstPaint.ts), the first figure is that and this one the app's taking over.
 * - scroll: frame intervals while the 2,000-team results page is scrolled to its end.
 * - live map with the event's own map image (issue 37; the current build only): an anonymous
 *   visitor's cold visit of `/{evid}/map` with a published 8,000 × 8,000 px map image under the
 *   KPs. "First view": from the navigation until every tile of the first view of the map image
 *   is drawn, the server's (its tiles in the HTML, packages/server/src/http/firstPaint.ts) or the
 *   app's (Leaflet's, after the event's map is read), whichever comes first; both are reported,
 *   and the app's also from the moment its map is on the page, with the page's JavaScript.
 * Baseline: the same pages of the web app as built at BASELINE_REF (the last commit before the
 * public pages were split from the organiser's app), built and measured in the same run.
 * Targets for the current build: JavaScript ≤ 200 KB, slow phone ≤ 2.5 s, desktop ≤ 1 s, scroll
 * p95 ≤ 50 ms; the map image's first view on the slow phone ≤ 1.5 s.
 * PAGE_WEIGHT_ONLY=livemap measures the live map alone (no baseline, no public pages).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, startPlatform } from '../e2e/support.ts';
import type { TestPlatform } from '../e2e/support.ts';
import type { BenchResult } from './harness.ts';
import { signUpAt } from './harness.ts';
import { loadEvent } from './loadEvent.ts';
import { mapLikeRaw } from './mapTiles.ts';

/** The web app before the split; PAGE_WEIGHT_BASELINE names another commit. */
const BASELINE_REF = process.env.PAGE_WEIGHT_BASELINE ?? 'bf1af4b';
const TEAMS = 2000;
const KPS = 60;
const VISITS = Number(process.env.PAGE_WEIGHT_VISITS ?? 3);
/** A visit that shows nothing in this time counts as never (∞), and its page gets no more. */
const VISIT_TIMEOUT_MS = 60_000;
const JS_TARGET_BYTES = 200 * 1000;
const SLOW_TARGET_MS = 2500;
const DESKTOP_TARGET_MS = 1000;
const FRAME_P95_TARGET_MS = 50;
const MAP_VIEW_TARGET_MS = 1500;
/** `livemap`: only the live map with its map image. */
const ONLY = process.env.PAGE_WEIGHT_ONLY;
/** The slow phone: 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4× slower. */
const SLOW = { latency: 150, down: 1_600_000 / 8, up: 750_000 / 8, cpu: 4 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'packages/web/node_modules/vite/bin/vite.js');

/** Builds the web app of `tree` (a checkout with packages/web) into `outDir`. */
function build(tree: string, outDir: string) {
  // The config loader of packages/web's build script (its plugin reads @rada/core's TypeScript).
  const args = ['build', '--configLoader', 'runner', '--outDir', outDir, '--logLevel', 'error'];
  execFileSync(process.execPath, [vite, ...args], {
    cwd: path.join(tree, 'packages/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The baseline build: the tree at `ref` extracted from git next to this one's installed
 * packages (its own @rada/core), built once and kept in the temporary folder. What the baseline
 * imported and the app no longer does (proj4leaflet) is a dev dependency of the bench package.
 */
function baselineBuild(ref: string): string {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(os.tmpdir(), `rada-pageweight-${commit}`);
  const dist = path.join(dir, 'dist');
  // Written after a whole build: a failed one can leave index.html behind.
  const built = path.join(dir, 'built');
  if (fs.existsSync(built)) return dist;
  const tree = path.join(dir, 'tree');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(tree, { recursive: true });
  execFileSync(
    'sh',
    [
      '-c',
      `git archive ${commit} tsconfig.base.json packages/web packages/core | tar -x -C "${tree}"`,
    ],
    {
      cwd: root,
    },
  );
  const modules = path.join(tree, 'node_modules');
  fs.mkdirSync(path.join(modules, '@rada'), { recursive: true });
  for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (name === '@rada' || name.startsWith('.')) continue;
    fs.symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  fs.symlinkSync(path.join(tree, 'packages/core'), path.join(modules, '@rada/core'));
  fs.symlinkSync(
    path.join(root, 'packages/web/node_modules'),
    path.join(tree, 'packages/web/node_modules'),
  );
  build(tree, dist);
  fs.writeFileSync(built, commit);
  return dist;
}

interface Visit {
  jsBytes: number;
  allBytes: number;
  ms: number;
  /** Until the app's own page is drawn. */
  appMs: number;
}

/** How long a visit waits for the app's page once the first row is shown. */
const APP_TIMEOUT_MS = 15_000;

/** One request of a visit: its times (seconds, the browser's clock) and body bytes. */
interface Request {
  path: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
}

/**
 * A fresh page with the cache off, slowed like a phone when `slow` (network and CPU), and the
 * bytes it has received so far: all, and of scripts (bodies as transferred: what arrived by the
 * end less what had arrived with the headers).
 */
async function profiledPage(
  browser: Browser,
  slow: boolean,
): Promise<{
  context: BrowserContext;
  page: Page;
  bytes: () => { jsBytes: number; allBytes: number; requests: Request[] };
}> {
  const context = await browser.newContext({
    viewport: slow ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slow) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW.latency,
      downloadThroughput: SLOW.down,
      uploadThroughput: SLOW.up,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpu });
  }
  const heads = new Map<string, { type: string; headerBytes: number; url: string }>();
  const starts = new Map<string, number>();
  const requests: Request[] = [];
  let jsBytes = 0;
  let allBytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => starts.set(e.requestId, e.timestamp));
  cdp.on('Network.responseReceived', (e) =>
    heads.set(e.requestId, {
      type: e.type,
      headerBytes: e.response.encodedDataLength,
      url: e.response.url,
    }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const head = heads.get(e.requestId);
    allBytes += e.encodedDataLength;
    if (head?.type === 'Script') jsBytes += e.encodedDataLength - head.headerBytes;
    if (head) {
      const url = new URL(head.url);
      requests.push({
        path: url.pathname + url.search,
        type: head.type,
        start: starts.get(e.requestId) ?? e.timestamp,
        end: e.timestamp,
        bytes: e.encodedDataLength - head.headerBytes,
      });
    }
  });
  return { context, page, bytes: () => ({ jsBytes, allBytes, requests }) };
}

/**
 * One cold visit of `url` until `selector` is shown, throttled like a slow phone when `slow`;
 * `then` runs on the page before its context is closed.
 */
async function visit(
  browser: Browser,
  url: string,
  { selector, app }: { selector: string; app: string },
  slow: boolean,
  then?: (page: Page) => Promise<void>,
): Promise<Visit> {
  const { context, page, bytes } = await profiledPage(browser, slow);
  try {
    // The moment the row appears, as the page's own clock reads it (time since the navigation
    // started), noted by a mutation observer: waiting with a locator would poll inside the page
    // on every frame, and on a CPU slowed 4× that polling delays the page it measures.
    await page.addInitScript(`{
      const selector = ${JSON.stringify(selector)};
      const app = ${JSON.stringify(app)};
      const observer = new MutationObserver(() => {
        if (window.__shownAt === undefined && document.querySelector(selector)) {
          window.__shownAt = performance.now();
        }
        if (window.__appAt === undefined && document.querySelector(app)) {
          window.__appAt = performance.now();
        }
        if (window.__shownAt !== undefined && window.__appAt !== undefined) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }`);
    await page.goto(url, { waitUntil: 'commit' });
    // The moment the page noted under `name`, or Infinity after `timeout`.
    const noted = (name: '__shownAt' | '__appAt', timeout: number) =>
      page
        .waitForFunction((key) => (window as unknown as Record<string, number>)[key], name, {
          polling: 250,
          timeout,
        })
        .then(
          (at) => at.jsonValue() as Promise<number>,
          () => Infinity,
        );
    const ms = await noted('__shownAt', VISIT_TIMEOUT_MS);
    if (ms === Infinity) return { ...bytes(), ms, appMs: Infinity };
    const appMs = await noted('__appAt', APP_TIMEOUT_MS);
    await page.waitForLoadState('networkidle');
    await then?.(page);
    return { ...bytes(), ms, appMs };
  } finally {
    await context.close();
  }
}

/** Frame intervals while the page is scrolled from top to bottom, 200 px a frame. */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const intervals: number[] = [];
    let last = performance.now();
    for (let y = 0; y < document.documentElement.scrollHeight - innerHeight; y += 200) {
      scrollTo(0, y);
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
    }
    return intervals;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const msText = (ms: number, timeout = VISIT_TIMEOUT_MS) =>
  ms === Infinity ? `> ${timeout} ms` : `${ms.toFixed(0)} ms`;

/**
 * Seeds the event (2,000 teams, owned by a signed-up user) and a cup with it; answers the owner's
 * session cookie.
 */
export async function seed(platform: TestPlatform, dir: string): Promise<string> {
  const me = await signUpAt(platform.url, 'weight@example.ee', 'Weight');
  const { cookie } = me;
  const json = { 'content-type': 'application/json', cookie };
  const file = path.join(dir, 'weight.json');
  fs.writeFileSync(file, JSON.stringify(loadEvent(TEAMS, KPS, { [me.uid]: 'owner' })));
  const imported = await platform.cli('import', file, '--id', 'weight');
  if (imported.code !== 0) throw new Error(`import failed: ${imported.err}`);
  const post = (url: string, body: unknown, method = 'POST') =>
    fetch(`${platform.url}${url}`, { method, headers: json, body: JSON.stringify(body) }).then(
      async (res) => {
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      },
    );
  await post('/api/cups', { id: 'weightcup', name: 'Weight cup', year: 2026 });
  await post('/api/cups/weightcup/events', { eventId: 'weight' });
  await post('/api/cups/weightcup', { points: [25, 22, 20, 18, 16, 15, 14, 13, 12, 11] }, 'PATCH');
  return cookie;
}

/**
 * The map image's size (px) and scale (m a pixel): an 8 km square, as a rogaine map's, and as
 * large as issue 37's map (8,000 × 8,000 px).
 */
const MAP_PX = 8000;
const MAP_M_PER_PX = 1;

/**
 * A map-like image (mapTiles' vegetation, contours, paths, streams and glyphs), encoded as JPEG
 * as an organiser's scan would come: its tiles weigh what a real map's do, unlike a flat
 * colour's. Drawn as raw pixels: librsvg took over 19 minutes for the SVG this drew before.
 */
function mapImageJpeg(): Promise<Buffer> {
  return sharp(mapLikeRaw(MAP_PX, MAP_PX), { raw: { width: MAP_PX, height: MAP_PX, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Adds a published map image over the event's KPs (58.00–58.06 N, 26.00–26.06 E), placed in
 * Web Mercator with its centre on theirs, and waits until its tiles are cut.
 */
async function seedMapImage(platform: TestPlatform, cookie: string): Promise<void> {
  const headers = { cookie };
  const upload = await fetch(`${platform.url}/api/events/weight/maps?name=Weight%20map`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await mapImageJpeg()),
  });
  if (upload.status !== 201) throw new Error(`map upload: ${upload.status} ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };
  const R = 6378137;
  const cx = (R * 26.03 * Math.PI) / 180;
  const cy = R * Math.log(Math.tan(Math.PI / 4 + (58.03 * Math.PI) / 360));
  // Web Mercator metres are 1/cos(lat) ground metres.
  const m = MAP_M_PER_PX / Math.cos((58.03 * Math.PI) / 180);
  const half = (MAP_PX / 2) * m;
  const patch = await fetch(`${platform.url}/api/events/weight/maps/${id}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      placement: {
        crs: 'EPSG:3857',
        h: [m, 0, cx - half, 0, -m, cy + half, 0, 0, 1],
        source: 'worldfile',
      },
      published: true,
    }),
  });
  if (!patch.ok) throw new Error(`map placement: ${patch.status} ${await patch.text()}`);
  const started = Date.now();
  for (;;) {
    const maps = (await (
      await fetch(`${platform.url}/api/events/weight/maps`, { headers })
    ).json()) as { state: string; error: string | null }[];
    if (maps[0]?.state === 'ready') break;
    if (maps[0]?.state === 'failed') throw new Error(`map cut failed: ${maps[0].error}`);
    if (Date.now() - started > 120_000) throw new Error('map cut took over 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(
    `pageWeight: live map: a ${MAP_PX} × ${MAP_PX} px map image cut in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface MapVisit {
  /** The visit's requests, for PAGE_WEIGHT_ONLY=livemap's waterfall. */
  requests: Request[];
  jsBytes: number;
  /** Until the live map is on the page. */
  mapMs: number;
  /** Until every map image tile of the app's first view is drawn. */
  imageMs: number;
  tiles: number;
  /** Until every tile of the server's first view (firstPaint.ts) is drawn; ∞ without one. */
  paintMs: number;
  paintTiles: number;
}

/**
 * One cold visit of the live map (`url`), slowed like a phone when `slow`: when the map appears,
 * and when every map image tile Leaflet put in its first view has loaded (it adds them all at
 * once, and marks each `leaflet-tile-loaded`), as the page's own clock reads them.
 */
async function mapVisit(
  browser: Browser,
  url: string,
  slow: boolean,
  trace?: string,
): Promise<MapVisit> {
  const { context, page, bytes } = await profiledPage(browser, slow);
  if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
  try {
    await page.addInitScript(`{
      // The server's first view: the frame after its SVG's tiles have all arrived (an SVG image
      // sends no load event a listener outside it hears), while it is still on the page.
      const painted = () => [...document.querySelectorAll('[data-first-paint] svg image')];
      let paintUrls = null;
      const arrived = () => {
        if (window.__paintAt !== undefined || window.__paintGone !== undefined || !paintUrls) return;
        const done = new Set(performance.getEntriesByType('resource').map((e) => e.name));
        if (!paintUrls.every((u) => done.has(u))) return;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          if (window.__paintGone !== undefined) return;
          window.__paintAt = performance.now();
          window.__paintTiles = paintUrls.length;
        }));
      };
      new PerformanceObserver(arrived).observe({ type: 'resource', buffered: true });
      new MutationObserver((_, self) => {
        const images = painted();
        if (images.length > (paintUrls?.length ?? 0)) {
          paintUrls = images.map((i) => new URL(i.getAttribute('href'), location.href).href);
          arrived();
        }
        if (paintUrls && images.length === 0) {
          window.__paintGone = performance.now();
          self.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      const tiles = '.leaflet-tile-pane img[src*="/maps/"]';
      const observer = new MutationObserver(() => {
        if (window.__mapAt === undefined && document.querySelector('[data-testid="live-map"] .leaflet-container')) {
          window.__mapAt = performance.now();
        }
        const all = document.querySelectorAll(tiles);
        if (all.length > 0 && [...all].every((t) => t.classList.contains('leaflet-tile-loaded'))) {
          window.__imageAt = performance.now();
          window.__tiles = all.length;
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    }`);
    await page.goto(url, { waitUntil: 'commit' });
    const noted = (name: string) =>
      page
        .waitForFunction((key) => (window as unknown as Record<string, number>)[key], name, {
          polling: 250,
          timeout: VISIT_TIMEOUT_MS,
        })
        .then(
          (at) => at.jsonValue() as Promise<number>,
          () => Infinity,
        );
    const mapMs = await noted('__mapAt');
    const imageMs = mapMs === Infinity ? Infinity : await noted('__imageAt');
    const seen = await page.evaluate(() => {
      const w = window as unknown as Record<string, number | undefined>;
      return { tiles: w.__tiles ?? 0, paintAt: w.__paintAt, paintTiles: w.__paintTiles ?? 0 };
    });
    return {
      jsBytes: bytes().jsBytes,
      requests: bytes().requests,
      mapMs,
      imageMs,
      tiles: seen.tiles,
      paintMs: seen.paintAt ?? Infinity,
      paintTiles: seen.paintTiles,
    };
  } finally {
    if (trace) await browser.stopTracing();
    await context.close();
  }
}

/**
 * The live map with its map image: seeds the image, then VISITS cold visits on each profile.
 * Answers whether the first view on the slow phone met its target.
 */
async function measureLiveMap(browser: Browser, platform: TestPlatform, cookie: string) {
  await seedMapImage(platform, cookie);
  const url = `${platform.url}/weight/map`;
  const slow: MapVisit[] = [];
  const desktop: MapVisit[] = [];
  for (let i = 0; i < VISITS; i++) {
    // PAGE_WEIGHT_TRACE=file: a Chromium trace of the first slow visit (chrome://tracing).
    const trace = i === 0 && ONLY === 'livemap' ? process.env.PAGE_WEIGHT_TRACE : undefined;
    slow.push(await mapVisit(browser, url, true, trace));
    desktop.push(await mapVisit(browser, url, false));
  }
  if (ONLY === 'livemap') {
    // Where the first slow visit's time went: each request from the first one's start, in ms.
    const requests = [...(slow[0]?.requests ?? [])].sort((a, b) => a.start - b.start);
    const t0 = requests[0]?.start ?? 0;
    const ms = (s: number) => Math.round((s - t0) * 1000);
    console.log(
      `pageWeight: the live map's first slow visit, request by request (start–end ms, bytes):\n` +
        requests
          .map((r) => `  ${ms(r.start)}–${ms(r.end)} ${r.type} ${r.path} ${kb(r.bytes)}`)
          .join('\n'),
    );
  }
  // The first view of the map image, from the navigation: the server's (its tiles in the HTML)
  // or the app's (Leaflet's tiles), whichever is drawn first.
  const first = (v: MapVisit) => Math.min(v.paintMs, v.imageMs);
  const slowFirst = median(slow.map(first));
  const met = slowFirst <= MAP_VIEW_TARGET_MS;
  const profile = (visits: MapVisit[]) =>
    `server's view ${msText(median(visits.map((v) => v.paintMs)))} (${median(visits.map((v) => v.paintTiles))} tiles), ` +
    `the app's map ${msText(median(visits.map((v) => v.mapMs)))} and its image ` +
    `${msText(median(visits.map((v) => v.imageMs)))} (${median(visits.map((v) => v.tiles))} tiles, ` +
    `${msText(median(visits.map((v) => v.imageMs - v.mapMs)))} after the map)`;
  console.log(
    `pageWeight: live map with a map image: first view of the image ${msText(slowFirst)} from the ` +
      `navigation on the slow phone ${met ? 'OK' : 'OVER TARGET'} (${profile(slow)}); desktop ` +
      `${msText(median(desktop.map(first)))} (${profile(desktop)}); JS ` +
      `${kb(median(slow.map((v) => v.jsBytes)))} (reported); target: first view ≤ ` +
      `${MAP_VIEW_TARGET_MS} ms on the slow phone`,
  );
  return met;
}

/** Each page: its first row (`selector`) and an element only the app draws (`app`). */
export const PAGES: { name: string; path: string; selector: string; app: string }[] = [
  {
    name: 'result',
    path: '/weight/result',
    selector: '[data-testid^="results-row-"]',
    app: '[data-testid="results-page"]',
  },
  {
    name: 'tulemus',
    path: '/weight/tulemus',
    selector: '[data-testid^="results-row-"]',
    app: '[data-testid="results-page"]',
  },
  {
    name: 'responses',
    path: '/weight/responses',
    selector: '[data-testid^="responses-row-"]',
    app: '[data-testid="responses-page"]',
  },
  {
    name: 'start',
    path: '/weight/start',
    selector: '[data-testid="start-screen"], [data-testid="start-empty"]',
    app: '[data-testid="start-sound"]',
  },
  {
    name: 'reg',
    path: '/weight/reg',
    selector: '[data-testid="reg-event-name"]',
    app: '[data-testid="reg-page"]',
  },
  {
    name: 'cup',
    path: '/cup/weightcup',
    selector: '[data-testid^="cup-row-"]',
    app: '[data-testid="cup-page"]',
  },
];

interface PageFigures {
  jsBytes: number;
  allBytes: number;
  slowMs: number;
  desktopMs: number;
  slowAppMs: number;
  desktopAppMs: number;
}

/**
 * Every page of one build: bytes and times of cold visits, and the results page's scrolling;
 * with `liveMap`, then the live map with a map image (`mapOk`: its target met).
 */
export async function measure(
  browser: Browser,
  webDist: string,
  dir: string,
  { pages = PAGES, liveMap = false }: { pages?: typeof PAGES; liveMap?: boolean } = {},
) {
  const platform = await startPlatform({ webDist, mapsDir: path.join(dir, 'maps') });
  try {
    const cookie = await seed(platform, dir);
    // Results are computed on the first read; do that before any timed visit.
    await fetch(`${platform.url}/api/events/weight/results`);
    const figures = new Map<string, PageFigures>();
    for (const p of pages) {
      const url = `${platform.url}${p.path}`;
      const slow: Visit[] = [];
      const desktop: Visit[] = [];
      for (let i = 0; i < VISITS; i++) {
        slow.push(await visit(browser, url, p, true));
        desktop.push(await visit(browser, url, p, false));
        if (slow.at(-1)!.ms === Infinity || desktop.at(-1)!.ms === Infinity) break;
      }
      figures.set(p.name, {
        jsBytes: median(slow.map((v) => v.jsBytes)),
        allBytes: median(slow.map((v) => v.allBytes)),
        slowMs: median(slow.map((v) => v.ms)),
        desktopMs: median(desktop.map((v) => v.ms)),
        slowAppMs: median(slow.map((v) => v.appMs)),
        desktopAppMs: median(desktop.map((v) => v.appMs)),
      });
    }
    let frames: number[] = [];
    if (pages.length > 0) {
      await visit(browser, `${platform.url}/weight/result`, PAGES[0]!, false, async (page) => {
        frames = await scrollFrames(page);
      });
    }
    const mapOk = liveMap ? await measureLiveMap(browser, platform, cookie) : true;
    return { figures, frames, mapOk };
  } finally {
    await platform.close();
  }
}

export async function pageWeightBench(): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-bench-'));
  const browser = await launchBrowser();
  try {
    const after = path.join(dir, 'dist');
    build(root, after);
    if (ONLY === 'livemap') {
      const { mapOk } = await measure(browser, after, dir, { pages: [], liveMap: true });
      return { name: 'pageWeight', ok: mapOk };
    }
    const before = baselineBuild(BASELINE_REF);
    const base = await measure(browser, before, dir);
    const now = await measure(browser, after, dir, { liveMap: true });
    let ok = now.mapOk;
    for (const p of PAGES) {
      const b = base.figures.get(p.name)!;
      const n = now.figures.get(p.name)!;
      const met =
        n.jsBytes <= JS_TARGET_BYTES &&
        n.slowMs <= SLOW_TARGET_MS &&
        n.desktopMs <= DESKTOP_TARGET_MS;
      ok &&= met;
      console.log(
        `pageWeight: ${p.name}: JS ${kb(n.jsBytes)} (all ${kb(n.allBytes)}) vs ${kb(b.jsBytes)} before ` +
          `(ratio ${(n.jsBytes / b.jsBytes).toFixed(2)}); slow phone ${msText(n.slowMs)} vs ` +
          `${msText(b.slowMs)} (${(n.slowMs / b.slowMs).toFixed(2)}); desktop ` +
          `${msText(n.desktopMs)} vs ${msText(b.desktopMs)} ` +
          `(${(n.desktopMs / b.desktopMs).toFixed(2)}) ${met ? 'OK' : 'OVER TARGET'}; ` +
          `the app's page: slow phone ${msText(n.slowAppMs, APP_TIMEOUT_MS)} vs ` +
          `${msText(b.slowAppMs, APP_TIMEOUT_MS)}, desktop ${msText(n.desktopAppMs, APP_TIMEOUT_MS)} ` +
          `vs ${msText(b.desktopAppMs, APP_TIMEOUT_MS)} (reported)`,
      );
    }
    const p95 = percentile(now.frames, 0.95);
    const scrollOk = now.frames.length >= 20 && p95 <= FRAME_P95_TARGET_MS;
    ok &&= scrollOk;
    console.log(
      `pageWeight: scrolling ${TEAMS} results: ${now.frames.length} frames, p95 ${p95.toFixed(1)} ms ` +
        `vs ${percentile(base.frames, 0.95).toFixed(1)} ms before (${base.frames.length} frames) ` +
        `${scrollOk ? 'OK' : 'OVER TARGET'}`,
    );
    console.log(
      `pageWeight: targets: JS ≤ ${kb(JS_TARGET_BYTES)}, slow phone ≤ ${SLOW_TARGET_MS} ms, ` +
        `desktop ≤ ${DESKTOP_TARGET_MS} ms, scroll p95 ≤ ${FRAME_P95_TARGET_MS} ms; baseline ${BASELINE_REF}`,
    );
    return { name: 'pageWeight', ok };
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

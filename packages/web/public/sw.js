/*
 * Rada's service worker: the app works offline once it has been opened.
 * - The app shell (/, index.html) and built assets (/assets/…) are cached on install and as
 *   they are fetched; assets are content-hashed, so cache-first is safe for them.
 * - Page navigations go to the network first and fall back to the cached shell.
 * - The participant app's API reads (OFFLINE_API) go to the network first; the last good
 *   answer is kept for when offline. Other API reads are left alone.
 * - Writes (POST, PUT, PATCH, DELETE) and the WebSocket are never touched: the app's own
 *   outbox stores them and retries.
 * - Map tiles from other hosts, and the event's own map images' tiles (OWN_MAP_TILES), are
 *   answered from the offline map caches (`rada-tiles:{event}`, filled by the participant app's
 *   Offline map) when saved there, else fetched as usual.
 */
/* global self, caches, fetch, URL */
const VERSION = 'rada-v1';
/** The API reads kept for offline use: who is signed in, the event and the team's view. */
const OFFLINE_API = [
  /^\/api\/config$/,
  /^\/api\/auth\/me$/,
  /^\/api\/events$/,
  /^\/api\/events\/[^/]+$/,
  /^\/api\/events\/[^/]+\/play$/,
  /^\/api\/events\/[^/]+\/map$/,
  /^\/api\/joincodes\/[^/]+$/,
];
/** The tiles of an event's own map images (versioned, never changing), saved for offline use. */
const OWN_MAP_TILES = /^\/api\/events\/[^/]+\/maps\/[^/]+\/tiles\//;
const SHELL = ['/', '/manifest.webmanifest', '/icon.svg', '/icon-192.png'];

/** The shell and the scripts and styles index.html names. */
async function precache() {
  const cache = await caches.open(VERSION);
  await cache.addAll(SHELL);
  const index = await cache.match('/');
  const html = index ? await index.text() : '';
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

// The page hands over the assets it loaded before this worker took over (lazy chunks included).
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u) => typeof u === 'string' && new URL(u).origin === self.location.origin,
  );
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) =>
        Promise.all(
          urls.map((u) =>
            cache.match(u).then((hit) => (hit ? undefined : cache.add(u).catch(() => undefined))),
          ),
        ),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // Offline maps (rada-tiles:…) outlive new versions of the app.
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k !== VERSION && !k.startsWith('rada-tiles:'))
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, fallbackUrl) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    // A page with the server's first rows (x-rada-first-paint) is not the app's page for every
    // route; the plain one is kept.
    const plain = !response.headers.has('x-rada-first-paint');
    if (response.ok && plain) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    // The exact answer, else one for another query of the same path: the team view asked for
    // `?teamId=` when it was kept without (or for the user's other team) is better than none.
    const cached =
      (await cache.match(fallbackUrl ?? request)) ??
      (fallbackUrl ? undefined : await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** A tile saved for offline use, or the network's answer. */
async function savedTile(request) {
  const names = (await caches.keys()).filter((k) => k.startsWith('rada-tiles:'));
  for (const name of names) {
    const hit = await (await caches.open(name)).match(request.url);
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    if (request.destination === 'image') event.respondWith(savedTile(request));
    return;
  }
  if (url.pathname.startsWith('/api/ws') || url.pathname.startsWith('/listen')) return;
  if (OWN_MAP_TILES.test(url.pathname)) {
    event.respondWith(savedTile(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    // Only what the participant app needs to open offline; the rest stays network-only.
    if (OFFLINE_API.some((re) => re.test(url.pathname))) event.respondWith(networkFirst(request));
  } else if (request.mode === 'navigate') {
    // Every route is the same single-page app.
    event.respondWith(networkFirst(request, '/'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});

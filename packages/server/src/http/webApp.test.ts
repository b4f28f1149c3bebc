import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';

// Serving files does not touch the database: one dialect is enough.
const sqlite = testDialects()[0]!;

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const BOOT = 'window.booted = "$1";';
const INDEX = `<!doctype html><html><head><script>${BOOT}</script><script type="module" src="/assets/app-Ab12Cd.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;

/** What the web build's precompress step (packages/web/scripts/precompress.mjs) writes. */
function precompress(file: string): void {
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data));
}

/** A built app as Vite and the precompress step leave it. */
function writeDist(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd.js.map'), `{"x":"${'y'.repeat(4000)}"}`);
  fs.writeFileSync(path.join(dir, 'assets/tiny-Zz99.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'sw.js'), `self.x = '${'z'.repeat(2000)}';\n`);
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Rada"}');
  fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(3000, 7));
  for (const file of ['index.html', 'assets/app-Ab12Cd.js', 'sw.js']) {
    precompress(path.join(dir, file));
  }
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The body as the browser sees it after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe('serving the built web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-dist-'));
    writeDist(dist);
    t = await buildTestApp(sqlite, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await get(t, '/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli and the file itself to one without either', async () => {
    const gz = await get(t, '/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);
    const plain = await get(t, '/assets/app-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a small asset without a compressed copy as it is', async () => {
    const res = await get(t, '/assets/tiny-Zz99.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, the service worker, the manifest and icons', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/icon.png']) {
      const res = await get(t, url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const sw = await get(t, '/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['content-type']).toMatch(/javascript/);
  });

  it.each(['/', '/index.html', '/spring-2025', '/spring-2025/play', '/play?x=1'])(
    '%s answers index.html (compressed, no-cache) with the security headers',
    async (url) => {
      const res = await get(t, url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(decoded(res)).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(res.headers['content-security-policy']);
      // The inline boot script is allowed by its hash, and no other inline script.
      const hash = crypto.createHash('sha256').update(BOOT).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp).not.toContain("unsafe-inline' 'sha");
      expect(csp).toContain("frame-ancestors 'self'");
    },
  );

  it('answers 304 to a browser that has this index.html, and the page again after a rebuild', async () => {
    const first = await get(t, '/some-event');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get(t, '/other', { 'if-none-match': etag })).statusCode).toBe(304);
    const rebuilt = INDEX.replace(BOOT, 'window.booted = 2;');
    fs.writeFileSync(path.join(dist, 'index.html'), rebuilt);
    try {
      const res = await get(t, '/other', { 'if-none-match': etag });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(rebuilt);
      const hash = crypto.createHash('sha256').update('window.booted = 2;').digest('base64');
      expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    } finally {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    }
  });

  it('answers 404, not index.html, for a missing asset of an older build', async () => {
    const res = await get(t, '/assets/app-Old000.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('serves files a rebuild wrote after the start, with the same rules', async () => {
    const script = `export const later = '${'q'.repeat(3000)}';`;
    fs.writeFileSync(path.join(dist, 'assets/later-Ef34.js'), script);
    precompress(path.join(dist, 'assets/later-Ef34.js'));
    const res = await get(t, '/assets/later-Ef34.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves a file outside the app folder', async () => {
    fs.writeFileSync(path.join(path.dirname(dist), 'rada-secret.txt'), 'secret');
    try {
      for (const url of [
        `/..%2frada-secret.txt`,
        `/assets/..%2f..%2frada-secret.txt`,
        `/%2e%2e/rada-secret.txt`,
      ]) {
        const res = await get(t, url);
        expect(res.body, url).not.toContain('secret');
      }
    } finally {
      fs.rmSync(path.join(path.dirname(dist), 'rada-secret.txt'), { force: true });
    }
  });
});

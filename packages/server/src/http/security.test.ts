import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { ServerConfig } from '../config.ts';
import { loadConfig } from '../config.ts';

// Headers and the Origin check do not touch the database: one dialect is enough.
const sqlite = testDialects()[0]!;

/** Opens a WebSocket with these headers: 101 when upgraded, else the refusal's status and body. */
function upgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/** A running app (real sockets need a port) with these settings. */
async function listening(overrides: Partial<ServerConfig> = {}) {
  const t = await buildTestApp(sqlite, overrides);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, http: address, ws: address.replace(/^http/, 'ws') };
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(sqlite);
  });
  afterAll(() => t.close());

  it('an API answer carries the CSP, nosniff, frame and referrer rules', async () => {
    const res = await call(t.app, 'GET', '/api/health', { headers: { host: 'rada.example:8080' } });
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // The app's own sockets, spelled out for browsers that do not count ws: as 'self'.
    // Map services are https: (and TILE_ORIGINS, tested below).
    expect(csp).toContain("connect-src 'self' https: ws://rada.example:8080");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refusals carry them too', async () => {
    const res = await call(t.app, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('the sockets of an https site are wss: (X-Forwarded-Proto from a trusted proxy)', async () => {
    const res = await call(t.app, 'GET', '/api/health', {
      headers: { host: 'rada.example', 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(String(res.headers['content-security-policy'])).toContain(
      "connect-src 'self' https: wss://rada.example;",
    );
  });
});

describe('tile servers on plain http (TILE_ORIGINS)', () => {
  it('are allowed for images and connections, nothing else', async () => {
    const t = await buildTestApp(sqlite, { tileOrigins: ['http://10.0.0.7:8080'] });
    try {
      const res = await call(t.app, 'GET', '/api/health', { headers: { host: 'rada.example' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*http:\/\/10\.0\.0\.7:8080/);
      expect(csp).toMatch(/connect-src [^;]*http:\/\/10\.0\.0\.7:8080/);
      expect(csp).not.toMatch(/script-src [^;]*10\.0\.0\.7/);
    } finally {
      await t.close();
    }
  });
});

describe('Origin check of /listen and /api/ws', () => {
  const paths = ['/listen', '/api/ws'];

  describe('by the request host', () => {
    let s: Awaited<ReturnType<typeof listening>>;
    beforeAll(async () => {
      s = await listening({ allowedOrigins: ['https://partner.example'] });
    });
    afterAll(() => s.t.close());

    it.each(paths)('%s: no Origin (device apps, the simulator) may connect', async (path) => {
      expect(await upgrade(s.ws + path)).toEqual({ status: 101, body: '' });
    });

    it.each(paths)('%s: a page of this server may connect', async (path) => {
      expect((await upgrade(s.ws + path, { origin: s.http })).status).toBe(101);
    });

    it.each(paths)('%s: a page of an allowed origin may connect', async (path) => {
      const res = await upgrade(s.ws + path, { origin: 'https://partner.example' });
      expect(res.status).toBe(101);
    });

    it.each(paths)('%s: a page of another site is refused with 403', async (path) => {
      for (const origin of ['https://evil.example', 'null', `${s.http}.evil.example`]) {
        const res = await upgrade(s.ws + path, { origin });
        expect(res.status, origin).toBe(403);
        expect(JSON.parse(res.body)).toMatchObject({ error: 'error.badorigin' });
      }
    });

    it('the same host on another port or scheme is another site', async () => {
      const port = Number(new URL(s.http).port);
      const refused = [`http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`];
      for (const origin of refused) {
        expect((await upgrade(`${s.ws}/api/ws`, { origin })).status, origin).toBe(403);
      }
    });

    it('a trusted proxy names the public host and scheme', async () => {
      const proxied = { 'x-forwarded-host': 'rada.example', 'x-forwarded-proto': 'https' };
      const ok = await upgrade(`${s.ws}/api/ws`, { ...proxied, origin: 'https://rada.example' });
      expect(ok.status).toBe(101);
      const other = await upgrade(`${s.ws}/api/ws`, { ...proxied, origin: s.http });
      expect(other.status).toBe(403);
    });
  });

  it('an untrusted client cannot name the host with X-Forwarded-Host', async () => {
    const s = await listening({ trustProxy: false });
    try {
      const res = await upgrade(`${s.ws}/listen`, {
        'x-forwarded-host': 'evil.example',
        origin: 'http://evil.example',
      });
      expect(res.status).toBe(403);
    } finally {
      await s.t.close();
    }
  });

  it('with PUBLIC_URL only that origin is the own one, whatever the Host', async () => {
    const s = await listening({ publicUrl: 'https://rada.example' });
    try {
      expect((await upgrade(`${s.ws}/listen`, { origin: 'https://rada.example' })).status).toBe(
        101,
      );
      // DNS rebinding: a page of a name pointed at this server sends that name as Host.
      const res = await upgrade(`${s.ws}/listen`, {
        host: 'evil.example',
        origin: 'http://evil.example',
      });
      expect(res.status).toBe(403);
      expect((await upgrade(`${s.ws}/listen`, { origin: s.http })).status).toBe(403);
    } finally {
      await s.t.close();
    }
  });
});

describe('PUBLIC_URL and ALLOWED_ORIGINS', () => {
  it('are read as origins', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://Rada.Example.org:443/some/path',
      ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/',
    });
    expect(config.publicUrl).toBe('https://rada.example.org');
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({}).allowedOrigins).toEqual([]);
  });

  it('refuse what is not an http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'rada.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://a.example' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { ServerConfig } from '../config.ts';
import { loadConfig } from '../config.ts';

// Sockets and timeouts do not touch the database: one dialect is enough.
const sqlite = testDialects()[0]!;

/** A running app (real sockets need a port) with these settings. */
async function listening(overrides: Partial<ServerConfig> = {}) {
  const t = await buildTestApp(sqlite, overrides);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    http: address,
    ws: address.replace(/^http/, 'ws'),
    port: Number(new URL(address).port),
  };
}

/** Opens a WebSocket: the open socket, or the refusal's status and body. */
function connect(url: string): Promise<WebSocket | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
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

const closed = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve();
    else socket.once('close', () => resolve());
  });

describe('open sockets per address (issue 33, item 10)', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening({ maxSocketsPerAddress: 3 });
  });
  afterAll(() => s.t.close());

  it('refuses the socket over the limit with 429 error.toomanysockets, keeps the others', async () => {
    const open = await Promise.all(
      [`${s.ws}/api/ws`, `${s.ws}/listen`, `${s.ws}/api/ws`].map(connect),
    );
    expect(open.every((o) => o instanceof WebSocket)).toBe(true);
    const sockets = open as WebSocket[];
    for (const path of ['/api/ws', '/listen']) {
      const refused = await connect(s.ws + path);
      expect(refused).not.toBeInstanceOf(WebSocket);
      const { status, body } = refused as { status: number; body: string };
      expect(status, path).toBe(429);
      expect(JSON.parse(body)).toMatchObject({ error: 'error.toomanysockets' });
    }
    expect(sockets.map((socket) => socket.readyState)).toEqual([1, 1, 1]);

    // Closing one frees its place.
    sockets[0]!.close();
    await closed(sockets[0]!);
    await expect
      .poll(async () => {
        const again = await connect(`${s.ws}/listen`);
        if (again instanceof WebSocket) again.close();
        return again instanceof WebSocket;
      })
      .toBe(true);
    for (const socket of sockets) socket.close();
  });
});

/** Writes `text` on a raw connection and resolves with what came back when the server closes it. */
function rawUntilClosed(port: number, text: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    // A server that never cuts it: the test fails on its own timeout, this ends the socket.
    setTimeout(() => socket.destroy(), 8000).unref();
  });
}

describe('slow headers and half-sent bodies (issue 33, item 10)', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
  });
  afterAll(() => s.t.close());

  it('headers that never end are cut after HEADERS_TIMEOUT_MS', async () => {
    const { answer, ms } = await rawUntilClosed(s.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3000);
  });

  it('a body that stops halfway is cut after REQUEST_TIMEOUT_MS', async () => {
    const { answer, ms } = await rawUntilClosed(
      s.port,
      'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3000);
  });

  it('an open WebSocket is not a slow request: it outlives both timeouts', async () => {
    const socket = await connect(`${s.ws}/api/ws`);
    expect(socket).toBeInstanceOf(WebSocket);
    const ws = socket as WebSocket;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ws.readyState).toBe(ws.OPEN);
    const pong = new Promise<void>((resolve) => ws.once('pong', () => resolve()));
    ws.ping();
    await pong;
    ws.close();
  });

  it('a kept-alive connection idle for longer than the timeouts takes its next request', async () => {
    const answers = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = net.connect(s.port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(() => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'), 1200);
        setTimeout(() => socket.end(), 1800);
      });
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
    });
    expect(answers.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });

  it('a whole request in time is answered', async () => {
    const res = await fetch(`${s.http}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('socket and timeout settings', () => {
  it('have defaults a venue behind one address and a slow phone upload live with', () => {
    const config = loadConfig({});
    expect(config.maxSocketsPerAddress).toBe(2000);
    expect(config.headersTimeoutMs).toBe(20_000);
    // 50 MB (LARGE_BODY_LIMIT) at 1 Mbit/s takes 400 s.
    expect(config.requestTimeoutMs).toBe(600_000);
    expect(config.keepAliveTimeoutMs).toBe(72_000);
  });

  it('are read from the environment', () => {
    const config = loadConfig({
      MAX_SOCKETS_PER_ADDRESS: '50',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '900000',
      KEEP_ALIVE_TIMEOUT_MS: '10000',
    });
    expect(config).toMatchObject({
      maxSocketsPerAddress: 50,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 900_000,
      keepAliveTimeoutMs: 10_000,
    });
  });

  it('refuse values that cannot work', () => {
    expect(() => loadConfig({ MAX_SOCKETS_PER_ADDRESS: '0' })).toThrow(/MAX_SOCKETS_PER_ADDRESS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/);
    // Node cuts the request at REQUEST_TIMEOUT_MS: headers cannot be given longer.
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '700000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});

describe('socketLimit', () => {
  it('gives a place back for a connection that closed before the hook ran', async () => {
    const { EventEmitter } = await import('node:events');
    const { socketLimit } = await import('./sockets.ts');
    const hook = socketLimit(2);
    const reply = { header: () => reply };
    const request = (destroyed: boolean) => {
      const socket = Object.assign(new EventEmitter(), { destroyed });
      return { ws: true, ip: '203.0.113.7', raw: { socket } } as never;
    };
    // Clients that left during the session look-up: their 'close' came before the hook.
    for (let i = 0; i < 5; i += 1) await hook(request(true), reply as never);
    await expect(hook(request(false), reply as never)).resolves.toBeUndefined();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError, safeFetch } from './safeFetch.ts';
import type { Resolve, SafeFetchOptions } from './safeFetch.ts';

/** A loopback listener that answers `answer` and notes every request. */
async function listener(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Listener = Awaited<ReturnType<typeof listener>>;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e: unknown) => (e instanceof SafeFetchError ? e.reason : String(e)),
  );

describe('safeFetch', () => {
  // The service the attacker wants to reach, and an allowed host that redirects to it.
  let inside: Listener;
  let redirector: Listener;
  beforeAll(async () => {
    inside = await listener((_req, res) => res.end('secret'));
    redirector = await listener((req, res) => {
      res.writeHead(302, { location: decodeURIComponent(req.url!.slice(1)) }).end();
    });
  });
  afterAll(async () => {
    await inside.close();
    await redirector.close();
  });

  /** Only the redirector is allowed, as a public host would be. */
  const options = (more: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    maxBytes: 1000,
    allowPrivate: (_address, port) => port === redirector.port,
    ...more,
  });
  const via = (target: string) =>
    `http://127.0.0.1:${redirector.port}/${encodeURIComponent(target)}`;

  it('reads an allowed host, and the same host when private addresses are allowed', async () => {
    const ok = await safeFetch(via(`http://127.0.0.1:${inside.port}/x`), {
      maxBytes: 1000,
      allowPrivate: true,
    });
    expect(ok.toString()).toBe('secret');
    expect(inside.requests).toEqual(['/x']);
    inside.requests.length = 0;
  });

  it('refuses a redirect from an allowed host to loopback, in any spelling', async () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:127.0.0.1]',
      '[::127.0.0.1]',
      '2130706433',
      '0x7f.1',
    ]) {
      const target = `http://${host}:${inside.port}/`;
      expect(await failure(safeFetch(via(target), options())), target).toBe('address');
    }
    expect(await failure(safeFetch(via('file:///etc/passwd'), options()))).toBe('url');
    expect(inside.requests).toEqual([]);
  });

  it('checks the address the socket connects to: one resolution, every address of it', async () => {
    const asked: string[] = [];
    const toLoopback: Resolve = (hostname) => {
      asked.push(hostname);
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    };
    const url = `http://maps.example:${inside.port}/`;
    expect(await failure(safeFetch(url, options({ resolve: toLoopback })))).toBe('address');
    expect(asked).toEqual(['maps.example']);
    // A public address beside a loopback one is no way in either.
    const both: Resolve = () =>
      Promise.resolve([
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    expect(await failure(safeFetch(url, options({ resolve: both })))).toBe('address');
    // Rebinding: the name is public when checked and loopback afterwards; there is no afterwards.
    let calls = 0;
    const rebinding: Resolve = () =>
      Promise.resolve([{ address: calls++ === 0 ? '192.0.2.1' : '127.0.0.1', family: 4 }]);
    const firstAllowed = options({
      resolve: rebinding,
      allowPrivate: (address) => address === '192.0.2.1',
      timeoutMs: 300,
    });
    expect(await failure(safeFetch(url, firstAllowed))).toBe('fetch');
    expect(calls).toBe(1);
    expect(inside.requests).toEqual([]);
  });

  it('keeps to the size, the redirect count and the time', async () => {
    const big = await listener((_req, res) => res.end('x'.repeat(5000)));
    const loop = await listener((req, res) => res.writeHead(302, { location: '/again' }).end());
    const silent = await listener(() => undefined);
    try {
      const all = { maxBytes: 1000, allowPrivate: true };
      const at = (l: Listener) => `http://127.0.0.1:${l.port}/`;
      expect(await failure(safeFetch(at(big), all))).toBe('toolarge');
      expect(await failure(safeFetch(at(loop), all))).toBe('fetch');
      expect(loop.requests).toHaveLength(6);
      const started = Date.now();
      expect(await failure(safeFetch(at(silent), { ...all, timeoutMs: 200 }))).toBe('fetch');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await Promise.all([big.close(), loop.close(), silent.close()]);
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface StandInRequest {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for the wheelofnames.com API v1 (tests and browser tests run without the
 * internet): GET /api/v1/wheels, POST /api/v1/wheels, DELETE /api/v1/wheels/{path}, answering 401
 * without the expected `x-api-key`. `mode` makes it fail (500) or answer nonsense (not JSON).
 */
export async function startWheelOfNamesStandIn(apiKey: string) {
  const wheels = new Map<string, Record<string, unknown>>();
  const requests: StandInRequest[] = [];
  let mode: 'ok' | 'fail' | 'garbage' = 'ok';
  let made = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = text;
      }
      const key = req.headers['x-api-key'];
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        apiKey: typeof key === 'string' ? key : undefined,
        body,
      });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (mode === 'fail') return send(500, { error: 'internal' });
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      if (key !== apiKey) return send(401, { error: 'bad key' });
      const url = req.url ?? '';
      if (req.method === 'GET' && url === '/api/v1/wheels') {
        return send(200, {
          data: { wheels: [...wheels].map(([path, config]) => ({ path, config })) },
        });
      }
      if (req.method === 'POST' && url === '/api/v1/wheels') {
        const config = (body as { wheelConfig?: Record<string, unknown> } | null)?.wheelConfig;
        if (!config) return send(400, { error: 'no wheelConfig' });
        made += 1;
        const path = `wheel-${made}`;
        wheels.set(path, config);
        return send(200, { data: { path } });
      }
      const m = /^\/api\/v1\/wheels\/([^/]+)$/.exec(url);
      if (req.method === 'DELETE' && m) {
        const path = decodeURIComponent(m[1]!);
        if (!wheels.delete(path)) return send(404, { error: 'no such wheel' });
        return send(200, { data: {} });
      }
      return send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The API's base address, as WHEELOFNAMES_URL. */
    url: `http://127.0.0.1:${port}/api/v1`,
    wheels,
    requests,
    setMode: (m: typeof mode) => {
      mode = m;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

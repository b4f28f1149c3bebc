import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One text message as the stand-in gateway received it. */
export interface ReceivedSms {
  to: string;
  text: string;
}

export interface TestSmsGateway {
  /** The URL to POST messages to (SMS_GATEWAY_URL). */
  url: string;
  /** The bearer token it requires (SMS_GATEWAY_TOKEN). */
  token: string;
  messages: ReceivedSms[];
  /** Requests refused for a missing or wrong token. */
  refused: number;
  /** The 6-digit code of the last message to `to`, or null. */
  lastCode(to: string): string | null;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free local port standing in for an SMS gateway: it takes POST
 * `{to, text}` with `Authorization: Bearer <token>` (401 otherwise) and keeps each message,
 * answering after `delayMs` (a slow gateway).
 */
export async function startTestSmsGateway(
  token = 'sms-test-token',
  port = 0,
  delayMs = 0,
): Promise<TestSmsGateway> {
  const messages: ReceivedSms[] = [];
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) {
        refused += 1;
        res.writeHead(401).end();
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedSms;
        if (typeof body.to !== 'string' || typeof body.text !== 'string') throw new Error('body');
        messages.push({ to: body.to, text: body.text });
        setTimeout(
          () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
          delayMs,
        );
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/send`,
    token,
    messages,
    get refused() {
      return refused;
    },
    lastCode(to) {
      const last = messages.filter((m) => m.to === to).at(-1);
      return last ? (/\b(\d{6})\b/.exec(last.text)?.[1] ?? null) : null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

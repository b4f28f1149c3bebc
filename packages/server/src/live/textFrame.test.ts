import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './listenHub.ts';

describe('textFrame', () => {
  let server: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The server writes each message's prepared bytes straight to the socket, as /listen does.
    server.on('connection', (ws) => {
      ws.on('message', (data) => {
        const size = Number(data.toString());
        const payload = Buffer.from('é'.repeat(size / 2) + 'x'.repeat(size % 2));
        (ws as unknown as { _socket: Duplex })._socket.write(textFrame(payload).wire);
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // Lengths on both sides of each size of the length field (7 bits, 16 bits, 64 bits).
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 300_001])(
    'is read by a WebSocket client as a %i-byte text message',
    async (size) => {
      const client = new WebSocket(url);
      await once(client, 'open');
      client.send(String(size));
      const [data, isBinary] = (await once(client, 'message')) as [Buffer, boolean];
      expect(isBinary).toBe(false);
      expect(data.length).toBe(size);
      expect(data.toString()).toBe('é'.repeat(size / 2) + 'x'.repeat(size % 2));
      // The connection is still in step: a second message arrives whole after the first.
      client.send('3');
      const [next] = (await once(client, 'message')) as [Buffer];
      expect(next.toString()).toBe('éx');
      client.close();
    },
  );
});

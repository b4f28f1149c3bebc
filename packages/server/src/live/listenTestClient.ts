import WebSocket from 'ws';
import { listenHandshake, parseListenMessage } from '@rada/core';
import type { ListenMessage } from '@rada/core';

export interface ListenTestClient {
  socket: WebSocket;
  /** The next frame, parsed; waits at most `ms`. */
  next(ms?: number): Promise<ListenMessage>;
  /** Resolves with the close code once the server (or we) closed. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/**
 * A real WebSocket client of /listen that queues what it receives. `token` undefined sends only
 * 'EventId:' (the server then waits for a token before serving anonymously).
 */
export async function connectListen(
  url: string,
  eventId: string,
  token?: string | null,
  headers: Record<string, string> = {},
): Promise<ListenTestClient> {
  const socket = new WebSocket(url, { headers });
  const queue: ListenMessage[] = [];
  const waiting: ((m: ListenMessage) => void)[] = [];
  socket.on('message', (data: Buffer, isBinary) => {
    const message = parseListenMessage(isBinary ? new Uint8Array(data) : data.toString()) ?? {
      kind: 'error' as const,
      error: `unparsable frame ${data.toString().slice(0, 40)}`,
    };
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const [eventLine, tokenLine] = listenHandshake(eventId, token ?? null);
  socket.send(eventLine);
  if (token !== undefined) socket.send(tokenLine);
  return {
    socket,
    closed,
    next: (ms = 3000) =>
      new Promise<ListenMessage>((resolve, reject) => {
        const queued = queue.shift();
        if (queued) return resolve(queued);
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no frame within ${ms} ms`));
        }, ms);
        const done = (m: ListenMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        waiting.push(done);
      }),
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
      await closed;
    },
  };
}

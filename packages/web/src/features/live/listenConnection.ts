import { listenHandshake, listenReconnectDelay, parseListenMessage } from '@rada/core';
import type { ListenMessage } from '@rada/core';

/** What the live map shows about its socket. */
export type ListenStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  /** Closed; the next attempt starts at `retryAt` (epoch ms). */
  | { state: 'waiting'; retryAt: number };

export interface ListenOptions {
  eventId: string;
  onMessage: (message: ListenMessage) => void;
  onStatus: (status: ListenStatus) => void;
  /** The socket constructor and clock, replaceable in tests. */
  createSocket?: (url: string) => WebSocket;
  now?: () => number;
}

/** `ws(s)://{host}/listen` of the page's own origin. */
export function listenUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/listen`;
}

/**
 * Keeps one /listen socket open for an event (spec 01 §4, §7): after opening it sends
 * 'EventId:{id}' and an empty 'BearerToken:' (the server then reads the session cookie of the
 * upgrade request, or serves anonymously), hands every parsed frame to `onMessage`, and after a
 * close reconnects after core's listenReconnectDelay. The error count resets once the socket
 * delivers a frame; a server shutting down (close code 1012) is left for another after a short
 * random wait. Returns a function that closes it for good.
 */
export function openListen({
  eventId,
  onMessage,
  onStatus,
  createSocket = (url) => new WebSocket(url),
  now = Date.now,
}: ListenOptions): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let errors = 0;
  let stopped = false;

  const connect = () => {
    timer = null;
    onStatus({ state: 'connecting' });
    let openedAt: number | null = null;
    let failed = false;
    const ws = createSocket(listenUrl(window.location));
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      openedAt = now();
      for (const line of listenHandshake(eventId, null)) ws.send(line);
    };
    ws.onmessage = (e: MessageEvent) => {
      const data = e.data instanceof ArrayBuffer ? new Uint8Array(e.data) : e.data;
      const message = parseListenMessage(data as string | Uint8Array);
      if (!message) return;
      if (message.kind === 'error') {
        // A refusal: count it so the retries slow down (10 s × errors, up to 300 s).
        failed = true;
        errors++;
      } else {
        if (errors > 0 || message.kind === 'history') onStatus({ state: 'live' });
        errors = 0;
      }
      onMessage(message);
    };
    ws.onerror = () => {
      if (!failed) errors++;
      failed = true;
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      const delay = listenReconnectDelay({
        openedAt,
        closedAt: now(),
        errors,
        code: e.code,
        random: Math.random(),
      });
      onStatus({ state: 'waiting', retryAt: now() + delay });
      timer = setTimeout(connect, delay);
    };
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}

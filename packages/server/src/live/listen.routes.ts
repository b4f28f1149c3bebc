import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Duplex } from 'node:stream';
import {
  formatListenError,
  LISTEN_CLOSE_REFUSED,
  LISTEN_TOKEN_WAIT_MS,
  liveTopic,
  parseListenHandshake,
} from '@rada/core';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { SESSION_COOKIE } from '../auth/auth.routes.ts';
import { createListenHub } from './listenHub.ts';
import type {
  ListenHub,
  ListenHubOptions,
  ListenSocket,
  ListenViewer,
  ListenWho,
} from './listenHub.ts';
import type { ClientRegistry } from '../realtime/clients.ts';
import type { TrackRowsOf } from '../tracks/trackRows.ts';
import { listenService } from './listen.service.ts';
import type { ListenService, ListenServiceDeps } from './listen.service.ts';
import { AppError } from '../http/errors.ts';

export interface ListenDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  authenticate: (token: string) => Promise<{ uid: string; superAdmin: boolean } | null>;
  /** Where an unreadable stored track chunk is logged (it is left out of the history). */
  log?: ListenServiceDeps['log'];
  /**
   * Refuses a browser page of another site before the upgrade (http/security.ts originGuard), and
   * a client address holding too many sockets (http/sockets.ts socketLimit).
   */
  checkOrigin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Fan-out limits (tests make them small). */
  hub?: Omit<ListenHubOptions, 'bus'>;
  /** Where the viewers are listed for the debug tools' "Active web clients". */
  clients?: ClientRegistry;
  /** Where the history is read: live rows, or an archived event's files. */
  trackRows?: TrackRowsOf;
}

/** A socket that has not said which event it watches within this time is closed. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * The live location socket `{host}/listen` (spec 01 §7, docs/listen.md). The client sends
 * 'EventId:{id}' then 'BearerToken:{token}' (empty or missing: the session cookie if any, else
 * anonymous). A browser page of another site is refused with 403 error.badorigin before the
 * upgrade: the socket carries the session cookie. A permitted viewer gets the stored tracks as
 * one binary 'z:' frame, then every stored batch of the event as a 'j:' text frame; a refused
 * one gets 'e:{"error":…}' and close 1008.
 */
export async function listenRoutes(app: FastifyInstance, deps: ListenDeps): Promise<void> {
  const service = listenService(deps);
  const hub = createListenHub({
    bus: deps.bus,
    recheck: service.mayWatch,
    onError: (error) => app.log.error({ err: error }, 'listen recheck'),
    ...deps.hub,
  });
  app.addHook('onClose', () => hub.close());
  app.get('/listen', { websocket: true, onRequest: deps.checkOrigin }, (socket, req) => {
    const listed = (eventId: string, who: ListenWho) =>
      deps.clients?.add({
        kind: 'listen',
        since: deps.now(),
        agent: req.headers['user-agent'],
        user: () => who?.uid ?? null,
        events: () => [eventId],
      }) ?? (() => undefined);
    serveViewer(socket, req.cookies[SESSION_COOKIE] ?? '', hub, service, deps.bus, listed);
  });
}

function serveViewer(
  socket: WebSocket,
  cookieToken: string,
  hub: ListenHub,
  service: ListenService,
  bus: Bus,
  listed: (eventId: string, who: ListenWho) => () => void,
): void {
  let eventId: string | null = null;
  let decided = false;
  let viewer: ListenViewer | null = null;
  let closed = false;
  let unlist = () => undefined as void;

  const refuse = (error: string) => {
    if (closed) return;
    socket.send(formatListenError(error));
    socket.close(LISTEN_CLOSE_REFUSED, error);
  };
  const handshakeTimer = setTimeout(() => refuse('error.validation'), HANDSHAKE_TIMEOUT_MS);
  let tokenTimer: NodeJS.Timeout | null = null;

  const decide = async (id: string, token: string) => {
    decided = true;
    clearTimeout(handshakeTimer);
    if (tokenTimer) clearTimeout(tokenTimer);
    const access = await service.access(id, token || cookieToken);
    if (closed) return;
    if (!access.ok) return refuse(access.error);
    viewer = hub.add(id, adapt(socket), access.who);
    unlist = listed(id, access.who);
    // On a shared bus the subscription goes live a moment later: the history is read after it,
    // so a point stored by another server in between is in one or the other.
    await bus.ready(liveTopic(id));
    const history = await service.history(id);
    if (!closed) viewer.start(history);
  };
  const run = (id: string, token: string) =>
    // An expired token is refused with its key, as on the HTTP API; anything else is ours.
    decide(id, token).catch((e: unknown) =>
      refuse(e instanceof AppError ? e.key : 'error.internal'),
    );

  socket.on('message', (data, isBinary) => {
    if (decided) return; // viewers have nothing more to say
    const line = isBinary ? null : parseListenHandshake(data.toString());
    if (!line) return refuse('error.validation');
    if (line.kind === 'event' && eventId === null) {
      eventId = line.eventId;
      const id = eventId;
      tokenTimer = setTimeout(() => void run(id, ''), LISTEN_TOKEN_WAIT_MS);
    } else if (line.kind === 'token' && eventId !== null) {
      void run(eventId, line.token);
    } else {
      refuse('error.validation');
    }
  });
  socket.on('pong', () => viewer?.pong());
  socket.on('close', () => {
    closed = true;
    clearTimeout(handshakeTimer);
    if (tokenTimer) clearTimeout(tokenTimer);
    viewer?.remove();
    unlist();
  });
}

/** The hub's view of a ws socket. */
function adapt(socket: WebSocket): ListenSocket {
  return {
    sendText: (frame) => {
      if (socket.readyState !== socket.OPEN) return;
      // The frame's prepared bytes in one write: ws would build the same header again for each
      // of thousands of viewers and write it apart from the payload (bench fanout). Safe as no
      // extension (compression) is in use: ws then writes each frame of its own whole and at
      // once, so frames never interleave; bufferedAmount counts these bytes too.
      const raw = (socket as unknown as { _socket?: Duplex })._socket;
      if (raw && socket.extensions === '') raw.write(frame.wire);
      else socket.send(frame.payload, { binary: false });
    },
    sendBinary: (bytes) => {
      if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: true });
    },
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    close: (code, reason) => socket.close(code, reason),
    terminate: () => socket.terminate(),
    ping: () => {
      if (socket.readyState === socket.OPEN) socket.ping();
    },
  };
}

import {
  eventTopic,
  formatListenBatches,
  formatListenError,
  LISTEN_CLOSE_REFUSED,
  LISTEN_CLOSE_SLOW,
  liveTopic,
} from '@rada/core';
import type { ListenBatch } from '@rada/core';
import type { Bus } from '../realtime/bus.ts';

/** A text frame built once for every viewer: its UTF-8 payload and its bytes on the wire. */
export interface TextFrame {
  payload: Buffer;
  /** The whole WebSocket frame (RFC 6455 §5.2): FIN, opcode 1, the length, no mask. */
  wire: Buffer;
}

/** The text frame of `payload` as a server sends it (servers never mask). */
export function textFrame(payload: Buffer): TextFrame {
  const n = payload.length;
  const head = n < 126 ? 2 : n <= 0xffff ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81;
  if (n < 126) {
    wire[1] = n;
  } else if (n <= 0xffff) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(wire, head);
  return { payload, wire };
}

/** The little the hub needs of a viewer's socket, so fan-out is testable without a network. */
export interface ListenSocket {
  /** Sends a text frame (built once for every socket). */
  sendText(frame: TextFrame): void;
  sendBinary(bytes: Uint8Array): void;
  /** Bytes queued but not yet written to the network. */
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
  /** Ends the connection without a closing handshake (a dead or hopeless peer). */
  terminate(): void;
  ping(): void;
}

export interface ListenHubOptions {
  bus: Bus;
  /** A viewer with more than this many bytes unsent is dropped (close 1013) rather than buffered. */
  maxBuffered?: number;
  /** Frames a viewer may have waiting while its history loads; more drops it the same way. */
  maxPending?: number;
  /** Keepalive: every interval each viewer is pinged; one that did not answer the last is ended. */
  pingIntervalMs?: number;
  /**
   * Batches of an event arriving within this window after a frame went out are sent together
   * in the next frame (the first of a quiet spell goes at once). 0 sends every message alone.
   */
  coalesceMs?: number;
  /**
   * Asked again for every viewer of an event when its settings or admins change: false drops
   * the viewer ('e:{"error":"error.forbidden"}', close 1008), so hiding tracks takes effect.
   */
  recheck?: (eventId: string, viewers: ListenWho[]) => Promise<boolean[]>;
  onError?: (error: unknown) => void;
}

/** Who a viewer is: null for an anonymous viewer. */
export type ListenWho = { uid: string; superAdmin: boolean } | null;

export interface ListenViewer {
  /** Sends the history frame, then whatever arrived meanwhile, and goes live. */
  start(history: Uint8Array): void;
  /** The peer answered a ping. */
  pong(): void;
  /** The socket closed: stop sending to it. */
  remove(): void;
}

interface Viewer {
  socket: ListenSocket;
  who: ListenWho;
  /** Frames held back until the history has been sent; null once live. */
  pending: TextFrame[] | null;
  /** Unsent bytes allowed: the base limit plus the history (which drains at the viewer's pace). */
  allowance: number;
  alive: boolean;
}

interface EventRoom {
  viewers: Set<Viewer>;
  unsubscribe: () => void;
  /** Batches waiting for the next frame. */
  queued: ListenBatch[];
  timer: NodeJS.Timeout | null;
  lastSent: number;
}

export const LISTEN_MAX_BUFFERED = 1024 * 1024;
const MAX_PENDING = 200;
const PING_INTERVAL_MS = 30_000;
export const LISTEN_COALESCE_MS = 100;

/**
 * Fan-out of live locations to the /listen viewers. One bus subscription per watched event; the
 * batches of each frame are serialised once ('j:' + JSON, as UTF-8 bytes) and the same bytes go
 * to every viewer of the event. Batches arriving close together share a frame (coalesceMs), so a
 * busy event costs each viewer a few frames a second rather than one per device batch. A viewer that cannot keep up (too much unsent) is dropped, never buffered
 * without bound: it reconnects and gets the history afresh.
 */
export function createListenHub({
  bus,
  maxBuffered = LISTEN_MAX_BUFFERED,
  maxPending = MAX_PENDING,
  pingIntervalMs = PING_INTERVAL_MS,
  coalesceMs = LISTEN_COALESCE_MS,
  recheck,
  onError = () => undefined,
}: ListenHubOptions) {
  const rooms = new Map<string, EventRoom>();

  const drop = (room: EventRoom, viewer: Viewer) => {
    room.viewers.delete(viewer);
    viewer.socket.close(LISTEN_CLOSE_SLOW, 'slow consumer');
    // A peer that reads nothing would never complete the closing handshake.
    setTimeout(() => viewer.socket.terminate(), 1000).unref();
  };

  const deliver = (room: EventRoom, frame: TextFrame) => {
    for (const viewer of room.viewers) {
      if (viewer.pending) {
        if (viewer.pending.length >= maxPending) drop(room, viewer);
        else viewer.pending.push(frame);
      } else if (viewer.socket.bufferedAmount > viewer.allowance) {
        drop(room, viewer);
      } else {
        viewer.socket.sendText(frame);
      }
    }
  };

  const checkAgain = async (
    room: EventRoom,
    eventId: string,
    check: NonNullable<ListenHubOptions['recheck']>,
  ) => {
    const viewers = [...room.viewers];
    const allowed = await check(
      eventId,
      viewers.map((v) => v.who),
    );
    viewers.forEach((viewer, i) => {
      if (allowed[i] || !room.viewers.has(viewer)) return;
      room.viewers.delete(viewer);
      viewer.socket.sendText(textFrame(Buffer.from(formatListenError('error.forbidden'))));
      viewer.socket.close(LISTEN_CLOSE_REFUSED, 'error.forbidden');
    });
  };

  const roomOf = (eventId: string): EventRoom => {
    let room = rooms.get(eventId);
    if (room) return room;
    const flush = () => {
      created.timer = null;
      created.lastSent = Date.now();
      const batches = created.queued;
      created.queued = [];
      if (batches.length > 0)
        deliver(created, textFrame(Buffer.from(formatListenBatches(batches))));
    };
    const created: EventRoom = {
      viewers: new Set(),
      queued: [],
      timer: null,
      lastSent: -Infinity,
      unsubscribe: bus.subscribe(liveTopic(eventId), (message) => {
        if (message.type !== 'live.locations' || message.batches.length === 0) return;
        for (const batch of message.batches) created.queued.push(batch);
        if (created.timer) return;
        const wait = created.lastSent + coalesceMs - Date.now();
        if (wait <= 0) flush();
        else created.timer = setTimeout(flush, wait);
      }),
    };
    if (recheck) {
      const offChanges = bus.subscribe(eventTopic(eventId), (message) => {
        if (message.type !== 'event.changed') return;
        if (!message.what.some((w) => w === 'settings' || w === 'admins' || w === 'event')) return;
        void checkAgain(created, eventId, recheck).catch(onError);
      });
      const offLive = created.unsubscribe;
      created.unsubscribe = () => {
        offLive();
        offChanges();
      };
    }
    rooms.set(eventId, created);
    room = created;
    return room;
  };

  const keepalive = setInterval(() => {
    for (const room of rooms.values()) {
      for (const viewer of room.viewers) {
        if (!viewer.alive) {
          room.viewers.delete(viewer);
          viewer.socket.terminate();
          continue;
        }
        viewer.alive = false;
        viewer.socket.ping();
      }
    }
  }, pingIntervalMs);
  keepalive.unref();

  return {
    /**
     * Adds a viewer of `eventId`. It hears the event's live messages from now on, held back until
     * `start` sends the history, so nothing stored after the history was read is missed.
     */
    add(eventId: string, socket: ListenSocket, who: ListenWho = null): ListenViewer {
      const room = roomOf(eventId);
      const viewer: Viewer = { socket, who, pending: [], allowance: maxBuffered, alive: true };
      room.viewers.add(viewer);
      return {
        start(history) {
          if (!room.viewers.has(viewer) || !viewer.pending) return;
          socket.sendBinary(history);
          viewer.allowance = maxBuffered + history.length;
          const pending = viewer.pending;
          viewer.pending = null;
          for (const frame of pending) socket.sendText(frame);
        },
        pong() {
          viewer.alive = true;
        },
        remove() {
          room.viewers.delete(viewer);
          if (room.viewers.size === 0 && rooms.get(eventId) === room) {
            room.unsubscribe();
            if (room.timer) clearTimeout(room.timer);
            rooms.delete(eventId);
          }
        },
      };
    },
    /** Viewers per event (for tests and the bench). */
    counts(): Record<string, number> {
      return Object.fromEntries([...rooms].map(([id, room]) => [id, room.viewers.size]));
    },
    close() {
      clearInterval(keepalive);
      for (const room of rooms.values()) {
        room.unsubscribe();
        if (room.timer) clearTimeout(room.timer);
      }
      rooms.clear();
    },
  };
}
export type ListenHub = ReturnType<typeof createListenHub>;

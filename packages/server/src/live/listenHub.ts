import { formatListenBatches, LISTEN_CLOSE_SLOW, liveTopic } from '@rada/core';
import type { Bus } from '../realtime/bus.ts';

/** The little the hub needs of a viewer's socket, so fan-out is testable without a network. */
export interface ListenSocket {
  /** Sends a text frame; `frame` is already UTF-8 (built once for every socket). */
  sendText(frame: Buffer): void;
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
}

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
  /** Frames held back until the history has been sent; null once live. */
  pending: Buffer[] | null;
  /** Unsent bytes allowed: the base limit plus the history (which drains at the viewer's pace). */
  allowance: number;
  alive: boolean;
}

interface EventRoom {
  viewers: Set<Viewer>;
  unsubscribe: () => void;
}

export const LISTEN_MAX_BUFFERED = 1024 * 1024;
const MAX_PENDING = 200;
const PING_INTERVAL_MS = 30_000;

/**
 * Fan-out of live locations to the /listen viewers. One bus subscription per watched event; each
 * bus message is serialised once ('j:' + JSON, as UTF-8 bytes) and the same bytes go to every
 * viewer of the event. A viewer that cannot keep up (too much unsent) is dropped, never buffered
 * without bound: it reconnects and gets the history afresh.
 */
export function createListenHub({
  bus,
  maxBuffered = LISTEN_MAX_BUFFERED,
  maxPending = MAX_PENDING,
  pingIntervalMs = PING_INTERVAL_MS,
}: ListenHubOptions) {
  const rooms = new Map<string, EventRoom>();

  const drop = (room: EventRoom, viewer: Viewer) => {
    room.viewers.delete(viewer);
    viewer.socket.close(LISTEN_CLOSE_SLOW, 'slow consumer');
    // A peer that reads nothing would never complete the closing handshake.
    setTimeout(() => viewer.socket.terminate(), 1000).unref();
  };

  const deliver = (room: EventRoom, frame: Buffer) => {
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

  const roomOf = (eventId: string): EventRoom => {
    let room = rooms.get(eventId);
    if (room) return room;
    const viewers = new Set<Viewer>();
    const created: EventRoom = {
      viewers,
      unsubscribe: bus.subscribe(liveTopic(eventId), (message) => {
        if (message.type !== 'live.locations' || message.batches.length === 0) return;
        deliver(created, Buffer.from(formatListenBatches(message.batches)));
      }),
    };
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
    add(eventId: string, socket: ListenSocket): ListenViewer {
      const room = roomOf(eventId);
      const viewer: Viewer = { socket, pending: [], allowance: maxBuffered, alive: true };
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
      for (const room of rooms.values()) room.unsubscribe();
      rooms.clear();
    },
  };
}
export type ListenHub = ReturnType<typeof createListenHub>;

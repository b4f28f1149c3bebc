import {
  LISTEN_ERROR_RETRY_MS,
  LISTEN_QUICK_CLOSE_MS,
  LISTEN_QUICK_RETRY_MS,
  LISTEN_RETRY_CAP_MS,
} from './limits.ts';
import type { ListenBatch } from './tracks/types.ts';

/**
 * The live location socket `{host}/listen` (spec 01 §4, §7; docs/listen.md): the client's
 * reconnect rule, the handshake lines, and the frames the server sends ('j:' live batches as
 * JSON text, 'z:' history as binary, 'e:' an error before the server closes).
 */

/** How long the server waits for 'BearerToken:' after 'EventId:' before serving anonymously. */
export const LISTEN_TOKEN_WAIT_MS = 1000;
/** The close code the server uses when it refuses a viewer (policy violation). */
export const LISTEN_CLOSE_REFUSED = 1008;
/** The close code for a viewer dropped for reading too slowly (try again later). */
export const LISTEN_CLOSE_SLOW = 1013;
/** The close code for the viewers of a server that is shutting down: reconnect (to another). */
export const LISTEN_CLOSE_RESTART = 1012;
/**
 * After LISTEN_CLOSE_RESTART the client waits a random time in this range (ms): a server's
 * thousands of viewers then reach the others spread over it, not all in one instant, and after
 * the server has stopped taking connections.
 */
export const LISTEN_RESTART_RETRY_MS = [250, 2000] as const;

export interface ListenCloseInfo {
  /** When the socket opened (epoch ms), or null when it never opened. */
  openedAt: number | null;
  closedAt: number;
  /** Errors since the last good connection (the client counts them). */
  errors: number;
  /** The close frame's code, when there was one. */
  code?: number;
  /** A number in [0, 1) (Math.random's) that spreads the reconnects after a restart. */
  random?: number;
}

/**
 * How long the client waits before reconnecting after a close (spec 01 §4): 3 s after a close
 * within 1 s of opening with no errors; otherwise 10 s × errors, capped at 300 s, when there were
 * errors; otherwise at once (0).
 * A server that shuts down closes with LISTEN_CLOSE_RESTART: then a random time within
 * LISTEN_RESTART_RETRY_MS, errors or not.
 */
export function listenReconnectDelay({
  openedAt,
  closedAt,
  errors,
  code,
  random = 0.5,
}: ListenCloseInfo): number {
  if (code === LISTEN_CLOSE_RESTART) {
    const [min, max] = LISTEN_RESTART_RETRY_MS;
    return Math.round(min + (max - min) * Math.min(Math.max(random, 0), 1));
  }
  const quick = openedAt !== null && closedAt - openedAt < LISTEN_QUICK_CLOSE_MS;
  if (quick && errors === 0) return LISTEN_QUICK_RETRY_MS;
  if (errors > 0) return Math.min(LISTEN_ERROR_RETRY_MS * errors, LISTEN_RETRY_CAP_MS);
  return 0;
}

/** The two lines a client sends after the socket opens; an empty token views anonymously. */
export function listenHandshake(eventId: string, token: string | null): [string, string] {
  return [`EventId:${eventId}`, `BearerToken:${token ?? ''}`];
}

/** One handshake line as the server reads it, or null for anything else. */
export type ListenHandshakeLine =
  { kind: 'event'; eventId: string } | { kind: 'token'; token: string };

export function parseListenHandshake(text: string): ListenHandshakeLine | null {
  if (text.startsWith('EventId:')) {
    const eventId = text.slice('EventId:'.length).trim();
    return eventId.length > 0 && eventId.length <= 200 ? { kind: 'event', eventId } : null;
  }
  if (text.startsWith('BearerToken:')) {
    const token = text.slice('BearerToken:'.length).trim();
    return token.length <= 500 ? { kind: 'token', token } : null;
  }
  return null;
}

/** The 'j:' text frame of live batches (the server builds it once per bus message). */
export const formatListenBatches = (batches: ListenBatch[]): string =>
  `j:${JSON.stringify(batches)}`;

/** The 'e:' text frame the server sends before closing a refused socket. */
export const formatListenError = (error: string): string => `e:${JSON.stringify({ error })}`;

/** One device's stored track in the history frame: codec v2 chunks, oldest first. */
export interface ListenHistoryEntry {
  tid: string;
  devid: string;
  uid: string | null;
  /** Each chunk is one complete codec v2 encoding (docs/track-format.md). */
  chunks: Uint8Array[];
}

export type ListenMessage =
  | { kind: 'batches'; batches: ListenBatch[] }
  | { kind: 'history'; entries: ListenHistoryEntry[] }
  | { kind: 'error'; error: string };

const HISTORY_VERSION = 1;
const Z = [0x7a, 0x3a]; // 'z:'

/**
 * Builds the 'z:' binary history frame (docs/listen.md): 'z:', u8 version 1, u32 entry count,
 * then per entry: tid, devid and uid as u8-length-prefixed UTF-8 (uid length 255 = null), u32
 * chunk count, and per chunk u32 byte length + the codec bytes. Integers are big-endian.
 */
export function encodeListenHistory(entries: ListenHistoryEntry[]): Uint8Array {
  const strings = entries.map((e) => ({
    tid: clip(utf8(e.tid)),
    devid: clip(utf8(e.devid)),
    uid: e.uid === null ? null : clip(utf8(e.uid)),
  }));
  let size = 2 + 1 + 4;
  entries.forEach((e, i) => {
    const s = strings[i]!;
    size += 3 + s.tid.length + s.devid.length + (s.uid?.length ?? 0) + 4;
    for (const c of e.chunks) size += 4 + c.length;
  });
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(Z, 0);
  out[2] = HISTORY_VERSION;
  view.setUint32(3, entries.length);
  let at = 7;
  const putString = (bytes: Uint8Array | null) => {
    out[at++] = bytes === null ? 255 : bytes.length;
    if (bytes) out.set(bytes, at);
    at += bytes?.length ?? 0;
  };
  entries.forEach((e, i) => {
    const s = strings[i]!;
    putString(s.tid);
    putString(s.devid);
    putString(s.uid);
    view.setUint32(at, e.chunks.length);
    at += 4;
    for (const c of e.chunks) {
      view.setUint32(at, c.length);
      out.set(c, at + 4);
      at += 4 + c.length;
    }
  });
  return out;
}

// Web-standard globals (browsers, Node), as in checkpoints/decode.ts: core's lib setting does not
// declare them.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input: Uint8Array): string };

/** UTF-8 bytes of a string. */
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A string from UTF-8 bytes; a malformed sequence (an id clipped mid-character) reads as U+FFFD. */
const fromUtf8 = (bytes: Uint8Array): string =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Ids longer than 254 bytes cannot occur (ids are at most 100 characters); clip defensively. */
const clip = (bytes: Uint8Array): Uint8Array => (bytes.length > 254 ? bytes.slice(0, 254) : bytes);

/** Reads a 'z:' history frame; null when it is malformed. */
export function decodeListenHistory(bytes: Uint8Array): ListenHistoryEntry[] | null {
  if (bytes.length < 7 || bytes[0] !== Z[0] || bytes[1] !== Z[1] || bytes[2] !== HISTORY_VERSION)
    return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 3;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RangeError('truncated');
  };
  const u32 = () => {
    need(4);
    const v = view.getUint32(at);
    at += 4;
    return v;
  };
  const str = (): string | null => {
    need(1);
    const n = bytes[at++]!;
    if (n === 255) return null;
    need(n);
    const s = fromUtf8(bytes.subarray(at, at + n));
    at += n;
    return s;
  };
  try {
    const count = u32();
    const entries: ListenHistoryEntry[] = [];
    for (let i = 0; i < count; i++) {
      const tid = str() ?? '';
      const devid = str() ?? '';
      const uid = str();
      const chunkCount = u32();
      const chunks: Uint8Array[] = [];
      for (let c = 0; c < chunkCount; c++) {
        const n = u32();
        need(n);
        chunks.push(bytes.slice(at, at + n));
        at += n;
      }
      entries.push({ tid, devid, uid, chunks });
    }
    return at === bytes.length ? entries : null;
  } catch {
    return null;
  }
}

/** Reads one frame from /listen: a 'j:' or 'e:' text, or the 'z:' binary history; null otherwise. */
export function parseListenMessage(data: string | Uint8Array): ListenMessage | null {
  if (typeof data !== 'string') {
    const entries = decodeListenHistory(data);
    return entries ? { kind: 'history', entries } : null;
  }
  const body = parseJson(data.slice(2));
  if (data.startsWith('j:')) {
    return Array.isArray(body) && body.every(isBatch)
      ? { kind: 'batches', batches: body as ListenBatch[] }
      : null;
  }
  if (data.startsWith('e:') && typeof body === 'object' && body !== null) {
    const error = (body as { error?: unknown }).error;
    return typeof error === 'string' ? { kind: 'error', error } : null;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isBatch(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Record<string, unknown>;
  return typeof b.devid === 'string' && Array.isArray(b.locations);
}

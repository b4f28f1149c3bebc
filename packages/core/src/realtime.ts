import type { ListenBatch } from './tracks/types.ts';
/**
 * The web app's live protocol, version 1, used by both ends (STYLE.md rule 8).
 * Messages carry what changed, never private data: a client refetches through the
 * permission-checked HTTP API when told something changed.
 */
export const PROTOCOL_VERSION = 1;

/** The topic of everything about one event. */
export const eventTopic = (eventId: string): string => `event:${eventId}`;

/** The topic of one device: tells the participant app that messages wait for it. */
export const deviceTopic = (deviceId: string): string => `device:${deviceId}`;

/** The topic of one cup's standings (/cup/{cupid}). */
export const cupTopic = (cupId: string): string => `cup:${cupId}`;

/** The topic of the interface's translation overrides: anyone may follow it. */
export const TRANSLATIONS_TOPIC = 'translations';

/** Server-internal topic of an event's live locations (ingest → /listen sockets). */
export const liveTopic = (eventId: string): string => `live:${eventId}`;

export type ClientMessage =
  | { v: 1; type: 'subscribe'; topic: string }
  | { v: 1; type: 'unsubscribe'; topic: string }
  | { v: 1; type: 'ping' };

/** What part of an event changed; the web maps each to the queries it invalidates. */
export type EventChange =
  | 'event'
  | 'settings'
  | 'admins'
  | 'checkpoints'
  | 'teams'
  | 'results'
  | 'registrations'
  | 'joincodes'
  | 'messages'
  | 'speed'
  | 'uploads'
  /** The event's own map images (added, placed, cut, published, removed). */
  | 'maps';

export type ServerMessage =
  | { v: 1; type: 'hello' }
  | { v: 1; type: 'subscribed'; topic: string }
  | { v: 1; type: 'pong' }
  | { v: 1; type: 'error'; error: string }
  | {
      v: 1;
      type: 'event.changed';
      eventId: string;
      what: EventChange[];
      /**
       * With `teams` the only change that can move results: the teams whose own data changed
       * (their list entry, answers, tickets or track statistics), when the publisher knows;
       * the results recalculation then recomputes those teams only (results/scoringCache.ts).
       */
      teams?: string[];
    }
  /** A cup's settings, events, edits or standings changed; viewers refetch. */
  | { v: 1; type: 'cup.changed'; cupId: string }
  /** Messages or commands wait for the device; it fetches them through the HTTP API. */
  | { v: 1; type: 'device.messages'; deviceId: string }
  /** A translation override was saved or removed; every app reloads the overrides. */
  | { v: 1; type: 'translations.changed' }
  /**
   * Server-internal (topic liveTopic(eventId), never sent on /api/ws): stored location batches
   * for the /listen sockets, which check their own viewers' permission.
   */
  | { v: 1; type: 'live.locations'; eventId: string; batches: ListenBatch[] };

/** Parses JSON text into a message object of this protocol version, or null. */
function parseVersioned(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  return m.v === PROTOCOL_VERSION && typeof m.type === 'string' ? m : null;
}

/** Parses a client message; returns null for anything not of the protocol. */
export function parseClientMessage(text: string): ClientMessage | null {
  const m = parseVersioned(text);
  if (!m) return null;
  if (m.type === 'ping') return { v: 1, type: 'ping' };
  if ((m.type === 'subscribe' || m.type === 'unsubscribe') && typeof m.topic === 'string') {
    if (m.topic.length > 200) return null;
    return { v: 1, type: m.type, topic: m.topic };
  }
  return null;
}

/** Parses a server message (web side); null for anything that is not of this protocol version. */
export function parseServerMessage(text: string): ServerMessage | null {
  return parseVersioned(text) as ServerMessage | null;
}

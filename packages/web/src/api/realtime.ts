import { createContext, useContext, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { TRANSLATIONS_TOPIC, cupTopic, eventTopic, parseServerMessage } from '@rada/core';
import type { ClientMessage, EventChange, ServerMessage } from '@rada/core';
import { queryKeys } from './client.ts';

/**
 * The app's one live connection to `/api/ws` (protocol in core realtime.ts). Components
 * subscribe to topics; an `event.changed` message invalidates the TanStack Query entries
 * of that event so they refetch through the permission-checked HTTP API.
 */

/** A query cache entry (or prefix) to invalidate. */
export interface Invalidation {
  queryKey: readonly unknown[];
  exact: boolean;
}

/** Maps an `event.changed` message to the queries it makes stale. */
export function invalidationsForChange(
  eventId: string,
  what: readonly EventChange[],
): Invalidation[] {
  const out: Invalidation[] = [];
  for (const change of what) {
    switch (change) {
      case 'event':
        out.push({ queryKey: queryKeys.event(eventId), exact: true });
        out.push({ queryKey: queryKeys.eventMap(eventId), exact: true });
        out.push({ queryKey: queryKeys.events, exact: false });
        break;
      case 'settings':
        out.push({ queryKey: queryKeys.settings(eventId), exact: true });
        // EventSummary.type is read from the settings, so the header may change too.
        out.push({ queryKey: queryKeys.event(eventId), exact: true });
        out.push({ queryKey: queryKeys.play(eventId), exact: false });
        out.push({ queryKey: queryKeys.eventMap(eventId), exact: true });
        break;
      case 'admins':
        out.push({ queryKey: queryKeys.admins(eventId), exact: true });
        // Private map layers follow who administers the event.
        out.push({ queryKey: queryKeys.eventMap(eventId), exact: true });
        // The caller's own role (EventSummary.role) may have changed with the admin list.
        out.push({ queryKey: queryKeys.event(eventId), exact: true });
        out.push({ queryKey: queryKeys.events, exact: false });
        break;
      case 'checkpoints':
        out.push({ queryKey: queryKeys.checkpoints(eventId), exact: true });
        out.push({ queryKey: queryKeys.deletedKps(eventId), exact: true });
        out.push({ queryKey: queryKeys.deletedKpOnTeam(eventId), exact: true });
        out.push({ queryKey: queryKeys.printItems(eventId), exact: true });
        out.push({ queryKey: queryKeys.play(eventId), exact: false });
        break;
      case 'teams':
        // Team changes show in the team list, the start list and the registrations too.
        out.push({ queryKey: [...queryKeys.event(eventId), 'teams'], exact: false });
        out.push({ queryKey: queryKeys.startList(eventId), exact: true });
        out.push({ queryKey: queryKeys.registrations(eventId), exact: true });
        out.push({ queryKey: queryKeys.regForm(eventId), exact: true });
        out.push({ queryKey: queryKeys.deletedTeams(eventId), exact: true });
        out.push({ queryKey: queryKeys.play(eventId), exact: false });
        out.push({ queryKey: queryKeys.tracks(eventId), exact: true });
        break;
      case 'results':
        out.push({ queryKey: [...queryKeys.event(eventId), change], exact: false });
        break;
      case 'registrations':
        out.push({ queryKey: queryKeys.registrations(eventId), exact: true });
        out.push({ queryKey: queryKeys.regForm(eventId), exact: true });
        break;
      case 'joincodes':
        out.push({ queryKey: queryKeys.joinCodes(eventId), exact: true });
        break;
      case 'messages':
        out.push({ queryKey: queryKeys.messages(eventId), exact: true });
        break;
      case 'speed':
        out.push({ queryKey: queryKeys.speedAreas(eventId), exact: true });
        out.push({ queryKey: queryKeys.speedTickets(eventId), exact: true });
        break;
      case 'uploads':
        out.push({ queryKey: queryKeys.uploads(eventId), exact: true });
        break;
      case 'maps':
        // The organiser's list, and every map that draws the event's images.
        out.push({ queryKey: queryKeys.mapImages(eventId), exact: true });
        out.push({ queryKey: queryKeys.eventMap(eventId), exact: true });
        break;
    }
  }
  // The organiser's dashboard counts a little of everything.
  if (what.some((change) => OVERVIEW_CHANGES.includes(change))) {
    out.push({ queryKey: queryKeys.overview(eventId), exact: true });
  }
  return out;
}

/** The changes that move the organiser's dashboard (api.overview). */
const OVERVIEW_CHANGES: readonly EventChange[] = [
  'event',
  'settings',
  'checkpoints',
  'teams',
  'results',
  'registrations',
  'joincodes',
];

/** Delay before reconnect attempt number `attempt` (0-based): 1 s doubling, capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 30_000);
}

/** The address of the live endpoint for a page served from `location`. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/ws`;
}

/** The keep-alive ping of a page on a desk: well inside the idle timeouts of common proxies. */
export const PING_INTERVAL_MS = 25_000;

interface RealtimeOptions {
  url: () => string;
  /** Called for each event.changed message. */
  onEventChanged: (eventId: string, what: EventChange[]) => void;
  /** Called after a reconnect with the topics that were re-subscribed (changes may have been missed). */
  onResubscribed: (topics: string[]) => void;
  /** Called with the number of topics the server has confirmed, whenever it changes. */
  onConfirmedCount?: (count: number) => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * A feature that reads its own topic's messages off the shared socket (the participant app's
 * device channel), so a phone keeps one socket and pays for one keep-alive ping.
 */
export interface RealtimeListener {
  /** Every message the server sends, `subscribed` confirmations included (after reconnects too). */
  message?: (message: ServerMessage) => void;
  /** The socket closed; it reconnects by itself and the server confirms each topic again. */
  closed?: () => void;
}

/** A reference-counted set of topic subscriptions over one self-healing WebSocket. */
export class RealtimeConnection {
  private readonly topics = new Map<string, number>();
  private readonly listeners = new Set<RealtimeListener>();
  private readonly confirmed = new Set<string>();
  private socket: WebSocket | null = null;
  private attempt = 0;
  private everOpened = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pingMs = PING_INTERVAL_MS;
  private closed = false;
  private readonly options: RealtimeOptions;

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  /**
   * Pings every `ms` instead (the participant app on a phone: every ping is bytes and battery)
   * until the returned function puts the previous interval back.
   */
  pingEvery(ms: number): () => void {
    const previous = this.pingMs;
    this.pingMs = ms;
    if (this.pingTimer) this.startPing();
    return () => {
      this.pingMs = previous;
      if (this.pingTimer) this.startPing();
    };
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ v: 1, type: 'ping' }), this.pingMs);
  }

  /** Subscribes to `topic` until the returned function is called. Connects on first use. */
  subscribe(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) this.send({ v: 1, type: 'subscribe', topic });
    this.ensureConnected();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topics.set(topic, left);
      } else {
        this.topics.delete(topic);
        this.setConfirmed(topic, false);
        this.send({ v: 1, type: 'unsubscribe', topic });
      }
    };
  }

  /** Adds `listener` until the returned function is called. */
  listen(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Closes the socket for good (tests, hot reload). */
  close(): void {
    this.closed = true;
    this.clearTimers();
    this.socket?.close();
    this.socket = null;
  }

  private ensureConnected(): void {
    if (this.closed || this.socket || this.reconnectTimer) return;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: WebSocket;
    try {
      socket = create(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      const topics = [...this.topics.keys()];
      for (const topic of topics) this.send({ v: 1, type: 'subscribe', topic });
      if (reconnected && topics.length > 0) this.options.onResubscribed(topics);
      this.startPing();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = parseServerMessage(event.data);
      if (message) for (const listener of this.listeners) listener.message?.(message);
      if (message?.type === 'event.changed') {
        this.options.onEventChanged(message.eventId, message.what);
      } else if (message?.type === 'subscribed' && this.topics.has(message.topic)) {
        // The page's own topics are counted; the app-wide translations' is always there.
        if (message.topic !== TRANSLATIONS_TOPIC) this.setConfirmed(message.topic, true);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const topic of [...this.confirmed]) this.setConfirmed(topic, false);
      for (const listener of this.listeners) listener.closed?.();
      this.clearTimers();
      this.scheduleReconnect();
    };
  }

  private setConfirmed(topic: string, on: boolean): void {
    const before = this.confirmed.size;
    if (on) this.confirmed.add(topic);
    else this.confirmed.delete(topic);
    if (this.confirmed.size !== before) this.options.onConfirmedCount?.(this.confirmed.size);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureConnected();
    }, delay);
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

/** The app's connection, wired to invalidate `queryClient` on every change it hears of. */
export function createRealtime(queryClient: QueryClient): RealtimeConnection {
  const invalidate = (eventId: string, what: readonly EventChange[]) => {
    for (const { queryKey, exact } of invalidationsForChange(eventId, what)) {
      void queryClient.invalidateQueries({ queryKey, exact });
    }
  };
  return new RealtimeConnection({
    url: () => socketUrl(window.location),
    onEventChanged: invalidate,
    onResubscribed: (topics) => {
      const prefix = eventTopic('');
      for (const topic of topics) {
        if (!topic.startsWith(prefix)) continue;
        void queryClient.invalidateQueries({
          queryKey: queryKeys.event(topic.slice(prefix.length)),
        });
      }
    },
    // Test hook: browser tests wait for `window.__radaLive` before making a change elsewhere.
    onConfirmedCount: (count) => {
      (window as unknown as { __radaLive?: number }).__radaLive = count;
    },
  });
}

export const RealtimeContext = createContext<RealtimeConnection | null>(null);

/** Keeps the event's live topic subscribed while the calling component is mounted. */
export function useEventRealtime(eventId: string | undefined): void {
  const realtime = useContext(RealtimeContext);
  useEffect(() => {
    if (!realtime || !eventId) return;
    return realtime.subscribe(eventTopic(eventId));
  }, [realtime, eventId]);
}

/**
 * Follows a cup's topic while mounted: a `cup.changed` message, or a (re)subscription that may
 * have missed one, refetches the cup and its standings.
 */
export function useCupRealtime(cupId: string | undefined, onChange: () => void): void {
  const realtime = useContext(RealtimeContext);
  useEffect(() => {
    if (!realtime || !cupId) return;
    const topic = cupTopic(cupId);
    const stopListening = realtime.listen({
      message: (m) => {
        if (
          (m.type === 'cup.changed' && m.cupId === cupId) ||
          (m.type === 'subscribed' && m.topic === topic)
        ) {
          onChange();
        }
      },
    });
    const unsubscribe = realtime.subscribe(topic);
    return () => {
      unsubscribe();
      stopListening();
    };
  }, [realtime, cupId, onChange]);
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerMessage, TrackSource, WebClientKind } from '@rada/core';
import type { Bus } from '../realtime/bus.ts';
import { AppError } from './errors.ts';
import { isPublicAddress } from './ipAddress.ts';

/** The label of a request no route matched (the web app's pages and real 404s alike). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; from a cached answer (a few ms) to a large export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a group commit on SQLite waits a few ms for its companions. */
const COMMIT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds; Redis pub/sub on a local network takes well under a millisecond. */
const BUS_LAG_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const CLIENT_KINDS: readonly WebClientKind[] = ['app', 'listen'];

/** A proxy names the client it forwards for: such a request came through the balancer. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC), made once per process: they
 * measure the process whatever app runs in it, and each set keeps an event-loop timer running,
 * so the tests' many apps in one process share one.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Metric children by one label value: a hot path builds no labels object and checks none. */
function byLabel<T>(make: (value: string) => T): (value: string) => T {
  const children = new Map<string, T>();
  return (value) => {
    let child = children.get(value);
    if (child === undefined) children.set(value, (child = make(value)));
    return child;
  };
}

/** What the gauges read when scraped: the app's WebSocket server and its client registry. */
export interface MetricSources {
  /** Open WebSocket connections (/listen and /api/ws), handshakes under way included. */
  sockets: () => number;
  /** Connected clients of a kind: the web app's /api/ws ('app'), admitted /listen viewers. */
  clients: (kind: WebClientKind) => number;
}

/**
 * One app's metrics in a registry of its own (several apps run in one test process, and each
 * server of a cluster is scraped apart): HTTP requests by route pattern, ingest, sockets and the
 * bus. docs/deploy.md, Metrics, lists them. The recording functions are cheap enough for the
 * hot paths: label children are made once per value and kept, a request's time is Fastify's own.
 */
export function serverMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricSources = { sockets: () => 0, clients: () => 0 };

  const http = new Histogram({
    name: 'rada_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their time to answer',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const received = new Counter({
    name: 'rada_ingest_points_received_total',
    help: 'Location points that arrived in ingest batches, refused and duplicate ones included',
    labelNames: ['source'] as const,
    registers,
  });
  const stored = new Counter({
    name: 'rada_ingest_points_stored_total',
    help: 'Location points stored (new, not duplicates)',
    labelNames: ['source'] as const,
    registers,
  });
  const commit = new Histogram({
    name: 'rada_ingest_commit_seconds',
    help: 'Time from a batch of points asking for its transaction to its commit (the wait for a group commit included)',
    buckets: COMMIT_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'rada_websocket_connections',
    help: 'Open WebSocket connections (/listen and /api/ws)',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'rada_websocket_clients',
    help: 'Connected WebSocket clients by kind: app (the web app /api/ws), listen (admitted /listen viewers)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      for (const kind of CLIENT_KINDS) this.set({ kind }, sources.clients(kind));
    },
  });
  const published = new Counter({
    name: 'rada_bus_published_total',
    help: 'Messages this server published on the bus, by message type',
    labelNames: ['type'] as const,
    registers,
  });
  const busReceived = new Counter({
    name: 'rada_bus_received_total',
    help: 'Messages that came from other servers through Redis, by message type',
    labelNames: ['type'] as const,
    registers,
  });
  const busLag = new Histogram({
    name: 'rada_bus_lag_seconds',
    help: 'Time from a message published on another server to its receipt here (by the two clocks)',
    buckets: BUS_LAG_BUCKETS,
    registers,
  });

  const receivedOf = byLabel((source) => received.labels(source));
  const storedOf = byLabel((source) => stored.labels(source));
  const publishedOf = byLabel((type) => published.labels(type));
  const busReceivedOf = byLabel((type) => busReceived.labels(type));
  /** route → method → status → the histogram's child. */
  const routes = new Map<string, Map<string, Map<number, { observe(v: number): void }>>>();
  const httpOf = (route: string, method: string, status: number) => {
    let methods = routes.get(route);
    if (!methods) routes.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    let child = statuses.get(status);
    if (!child) statuses.set(status, (child = http.labels(method, route, String(status))));
    return child;
  };
  processMetrics();

  return {
    registry,

    /** Where the socket gauges read their values at a scrape. */
    watch(next: MetricSources): void {
      sources = next;
    },

    /**
     * The onResponse hook: the request under its route pattern (never the URL, so the label
     * values stay as few as the routes), its status and Fastify's own measure of its time.
     */
    onResponse(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
      const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
      httpOf(route, req.method, reply.statusCode).observe(reply.elapsedTime / 1000);
      done();
    },

    /** A batch of `receivedPoints` from `source` whose `storedPoints` committed in `ms`. */
    ingested(source: TrackSource, receivedPoints: number, storedPoints: number, ms: number): void {
      receivedOf(source).inc(receivedPoints);
      storedOf(source).inc(storedPoints);
      commit.observe(ms / 1000);
    },

    /** Counts what goes out on `bus`; everything else passes through. */
    countPublished(bus: Bus): Bus {
      return {
        publish(topic, message) {
          publishedOf(message.type).inc();
          bus.publish(topic, message);
        },
        subscribe: (topic, handler) => bus.subscribe(topic, handler),
        ready: (topic) => bus.ready(topic),
        healthy: () => bus.healthy(),
        close: () => bus.close(),
      };
    },

    /** A message of another server, published at `sentAt` (its clock), received now. */
    busReceived(message: ServerMessage, sentAt: number): void {
      busReceivedOf(message.type).inc();
      busLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
    },

    /** The exposition text: the process's metrics, then this app's. */
    async text(): Promise<string> {
      return (await processMetrics().metrics()) + (await registry.metrics());
    },

    contentType: registry.contentType,
  };
}
export type ServerMetrics = ReturnType<typeof serverMetrics>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read the metrics: with `token` (METRICS_TOKEN) a caller sending it as a bearer token
 * (401 otherwise); without one, a caller on loopback or a private network asking the server
 * directly, not through a proxy (403 otherwise). docs/deploy.md, Metrics, says why.
 */
export function metricsAccess(
  token: string | null,
): (req: FastifyRequest, reply: FastifyReply) => void {
  const wanted = token === null ? null : digest(token);
  return (req, reply) => {
    if (wanted) {
      const header = req.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!timingSafeEqual(digest(given), wanted)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('metrics.error.refused', 401);
      }
      return;
    }
    const address = req.socket.remoteAddress ?? '';
    const direct = FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
    if (!direct || isIP(address) === 0 || isPublicAddress(address)) {
      throw new AppError('metrics.error.refused', 403);
    }
  };
}

/**
 * GET /metrics, the Prometheus exposition of `metrics` for the callers `metricsAccess` admits.
 * Not under /api: no session, no rate limit; only warnings logged (a scrape every few seconds).
 */
export function metricsRoute(
  app: FastifyInstance,
  metrics: ServerMetrics,
  token: string | null,
): void {
  const mayRead = metricsAccess(token);
  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    mayRead(req, reply);
    const text = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}

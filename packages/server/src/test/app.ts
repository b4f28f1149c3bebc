import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ErrorBody } from '@rada/core';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../config.ts';
import type { RateLimits, ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createStore } from '../db/store.ts';
import type { Store } from '../db/store.ts';
import { buildApp } from '../http/app.ts';
import type { AppDeps } from '../http/app.ts';
import { inProcessBus } from '../realtime/bus.ts';
import type { Bus } from '../realtime/bus.ts';
import { freshDatabase } from './databases.ts';
import type { testDialects } from './databases.ts';

export type TestDialect = ReturnType<typeof testDialects>[number];

/** A settable clock: tests move `t` to cross time windows (rate limit, upcoming list). */
export interface TestClock {
  t: number;
}

/** An app on a fresh, migrated database of one dialect, driven with `app.inject` (no network). */
export interface TestApp {
  app: FastifyInstance;
  handle: Db;
  store: Store;
  bus: Bus;
  config: ServerConfig;
  clock: TestClock;
  close(): Promise<void>;
}

/** Rate limits no test reaches: hundreds of tests sign up and sign in from one address. */
export const UNLIMITED_RATES: RateLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { max: 1_000_000_000, windowMs: 60_000 }]),
) as unknown as RateLimits;

/**
 * The server's configuration as `loadConfig` gives it with an empty environment, plus overrides;
 * the rate limits are out of the way unless a test sets its own (http/limits.test.ts).
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    // No built web app: unknown paths answer a plain 404 whatever the working copy holds.
    webDist: '/nonexistent/rada-web-dist',
    rateLimits: UNLIMITED_RATES,
    // Each app archives into a folder of its own, made on the first write.
    archiveDir: path.join(os.tmpdir(), `rada-archive-${randomUUID()}`),
    // And keeps its map images in one of its own (mapImages/).
    mapsDir: path.join(os.tmpdir(), `rada-maps-${randomUUID()}`),
    ...overrides,
  };
}

/** What a test may give the app instead of its own: the scoring engine, the bus, the lifecycle. */
export type TestAppDeps = Partial<Pick<AppDeps, 'compute' | 'bus' | 'lifecycle'>>;

/** Builds the app on a fresh database of `dialect`; `close` ends both and drops the database. */
export async function buildTestApp(
  dialect: TestDialect,
  overrides: Partial<ServerConfig> = {},
  deps: TestAppDeps = {},
): Promise<TestApp> {
  const handle = await freshDatabase(dialect);
  return buildTestAppOn(handle, overrides, deps);
}

/** Builds the app on an already opened database (shared with the command line, for example). */
export async function buildTestAppOn(
  handle: Db,
  overrides: Partial<ServerConfig> = {},
  { bus = inProcessBus(), ...deps }: TestAppDeps = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const clock: TestClock = { t: Date.now() };
  const app = await buildApp({
    db: handle.db,
    config,
    bus,
    now: () => clock.t,
    checkAnswers: true,
    ...deps,
  });
  return {
    app,
    handle,
    store: createStore(handle.db),
    bus,
    config,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Who makes a request: nobody, a browser session (cookie header) or a bearer token. */
export type Caller = null | { cookie: string } | { bearer: string };

export interface CallOptions {
  as?: Caller;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface CallResult<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * One API request through `app.inject`; the answer's JSON is parsed (undefined when empty). It
 * resolves once the mail and SMS the request queued have gone.
 */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const as = options.as ?? null;
  if (as && 'cookie' in as) headers.cookie = as.cookie;
  if (as && 'bearer' in as) headers.authorization = `Bearer ${as.bearer}`;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  // Mail and SMS go after the answer (auth/deliveries.ts): a test reads them once they went.
  if (app.hasDecorator('deliveries')) await app.deliveries.settled();
  const body = res.body === '' ? undefined : (JSON.parse(res.body) as T);
  return { status: res.statusCode, body: body as T, headers: res.headers };
}

/** The error key of an error answer (undefined for a success). */
export const errorOf = (res: CallResult<unknown>): string | undefined =>
  (res.body as ErrorBody | undefined)?.error;

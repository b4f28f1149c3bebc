import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp, signUpCreator } from '../test/factories.ts';
import { addDevice, newTrackEvent, walk } from '../tracks/trackTestKit.ts';
import { connectListen } from '../live/listenTestClient.ts';
import { redisBus } from '../realtime/redisBus.ts';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis.ts';
import { serverMetrics, UNMATCHED_ROUTE } from './metrics.ts';

/** One sample line of the exposition format: name, labels, value, an optional timestamp. */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*)\})? (\S+)(?: -?\d+)?$/;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;

/**
 * The exposition text read as Prometheus reads it (text format 0.0.4): every line a HELP or
 * TYPE comment or a sample, each sample's family declared by a TYPE line before it. Throws on
 * anything else. Samples are keyed `name{label="value",…}` with the labels sorted.
 */
function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(comment[3], line).toMatch(/^(counter|gauge|histogram|summary|untyped)$/);
        expect(types.has(comment[2]!), `${comment[2]} declared twice`).toBe(false);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const name = sample[1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name) || types.has(family), `${name} has no TYPE line before it`).toBe(true);
    const labels = [...(sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)]
      .map((m) => `${m[1]}="${m[2]}"`)
      .sort();
    // Go's ParseFloat, as Prometheus reads values: NaN and ±Inf in any case (prom-client writes
    // 'Nan' for the event loop's mean before it has a sample).
    const text = sample[3]!;
    const value = /^nan$/i.test(text)
      ? NaN
      : /^[+-]?inf$/i.test(text)
        ? Number(`${text[0] === '-' ? '-' : ''}Infinity`)
        : Number(text);
    expect(Number.isNaN(value) && !/^nan$/i.test(text), line).toBe(false);
    samples.set(`${name}{${labels.join(',')}}`, value);
  }
  return { types, samples };
}

/** The value of one sample (0 when absent, as Prometheus treats a counter not yet seen). */
const valueOf = (
  samples: Map<string, number>,
  name: string,
  labels: Record<string, string> = {},
): number => {
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  return samples.get(`${name}{${key}}`) ?? 0;
};

/** A built web app of one page: the SPA fallback answers every unknown path with it. */
function webDist(): string {
  const dir = path.join(os.tmpdir(), `rada-metrics-web-${randomUUID()}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe.each(testDialects().slice(0, 1))('GET /metrics on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  const dist = webDist();

  const scrape = async (remoteAddress = '127.0.0.1') => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    return { ...parseExposition(res.body), text: res.body, headers: res.headers };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { webDist: dist });
    owner = await signUpCreator(t);
    runner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is Prometheus text with the process metrics and every metric of the app typed', async () => {
    const { types, headers, text } = await scrape();
    expect(headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(headers['cache-control']).toBe('no-store');
    // Not the web app's page, which answers every other unknown path.
    expect(text).not.toContain('<html');
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('rada_')))).toEqual({
      rada_http_request_duration_seconds: 'histogram',
      rada_ingest_points_received_total: 'counter',
      rada_ingest_points_stored_total: 'counter',
      rada_ingest_commit_seconds: 'histogram',
      rada_websocket_connections: 'gauge',
      rada_websocket_clients: 'gauge',
      rada_bus_published_total: 'counter',
      rada_bus_received_total: 'counter',
      rada_bus_lag_seconds: 'histogram',
    });
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    const eventId = await newTrackEvent(t, owner);
    const before = (await scrape()).samples;
    for (const id of [eventId, eventId, 'no-such-event']) {
      await t.app.inject({ method: 'GET', url: `/api/events/${id}/results` });
    }
    const page = await t.app.inject({ method: 'GET', url: `/events/${eventId}/live` });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const { samples, text } = await scrape();
    const moved = (labels: Record<string, string>) =>
      valueOf(samples, 'rada_http_request_duration_seconds_count', labels) -
      valueOf(before, 'rada_http_request_duration_seconds_count', labels);
    const results = { method: 'GET', route: '/api/events/:id/results' };
    expect(moved({ ...results, status_code: '200' })).toBe(2);
    expect(moved({ ...results, status_code: '404' })).toBe(1);
    expect(moved({ method: 'GET', route: UNMATCHED_ROUTE, status_code: '200' })).toBe(1);
    // Each bucket counts the requests at or under it; +Inf all of them.
    expect(
      valueOf(samples, 'rada_http_request_duration_seconds_bucket', {
        ...results,
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(
      valueOf(samples, 'rada_http_request_duration_seconds_count', {
        ...results,
        status_code: '200',
      }),
    );
    expect(text).not.toContain(eventId);
    expect(text).not.toContain('no-such-event');
  });

  it('counts ingested points by source, stored ones and the batches’ commits', async () => {
    const eventId = await newTrackEvent(t, owner);
    const deviceId = await addDevice(t, runner, eventId, 'alpha');
    const before = (await scrape()).samples;
    const points = walk(5, t.clock.t - 60_000);
    const send = (body: unknown) =>
      call(t.app, 'POST', `/api/devices/${deviceId}/locations`, { as: runner, body });
    expect((await send({ points })).status).toBe(200);
    // The same batch again: received, none stored.
    expect((await send({ points })).status).toBe(200);
    const { samples } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(moved('rada_ingest_points_received_total', { source: 'app' })).toBe(10);
    expect(moved('rada_ingest_points_stored_total', { source: 'app' })).toBe(5);
    expect(moved('rada_ingest_commit_seconds_count')).toBe(2);
    expect(moved('rada_ingest_commit_seconds_sum')).toBeGreaterThan(0);
    // Stored points went out on the bus to the live viewers.
    expect(moved('rada_bus_published_total', { type: 'live.locations' })).toBe(1);
  });

  it('counts open sockets and clients by kind', async () => {
    const eventId = await newTrackEvent(t, owner);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = address.replace(/^http/, 'ws');
    const viewer = await connectListen(`${base}/listen`, eventId, null);
    expect((await viewer.next()).kind).toBe('history');
    const app = new WebSocket(`${base}/api/ws`);
    await new Promise((resolve, reject) => app.once('open', resolve).once('error', reject));
    const sockets = async () => {
      const { samples } = await scrape();
      return {
        open: valueOf(samples, 'rada_websocket_connections'),
        app: valueOf(samples, 'rada_websocket_clients', { kind: 'app' }),
        listen: valueOf(samples, 'rada_websocket_clients', { kind: 'listen' }),
      };
    };
    await expect.poll(sockets).toEqual({ open: 2, app: 1, listen: 1 });
    await viewer.close();
    app.terminate();
    await expect.poll(sockets).toEqual({ open: 0, app: 0, listen: 0 });
  });

  it('answers only callers on this host or a private network that ask it directly', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('10.1.2.3')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const outsider = await from('8.8.8.8');
    expect(outsider.statusCode).toBe(403);
    expect(JSON.parse(outsider.body)).toMatchObject({ error: 'metrics.error.refused' });
    expect(outsider.body).not.toContain('rada_');
    // Through a proxy on this host: someone on the internet, whatever address it names.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { forwarded: 'for=10.0.0.1' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { 'x-real-ip': '10.0.0.1' })).statusCode).toBe(403);
  });
});

describe.each(testDialects().slice(0, 1))('GET /metrics with METRICS_TOKEN on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { metricsToken: 'scrape-secret' });
  });
  afterAll(() => t.close());

  it('asks for the token from everyone, on this host too, and keeps its own registry', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const none = await get({});
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.parse(none.body)).toMatchObject({ error: 'metrics.error.refused' });
    expect((await get({ authorization: 'Bearer scrape-secre' })).statusCode).toBe(401);
    expect((await get({ authorization: 'scrape-secret' })).statusCode).toBe(401);
    const res = await get({ authorization: 'Bearer scrape-secret' }, '8.8.8.8');
    expect(res.statusCode).toBe(200);
    const { samples } = parseExposition(res.body);
    // Only this app's requests: the other suite's apps in this process count in theirs.
    const routes = [...samples.keys()].filter((k) =>
      k.startsWith('rada_http_request_duration_seconds_count'),
    );
    expect(routes).toEqual([
      'rada_http_request_duration_seconds_count{method="GET",route="/metrics",status_code="401"}',
    ]);
  });
});

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`metrics bus lag test skipped: no Redis answers at ${TEST_REDIS_URL}`);

describe.skipIf(!hasRedis)('bus metrics through Redis', () => {
  it('counts messages from another server and their lag from publish to receipt', async () => {
    const prefix = `test-${randomUUID()}:`;
    const here = serverMetrics();
    const there = redisBus(TEST_REDIS_URL, { prefix });
    const bus = redisBus(TEST_REDIS_URL, { prefix, onReceived: here.busReceived });
    try {
      const heard: ServerMessage[] = [];
      bus.subscribe('event:x', (m) => heard.push(m));
      await bus.ready('event:x');
      const message: ServerMessage = { v: 1, type: 'event.changed', eventId: 'x', what: ['teams'] };
      there.publish('event:x', message);
      there.publish('event:x', message);
      await expect.poll(() => heard.length).toBe(2);
      // What this server publishes itself is not received from Redis.
      here.countPublished(bus).publish('event:x', message);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { samples } = parseExposition(await here.text());
      expect(valueOf(samples, 'rada_bus_received_total', { type: 'event.changed' })).toBe(2);
      expect(valueOf(samples, 'rada_bus_published_total', { type: 'event.changed' })).toBe(1);
      expect(valueOf(samples, 'rada_bus_lag_seconds_count')).toBe(2);
      // On one machine the trip takes well under a second.
      expect(valueOf(samples, 'rada_bus_lag_seconds_bucket', { le: '1' })).toBe(2);
    } finally {
      await Promise.all([bus.close(), there.close()]);
    }
  });
});

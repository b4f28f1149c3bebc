/**
 * fanout: live locations from 500 devices to 2,000 viewers of /listen on the real server.
 *
 * The server (SQLite on a temp file) runs in this process. Two child Node processes generate the
 * load, so the server keeps its own core: one plays 500 devices, each sending one point a second
 * through the real ingest API (POST /api/devices/:id/locations, keep-alive, t = the send time);
 * the other holds 2,000 anonymous viewer sockets (hidetracks off). After a 5 s warm-up, for 20 s,
 * the viewers record the latency from a point's t to its receipt: per point on every 8th socket
 * (the frame parsed), and per frame for its oldest point on every socket (no parse). The server's
 * RSS and heap are sampled each second. Baseline, in the same run: a bare `ws` server that takes
 * the same POSTs, stores nothing and broadcasts the same 'j:' frames (same coalescing window) to
 * the same 2,000 sockets. Targets: p99 ≤ 250 ms per point and ≤ 2× the baseline's p99. Also
 * reported: the ingest's commits per second and batches per commit (SQLite group commit,
 * db/groupCommit.ts), the figure that does not depend on how fast this machine's fsync is.
 * Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import {
  decodeTrack,
  encodeListenHistory,
  encodeTrack,
  fillDistances,
  formatListenBatches,
} from '@rada/core';
import type { EventFile, ListenBatch, LocationPoint } from '@rada/core';
import { startPlatform } from '../e2e/support.ts';
import type { TestPlatform } from '../e2e/support.ts';
import { LISTEN_COALESCE_MS } from '../packages/server/src/live/listenHub.ts';
import type { BenchResult } from './harness.ts';
import { signUpAt } from './harness.ts';

/** FANOUT_DEVICES, FANOUT_VIEWERS and FANOUT_MEASURE_MS override the sizes (for exploring). */
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const DEVICES = env('FANOUT_DEVICES', 500);
export const VIEWERS = env('FANOUT_VIEWERS', 2000);
const WARMUP_MS = 5000;
export const MEASURE_MS = env('FANOUT_MEASURE_MS', 20_000);
export const SAMPLE_EVERY = 8;
export const TARGET_P99_MS = 250;
export const TARGET_RATIO = 2;
/** The hub's coalescing window, used by the baseline too. */
const COALESCE_MS = LISTEN_COALESCE_MS;
export const EVENT_ID = 'fanout';

const wsUrl = pathToFileURL(createRequire(import.meta.url).resolve('ws')).href;

/** The viewers: plain JavaScript in a child process; commands on stdin, JSON lines on stdout. */
export const VIEWERS_JS = `
import WebSocket from '${wsUrl}';
const [url, eventId, count, sampleEvery] = [process.argv[1], process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const sockets = [];
let from = Infinity, to = Infinity;
const perPoint = [], perFrame = [];
let frames = 0, bytes = 0, closed = 0, histories = 0;
function open(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const sampled = i % sampleEvery === 0;
    ws.on('open', () => { ws.send('EventId:' + eventId); ws.send('BearerToken:'); });
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      if (isBinary) { histories++; resolve(); return; }
      frames++; bytes += data.length;
      if (data[0] !== 0x6a) return; // 'j'
      if (sampled) {
        for (const b of JSON.parse(data.toString('utf8', 2))) for (const p of b.locations)
          if (p.t >= from && p.t < to) perPoint.push(now - p.t);
      } else {
        // Without parsing: the frame's first point is its oldest.
        const at = data.indexOf('"t":');
        if (at < 0) return;
        const t = Number(data.toString('latin1', at + 4, data.indexOf(44, at)));
        if (t >= from && t < to) perFrame.push(now - t);
      }
    });
    ws.on('close', () => { closed++; resolve(); });
    ws.on('error', () => {});
    sockets.push(ws);
  });
}
for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
}
const pct = (a, p) => { if (!a.length) return NaN; a.sort((x, y) => x - y); return a[Math.min(a.length - 1, Math.floor(a.length * p))]; };
process.stdout.write(JSON.stringify({ ready: true, histories, closed }) + '\\n');
let buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  let nl;
  while ((nl = buf.indexOf('\\n')) >= 0) {
    const [cmd, a, b] = buf.slice(0, nl).split(' ');
    buf = buf.slice(nl + 1);
    if (cmd === 'measure') { from = Number(a); to = Number(b); }
    if (cmd === 'report') {
      const out = { points: perPoint.length, frames, bytes, closed, p50: pct(perPoint, 0.5), p99: pct(perPoint, 0.99),
        max: pct(perPoint, 1), frameCount: perFrame.length, frameP50: pct(perFrame, 0.5), frameP99: pct(perFrame, 0.99) };
      for (const s of sockets) s.terminate();
      process.stdout.write(JSON.stringify(out) + '\\n');
      setTimeout(() => process.exit(0), 100);
    }
  }
});
`;

/** The devices: each sends one point a second (t = send time) until the end time. */
export const DEVICES_JS = `
import http from 'node:http';
const [base, token, count, until] = [process.argv[1], process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const target = new URL(base);
let sent = 0, errors = 0;
const latencies = [];
function post(i) {
  const t = Date.now();
  const body = JSON.stringify({ points: [{ t, y: 58.3 + (i % 50) / 1000 + (t % 60000) / 1e8, x: 26.7 + Math.floor(i / 50) / 1000, a: 5, s: 1.5 }] });
  return new Promise((resolve) => {
    const req = http.request({ host: target.hostname, port: target.port, method: 'POST', agent,
      path: '/api/devices/dev-' + i + '/locations',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + token } },
      (res) => { res.resume(); res.on('end', () => { if (res.statusCode === 200) { sent++; latencies.push(Date.now() - t); } else errors++; resolve(); }); });
    req.on('error', () => { errors++; resolve(); });
    req.end(body);
  });
}
await Promise.all(Array.from({ length: count }, async (_, i) => {
  await new Promise((r) => setTimeout(r, (i * 1000) / count));
  while (Date.now() < until) {
    const next = Date.now() + 1000;
    await post(i);
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
}));
latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN;
agent.destroy();
process.stdout.write(JSON.stringify({ sent, errors, p50: pct(0.5), p99: pct(0.99) }) + '\\n');
`;

export interface ViewerReport {
  points: number;
  frames: number;
  bytes: number;
  closed: number;
  p50: number;
  p99: number;
  max: number;
  frameCount: number;
  frameP50: number;
  frameP99: number;
}
export interface DeviceReport {
  sent: number;
  errors: number;
  p50: number;
  p99: number;
}

/** A child Node process running `code`, with its stdout read as JSON lines. */
export function child(code: string, args: string[]) {
  const proc: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', code, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: unknown[] = [];
  const waiting: ((v: unknown) => void)[] = [];
  let buf = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const value = JSON.parse(buf.slice(0, nl)) as unknown;
      buf = buf.slice(nl + 1);
      const w = waiting.shift();
      if (w) w(value);
      else lines.push(value);
    }
  });
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('close', resolve));
  return {
    send: (line: string) => proc.stdin!.write(`${line}\n`),
    next: <T>(ms: number) =>
      new Promise<T>((resolve, reject) => {
        if (lines.length > 0) return resolve(lines.shift() as T);
        const timer = setTimeout(() => reject(new Error(`child silent for ${ms} ms: ${err}`)), ms);
        waiting.push((v) => {
          clearTimeout(timer);
          resolve(v as T);
        });
        void exited.then((code) => reject(new Error(`child exited ${code}: ${err}`)));
      }),
    kill: () => proc.kill(),
  };
}

/** How many devices send (dev-0 …, at one point a second each) and how many viewers watch. */
export interface LoadSize {
  devices: number;
  viewers: number;
}

/** One measured run: viewers connect, devices send, the viewers report. */
export async function runLoad(
  httpBase: string,
  listenUrl: string,
  token: string,
  sampleMemory: () => void,
  /** Called as the devices start sending and once they have all reported (CPU counters). */
  devicesPhase?: { started(): void; ended(): void },
  size: LoadSize = { devices: DEVICES, viewers: VIEWERS },
): Promise<{ viewers: ViewerReport; devices: DeviceReport; connected: number; size: LoadSize }> {
  const viewers = child(VIEWERS_JS, [
    listenUrl,
    EVENT_ID,
    String(size.viewers),
    String(SAMPLE_EVERY),
  ]);
  try {
    const ready = await viewers.next<{ histories: number; closed: number }>(120_000);
    const from = Date.now() + WARMUP_MS;
    const to = from + MEASURE_MS;
    viewers.send(`measure ${from} ${to}`);
    devicesPhase?.started();
    const devices = child(DEVICES_JS, [httpBase, token, String(size.devices), String(to + 500)]);
    const memory = setInterval(sampleMemory, 1000);
    let deviceReport: DeviceReport;
    try {
      deviceReport = await devices.next<DeviceReport>(WARMUP_MS + MEASURE_MS + 60_000);
      devicesPhase?.ended();
    } finally {
      clearInterval(memory);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    viewers.send('report');
    const report = await viewers.next<ViewerReport>(60_000);
    return { viewers: report, devices: deviceReport, connected: ready.histories, size };
  } finally {
    viewers.kill();
  }
}

export type LoadResult = Awaited<ReturnType<typeof runLoad>>;

/** One run's figures on one line. */
export function loadLine(bench: string, name: string, r: LoadResult): string {
  const expected = r.size.devices * (MEASURE_MS / 1000);
  return (
    `${bench}: ${name}: ${r.connected}/${r.size.viewers} viewers served, ${r.viewers.closed} dropped; ` +
    `${r.devices.sent} posts (${r.devices.errors} errors, ingest p50 ${ms(r.devices.p50)}, p99 ${ms(r.devices.p99)}); ` +
    `per point (every ${SAMPLE_EVERY}th viewer, ${r.viewers.points} receipts, ~${expected * Math.ceil(r.size.viewers / SAMPLE_EVERY)} expected) ` +
    `p50 ${ms(r.viewers.p50)}, p99 ${ms(r.viewers.p99)}, max ${ms(r.viewers.max)}; ` +
    `oldest point per frame (all other viewers, ${r.viewers.frameCount} frames) p50 ${ms(r.viewers.frameP50)}, p99 ${ms(r.viewers.frameP99)}; ` +
    `${mb(r.viewers.bytes)} received`
  );
}

/** An event of `teams` teams (500; no KPs needed), tracks public. */
export function fanoutEvent(teams = DEVICES): EventFile {
  const list: Record<string, Record<string, unknown>> = {};
  const data: Record<string, Record<string, unknown>> = {};
  for (let t = 1; t <= teams; t++) {
    list[`t${t}`] = { name: `Team ${t}`, nr: t };
    data[`t${t}`] = {};
  }
  const now = Date.now();
  return {
    version: 2,
    events: {
      name: 'Fan-out',
      starttime: now - 3_600_000,
      endtime: now + 3_600_000,
      hidden: false,
      admins: {},
    },
    eventsdata: { data: { type: 'valik' }, conf: {}, kp: {}, kpdata: {}, kpanswer: {} },
    teams: { list, data, kpanswers: {} },
    evdoc: {},
  } as unknown as EventFile;
}

/**
 * The baseline: a bare node:http + ws server doing only the fan-out, with the same frames (the
 * batch's device, user and team, each point with its distance from the device's previous one at
 * the stored precision) and the same coalescing window.
 */
async function bareServer(uid: string) {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, path: '/listen', perMessageDeflate: false });
  const viewers = new Set<WebSocket>();
  const history = Buffer.from(encodeListenHistory([]));
  wss.on('connection', (ws) => {
    ws.once('message', () => {
      viewers.add(ws);
      ws.send(history, { binary: true });
    });
    ws.on('close', () => viewers.delete(ws));
  });
  let queued: ListenBatch[] = [];
  let timer: NodeJS.Timeout | null = null;
  let lastSent = -Infinity;
  const previous = new Map<string, LocationPoint>();
  const flush = () => {
    timer = null;
    lastSent = Date.now();
    const frame = Buffer.from(formatListenBatches(queued));
    queued = [];
    for (const ws of viewers) ws.send(frame, { binary: false });
  };
  server.on('request', (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const devid = req.url?.split('/')[3] ?? '';
      const { points } = JSON.parse(body) as { points: Partial<LocationPoint>[] };
      const full = points.map((p) => ({ l: null, g: null, d: null, ...p }) as LocationPoint);
      const locations = decodeTrack(encodeTrack(fillDistances(full, previous.get(devid) ?? null)));
      previous.set(devid, locations.at(-1)!);
      queued.push({ devid, uid, tid: `t${Number(devid.slice(4)) + 1}`, locations });
      if (!timer) {
        const wait = lastSent + COALESCE_MS - Date.now();
        if (wait <= 0) flush();
        else timer = setTimeout(flush, wait);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ accepted: points.length, duplicates: 0, rejected: [], known: true }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: async () => {
      if (timer) clearTimeout(timer);
      for (const ws of viewers) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The bench's device rows, one per team (dev-0 → t1, …), owned by `userId`. */
export const benchDevices = (userId: string, count = DEVICES) =>
  Array.from({ length: count }, (_, i) => ({
    id: `dev-${i}`,
    user_id: userId,
    event_id: EVENT_ID,
    team_id: `t${i + 1}`,
    info: '{}',
    last_seen: null,
    last_t: null,
  }));

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * The fan-out event on a running platform (its files in `dir`): imported, and one account (with
 * a bearer token, as the app has) owning every device, a phone per team (bench/mapTiles.ts runs
 * the same load while a map is cut).
 */
export async function prepareFanout(
  platform: TestPlatform,
  dir: string,
): Promise<{ uid: string; token: string }> {
  const file = path.join(dir, 'fanout.json');
  fs.writeFileSync(file, JSON.stringify(fanoutEvent()));
  const imported = await platform.cli('import', file, '--id', EVENT_ID);
  if (imported.code !== 0) throw new Error(`import failed: ${imported.err}`);

  const me = await signUpAt(platform.url, 'devices@example.com', 'Devices');
  const { cookie } = me;
  const token = (
    (await (
      await fetch(`${platform.url}/api/auth/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'bench devices' }),
      })
    ).json()) as { token: string }
  ).token;
  await platform.server.handle.db.insertInto('devices').values(benchDevices(me.uid)).execute();
  return { uid: me.uid, token };
}

/** Runs the benchmark and prints its figures. */
export async function fanoutBench(): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-bench-'));
  // Every viewer connects from this one address: room for them over MAX_SOCKETS_PER_ADDRESS.
  const platform = await startPlatform({ maxSocketsPerAddress: VIEWERS + 1000 });
  try {
    const { uid, token } = await prepareFanout(platform, dir);

    const idle = process.memoryUsage();
    const peak = { rss: 0, heap: 0 };
    const sample = () => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
    };
    const host = platform.url.replace('localhost', '127.0.0.1');
    const before = platform.server.store.groupStats();
    const loadStart = Date.now();
    const rada = await runLoad(host, `${host.replace(/^http/, 'ws')}/listen`, token, sample);
    const after = platform.server.store.groupStats();
    const commits = after.commits - before.commits;
    const batches = after.members - before.members;
    const seconds = (Date.now() - loadStart) / 1000;

    const bare = await bareServer(uid);
    let base: LoadResult;
    try {
      base = await runLoad(
        `http://127.0.0.1:${bare.port}`,
        `ws://127.0.0.1:${bare.port}/listen`,
        token,
        () => undefined,
      );
    } finally {
      await bare.close();
    }

    console.log(loadLine('fanout', 'rada /listen', rada));
    console.log(loadLine('fanout', 'baseline bare ws', base));
    console.log(
      `fanout: ingest commits: ${commits} for ${batches} device batches while the load ran ` +
        `(${(commits / seconds).toFixed(0)} commits/s, ${(batches / Math.max(commits, 1)).toFixed(1)} batches per commit; ` +
        `one commit per batch without group commit)`,
    );
    const ratio = rada.viewers.p99 / base.viewers.p99;
    const ok =
      rada.connected === VIEWERS &&
      rada.viewers.closed === 0 &&
      rada.devices.errors === 0 &&
      rada.viewers.p99 <= TARGET_P99_MS &&
      ratio <= TARGET_RATIO;
    console.log(
      `fanout: server memory idle RSS ${mb(idle.rss)}, heap ${mb(idle.heapUsed)}; under load peak RSS ${mb(peak.rss)}, ` +
        `heap ${mb(peak.heap)}; p99 ratio rada/baseline ${ratio.toFixed(2)}, ` +
        `p50 ratio ${(rada.viewers.p50 / base.viewers.p50).toFixed(2)} (targets p99 ≤ ${TARGET_P99_MS} ms and ≤ ${TARGET_RATIO}× the baseline) ${ok ? 'OK' : 'OVER TARGET'}`,
    );
    return { name: 'fanout', ok };
  } finally {
    await platform.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * ingest: sustained location ingest over HTTP on the real server (SQLite file, WAL). 200 devices,
 * each its own user with a bearer token and registered to its own team, send batches of 200
 * points (POST /api/devices/:id/locations) from 16 concurrent keep-alive clients in a child
 * process for 5 s after a 1 s warm-up; every 200 answer means the batch is committed. Counts the
 * accepted points per second and checks that the stored chunks hold exactly the accepted points.
 * Baseline: the same kind of rows written with raw better-sqlite3 on the same database file
 * (prepared statements, one transaction per batch: the chunk, the device's last time and the
 * team's stat), measured in the same run. Target: ≥ 50,000 accepted points/s. Also reported: batches
 * per commit (SQLite group commit, db/groupCommit.ts). Loopback only.
 *
 * Then, on a fresh server, the pocket mode (bench/ingestPocket.ts): 2,000 phones sending one point
 * per request through tracking links, as OsmAnd does, every 5 s. INGEST_MODE=batches or
 * INGEST_MODE=pocket runs one mode alone (for exploring).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { encodeTrack, type LocationPoint } from '@rada/core';
import { newToken, tokenHash } from '../packages/server/src/db/ids.ts';
import { startPlatform } from '../e2e/support.ts';
import type { TestPlatform } from '../e2e/support.ts';
import type { BenchResult } from './harness.ts';
import { pocketIngestBench } from './ingestPocket.ts';

const DEVICES = 200;
const BATCH = 200;
const CONNECTIONS = 16;
const WARMUP_MS = 1000;
const DURATION_MS = 5000;
export const TARGET_PPS = 50_000;
const EVENT = 'ingestload';

/** The load generator: plain JavaScript in a child Node process, so it has its own core. */
const LOADGEN = `
import http from 'node:http';
const cfg = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.connections });
const next = new Map(cfg.devices.map((d) => [d.id, 0]));
const url = new URL(cfg.url);
function batchOf(dev, k) {
  const from = next.get(dev.id);
  next.set(dev.id, from + cfg.batch);
  const points = [];
  for (let i = from; i < from + cfg.batch; i++) {
    points.push({ t: cfg.t0 + i * 1000, y: 58 + k * 0.001 + i * 1e-5, x: 26 + i * 7e-6,
      a: 4 + (i % 7), s: 1.2 + (i % 5) * 0.1, l: 40 + (i % 11), g: (i * 3) % 360,
      b: 0.9 - i / 1e5 });
  }
  return JSON.stringify({ points });
}
let accepted = 0, requests = 0, errors = 0, measuring = false;
const latencies = [];
function post(dev, k) {
  const payload = batchOf(dev, k);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request({ hostname: url.hostname, port: url.port, agent, method: 'POST',
      path: '/api/devices/' + dev.id + '/locations',
      headers: { authorization: 'Bearer ' + dev.token, 'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        if (res.statusCode === 200) {
          const n = JSON.parse(text).accepted;
          if (measuring) { accepted += n; requests++; latencies.push(performance.now() - t0); }
          cfg.total.n += n;
        } else { errors++; if (errors < 3) process.stderr.write(res.statusCode + ' ' + text + '\\n'); }
        resolve();
      });
    });
    req.on('error', (e) => { errors++; process.stderr.write(String(e) + '\\n'); resolve(); });
    req.end(payload);
  });
}
cfg.total = { n: 0 };
// Each client owns its devices, so one device's batches arrive in order.
async function client(w, until) {
  const mine = cfg.devices.map((d, k) => [d, k]).filter(([, k]) => k % cfg.connections === w);
  let j = 0;
  while (performance.now() < until) { const [d, k] = mine[j++ % mine.length]; await post(d, k); }
}
const warm = performance.now() + cfg.warmupMs;
await Promise.all(Array.from({ length: cfg.connections }, (_, w) => client(w, warm)));
measuring = true;
const start = performance.now();
await Promise.all(Array.from({ length: cfg.connections }, (_, w) => client(w, start + cfg.durationMs)));
const elapsed = performance.now() - start;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN;
agent.destroy();
process.stdout.write(JSON.stringify({ accepted, requests, errors, elapsed, total: cfg.total.n,
  pps: accepted / (elapsed / 1000), p50: pct(0.5), p99: pct(0.99) }));
`;

export interface Load {
  accepted: number;
  requests: number;
  errors: number;
  elapsed: number;
  /** Points accepted in warm-up and measurement together. */
  total: number;
  pps: number;
  p50: number;
  p99: number;
}

function runLoad(config: object): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', LOADGEN, JSON.stringify(config)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill(), WARMUP_MS + DURATION_MS + 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator exited ${code}: ${err}`));
      else {
        if (err) console.log(`ingest: load generator said: ${err.trim()}`);
        resolve(JSON.parse(out) as Load);
      }
    });
  });
}

/** An event with one team per device and no checkpoints. */
function loadEvent(t0: number) {
  const list: Record<string, Record<string, unknown>> = {};
  for (let k = 0; k < DEVICES; k++) list[`t${k}`] = { name: `Team ${k}`, nr: k + 1 };
  return {
    version: 2,
    events: { name: 'Ingest load', starttime: t0, endtime: t0 + 86_400_000, admins: {} },
    eventsdata: { data: {}, conf: {} },
    teams: { list },
    evdoc: {},
  };
}

/** Raw better-sqlite3: the same writes per batch as the server, chunks pre-encoded. */
function rawBaseline(file: string, batches: number, t0: number): { pps: number; ms: number } {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const points: LocationPoint[] = Array.from({ length: BATCH }, (_, i) => ({
    t: t0 - 86_400_000 + i * 1000,
    y: 58 + i * 1e-5,
    x: 26 + i * 7e-6,
    a: 4 + (i % 7),
    s: 1.2,
    l: 40,
    g: 90,
    d: 1.3,
  }));
  const data = Buffer.from(encodeTrack(points)).toString('base64');
  const stat = JSON.stringify({ dst: 1000, moving: 60_000, points: 1000, lastT: t0 });
  const insert = db.prepare(
    'INSERT INTO track_chunks (id, event_id, team_id, device_id, t_from, t_to, points, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const device = db.prepare('UPDATE devices SET last_t = ?, last_seen = ? WHERE id = ?');
  const team = db.prepare('UPDATE teams SET trackstat = ? WHERE event_id = ? AND id = ?');
  const write = db.transaction((b: number) => {
    const k = b % DEVICES;
    insert.run(`raw-${b}`, EVENT, `t${k}`, `dev-${k}`, points[0]!.t, points.at(-1)!.t, BATCH, data);
    device.run(points.at(-1)!.t, t0, `dev-${k}`);
    team.run(stat, EVENT, `t${k}`);
  });
  const start = performance.now();
  for (let b = 0; b < batches; b++) write(b);
  const ms = performance.now() - start;
  db.close();
  return { pps: (batches * BATCH) / (ms / 1000), ms };
}

/** Runs both modes and prints their figures; ok when both met their targets. */
export async function ingestBench(): Promise<BenchResult> {
  const mode = process.env.INGEST_MODE;
  const batches = mode === 'pocket' ? { ok: true } : await batchIngestBench();
  const pocket = mode === 'batches' ? { ok: true } : await pocketIngestBench();
  return { name: 'ingest', ok: batches.ok && pocket.ok };
}

/** An ingest bench device: its id and its owner's bearer token. */
export interface IngestDevice {
  id: string;
  token: string;
}

/**
 * The batch mode's event on a running platform: imported, and one user per device with a
 * bearer token, a place in the device's team and the device registered (bench/mapTiles.ts
 * runs the same load while a map is cut).
 */
export async function prepareIngest(platform: TestPlatform, now: number): Promise<IngestDevice[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-bench-'));
  const file = path.join(dir, 'ingest.json');
  try {
    fs.writeFileSync(file, JSON.stringify(loadEvent(now - 3_600_000)));
    const imported = await platform.cli('import', file, '--id', EVENT);
    if (imported.code !== 0) throw new Error(`import failed: ${imported.err}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // One user per device with a bearer token and a place in the device's team.
  const db = platform.server.handle.db;
  const devices: IngestDevice[] = [];
  for (let k = 0; k < DEVICES; k++) {
    const uid = `u${k}`;
    const token = newToken();
    await db
      .insertInto('users')
      .values({
        id: uid,
        email: `u${k}@bench.example`,
        display_name: `Runner ${k}`,
        phone: null,
        password_hash: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('sessions')
      .values({
        id: tokenHash(token),
        user_id: uid,
        kind: 'token',
        name: 'bench',
        created_at: now,
        last_used_at: now,
        expires_at: now + 86_400_000,
        public_id: `bench-${k}`,
        user_agent: null,
      })
      .execute();
    await db
      .insertInto('team_members')
      .values({ event_id: EVENT, team_id: `t${k}`, user_id: uid, joined_at: now, via: 'reg' })
      .execute();
    const res = await fetch(`${platform.url}/api/devices/dev-${k}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: EVENT, info: { model: 'bench' } }),
    });
    if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
    devices.push({ id: `dev-${k}`, token });
  }
  return devices;
}

/** The batch load (1 s warm-up, 5 s measured) against a platform prepared by prepareIngest. */
export function runIngestLoad(
  platform: TestPlatform,
  devices: IngestDevice[],
  now: number,
): Promise<Load> {
  return runLoad({
    url: platform.url,
    devices,
    connections: CONNECTIONS,
    batch: BATCH,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
    // Six hours back: no device's points reach the present during the run.
    t0: now - 6 * 3_600_000,
  });
}

/** The batch mode: the participant app's batches of 200 points. */
async function batchIngestBench(): Promise<BenchResult> {
  const platform = await startPlatform();
  const now = Date.now();
  try {
    const devices = await prepareIngest(platform, now);
    const db = platform.server.handle.db;
    const before = platform.server.store.groupStats();
    const load = await runIngestLoad(platform, devices, now);
    const after = platform.server.store.groupStats();
    const stored = await db
      .selectFrom('track_chunks')
      .select((eb) => eb.fn.sum<number>('points').as('n'))
      .executeTakeFirstOrThrow();
    const storedPoints = Number(stored.n);
    // The baseline writes into the same database file (WAL) while the server is idle.
    const files = await sql<{ file: string }>`PRAGMA database_list`.execute(db);
    const dbFile = files.rows[0]?.file;
    if (!dbFile) throw new Error('no database file');
    const baseline = rawBaseline(dbFile, Math.max(load.requests, 500), now);

    const ok = load.errors === 0 && storedPoints === load.total && load.pps >= TARGET_PPS;
    console.log(
      `ingest: ${DEVICES} devices, batches of ${BATCH}, ${CONNECTIONS} clients over HTTP: ` +
        `${load.pps.toFixed(0)} points/s accepted and committed (${load.accepted} points in ` +
        `${load.requests} batches in ${(load.elapsed / 1000).toFixed(1)} s, ` +
        `${(load.requests / (load.elapsed / 1000)).toFixed(0)} batches/s, p50 ` +
        `${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms` +
        `${load.errors ? `, ${load.errors} errors` : ''}); stored ${storedPoints} of ` +
        `${load.total} accepted; ${after.commits - before.commits} commits, ` +
        `${((after.members - before.members) / Math.max(after.commits - before.commits, 1)).toFixed(1)} batches per commit`,
    );
    console.log(
      `ingest: baseline raw better-sqlite3, same rows (chunk + device + team per batch, ` +
        `pre-encoded): ${baseline.pps.toFixed(0)} points/s; ratio ` +
        `${(load.pps / baseline.pps).toFixed(3)} of the baseline ` +
        `(target ≥ ${TARGET_PPS} points/s) ${ok ? 'OK' : 'OVER TARGET'}`,
    );
    return { name: 'ingest', ok };
  } finally {
    await platform.close();
  }
}

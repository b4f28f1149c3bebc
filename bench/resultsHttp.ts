/**
 * resultsHttp: throughput of GET /api/events/:id/results for a 500-team event (60 KPs, answers
 * for every team) on the real server (SQLite), measured with a keep-alive load generator written
 * with node:http and run as a child process (50 connections, 5 s). Baseline: a bare node:http
 * server on 127.0.0.1 returning the same response bytes, measured the same way in the same run.
 * Target: ≥ 2,000 requests/s. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { startPlatform } from '../e2e/support.ts';
import { loadEvent } from './loadEvent.ts';
import type { BenchResult } from './harness.ts';

const TEAMS = 500;
const KPS = 60;
const CONNECTIONS = 50;
const DURATION_MS = 5000;
const TARGET_RPS = 2000;

/** The load generator: plain JavaScript run by a child Node process, so it has its own core. */
const LOADGEN = `
import http from 'node:http';
const [url, connections, durationMs, encoding] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const headers = encoding ? { 'accept-encoding': encoding } : {};
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0, bytes = 0, done = 0;
function one() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => {
        if (res.statusCode === 200) { latencies.push(performance.now() - t0); bytes += n; done++; }
        else errors++;
        resolve();
      });
      res.on('error', () => { errors++; resolve(); });
    });
    req.on('error', () => { errors++; resolve(); });
  });
}
// Warm up the connections, then measure.
await Promise.all(Array.from({ length: connections }, one));
latencies.length = 0; errors = 0; bytes = 0; done = 0;
const start = performance.now();
const end = start + durationMs;
async function worker() { while (performance.now() < end) await one(); }
await Promise.all(Array.from({ length: connections }, worker));
const elapsed = performance.now() - start;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN;
agent.destroy();
process.stdout.write(JSON.stringify({ requests: done, errors, bytes, elapsed, rps: done / (elapsed / 1000), p50: pct(0.5), p99: pct(0.99) }));
`;

interface Load {
  requests: number;
  errors: number;
  bytes: number;
  elapsed: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The load against `url`; `encoding`: the Accept-Encoding its requests send (none without). */
function runLoad(url: string, encoding = ''): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        LOADGEN,
        url,
        String(CONNECTIONS),
        String(DURATION_MS),
        encoding,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill(), DURATION_MS + 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator exited ${code}: ${err}`));
      else resolve(JSON.parse(out) as Load);
    });
  });
}

const fmt = (l: Load) =>
  `${l.rps.toFixed(0)} req/s (${l.requests} in ${(l.elapsed / 1000).toFixed(1)} s, ` +
  `p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms${l.errors ? `, ${l.errors} errors` : ''})`;

/** The bytes of the answer at `url` as sent to a client accepting `encoding` (null: none). */
function transferred(url: string, encoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** "GET results: 181 KB → 9.8 KB brotli, 14.1 KB gzip" for each of `urls`. */
async function compressionLine(urls: Record<string, string>): Promise<string> {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const parts: string[] = [];
  for (const [name, url] of Object.entries(urls)) {
    const [plain, br, gzip] = await Promise.all(
      [null, 'br', 'gzip'].map((e) => transferred(url, e)),
    );
    parts.push(`${name} ${kb(plain!)} → ${kb(br!)} brotli, ${kb(gzip!)} gzip`);
  }
  return parts.join('; ');
}

/** Runs the benchmark and prints its figures. */
export async function resultsHttpBench(): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-bench-'));
  const platform = await startPlatform();
  let bare: http.Server | undefined;
  try {
    const file = path.join(dir, 'loadtest.json');
    fs.writeFileSync(file, JSON.stringify(loadEvent(TEAMS, KPS)));
    const imported = await platform.cli('import', file, '--id', 'loadtest');
    if (imported.code !== 0) throw new Error(`import failed: ${imported.err}`);

    const url = `${platform.url}/api/events/loadtest/results`;
    const first = await fetch(url); // computes and stores the results
    if (first.status !== 200) throw new Error(`results: ${first.status} ${await first.text()}`);
    const body = Buffer.from(await first.arrayBuffer());
    const view = JSON.parse(body.toString('utf8')) as { results: unknown[] };
    if (view.results.length !== TEAMS) {
      console.log(`resultsHttp: expected ${TEAMS} results, got ${view.results.length}`);
      return { name: 'resultsHttp', ok: false };
    }
    const second = Buffer.from(await (await fetch(url)).arrayBuffer());
    if (!second.equals(body)) throw new Error('the stored results changed between two reads');

    const server = await runLoad(url);

    bare = http.createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const port = (bare.address() as AddressInfo).port;
    const baseline = await runLoad(`http://127.0.0.1:${port}/`);

    // What compression saves on the wire (reported): the results, the event, the events list.
    const bytes = await compressionLine({
      results: url,
      event: `${platform.url}/api/events/loadtest`,
      'start list': `${platform.url}/api/events/loadtest/startlist`,
      responses: `${platform.url}/api/events/loadtest/responses`,
    });
    const compressed = await runLoad(url, 'br');

    const ok = server.errors === 0 && server.rps >= TARGET_RPS;
    console.log(
      `resultsHttp: GET results of ${TEAMS} teams, ${KPS} KPs (${(body.length / 1024).toFixed(0)} KiB), ` +
        `${CONNECTIONS} keep-alive connections: ${fmt(server)}`,
    );
    console.log(
      `resultsHttp: baseline bare node:http with the same bytes: ${fmt(baseline)}; ` +
        `ratio ${(server.rps / baseline.rps).toFixed(2)} of the baseline ` +
        `(target ≥ ${TARGET_RPS} req/s) ${ok ? 'OK' : 'OVER TARGET'}`,
    );
    console.log(
      `resultsHttp: answers as sent, plain → compressed: ${bytes}; the same load asking for ` +
        `brotli (as browsers do): ${fmt(compressed)} (reported)`,
    );
    return { name: 'resultsHttp', ok };
  } finally {
    if (bare) await new Promise<void>((resolve) => bare!.close(() => resolve()));
    await platform.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

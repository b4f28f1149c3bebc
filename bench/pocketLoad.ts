/**
 * The load of the pocket-tracking ingest (bench/ingestPocket.ts): phones with a background app
 * (OsmAnd's online tracking) that each send one point per request, every few seconds, as
 * GET {path}?lat=..&lon=..&timestamp=..&hdop=..&altitude=..&speed=..&bearing=.. (OsmAnd's URL
 * template, timestamp in milliseconds, speed in m/s).
 */
import { child } from './fanout.ts';

/**
 * Plain JavaScript in a child Node process, so the server keeps its own core. Every device has
 * its own keep-alive connection (an agent of one socket), as every phone has. Sends are spread
 * evenly: the j-th request of the run is due at start + j × period / devices (device j mod n),
 * so the server sees a steady rate, never a burst. The schedule is open-loop: a device's next
 * point is due on time whatever the previous answer took. Latency runs from the request's send
 * to the end of its answer; the lag from a request's due time to its send is reported apart, to
 * show that the generator kept its schedule (its CPU over the run too). Counts every device's
 * sent and 200-answered points over the whole run (warm-up included) for the loss check.
 */
const LOADGEN_JS = `
import http from 'node:http';
import { performance } from 'node:perf_hooks';
const cfg = JSON.parse(process.argv[1]);
const target = new URL(cfg.base);
const n = cfg.paths.length;
const agents = cfg.paths.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
const sent = new Array(n).fill(0);
const answered = new Array(n).fill(0);
let errors = 0, pending = 0;
const errorTexts = [];
const latencies = [], lags = [];
const windows = Array.from({ length: Math.ceil(cfg.measureMs / cfg.windowMs) }, () => []);
const gap = cfg.periodMs / n;
const start = performance.now() + 100;
const from = start + cfg.warmupMs, to = from + cfg.measureMs;
const total = Math.ceil((to - start) / gap);
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
function params(i, k, t) {
  const lat = 58.2 + (i % 50) * 0.004 + k * 2e-5;
  const lon = 26.5 + Math.floor(i / 50) * 0.006 + k * 1e-5;
  return 'lat=' + lat.toFixed(6) + '&lon=' + lon.toFixed(6) + '&timestamp=' + t +
    '&hdop=' + (3 + (k % 5)) + '&altitude=' + (40 + (k % 9)).toFixed(1) +
    '&speed=' + (1.2 + (k % 4) * 0.1).toFixed(2) + '&bearing=' + ((k * 13) % 360);
}
function fail(text) {
  errors++;
  if (errorTexts.length < 3) errorTexts.push(text);
}
function send(i, k, due) {
  const t0 = performance.now();
  const measured = due >= from && due < to;
  if (measured) lags.push(t0 - due);
  sent[i]++;
  pending++;
  const req = http.request({ hostname: target.hostname, port: target.port, method: 'GET',
    agent: agents[i], path: cfg.paths[i] + '?' + params(i, k, Date.now()) }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => (text += c));
    res.on('end', () => {
      pending--;
      if (res.statusCode === 200) {
        answered[i]++;
        if (measured) {
          const took = performance.now() - t0;
          latencies.push(took);
          windows[Math.min(windows.length - 1, Math.floor((due - from) / cfg.windowMs))].push(took);
        }
      } else fail(res.statusCode + ' ' + text.slice(0, 200));
    });
  });
  req.on('error', (e) => { pending--; fail(String(e)); });
  req.end();
}
let j = 0;
function tick() {
  const now = performance.now();
  while (j < total && start + j * gap <= now) {
    send(j % n, Math.floor(j / n), start + j * gap);
    j++;
  }
  if (j < total) setTimeout(tick, Math.max(0, start + j * gap - performance.now()));
  else finish();
}
async function finish() {
  const give = performance.now() + 30000;
  while (pending > 0 && performance.now() < give) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  const pct = (list, p) => list.length ? list[Math.min(list.length - 1, Math.floor(list.length * p))] : NaN;
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  for (const w of windows) w.sort((a, b) => a - b);
  for (const a of agents) a.destroy();
  process.stdout.write(JSON.stringify({ sent, answered, errors, errorTexts, unanswered: pending,
    requests: latencies.length, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99),
    max: pct(latencies, 1), windowP99: windows.map((w) => pct(w, 0.99)), lagP99: pct(lags, 0.99), lagMax: pct(lags, 1),
    cpuShare: (cpu.user + cpu.system) / 1000 / wall, wallMs: wall }) + '\\n');
  setTimeout(() => process.exit(0), 50);
}
setTimeout(tick, 100);
`;

export interface PocketLoadConfig {
  /** The server's origin, e.g. http://127.0.0.1:4000. */
  base: string;
  /** Each device's ingest path (a tracking link's `/api/t/{secret}`). */
  paths: string[];
  /** Each device sends one point this often. */
  periodMs: number;
  warmupMs: number;
  measureMs: number;
  /** The measured time is also cut into windows this long, each with its own p99. */
  windowMs: number;
}

export interface PocketLoadReport {
  /** Per device (the order of `paths`): requests sent, and answered 200. */
  sent: number[];
  answered: number[];
  errors: number;
  errorTexts: string[];
  /** Requests still without an answer 30 s after the last send. */
  unanswered: number;
  /** Requests sent in the measured window and answered 200 (their latencies below, ms). */
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** The p99 of each window of the measured time, in order (a stable run has them alike). */
  windowP99: number[];
  /** How late the generator sent, from each request's due time (ms). */
  lagP99: number;
  lagMax: number;
  /** The generator's CPU time over its wall time (1 = one core busy). */
  cpuShare: number;
  wallMs: number;
}

/** Runs one load against `config.base` and returns the generator's report. */
export async function runPocketLoad(config: PocketLoadConfig): Promise<PocketLoadReport> {
  const proc = child(LOADGEN_JS, [JSON.stringify(config)]);
  try {
    return await proc.next<PocketLoadReport>(config.warmupMs + config.measureMs + 60_000);
  } finally {
    proc.kill();
  }
}

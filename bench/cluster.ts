/**
 * cluster: the fan-out load (devices sending one point a second through the real ingest API,
 * /listen viewers; bench/fanout.ts) on PostgreSQL, against one server process (the baseline) and
 * then against two server processes sharing the database and a Redis bus, in the same run. Both
 * setups are behind the same nginx (Debian's package, started by the bench with its own
 * configuration: least_conn upstream, WebSocket upgrade, keep-alive to the servers), so what
 * differs is what crossing between servers costs; each server is pinned to a core of its own
 * (taskset). Viewers are spread over both servers, so most points cross Redis from the server
 * that stored them to the viewer's server.
 *
 * The load is 400 devices × 1,600 viewers: the largest of the curve (below) that one PostgreSQL
 * server carries here within the fan-out bench's 250 ms p99, with nginx, PostgreSQL and the load
 * generators on the same two cores (at 500 × 2,000 it saturates: p99 over a second; one SQLite
 * server still carries that). Each load starts from an event without tracks. Reported per setup: the load's
 * latencies, the CPU time (user + system, from /proc) the servers, PostgreSQL, Redis and nginx
 * spent while the devices sent, per point stored and per viewer frame, and what PostgreSQL
 * counted (commits, rows read and written) per point. Targets (issue 38): two servers cost
 * ≤ 1.3× the servers' CPU per point of one, their point-to-viewer p99 is ≤ 2× one's, and every
 * viewer is served, none dropped, no post failed.
 *
 * Modes: CLUSTER_CURVE=1 runs the load at several sizes, one server on SQLite too, and prints
 * the curve (the capacity model of docs/deploy.md); CLUSTER_SIZES="devices x viewers,…" runs
 * those sizes (reported, not judged); CLUSTER_PROFILE=dir runs the servers with --cpu-prof and
 * prints where their time went while the devices sent; CLUSTER_PG_LOG=1 has PostgreSQL log every
 * statement with its duration; CLUSTER_BALANCE=device sends each device's posts to one server;
 * CLUSTER_PIN=0 leaves the servers unpinned.
 * Needs PostgreSQL (BENCH_DATABASE_URL, default the machine's), Redis (REDIS_URL, default
 * 127.0.0.1:6379) and nginx; says which is missing and fails without them. Loopback only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  databaseConfigFromEnv,
  migrateToLatest,
  openDatabase,
} from '../packages/server/src/db/database.ts';
import { runCli } from '../packages/server/src/cli/main.ts';
import { newToken, tokenHash } from '../packages/server/src/db/ids.ts';
import { startServerProcess } from '../packages/server/src/test/serverProcess.ts';
import type { ServerProcess } from '../packages/server/src/test/serverProcess.ts';
import { postgresAnswers } from '../packages/server/src/test/databases.ts';
import { redisAnswers } from '../packages/server/src/test/redis.ts';
import { benchDevices, EVENT_ID, fanoutEvent, loadLine, ms, runLoad } from './fanout.ts';
import type { LoadResult, LoadSize } from './fanout.ts';
import type { BenchResult } from './harness.ts';
import { freePort } from '../packages/server/src/test/freePort.ts';
import { monotonicUs, summariseProfiles } from './cpuProfile.ts';
import type { Window } from './cpuProfile.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
/**
 * The load two cores carry (issue 38 asks for the targets at such a load): one PostgreSQL server
 * held it at p99 190 ms, two at 154 ms; 500 devices × 2,000 viewers saturate this machine (p99
 * over a second), and a saturated machine's figures say more about its queues than its servers.
 * A second server costs a fixed share of a core whatever the load (the curve's extra CPU stayed
 * about 2 s in 25 s from 100 × 400 to 500 × 2,000), so its cost per point falls as load grows.
 */
const CARRIED = '400x1600';
/** CLUSTER_CURVE=1: the load at several sizes, and one server on SQLite too (docs/deploy.md). */
const CURVE = process.env.CLUSTER_CURVE === '1';
const CURVE_SIZES = '100x400,200x800,300x1200,400x1600,500x2000';
/** Two servers may cost this much CPU per point of one, and this much the p99 (issue 38). */
const TARGET_CPU_RATIO = 1.3;
const TARGET_P99_RATIO = 2;
/**
 * CLUSTER_PROFILE=dir: the servers run with V8's `--cpu-prof` into dir/one and dir/two, and the
 * bench prints where their CPU time went (bench/cpuProfile.ts). Profiling slows them a little.
 */
const PROFILE_DIR = process.env.CLUSTER_PROFILE;
const profiled = (name: string): string[] =>
  PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, name)}`] : [];

/** nginx in the foreground with its own files in `dir`, balancing over `upstreams`. */
async function startNginx(dir: string, upstreams: string[]) {
  const port = await freePort();
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  map $request_uri $rada_key { ~^/api/devices/(?<dev>[^/]+)/ $dev; default $request_id; }
  upstream rada {
    ${process.env.CLUSTER_BALANCE === 'device' ? 'hash $rada_key consistent' : 'least_conn'};
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://rada;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const proc = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  // Up when it answers on its port.
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 50 || proc.exitCode !== null) throw new Error(`nginx did not start: ${err}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** The fanout event, its devices and a device owner's token, on the shared database. */
async function prepare(databaseUrl: string, teams: number): Promise<string> {
  const handle = await openDatabase(databaseConfigFromEnv({ DATABASE_URL: databaseUrl }));
  try {
    await migrateToLatest(handle.db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cluster-'));
    const file = path.join(dir, 'fanout.json');
    fs.writeFileSync(file, JSON.stringify(fanoutEvent(teams)));
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = databaseUrl;
    try {
      let err = '';
      const code = await runCli(
        ['import', file, '--id', EVENT_ID],
        { write: () => true },
        { write: (text: string) => ((err += text), true) },
      );
      if (code !== 0) throw new Error(`import failed: ${err}`);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const now = Date.now();
    const token = newToken();
    await handle.db
      .insertInto('users')
      .values({
        id: 'devices',
        email: 'devices@bench.example',
        display_name: 'Devices',
        phone: null,
        password_hash: null,
        created_at: now,
      })
      .execute();
    await handle.db
      .insertInto('sessions')
      .values({
        id: tokenHash(token),
        user_id: 'devices',
        kind: 'token',
        name: 'bench',
        created_at: now,
        last_used_at: now,
        expires_at: now + 86_400_000,
        public_id: 'bench-devices',
        user_agent: null,
      })
      .execute();
    await handle.db.insertInto('devices').values(benchDevices('devices', teams)).execute();
    return token;
  } finally {
    await handle.close();
  }
}

/** Clock ticks a second of /proc's CPU times (getconf CLK_TCK; 100 on Linux). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time (ms) of process `pid` so far (its own, from /proc), 0 when gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/** The processes whose command name is `name` (PostgreSQL's backends, Redis, nginx). */
function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The parts whose CPU time the bench counts: the Rada servers, and what they lean on. */
const PARTS = { postgres: 'postgres', redis: 'redis-server', nginx: 'nginx' } as const;
type CpuParts = Record<'servers' | keyof typeof PARTS, number>;

/**
 * CPU time (ms) each part spent between `started()` and `ended()`, from the processes' own
 * counters: not wall time, so the load generators and the other parts do not count in a part's
 * figure. A process that ends in between loses its share (PostgreSQL's backends stay while the
 * servers' pools do).
 */
function cpuMeter(serverPids: number[], windows: Window[] = []) {
  const snapshot = () => {
    const named = Object.fromEntries(
      Object.entries(PARTS).map(([part, name]) => [
        part,
        new Map(pidsNamed(name).map((pid) => [pid, cpuMsOf(pid)])),
      ]),
    ) as Record<keyof typeof PARTS, Map<number, number>>;
    return { servers: new Map(serverPids.map((pid) => [pid, cpuMsOf(pid)])), ...named };
  };
  let start: ReturnType<typeof snapshot> | null = null;
  let spent: CpuParts | null = null;
  return {
    started: () => {
      start = snapshot();
      windows.push({ from: monotonicUs(), to: Infinity });
    },
    ended: () => {
      const end = snapshot();
      windows.at(-1)!.to = monotonicUs();
      const delta = (part: keyof CpuParts) =>
        [...end[part]].reduce((sum, [pid, ms]) => sum + ms - (start?.[part].get(pid) ?? 0), 0);
      spent = {
        servers: delta('servers'),
        postgres: delta('postgres'),
        redis: delta('redis'),
        nginx: delta('nginx'),
      };
    },
    spent: (): CpuParts => spent ?? { servers: NaN, postgres: NaN, redis: NaN, nginx: NaN },
  };
}

/** µs of CPU a unit, from ms over a count. */
const us = (msSpent: number, count: number) => `${((msSpent * 1000) / count).toFixed(0)} µs`;

/** One setup's CPU line: the parts' time, and per point stored and per viewer frame. */
function cpuLine(name: string, cpu: CpuParts, r: LoadResult): string {
  const points = r.devices.sent;
  return (
    `${name}: servers ${(cpu.servers / 1000).toFixed(1)} s of CPU (${us(cpu.servers, points)} a point, ` +
    `${us(cpu.servers, r.viewers.frames)} a viewer frame), PostgreSQL ${us(cpu.postgres, points)} a ` +
    `point, Redis ${us(cpu.redis, points)}, nginx ${us(cpu.nginx, points)}`
  );
}

/** Devices × viewers, as CLUSTER_SIZES writes them: "200x800,500x2000". */
function parseSizes(text: string): LoadSize[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`CLUSTER_SIZES: "${part}" is not devices x viewers`);
    return { devices: Number(m[1]), viewers: Number(m[2]) };
  });
}

const sizeName = (size: LoadSize) => `${size.devices} devices × ${size.viewers} viewers`;

/** One load on one setup: the load's figures and what each part's processes spent on it. */
interface Measured {
  load: LoadResult;
  cpu: CpuParts;
  /** What the database counted meanwhile (see pgCounters). */
  db: DbCounters;
}

type DbCounters = Record<string, number>;

/**
 * PostgreSQL's counters of database `name` (pg_stat_database): transactions, and rows read and
 * written. Backends report them within a second or so: the load's report comes 1.5 s after
 * the devices stop, and nothing else uses that database.
 */
async function pgCounters(admin: pg.Client, name: string): Promise<DbCounters> {
  const { rows } = await admin.query<Record<string, string>>(
    `SELECT xact_commit AS commits, xact_rollback AS rollbacks, tup_returned + tup_fetched AS
       "rows read", tup_inserted + tup_updated + tup_deleted AS "rows written"
     FROM pg_stat_database WHERE datname = $1`,
    [name],
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** The database's counters a point, as "3.0 commits, …". */
const dbLine = (m: Measured) =>
  Object.entries(m.db)
    .map(([key, n]) => `${(n / m.load.devices.sent).toFixed(1)} ${key}`)
    .join(', ');

/** One setup of the bench: its servers and what it measures. */
interface Setup {
  /** 'one', 'two', 'sqlite': the profiles' folder. */
  name: string;
  /** How its lines name it. */
  label: string;
  count: number;
  env: Record<string, string>;
  /** The database every server of the setup uses (DATABASE_URL). */
  databaseUrl: string;
  /** Gets the stretches of time the devices sent (for the profiles). */
  windows?: Window[];
  /** The database's own counters (PostgreSQL's statistics), read before and after each load. */
  counters?: () => Promise<DbCounters>;
}

/**
 * Every stored point and clock of the bench's devices goes, so that each load starts from an
 * event without tracks: a viewer's history is then that load's alone, whatever ran before.
 */
async function clearTracks(databaseUrl: string): Promise<void> {
  const handle = await openDatabase(databaseConfigFromEnv({ DATABASE_URL: databaseUrl }));
  try {
    await handle.db.deleteFrom('track_chunks').execute();
    await handle.db.deleteFrom('team_clocks').execute();
    await handle.db.updateTable('devices').set({ last_t: null, last_point: null }).execute();
  } finally {
    await handle.close();
  }
}

/**
 * Starts the setup's server processes (each pinned to a core of its own while there are cores,
 * unless CLUSTER_PIN=0), nginx in front of them, and runs each load in `sizes` through nginx in
 * turn, from an event without tracks, printing each as it ends; then stops the servers
 * gracefully (so that profiled ones write their profiles).
 */
async function runSetup(
  setup: Setup,
  sizes: LoadSize[],
  token: string,
  servers: ServerProcess[],
): Promise<Measured[]> {
  const { name, label, count, env, databaseUrl, windows = [] } = setup;
  const counters = setup.counters ?? ((): Promise<DbCounters> => Promise.resolve({}));
  const started = await Promise.all(
    Array.from({ length: count }, () => startServerProcess(env, profiled(name))),
  );
  servers.push(...started);
  if (process.env.CLUSTER_PIN !== '0')
    started.forEach((s, i) => pin(s.proc.pid!, i % os.availableParallelism()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-nginx-'));
  const nginx = await startNginx(
    dir,
    started.map((s) => new URL(s.url).host),
  );
  const measured: Measured[] = [];
  try {
    for (const size of sizes) {
      await clearTracks(databaseUrl);
      const meter = cpuMeter(
        started.map((s) => s.proc.pid!),
        windows,
      );
      const listen = `${nginx.url.replace(/^http/, 'ws')}/listen`;
      const before = await counters();
      const load = await runLoad(nginx.url, listen, token, () => undefined, meter, size);
      const after = await counters();
      const db = Object.fromEntries(
        Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]),
      );
      measured.push({ load, cpu: meter.spent(), db });
      console.log(loadLine('cluster', `${sizeName(size)}, ${label}`, load));
    }
  } finally {
    await nginx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const s of started) s.proc.kill('SIGTERM');
  await Promise.all(started.map((s) => s.exited));
  return measured;
}

/** Pins every thread of process `pid` to `core` (util-linux's taskset; left as it is without). */
function pin(pid: number, core: number): void {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(core), String(pid)], {
      stdio: 'ignore',
    });
  } catch {
    // No taskset or not allowed: the scheduler places it.
  }
}

/** The whole load was carried: every viewer served, none dropped, no post failed. */
const served = (r: LoadResult) =>
  r.connected === r.size.viewers && r.viewers.closed === 0 && r.devices.errors === 0;

/** µs of the servers' CPU per point stored. */
const perPoint = (m: Measured) => (m.cpu.servers * 1000) / m.load.devices.sent;

/** Runs the benchmark and prints its figures. */
export async function clusterBench(): Promise<BenchResult> {
  const missing = [
    ...((await postgresAnswers(ADMIN_URL))
      ? []
      : [`PostgreSQL at ${ADMIN_URL} (BENCH_DATABASE_URL)`]),
    ...((await redisAnswers(REDIS_URL)) ? [] : [`Redis at ${REDIS_URL}`]),
    ...(fs.existsSync(NGINX) ? [] : [`nginx at ${NGINX} (apt-get install nginx-light)`]),
  ];
  if (missing.length > 0) {
    console.log(`cluster: cannot run without ${missing.join(', ')}: OVER TARGET`);
    return { name: 'cluster', ok: false };
  }
  const sizes = parseSizes(process.env.CLUSTER_SIZES ?? (CURVE ? CURVE_SIZES : CARRIED));
  const most = Math.max(...sizes.map((s) => s.devices));
  const dbName = `rada_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  if (process.env.CLUSTER_PG_LOG)
    await admin.query(`ALTER DATABASE ${dbName} SET log_min_duration_statement = 0`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cluster-sqlite-'));
  const servers: ServerProcess[] = [];
  const env = (databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `bench-${randomUUID()}:`,
    LOG_LEVEL: 'warn',
    // Every viewer connects from this one address (through nginx too).
    MAX_SOCKETS_PER_ADDRESS: String(Math.max(...sizes.map((s) => s.viewers)) + 1000),
  });
  try {
    const token = await prepare(url.toString(), most);
    // One server on PostgreSQL is the baseline; both setups are behind the same nginx, so the
    // difference is what the crossing costs (Redis, and each server building its own frames).
    const windows: Record<string, Window[]> = { one: [], two: [] };
    const counters = () => pgCounters(admin, dbName);
    const pgUrl = url.toString();
    const one = await runSetup(
      {
        name: 'one',
        label: 'one server (PostgreSQL)',
        count: 1,
        env: env(pgUrl),
        databaseUrl: pgUrl,
        windows: windows.one,
        counters,
      },
      sizes,
      token,
      servers,
    );
    const two = await runSetup(
      {
        name: 'two',
        label: 'two servers + Redis',
        count: 2,
        env: env(pgUrl),
        databaseUrl: pgUrl,
        windows: windows.two,
        counters,
      },
      sizes,
      token,
      servers,
    );
    let sqlite: Measured[] | undefined;
    if (CURVE) {
      // The capacity model's SQLite figures: one server on its embedded database, no Redis.
      const file = `sqlite:${path.join(sqliteDir, 'rada.sqlite')}`;
      const sqliteToken = await prepare(file, most);
      const { REDIS_URL: _, ...noRedis } = env(file);
      sqlite = await runSetup(
        { name: 'sqlite', label: 'one server (SQLite)', count: 1, env: noRedis, databaseUrl: file },
        sizes,
        sqliteToken,
        servers,
      );
    }

    let ok = true;
    sizes.forEach((size, i) => {
      const [a, b] = [one[i]!, two[i]!];
      const cpuRatio = perPoint(b) / perPoint(a);
      const p99Ratio = b.load.viewers.p99 / a.load.viewers.p99;
      // The targets hold at the carried load (issue 38); bigger loads of the curve are reported.
      const judged = !CURVE && process.env.CLUSTER_SIZES === undefined;
      const met =
        served(a.load) &&
        served(b.load) &&
        (!judged || (cpuRatio <= TARGET_CPU_RATIO && p99Ratio <= TARGET_P99_RATIO));
      ok &&= met;
      console.log(
        `cluster: ${sizeName(size)}: CPU while the devices sent (user + system from /proc; the ` +
          `load generators are other processes): ${cpuLine('one server', a.cpu, a.load)}; ` +
          `${cpuLine('two servers', b.cpu, b.load)}` +
          (sqlite ? `; ${cpuLine('one server on SQLite', sqlite[i]!.cpu, sqlite[i]!.load)}` : '') +
          `; PostgreSQL counted over the run (the viewers' history reads included) a point: one server ${dbLine(a)}; two servers ${dbLine(b)}` +
          `; two servers / one server: CPU per point ${cpuRatio.toFixed(2)}, point-to-viewer p99 ` +
          `${ms(b.load.viewers.p99)} vs ${ms(a.load.viewers.p99)} = ${p99Ratio.toFixed(2)}` +
          (judged
            ? ` (targets ≤ ${TARGET_CPU_RATIO} and ≤ ${TARGET_P99_RATIO}, every viewer served) ${met ? 'OK' : 'OVER TARGET'}`
            : ` (reported; every viewer served ${met ? 'OK' : 'OVER TARGET'})`),
      );
    });
    if (CURVE) {
      console.log('cluster: the curve (µs of CPU per point stored; p99 point to viewer):');
      console.log(
        '  devices × viewers | one PG server | two servers | SQLite server | PostgreSQL | Redis | p99 one / two / SQLite',
      );
      sizes.forEach((size, i) => {
        const [a, b, c] = [one[i]!, two[i]!, sqlite![i]!];
        const per = (x: number, m: Measured) => ((x * 1000) / m.load.devices.sent).toFixed(0);
        console.log(
          `  ${`${size.devices} × ${size.viewers}`.padEnd(17)} | ${per(a.cpu.servers, a).padStart(13)} | ` +
            `${per(b.cpu.servers, b).padStart(11)} | ${per(c.cpu.servers, c).padStart(13)} | ` +
            `${per(a.cpu.postgres, a).padStart(10)} | ${per(b.cpu.redis, b).padStart(5)} | ` +
            `${ms(a.load.viewers.p99)} / ${ms(b.load.viewers.p99)} / ${ms(c.load.viewers.p99)}`,
        );
      });
    }
    if (PROFILE_DIR) {
      for (const name of ['one', 'two']) {
        console.log(
          `cluster: where the ${name === 'one' ? 'one server' : 'two servers'}' CPU went ` +
            `(${path.resolve(PROFILE_DIR, name)}):\n${summariseProfiles(path.resolve(PROFILE_DIR, name), windows[name])}`,
        );
      }
    }
    return { name: 'cluster', ok };
  } finally {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import { fillPath, haversine, operationRoute, trackFromGpx } from '@rada/core';
import type { JoinResult, LocationPoint, Operation, PlayKp, PlayView } from '@rada/core';

/**
 * The device simulator (`npm run rada -- simulate …`): drives a running server the way the
 * participant app does, for demos, load tests and benches. Each simulated team signs up, joins
 * the event (a join code made as the organiser, or the registration form), registers a device,
 * starts, sends its track through the real ingest API once per second, marks the KPs it passes
 * within the marking distance, and finishes.
 */
export interface SimulateOptions {
  /** The server, e.g. http://127.0.0.1:3000. */
  url: string;
  eventId: string;
  teams: number;
  /** GPX texts to replay (team i replays gpx[i % n], shifted in time and space); none: generated. */
  gpx?: string[];
  /** Track time runs this many times faster than the wall clock (default 1). */
  speedup?: number;
  /** Points per second of track time in generated tracks (default 1). */
  rate?: number;
  /** Length of a generated track in track seconds (default 600). */
  durationS?: number;
  /** The organiser, to create a join code; without it teams register through the form. */
  admin?: { token: string } | { email: string; password: string };
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Seed of the generated walks (default: random). */
  seed?: number;
}

export interface SimulatedTeam {
  email: string;
  uid: string;
  teamId: string;
  deviceId: string;
  /** Points sent, and accepted by the server. */
  sent: number;
  accepted: number;
  /** KP ids marked. */
  marks: string[];
  started: boolean;
  finished: boolean;
  errors: string[];
}

export interface SimulateReport {
  teams: SimulatedTeam[];
  elapsedMs: number;
}

type Auth = { cookie: string } | { bearer: string } | null;

/** One JSON request; throws with the server's error key on a failure status. */
async function request<T>(
  base: string,
  operation: Operation,
  params: Record<string, string>,
  auth: Auth,
  body?: unknown,
): Promise<{ body: T; headers: Headers }> {
  const { method, path } = operationRoute(operation);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth && 'cookie' in auth) headers.cookie = auth.cookie;
  if (auth && 'bearer' in auth) headers.authorization = `Bearer ${auth.bearer}`;
  const res = await fetch(`${base}/api${fillPath(path, params)}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (!res.ok) {
    const key = (parsed as { error?: string } | undefined)?.error ?? text.slice(0, 200);
    throw new Error(`${method} ${path}: ${res.status} ${key}`);
  }
  return { body: parsed as T, headers: res.headers };
}

const cookieOf = (headers: Headers): string => {
  const found = headers.getSetCookie().find((c) => c.startsWith('rada_session='));
  if (!found) throw new Error('no session cookie');
  return found.split(';')[0]!;
};

/** A small deterministic generator (mulberry32), so a seed gives the same walks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Pos {
  y: number;
  x: number;
}
/** A point of a planned track: offset from its start in ms. */
interface Planned extends Pos {
  at: number;
  a: number | null;
  s: number | null;
  l: number | null;
}

const METRES_PER_DEGREE = 111_320;
const move = (p: Pos, north: number, east: number): Pos => ({
  y: p.y + north / METRES_PER_DEGREE,
  x: p.x + east / (METRES_PER_DEGREE * Math.cos((p.y * Math.PI) / 180)),
});

/**
 * A generated track: from the start, a jittery walk at about 3 m/s from KP to KP (nearest
 * first), passing each within a few metres, back to the start when time allows.
 */
export function plannedWalk(
  start: Pos,
  kps: Pos[],
  { durationS, rate, rnd }: { durationS: number; rate: number; rnd: () => number },
): Planned[] {
  const step = 1000 / rate;
  const speed = 2.5 + rnd(); // m/s
  const left = [...kps];
  const out: Planned[] = [];
  let here = { ...start };
  let heading = rnd() * 2 * Math.PI;
  for (let at = 0; at <= durationS * 1000; at += step) {
    out.push({ ...here, at, a: 3 + Math.round(rnd() * 5), s: speed, l: null });
    let target: Pos | null = null;
    if (left.length > 0) {
      left.sort((a, b) => haversine(here, a) - haversine(here, b));
      target = left[0]!;
      if (haversine(here, target) < 3) {
        left.shift();
        target = left[0] ?? start;
      }
    } else if (kps.length > 0) {
      target = start;
    }
    if (target) {
      heading = Math.atan2(
        (target.x - here.x) * Math.cos((here.y * Math.PI) / 180),
        target.y - here.y,
      );
      heading += (rnd() - 0.5) * 0.3;
    } else {
      heading += (rnd() - 0.5) * 0.8;
    }
    const dist = Math.min(speed * (step / 1000), target ? haversine(here, target) : Infinity);
    here = move(here, Math.cos(heading) * dist, Math.sin(heading) * dist);
  }
  return out;
}

/** A GPX track as a planned track, moved `north`/`east` metres. */
function plannedFromGpx(points: LocationPoint[], north: number, east: number): Planned[] {
  const t0 = points[0]?.t ?? 0;
  return points.map((p) => ({
    ...move(p, north, east),
    at: p.t - t0,
    a: p.a,
    s: p.s,
    l: p.l,
  }));
}

const cid = () => randomBytes(12).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the simulation to the end; every team's outcome is in the report. */
export async function simulate(options: SimulateOptions): Promise<SimulateReport> {
  const base = options.url.replace(/\/$/, '');
  const log = options.log ?? (() => undefined);
  const speedup = Math.max(options.speedup ?? 1, 1e-3);
  const rate = options.rate ?? 1;
  const durationS = options.durationS ?? 600;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const run = randomBytes(4).toString('hex');
  const began = Date.now();
  const gpxTracks = (options.gpx ?? []).map((text) => trackFromGpx(text).points);
  if (gpxTracks.some((t) => t.length === 0)) throw new Error('a GPX file has no track points');

  const joinCode = await makeJoinCode(base, options, log);

  const teams = await Promise.all(
    Array.from({ length: options.teams }, async (_, i) => {
      const team: SimulatedTeam = {
        email: `sim-${run}-${i + 1}@example.com`,
        uid: '',
        teamId: '',
        deviceId: `sim-${run}-${i + 1}`,
        sent: 0,
        accepted: 0,
        marks: [],
        started: false,
        finished: false,
        errors: [],
      };
      try {
        await runTeam(i, team);
      } catch (e) {
        team.errors.push((e as Error).message);
        log(`team ${i + 1}: ${(e as Error).message}`);
      }
      return team;
    }),
  );
  return { teams, elapsedMs: Date.now() - began };

  async function runTeam(i: number, team: SimulatedTeam) {
    const name = `Sim ${i + 1} ${run}`;
    const signup = await request<{ uid: string }>(base, 'signUp', {}, null, {
      email: team.email,
      password: `sim-${randomBytes(9).toString('base64url')}`,
      displayName: name,
    });
    team.uid = signup.body.uid;
    const cookie = { cookie: cookieOf(signup.headers) };
    const token = await request<{ token: string }>(base, 'createToken', {}, cookie, {
      name: 'simulator',
    });
    const auth = { bearer: token.body.token };
    const ev = { id: options.eventId };
    if (joinCode) {
      const joined = await request<JoinResult>(base, 'useJoinCode', {}, auth, {
        code: joinCode,
        teamName: name,
      });
      team.teamId = joined.body.teamId;
    } else {
      const reg = await request<{ teamId: string }>(base, 'register', ev, auth, {
        values: { teamname: name },
      });
      team.teamId = reg.body.teamId;
    }
    await request(base, 'registerDevice', { deviceId: team.deviceId }, auth, {
      eventId: options.eventId,
      teamId: team.teamId,
      info: { model: 'rada simulator' },
    });
    const play = (await request<PlayView>(base, 'play', ev, auth)).body;
    const kps = play.kps.filter((k) => k.loc !== null && !k.cancelled);
    const eventMax = play.settings.maxmarkingdistance;
    const start = startOf(play);

    const gpx = gpxTracks.length > 0 ? gpxTracks[i % gpxTracks.length]! : null;
    const spread = 8 * i; // metres between teams replaying the same file
    const plan = gpx
      ? plannedFromGpx(gpx, spread, spread / 2)
      : plannedWalk(
          move(start, spread, 0),
          kps.map((k) => ({ y: k.loc!.lat, x: k.loc!.lng })),
          { durationS, rate, rnd: random(seed + i) },
        );
    const length = plan.at(-1)?.at ?? 0;
    // Place the track so that it ends no later than the wall clock reaches its end: every point
    // is in the past when it is sent (the server refuses future points).
    const wall0 = Date.now();
    const t0 = wall0 - length + length / speedup;
    const at = (p: Planned) => Math.round(t0 + p.at);
    const loc = (p: Pos) => ({ lat: p.y, lng: p.x });

    if (play.settings.clientstart) {
      const first = plan[0]!;
      await request(base, 'startTeam', ev, auth, {
        cid: cid(),
        t: at(first),
        loc: loc(first),
        teamId: team.teamId,
      });
      team.started = true;
      log(`team ${i + 1} (${team.teamId}) started`);
    }

    const marked = new Set(play.marks.map((m) => m.kpId));
    let next = 0;
    while (next < plan.length) {
      const due = (Date.now() - wall0) * speedup;
      const batch: Planned[] = [];
      while (next < plan.length && plan[next]!.at <= due) batch.push(plan[next++]!);
      if (batch.length > 0) {
        const points = batch.map((p) => ({ t: at(p), y: p.y, x: p.x, a: p.a, s: p.s, l: p.l }));
        team.sent += points.length;
        const res = await request<{ accepted: number }>(
          base,
          'sendLocations',
          { deviceId: team.deviceId },
          auth,
          { points },
        );
        team.accepted += res.body.accepted;
        for (const p of batch) {
          for (const kp of kps) {
            if (marked.has(kp.id) || !withinReach(kp, p, eventMax)) continue;
            marked.add(kp.id);
            await markKp(kp, p);
          }
        }
      }
      if (next < plan.length) await sleep(1000);
    }
    log(`team ${i + 1}: ${team.accepted}/${team.sent} points, ${team.marks.length} KPs`);

    const last = plan.at(-1)!;
    await request(base, 'finishTeam', ev, auth, {
      cid: cid(),
      t: at(last),
      loc: loc(last),
      teamId: team.teamId,
    });
    team.finished = true;
    log(`team ${i + 1} finished`);

    async function markKp(kp: PlayKp, p: Planned) {
      const responses = Object.keys(kp.responses);
      try {
        await request(base, 'mark', ev, auth, {
          cid: cid(),
          kpId: kp.id,
          // The correct response is not known to a team: answer the first one.
          ...(responses.length > 0 ? { answer: responses[0] } : {}),
          loc: loc(p),
          t: at(p),
          teamId: team.teamId,
        });
        team.marks.push(kp.id);
      } catch (e) {
        team.errors.push((e as Error).message);
      }
    }
  }
}

/** Within the KP's marking distance (else the event's, else 25 m) of the point. */
function withinReach(kp: PlayKp, p: Pos, eventMax: number | null): boolean {
  const reach = kp.maxDistance ?? eventMax ?? 25;
  return haversine(p, { y: kp.loc!.lat, x: kp.loc!.lng }) <= reach;
}

/** Where generated walks begin: the event's start place, else the KPs' middle, else Tartu. */
function startOf(play: PlayView): Pos {
  const s = play.settings.startloc;
  if (s) return { y: s.lat, x: s.lng };
  const located = play.kps.filter((k) => k.loc !== null);
  if (located.length === 0) return { y: 58.3776, x: 26.729 };
  return {
    y: located.reduce((sum, k) => sum + k.loc!.lat, 0) / located.length,
    x: located.reduce((sum, k) => sum + k.loc!.lng, 0) / located.length,
  };
}

/** A join code made as the organiser (valid a day), or null to use the registration form. */
async function makeJoinCode(
  base: string,
  options: SimulateOptions,
  log: (line: string) => void,
): Promise<string | null> {
  if (!options.admin) return null;
  let auth: Auth;
  if ('token' in options.admin) auth = { bearer: options.admin.token };
  else {
    const signin = await request(base, 'signIn', {}, null, options.admin);
    auth = { cookie: cookieOf(signin.headers) };
  }
  const res = await request<{ code: string }>(
    base,
    'createJoinCode',
    { id: options.eventId },
    auth,
    { valid: Date.now() + 86_400_000 },
  );
  log(`join code ${res.body.code}`);
  return res.body.code;
}

export const SIMULATE_USAGE = `  simulate --event <id> --teams <N> [--gpx <file> ...] [--url <http://host:port>]
           [--speedup <K>] [--rate <points/s>] [--duration <s>] [--seed <n>]
           [--admin-token <bearer> | --admin-email <e> --admin-password <pw>]
                                          simulated teams against a running server (default
                                          http://127.0.0.1:$PORT): sign up, join, start, send
                                          tracks, mark passed KPs, finish`;

/** `simulate …` on the command line: parses the options, runs, prints a summary. */
export async function simulateCommand(
  args: string[],
  out: { write(text: string): unknown },
  err: { write(text: string): unknown },
  port: number,
  readFile: (path: string) => string,
): Promise<number> {
  const values = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    if (!name.startsWith('--')) {
      err.write(`unexpected ${name}\n`);
      return 2;
    }
    const list = values.get(name) ?? [];
    while (i + 1 < args.length && !args[i + 1]!.startsWith('--')) list.push(args[++i]!);
    values.set(name, list);
  }
  const one = (name: string) => values.get(name)?.[0];
  const num = (name: string) => (one(name) === undefined ? undefined : Number(one(name)));
  const eventId = one('--event');
  const teams = num('--teams');
  if (!eventId || teams === undefined || !Number.isInteger(teams) || teams < 1) {
    err.write(`simulate needs --event <id> and --teams <N>\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  for (const name of ['--speedup', '--rate', '--duration', '--seed']) {
    const v = num(name);
    if (v !== undefined && !(Number.isFinite(v) && v > 0)) {
      err.write(`${name} must be a positive number\n`);
      return 2;
    }
  }
  const token = one('--admin-token');
  const email = one('--admin-email');
  const password = one('--admin-password');
  let gpx: string[];
  try {
    gpx = (values.get('--gpx') ?? []).map(readFile);
  } catch (e) {
    err.write(`${(e as Error).message}\n`);
    return 1;
  }
  const speedup = num('--speedup');
  const rate = num('--rate');
  const durationS = num('--duration');
  const seed = num('--seed');
  const report = await simulate({
    url: one('--url') ?? `http://127.0.0.1:${port}`,
    eventId,
    teams,
    gpx,
    ...(speedup !== undefined ? { speedup } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(durationS !== undefined ? { durationS } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(token ? { admin: { token } } : email && password ? { admin: { email, password } } : {}),
    log: (line) => out.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
  });
  const total = (f: (t: SimulatedTeam) => number) => report.teams.reduce((s, t) => s + f(t), 0);
  out.write(
    `${report.teams.length} teams in ${Math.round(report.elapsedMs / 1000)} s: ` +
      `${total((t) => t.accepted)} points stored, ${total((t) => t.marks.length)} KPs marked, ` +
      `${total((t) => (t.finished ? 1 : 0))} finished\n`,
  );
  const failed = report.teams.filter((t) => t.errors.length > 0);
  for (const t of failed) err.write(`${t.deviceId}: ${t.errors.join('; ')}\n`);
  return failed.some((t) => !t.finished) ? 1 : 0;
}

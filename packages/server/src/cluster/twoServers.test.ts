import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrack } from '@rada/core';
import type { ResultsView } from '@rada/core';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { buildTestAppOn, call } from '../test/app.ts';
import { importEvent, signUp } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { connectListen } from '../live/listenTestClient.ts';
import type { ListenTestClient } from '../live/listenTestClient.ts';
import { postgresAnswers } from '../test/databases.ts';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis.ts';
import { startServerProcess } from '../test/serverProcess.ts';
import type { ServerProcess } from '../test/serverProcess.ts';
import { addDevice, walk } from '../tracks/trackTestKit.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

// Two processes need one database both can reach: PGlite lives inside one process, so without
// a PostgreSQL server (TEST_DATABASE_URL) or a Redis this test cannot run, and says so.
const canRun = (await postgresAnswers(PG_URL)) && (await redisAnswers());
if (!canRun) {
  console.warn(
    'two-server test skipped: it needs PostgreSQL (TEST_DATABASE_URL) and Redis ' +
      `(${TEST_REDIS_URL}); .ci/run provides both when the machine has them`,
  );
}

interface Server extends ServerProcess {
  /** 'results recalculated' log lines so far. */
  recalcs: () => number;
}

/** A server process on the shared database and Redis, logging its recalculations. */
async function startServer(
  databaseUrl: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
    ...env,
  });
  return {
    ...server,
    recalcs: () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"results recalculated"')).length,
  };
}

/** An event under way: k1 a question KP (r1 right), Alpha with a member, tracks public. */
function clusterEvent(ownerUid: string) {
  const now = Date.now();
  return {
    version: 2,
    events: {
      name: 'Two servers',
      starttime: now - 3_600_000,
      endtime: now + 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: { rakoef: [null, 10] },
      kp: { k1: { nr: 1, ra: 1 } },
      kpdata: {
        k1: { desc: 'Stone', loc: { lat: 58.38, lng: 26.72 }, responses: { r1: 'Yes', r2: 'No' } },
      },
      kpanswer: { k1: 'r1' },
    },
    teams: { list: { alpha: { name: 'Alpha', nr: 1, allowed: true } } },
    evdoc: {},
  };
}

/** Every point time a viewer has seen, from its history frame and its live frames. */
function collect(viewer: ListenTestClient, seen: Set<number>, onLive?: (t: number) => void) {
  void (async () => {
    for (;;) {
      let m;
      try {
        m = await viewer.next(60_000);
      } catch {
        return;
      }
      if (m.kind === 'history') {
        for (const e of m.entries)
          for (const c of e.chunks) for (const p of decodeTrack(c)) seen.add(p.t);
      } else if (m.kind === 'batches') {
        for (const b of m.batches)
          for (const p of b.locations) {
            seen.add(p.t);
            onLive?.(p.t);
          }
      }
    }
  })();
}

describe.skipIf(!canRun)('two servers on one PostgreSQL and one Redis', () => {
  const dbName = `rada_two_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const prefix = `test-${randomUUID()}:`;
  let databaseUrl: string;
  let a: Server;
  let b: Server;
  let eventId: string;
  let member: TestUser;
  let owner: TestUser;
  let deviceToken: string;
  let device: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();

    // The data both servers will serve, made through the app on the same database.
    const handle = await openDatabase({ dialect: 'postgres', url: databaseUrl });
    await migrateToLatest(handle.db);
    const t = await buildTestAppOn(handle);
    owner = await signUp(t.app);
    member = await signUp(t.app);
    eventId = `two-${randomUUID().slice(0, 8)}`;
    await importEvent(t, clusterEvent(owner.uid), eventId);
    await handle.db
      .insertInto('team_members')
      .values({
        event_id: eventId,
        team_id: 'alpha',
        user_id: member.uid,
        joined_at: 1,
        via: 'reg',
      })
      .execute();
    device = await addDevice(t, member, eventId, 'alpha');
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: member,
      body: { name: 'phone' },
    });
    deviceToken = token.body.token;
    await t.close();

    [a, b] = await Promise.all([
      startServer(databaseUrl, prefix),
      startServer(databaseUrl, prefix),
    ]);
  }, 60_000);

  let c: Server | undefined;

  afterAll(async () => {
    for (const s of [a, b, c]) if (s && s.proc.exitCode === null) s.proc.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited, c?.exited]);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  const postPoints = (server: Server, points: unknown[]) =>
    fetch(`${server.url}/api/devices/${device}/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
      body: JSON.stringify({ points }),
    });
  const listenUrl = (s: Server) => `${s.url.replace(/^http/, 'ws')}/listen`;

  it('a viewer on A sees a point posted to B within 250 ms', async () => {
    const viewer = await connectListen(listenUrl(a), eventId, '');
    expect((await viewer.next()).kind).toBe('history');
    // Two points: the first crosses while both processes still compile and connect what they
    // use for the first time (seconds on a loaded machine), the second is timed.
    const [first, second] = walk(2, Date.now() - 1000);
    for (const [point, limit] of [
      [first!, Infinity],
      [second!, 250],
    ] as const) {
      const sent = Date.now();
      const res = await postPoints(b, [point]);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
      const frame = await viewer.next(10_000);
      const latency = Date.now() - sent;
      expect(frame.kind).toBe('batches');
      expect(frame.kind === 'batches' && frame.batches[0]!.locations.map((p) => p.t)).toEqual([
        point.t,
      ]);
      expect(latency).toBeLessThanOrEqual(limit);
    }
    await viewer.close();
  });

  it('a KP mark on B moves the results read from A, with one recalculation on B only', async () => {
    const results = async (s: Server) =>
      (await (await fetch(`${s.url}/api/events/${eventId}/results`)).json()) as ResultsView;
    const alphaSum = async (s: Server) =>
      (await results(s)).results.find((r) => r.teamId === 'alpha')?.kpsum;
    expect(await alphaSum(a)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300)); // any first-read runs settle
    const [beforeA, beforeB] = [a.recalcs(), b.recalcs()];

    const marked = await fetch(`${b.url}/api/events/${eventId}/play/marks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
      body: JSON.stringify({ cid: `c-${randomUUID()}`, t: Date.now(), kpId: 'k1', answer: 'r1' }),
    });
    expect(marked.status).toBe(200);
    await expect.poll(() => alphaSum(a), { timeout: 5000 }).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(b.recalcs() - beforeB).toBe(1);
    expect(a.recalcs() - beforeA).toBe(0);
  });

  it("a team's start passing moves the results of both servers, with one recalculation", async () => {
    const status = async (s: Server, teamId: string) =>
      (
        (await (await fetch(`${s.url}/api/events/${eventId}/results`)).json()) as ResultsView
      ).results.find((r) => r.teamId === teamId)?.status;
    // A new team, added on B, starts in 2 s: it has not started on either server.
    const start = Date.now() + 2000;
    const added = await fetch(`${b.url}/api/events/${eventId}/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({ name: 'Charlie', starttime: start }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    await expect.poll(() => status(a, id), { timeout: 5000 }).toBe('notstarted');
    expect(await status(b, id)).toBe('notstarted');
    expect(Date.now()).toBeLessThan(start);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the change's run settles
    const [beforeA, beforeB] = [a.recalcs(), b.recalcs()];
    // Both servers have read the results, so both watch the start; nothing else changes.
    await expect.poll(() => status(a, id), { timeout: 5000 }).toBe('running');
    expect(await status(b, id)).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(a.recalcs() - beforeA + (b.recalcs() - beforeB)).toBe(1);
  });

  it(
    'a viewer of A that loses A reconnects to B and misses no point',
    { timeout: 30_000 },
    async () => {
      const seen = new Set<number>();
      const first = await connectListen(listenUrl(a), eventId, '');
      collect(first, seen);
      const acknowledged: number[] = [];
      let stop = false;
      const t0 = Date.now() + 10_000;
      // The device keeps sending to B, one point every 20 ms, while A dies.
      const sender = (async () => {
        for (let i = 0; !stop; i++) {
          const points = walk(1, t0, i);
          const res = await postPoints(b, points);
          if (res.status === 200) acknowledged.push(points[0]!.t);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      a.proc.kill('SIGKILL');
      expect(await first.closed).toBeGreaterThan(0);
      // The client's rule: reconnect (here to the other server) and take the history afresh.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await connectListen(listenUrl(b), eventId, '');
      collect(second, seen);
      await new Promise((resolve) => setTimeout(resolve, 700));
      stop = true;
      await sender;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(acknowledged.filter((t) => !seen.has(t))).toEqual([]);
      await second.close();
    },
  );

  it(
    'a server stopped by SIGTERM answers only committed points, moves its viewers and exits',
    { timeout: 60_000 },
    async () => {
      c = await startServer(databaseUrl, prefix, { SHUTDOWN_DELAY_MS: '1000' });
      const ready = async (s: Server) => {
        const res = await fetch(`${s.url}/api/ready`);
        return { status: res.status, body: (await res.json()) as { checks: unknown } };
      };
      expect(await ready(c)).toEqual({
        status: 200,
        body: { ok: true, checks: { database: 'ok', bus: 'ok', draining: false } },
      });
      const seen = new Set<number>();
      const first = await connectListen(listenUrl(c), eventId, '');
      collect(first, seen);
      const acknowledged: number[] = [];
      let refusedByC = 0;
      let stop = false;
      // Points a second apart after those of the test before (up to about +110 s), within the
      // 5 minutes ahead a point may be.
      const t0 = Date.now() + 130_000;
      // The device posts to C every 40 ms; what C does not take (503 while closing, or no
      // connection once it has stopped listening) it posts to B, as a balancer would send it.
      const sender = (async () => {
        for (let i = 0; !stop; i++) {
          const points = walk(1, t0, i);
          let res = await postPoints(c!, points).catch(() => null);
          if (res?.status !== 200) {
            refusedByC++;
            res = await postPoints(b, points);
          }
          const taken = res.status === 200 && ((await res.json()) as { accepted: number }).accepted;
          if (taken === 1) acknowledged.push(points[0]!.t);
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      c.proc.kill('SIGTERM');
      // Draining: still serving, but no longer ready, for SHUTDOWN_DELAY_MS.
      await expect
        .poll(async () => (await ready(c!)).body.checks, { interval: 50 })
        .toEqual({ database: 'ok', bus: 'ok', draining: true });
      expect((await ready(c)).status).toBe(503);
      // Then its viewers are told it restarts, and it exits by itself.
      expect(await first.closed).toBe(1012);
      expect(await c.exited).toBeNull();
      expect(c.proc.exitCode).toBe(0);
      const onB = new Set<number>();
      const second = await connectListen(listenUrl(b), eventId, '');
      collect(second, onB);
      await new Promise((resolve) => setTimeout(resolve, 500));
      stop = true;
      await sender;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(refusedByC).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThan(30);
      // Every point C (or B) took is stored: the other server's history has them all.
      expect(acknowledged.filter((t) => !onB.has(t))).toEqual([]);
      await second.close();
    },
  );
});

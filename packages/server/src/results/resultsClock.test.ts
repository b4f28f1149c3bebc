import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventFile, EventOverview, ResultsView, TeamResult } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { inProcessBus } from '../realtime/bus.ts';
import { computeEventResults } from './compute.ts';
import { resultsService } from './results.service.ts';

const H = 3_600_000;

/**
 * Results as at the server's time (spec 03 §12): a team whose start is after it and that has no
 * answer has not started; the stored results follow when its start passes.
 */
describe.each(testDialects())('results and the clock on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let computations = 0;
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      {},
      {
        compute: (file: EventFile, now: number) => {
          computations += 1;
          return computeEventResults(file, now);
        },
      },
    );
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** Alpha and Bravo have answers; Charlie starts `charlieIn` ms from now, Delta in an hour. */
  const newEvent = async (charlieIn: number) => {
    const id = uniqueShortlink('clk');
    const file = resultsEventFile(owner.uid, t.clock.t + 3 * H);
    const list = file.teams.list as Record<string, Record<string, unknown>>;
    list.charlie!.starttime = t.clock.t + charlieIn;
    list.delta = { name: 'Delta', nr: 4, starttime: t.clock.t + H };
    await importEvent(t, file, id);
    return id;
  };
  const read = async (id: string) => {
    const res = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const row = (view: ResultsView, teamId: string) => view.results.find((r) => r.teamId === teamId)!;
  const storedVersion = async (id: string) => (await t.store.results.find(id))?.version ?? 0;

  it('a team whose start is still to come is not started, without a place, after the placed', async () => {
    const id = await newEvent(10 * 60_000);
    const view = await read(id);
    expect(view.results.map((r) => [r.teamId, r.status, r.place, r.overallplace])).toEqual([
      ['alpha', 'running', 1, 1],
      ['bravo', 'running', 2, 2],
      ['charlie', 'notstarted', null, null],
      ['delta', 'notstarted', null, null],
    ]);
    // No time penalty nor any points beyond what a team that has not started has.
    expect([row(view, 'charlie').sum, row(view, 'charlie').timepenaltytotal]).toEqual([0, 0]);
    expect(row(view, 'charlie').starttime).toBe(t.clock.t + 10 * 60_000);
    expect(view.computedAt).toBe(t.clock.t);
    // The overview counts it as not started, not as running.
    const overview = await call<EventOverview>(t.app, 'GET', `/api/events/${id}/overview`, {
      as: owner,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.teams).toMatchObject({ notStarted: 2, running: 2 });
  });

  it('when its start passes it is running, stored and announced, with no other change', async () => {
    const id = await newEvent(300);
    expect(row(await read(id), 'charlie').status).toBe('notstarted');
    const version = await storedVersion(id);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    // The server's clock passes the start; the timer set at the read does the rest.
    t.clock.t += 400;
    await vi.waitFor(async () => expect(await storedVersion(id)).toBe(version + 1), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(seen).toEqual([['results']]));
    stop();
    const view = await read(id);
    expect([row(view, 'charlie').status, row(view, 'charlie').place]).toEqual(['running', 3]);
    expect(row(view, 'delta').status).toBe('notstarted');
    expect(view.computedAt).toBe(t.clock.t);
    // One computation: the read after it found current results.
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedVersion(id)).toBe(version + 1);
  });

  it('a read after a start passed gets current results at once (no timer due yet)', async () => {
    const id = await newEvent(30 * 60_000);
    expect(row(await read(id), 'charlie').status).toBe('notstarted');
    const before = computations;
    // Half an hour later by the server's clock; the timer (in real time) is far off.
    t.clock.t += 31 * 60_000;
    const view = await read(id);
    expect(row(view, 'charlie').status).toBe('running');
    expect(row(view, 'delta').status).toBe('notstarted');
    expect(computations).toBe(before + 1);
    const overview = await call<EventOverview>(t.app, 'GET', `/api/events/${id}/overview`, {
      as: owner,
    });
    expect(overview.body.teams).toMatchObject({ notStarted: 1, running: 3 });
  });

  it('of two servers whose timers both ring, only the first computes again', async () => {
    const id = await newEvent(300);
    const clock = { t: t.clock.t };
    const counts = [0, 0];
    // The event's lock as PostgreSQL's advisory lock keeps it: one holder at a time.
    let held: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(_key: string, fn: () => Promise<T>): Promise<T> => {
      const run = held.then(fn, fn);
      held = run.catch(() => undefined);
      return run;
    };
    const server = (i: number) =>
      resultsService({
        store: { ...t.store, exclusive },
        bus: inProcessBus(),
        now: () => clock.t,
        debounceMs: 1,
        compute: (file, now) => {
          counts[i]! += 1;
          return computeEventResults(file, now);
        },
      });
    const [a, b] = [server(0), server(1)];
    try {
      // A computes them on the first read, B reads them: each sets its timer.
      const charlie = async (s: typeof a) =>
        ((await s.stored(id))?.results as TeamResult[]).find((r) => r.teamId === 'charlie')!;
      expect((await charlie(a)).status).toBe('notstarted');
      expect((await charlie(b)).status).toBe('notstarted');
      expect(counts).toEqual([1, 0]);
      const version = await storedVersion(id);
      clock.t += 400;
      await vi.waitFor(async () => expect(await storedVersion(id)).toBe(version + 1), {
        timeout: 5000,
      });
      await new Promise((r) => setTimeout(r, 500));
      await Promise.all([a.idle(), b.idle()]);
      expect(counts[0]! + counts[1]!).toBe(2);
      expect(await storedVersion(id)).toBe(version + 1);
      expect((await charlie(a)).status).toBe('running');
      expect((await charlie(b)).status).toBe('running');
      expect(counts[0]! + counts[1]!).toBe(2);
    } finally {
      a.close();
      b.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamResult } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { inProcessBus } from '../realtime/bus.ts';
import { rowsToFile } from '../eventFile/eventFileMapping.ts';
import { computeEventResults } from './compute.ts';
import { resultsService } from './results.service.ts';

/**
 * Results kept per event and recomputed for the changed teams only (scoringCache.ts): the
 * stored results stay those of a whole computation, on one server and on two sharing a database.
 */
describe.each(testDialects())('incremental results on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** The fixture with shared class-2 points and the first-visit bonus; Delta visits k1 late. */
  const newEvent = async () => {
    const id = uniqueShortlink('inc');
    const file = resultsEventFile(owner.uid);
    Object.assign(file.eventsdata.data, {
      sharedrakoef: '2',
      firstkpvisitbonus: true,
      firstbonus: [5, 3],
      klassid: { a: { name: 'A' }, b: { name: 'B' } },
    });
    Object.assign(file.eventsdata.kp, { k4: { nr: 4, ra: 2 } });
    Object.assign(file.teams.list, { delta: { name: 'Delta', nr: 4 } });
    Object.assign(file.teams.kpanswers, {
      delta: { k1: { answer: 'r1', aeg: 3000 }, k4: { ok: true, aeg: 100 } },
    });
    await importEvent(t, file, id);
    return id;
  };

  /** How many times the test itself read every row (storedAndWhole). */
  let ownReads = 0;
  /** The stored results next to a whole computation of the stored rows at the same time. */
  const storedAndWhole = async (id: string) => {
    ownReads += 1;
    const stored = (await t.store.results.find(id))!;
    const rows = (await t.store.eventFiles.readAll(id))!;
    return {
      stored: JSON.parse(stored.results) as TeamResult[],
      whole: JSON.parse(JSON.stringify(computeEventResults(rowsToFile(rows), stored.computed_at))),
    };
  };
  const settle = async (id: string) => {
    await vi.waitFor(async () => {
      const { stored, whole } = await storedAndWhole(id);
      expect(stored).toEqual(whole);
    });
  };

  it('follows answer and team changes as a whole computation would', async () => {
    const id = await newEvent();
    expect((await call(t.app, 'GET', `/api/events/${id}/results`)).status).toBe(200);
    const readAll = vi.spyOn(t.store.eventFiles, 'readAll');
    const ownBefore = ownReads;
    const changes: ['PUT' | 'PATCH', string, unknown][] = [
      ['PUT', 'teams/charlie/answers/k1', { answer: 'r1', aeg: 500 }],
      ['PUT', 'teams/bravo/answers/k4', { ok: true, aeg: 50 }],
      ['PATCH', 'teams/alpha', { klassid: 'a', finishtime: Date.now() - 4 * 3_600_000 }],
      ['PATCH', 'teams/bravo', { dsq: true }],
      ['PUT', 'teams/delta/answers/k1', { answer: 'r2' }],
      ['PATCH', 'teams/charlie', { katk: true }],
      ['PATCH', 'teams/bravo', { dsq: false, klassid: 'b' }],
      ['PUT', 'teams/alpha/answers/k4', { ok: false }],
    ];
    for (const [method, path, body] of changes) {
      const res = await call(t.app, method, `/api/events/${id}/${path}`, { as: owner, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await settle(id);
    }
    // Only the test's own whole computations read every row: the server read the teams alone.
    expect(readAll.mock.calls.length).toBe(ownReads - ownBefore);
    readAll.mockRestore();
    const { stored } = await storedAndWhole(id);
    expect(stored.find((r) => r.teamId === 'bravo')?.klassid).toBe('b');
  });

  it('two servers: a row another server stored retires a state that lacks its change', async () => {
    const id = await newEvent();
    // The event's lock as PostgreSQL's advisory lock keeps it: one holder at a time.
    let held: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(_key: string, fn: () => Promise<T>): Promise<T> => {
      const run = held.then(fn, fn);
      held = run.catch(() => undefined);
      return run;
    };
    const server = () =>
      resultsService({ store: { ...t.store, exclusive }, bus: inProcessBus(), now: Date.now });
    const [a, b] = [server(), server()];
    /** A change of one answer as a server makes it: stored, then its recalculation asked for. */
    const answer = async (s: typeof a, team: string, kp: string, aeg: number) => {
      await t.store.results.putAnswer(
        { event_id: id, team_id: team, kp_id: kp, answer: 'r1', ok: null, aeg, extra: '{}' },
        (await t.store.results.findAnswer(id, team, kp)) !== undefined,
      );
      s.scheduleRecalc(id, [team]);
      await s.idle();
    };
    try {
      // Alpha is first at k1 (1000), Bravo next (1500), Delta last (3000); A keeps the state.
      await a.stored(id);
      const version = (await t.store.results.findMeta(id))!.version;
      // On B, Delta's k1 moves to 1200: Alpha is still first, the results stay the same, but
      // B stores them again (unannounced) so that A's state, which lacks it, is not used.
      await answer(b, 'delta', 'k1', 1200);
      expect((await t.store.results.findMeta(id))!.version).toBe(version + 1);
      // On A, Alpha's k1 moves to 9000: now Delta (1200) is first, not Bravo (1500).
      await answer(a, 'alpha', 'k1', 9000);
      const { stored, whole } = await storedAndWhole(id);
      expect(stored).toEqual(whole);
      expect(stored.find((r) => r.teamId === 'delta')?.firstkpsbonus).toBeGreaterThan(0);
      expect(stored.find((r) => r.teamId === 'bravo')?.firstkpsbonus).toBe(0);
    } finally {
      a.close();
      b.close();
    }
  });
});

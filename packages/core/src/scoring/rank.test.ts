import { describe, expect, it } from 'vitest';
import { computeResults } from './compute.ts';
import { scoringEventFromFile } from './fromFile.ts';
import { placeLabel } from './rank.ts';
import { buildEvent, resultsById } from './testing.ts';
import type { ScoringTeam } from './types.ts';
import type { EventFile } from '../eventFile.ts';

const H = 3_600_000;
const S0 = 1_767_261_600_000;

/** Teams scoring `points` (1-point KPs) and finishing after `hours`. */
function ranked(
  teams: Record<string, ScoringTeam & { points?: number; hours?: number }>,
  settings: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const kp: Record<string, { nr: number; ra?: number }> = {};
  for (let i = 1; i <= 10; i++) kp[`k${i}`] = { nr: i, ra: i > 8 ? 3 : 1 };
  const kpanswers: Record<string, Record<string, { ok: boolean }>> = {};
  const list: Record<string, ScoringTeam> = {};
  for (const [id, { points = 0, hours, ...team }] of Object.entries(teams)) {
    list[id] = {
      name: id,
      ...team,
      ...(hours !== undefined ? { finishtime: S0 + hours * H } : {}),
    };
    kpanswers[id] = Object.fromEntries(
      Array.from({ length: points }, (_, i) => [`k${i + 1}`, { ok: true }]),
    );
  }
  return computeResults(
    buildEvent({
      settings: { massstarttimems: S0, ...settings },
      kp,
      teams: list,
      kpanswers,
      ...extra,
    }),
  );
}
const order = (rs: { teamId: string }[]) => rs.map((r) => r.teamId);
const places = (rs: { teamId: string; place: number | null }[]) =>
  Object.fromEntries(rs.map((r) => [r.teamId, r.place]));

describe('§11 ranking', () => {
  it('default rules: dsq, katk, intime, points, spent, okcount', () => {
    const rs = ranked(
      {
        late: { points: 9, hours: 4 },
        slow: { points: 5, hours: 2.5 },
        fast: { points: 5, hours: 2 },
        best: { points: 6, hours: 3 },
        dsq: { points: 10, hours: 1, dsq: true },
        katk: { points: 10, hours: 1, katk: true },
        unfinished: { points: 5 },
      },
      { ajad: { normaalaeg: 180 } },
    );
    expect(order(rs)).toEqual(['best', 'fast', 'slow', 'unfinished', 'late', 'dsq', 'katk']);
    expect(places(rs)).toMatchObject({
      best: 1,
      fast: 2,
      slow: 3,
      unfinished: 4,
      late: 5,
      dsq: null,
      katk: null,
    });
    expect(rs.find((r) => r.teamId === 'dsq')!.overallplace).toBeNull();
  });

  it('teams equal on every rule share a place', () => {
    const rs = ranked({
      a: { points: 3, hours: 2 },
      b: { points: 3, hours: 2 },
      c: { points: 1, hours: 2 },
    });
    expect(places(rs)).toEqual({ a: 1, b: 1, c: 3 });
  });

  it('okcount breaks ties of points and spent', () => {
    const rs = ranked(
      { few: { points: 2, hours: 1, lypoints: { x: 1 } }, many: { points: 3, hours: 1 } },
      { orderrules: ['points', 'okcount'], ly: { x: {} } },
    );
    expect(order(rs)).toEqual(['many', 'few']);
  });

  it('highkp prefers more checkpoints of the highest class', () => {
    const rs = ranked(
      { low: { points: 4 }, high: { points: 9 } },
      { orderrules: ['highkp'], rakoef: [null, 1, 0, 0] },
    );
    expect(order(rs)).toEqual(['high', 'low']);
  });

  it('spdpenalty and spdavg rules', () => {
    const teams = { a: { points: 1, hours: 1 }, b: { points: 1, hours: 1 }, c: { points: 1 } };
    const bySpeed = ranked(
      teams,
      { orderrules: ['spdpenalty'], speedpenalty: 1 },
      { spdtickets: { a: { t: {} } } },
    );
    expect(order(bySpeed)).toEqual(['b', 'c', 'a']);
    const byAvg = ranked(
      teams,
      { orderrules: ['spdavg'] },
      {
        trackstat: { a: { dst: 5000 }, b: { dst: 4000 }, c: { dst: 1 } },
      },
    );
    expect(order(byAvg)).toEqual(['b', 'a', 'c']);
  });

  it('orderrules fall back to the event record and order by points then spent', () => {
    const rs = ranked(
      { a: { points: 2, hours: 3 }, b: { points: 1, hours: 1 } },
      {},
      { event: { orderrules: ['spent', 'points'] } },
    );
    expect(order(rs)).toEqual(['b', 'a']);
  });

  it('ranks within classes in klassid order, teams without class last; overall over all', () => {
    const rs = ranked(
      {
        m1: { klassid: 'men', points: 3 },
        m2: { klassid: 'men', points: 5 },
        w1: { klassid: 'women', points: 4 },
        z1: { klassid: 'zeta', points: 1 },
        a1: { klassid: 'alpha', points: 2 },
        n1: { points: 6 },
      },
      { klassid: { women: { name: 'Women' }, men: { name: 'Men' } } },
    );
    expect(order(rs)).toEqual(['w1', 'm2', 'm1', 'a1', 'z1', 'n1']);
    expect(places(rs)).toEqual({ w1: 1, m2: 1, m1: 2, a1: 1, z1: 1, n1: 1 });
    expect(Object.fromEntries(rs.map((r) => [r.teamId, r.overallplace]))).toEqual({
      n1: 1,
      m2: 2,
      w1: 3,
      m1: 4,
      a1: 5,
      z1: 6,
    });
  });

  it('dsq teams come before katk teams, both without place', () => {
    const rs = ranked({ k: { katk: true, points: 9 }, d: { dsq: true }, a: {} });
    expect(order(rs)).toEqual(['a', 'd', 'k']);
  });

  it('place labels', () => {
    expect([1, 2, 3, 4, 11].map(placeLabel)).toEqual(['I', 'II', 'III', '4', '11']);
    expect(placeLabel(null)).toBe('');
  });
});

describe('edge cases', () => {
  it('an event with no teams or no checkpoints', () => {
    expect(computeResults(buildEvent())).toEqual([]);
    expect(resultsById(buildEvent({ teams: { t: {} } })).t).toMatchObject({
      place: null,
      status: 'notstarted',
      sum: 0,
    });
    expect(resultsById(buildEvent({ teams: { t: { starttime: 1 } } })).t).toMatchObject({
      place: 1,
      sum: 0,
    });
  });

  it('is deterministic whatever the key order', () => {
    const a = buildEvent({ teams: { x: { name: 'Same' }, y: { name: 'Same' } } });
    const b = buildEvent({ teams: { y: { name: 'Same' }, x: { name: 'Same' } } });
    expect(computeResults(a)).toEqual(computeResults(b));
    expect(order(computeResults(a))).toEqual(['x', 'y']);
  });

  it('reads an event file with settings falling back to the event record', () => {
    const file = {
      events: {
        name: 'E',
        starttime: S0,
        rakoef: [null, 10, 20],
        klassid: { men: { name: 'Men' } },
      },
      eventsdata: {
        data: { ajad: { normaalaeg: 180 } },
        kp: { k1: { nr: 1, ra: 2 }, k2: { nr: 2 } },
        kpanswer: { k1: 'r1', k2: null },
      },
      teams: {
        list: { t1: { name: 'A', klassid: 'men', finishtime: S0 + H } },
        kpanswers: { t1: { k1: { answer: 'r1', aeg: S0 + 1 }, k2: { answer: 'q' } } },
      },
      evdoc: {},
    } as unknown as EventFile;
    const [r] = computeResults(scoringEventFromFile(file));
    expect(r).toMatchObject({
      teamId: 't1',
      kpsum: 30,
      okcount: 2,
      spent: H,
      place: 1,
      klassid: 'men',
    });
  });
});

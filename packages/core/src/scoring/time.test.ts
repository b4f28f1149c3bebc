import { describe, expect, it } from 'vitest';
import { applyTimeRules, formatSpent, parseTimeRules, windowsFor } from './time.ts';
import { buildEvent, resultsById } from './testing.ts';

const MIN = 60_000;
const H = 60 * MIN;
const S0 = 1_767_261_600_000;
const example = { normaalaeg: 180, lisaajad: [{ time: 30, per: 1, penalty: 10 }] };

describe('§8 time', () => {
  it('worked example: 3:02:01 gives [0, 30] and is in time', () => {
    const r = resultsById(
      buildEvent({
        settings: { ajad: example },
        teams: { t: { starttime: S0, finishtime: S0 + 3 * H + 2 * MIN + 1000 } },
      }),
    ).t!;
    expect(r).toMatchObject({
      timepenaltys: [0, 30],
      timepenaltytotal: 30,
      overtime: false,
      spent: 3 * H + 2 * MIN + 1000,
      spenttime: '3:02:01',
      sum: -30,
    });
  });

  it('worked example: 3:30:00.001 is overtime', () => {
    const out = applyTimeRules(windowsFor(parseTimeRules(example), null), 3.5 * H + 1);
    expect(out.overtime).toBe(true);
    expect(out.timepenaltys).toEqual([0, 300]);
    expect(applyTimeRules(windowsFor(parseTimeRules(example), null), 3.5 * H).overtime).toBe(false);
  });

  it('counts started periods inside each window', () => {
    const w = parseTimeRules({
      normaalaeg: 60,
      lisaajad: [
        { time: 30, per: 5, penalty: 2 },
        { time: 30, per: 10, penalty: 7 },
      ],
    });
    const at = (ms: number) => applyTimeRules(windowsFor(w, 'any'), ms).timepenaltys;
    expect(at(60 * MIN)).toEqual([0, 0, 0]);
    expect(at(60 * MIN + 1)).toEqual([0, 2, 0]);
    expect(at(95 * MIN)).toEqual([0, 12, 7]);
  });

  it('start: massstarttimems, else the team starttime, else the event starttime', () => {
    const teams = { a: { starttime: S0, finishtime: S0 + H }, b: { finishtime: S0 + 2 * H } };
    const own = resultsById(buildEvent({ event: { starttime: S0 - H }, teams }));
    expect([own.a!.spent, own.b!.spent]).toEqual([H, 3 * H]);
    const mass = resultsById(buildEvent({ settings: { massstarttimems: S0 - H }, teams }));
    expect([mass.a!.spent, mass.b!.spent]).toEqual([2 * H, 3 * H]);
  });

  it('unfinished teams have spent null, no penalties and are not overtime', () => {
    const r = resultsById(
      buildEvent({ settings: { ajad: example }, teams: { t: { starttime: S0 } } }),
    ).t!;
    expect(r).toMatchObject({
      spent: null,
      spenttime: null,
      overtime: false,
      timepenaltys: [0, 0],
      timepenaltytotal: 0,
    });
  });

  it('per-class steps sorted by order, falling back to default, else none', () => {
    const ajad = {
      men: {
        s2: { order: 2, time: 10, per: 1, penalty: 5 },
        s1: { order: 1, time: 60, per: 1, penalty: 0 },
      },
      default: { d: { order: 1, time: 120, per: 1, penalty: 0 } },
    };
    const spent = 65 * MIN;
    const r = resultsById(
      buildEvent({
        settings: { ajad, massstarttimems: S0 },
        teams: {
          m: { klassid: 'men', finishtime: S0 + spent },
          w: { klassid: 'women', finishtime: S0 + spent },
        },
      }),
    );
    expect(r.m).toMatchObject({ timepenaltys: [0, 25], overtime: false });
    expect(r.w).toMatchObject({ timepenaltys: [0], overtime: false });
    const noDefault = parseTimeRules({ men: ajad.men });
    expect(windowsFor(noDefault, 'women')).toBeNull();
    expect(applyTimeRules(windowsFor(noDefault, 'women'), 10 * H)).toEqual({
      timepenaltys: [],
      timepenaltytotal: 0,
      overtime: false,
    });
  });

  it('without time rules there is no overtime', () => {
    const r = resultsById(buildEvent({ teams: { t: { starttime: 0, finishtime: 99 * H } } })).t!;
    expect(r).toMatchObject({ overtime: false, timepenaltys: [], spenttime: '99:00:00' });
  });

  it('formatSpent writes h:mm:ss', () => {
    expect(formatSpent(0)).toBe('0:00:00');
    expect(formatSpent(3 * H + 2 * MIN + 1999)).toBe('3:02:01');
    expect(formatSpent(-61_000)).toBe('-0:01:01');
  });
});

describe('§9 other components', () => {
  it('speed: tickets × speedpenalty, 0 when unset', () => {
    const tickets = { t: { a: {}, b: {}, c: {} } };
    expect(
      resultsById(
        buildEvent({ settings: { speedpenalty: 5 }, teams: { t: {} }, spdtickets: tickets }),
      ).t!,
    ).toMatchObject({ spdpenalty: 15, sum: -15 });
    expect(resultsById(buildEvent({ teams: { t: {} }, spdtickets: tickets })).t!.spdpenalty).toBe(
      0,
    );
  });

  it('extras: plus or minus, limited by forclasses', () => {
    const r = resultsById(
      buildEvent({
        settings: {
          ly: {
            photo: { ispenalty: false },
            litter: { ispenalty: true, forclasses: [] },
            kids: { forclasses: ['kids'] },
          },
        },
        teams: {
          a: { klassid: 'men', lypoints: { photo: 5, litter: 2, kids: 100, unknown: 50 } },
          b: { klassid: 'kids', lypoints: { kids: 3 } },
          c: { lypoints: { kids: 3 } },
        },
      }),
    );
    expect(r.a!.lypoints).toBe(3);
    expect(r.b!.lypoints).toBe(3);
    expect(r.c!.lypoints).toBe(0);
  });

  it('distance: km from trackstat, points by steps away from the target', () => {
    const r = resultsById(
      buildEvent({
        settings: { dstresult: { targetdst: 20, dststeps: 2, dstpoints: 50, dstpointssteps: 10 } },
        teams: { a: {}, b: {}, c: {}, d: {} },
        trackstat: { a: { dst: 20_500 }, b: { dst: 15_000 }, c: { dst: 99_000 } },
      }),
    );
    expect(r.a).toMatchObject({ dst: 20.5, dstpoints: 50 });
    expect(r.b).toMatchObject({ dst: 15, dstpoints: 30 });
    expect(r.c).toMatchObject({ dst: 99, dstpoints: 0 });
    expect(r.d).toMatchObject({ dst: null, dstpoints: 0 });
    const off = resultsById(buildEvent({ teams: { a: {} }, trackstat: { a: { dst: 1000 } } })).a!;
    expect(off).toMatchObject({ dst: 1, dstpoints: 0 });
  });

  const finishers = (settings: Record<string, unknown>) =>
    resultsById(
      buildEvent({
        settings: {
          massstarttimems: S0,
          ajad: { normaalaeg: 120 },
          firstbonus: [10, 5],
          ...settings,
        },
        kp: { k: { nr: 1, ra: 4 } },
        teams: {
          a: { klassid: 'x', finishtime: S0 + 2 * H },
          b: { klassid: 'x', finishtime: S0 + H },
          c: { klassid: 'x', finishtime: S0 + 1.5 * H },
          d: { klassid: 'x', finishtime: S0 + 0.5 * H, dsq: true },
          e: { klassid: 'x', finishtime: S0 + 0.6 * H, katk: true },
          f: { klassid: 'x', finishtime: S0 + 3 * H },
          g: { klassid: 'x' },
          h: { klassid: 'y', finishtime: S0 + 1.9 * H },
        },
        kpanswers: { a: { k: { ok: true } }, b: { k: { ok: true } }, c: { k: { ok: true } } },
      }),
    );

  it('finish-rank bonus per class by finish time, only finished in-time teams', () => {
    const r = finishers({});
    expect([r.b, r.c, r.a].map((t) => t!.firstbonus)).toEqual([10, 5, 0]);
    expect([r.d, r.e, r.f, r.g].map((t) => t!.firstbonus)).toEqual([0, 0, 0, 0]);
    expect(r.h!.firstbonus).toBe(10);
    expect(r.b!.sum).toBe(14);
  });

  it('finish-rank bonus as a multiplier of kpsum', () => {
    const r = finishers({ firstbonus: [2, 0.5], firstbonusismultiplier: true });
    expect([r.b!.firstbonus, r.c!.firstbonus, r.h!.firstbonus]).toEqual([8, 2, 0]);
  });
});

describe('§10 sum', () => {
  it('adds and subtracts every component', () => {
    const r = resultsById(
      buildEvent({
        settings: {
          rakoef: [null, 10, 20],
          wrongpenaltyenabled: true,
          firstkpvisitbonus: true,
          firstkpvisitaddbonus: 4,
          firstbonus: [7],
          ly: { photo: {} },
          dstresult: { targetdst: 10, dstpoints: 6 },
          ajad: { normaalaeg: 60, lisaajad: [{ time: 60, per: 10, penalty: 1 }] },
          speedpenalty: 2,
          massstarttimems: S0,
        },
        kp: { a: { nr: 1, ra: 2 }, b: { nr: 2 }, m: { nr: 3, kohustuslik: true } },
        kpanswer: { b: 'x' },
        teams: { t: { finishtime: S0 + 75 * MIN, lypoints: { photo: 3 } } },
        kpanswers: { t: { a: { ok: true, aeg: 1 }, b: { answer: 'y', aeg: 2 } } },
        spdtickets: { t: { s: {} } },
        trackstat: { t: { dst: 10_000 } },
      }),
    ).t!;
    // kpsum 20, kppenalty 10 (wrong) + 20 (mandatory), first visit 4, finish 7, ly 3, dst 6,
    // time 2 (15 min in 10-minute periods), speed 2.
    expect(r).toMatchObject({
      kpsum: 20,
      kppenalty: 30,
      kpkokku: -10,
      firstkpsbonus: 4,
      firstbonus: 7,
    });
    expect(r).toMatchObject({ lypoints: 3, dstpoints: 6, timepenaltytotal: 2, spdpenalty: 2 });
    expect(r.sum).toBe(20 - 30 + 4 + 7 + 3 + 6 - 2 - 2);
  });
});

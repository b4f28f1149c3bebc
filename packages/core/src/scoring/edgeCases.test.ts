import { describe, expect, it } from 'vitest';
import { computeResults, nextStartAfter } from './compute.ts';
import { buildEvent, resultsById } from './testing.ts';

const H = 3_600_000;
const S0 = 1_767_261_600_000;

/** Spec 03 §12, one case per rule. */
describe('§12 edge cases', () => {
  it('missing means missing: null settings fall back to the event record, also its data', () => {
    const r = resultsById(
      buildEvent({
        event: { rakoef: null, data: { rakoef: [null, 10] } },
        settings: { rakoef: null },
        kp: { k1: { nr: 1, ra: 1 } },
        kpanswer: { k1: null as unknown as string },
        teams: { a: { name: 'A' } },
        kpanswers: { a: { k1: { answer: 'x' } } },
      }),
    );
    // rakoef from events/{id}/data; a null kpanswer is no correct answer, so 'x' is ok.
    expect(r.a!.kpsum).toBe(10);
    expect(r.a!.okcount).toBe(1);
  });

  it('an empty answer is no answer', () => {
    const r = resultsById(
      buildEvent({
        kp: { k1: { nr: 1 } },
        kpanswer: { k1: 'r1' },
        teams: { a: { name: 'A' } },
        kpanswers: { a: { k1: { answer: '' } } },
      }),
    );
    expect([r.a!.okcount, r.a!.wrongcount, r.a!.status]).toEqual([0, 0, 'notstarted']);
  });

  it('adds a negative answer score to kpsum without counting the checkpoint', () => {
    const r = resultsById(
      buildEvent({
        settings: { answerscores: true, firstkpvisitbonus: true },
        kp: { k1: { nr: 1, ra: 3 }, k2: { nr: 2 }, k3: { nr: 3 } },
        kpdata: {
          k1: { responses: {}, scores: { bad: -5, none: 0, good: 7 } },
          k3: { responses: {}, scores: { none: 0 } },
        } as never,
        teams: { a: { name: 'A' }, b: { name: 'B' } },
        kpanswers: {
          a: { k1: { answer: 'bad', aeg: S0 }, k2: { ok: true, aeg: S0 }, k3: { answer: 'none' } },
          b: { k1: { answer: 'good', aeg: S0 + 1 } },
        },
      }),
    );
    // a: -5 (k1) + 1 (k2, and its first-visit bonus) + 0 (k3); k1 and k3 neither ok nor wrong.
    expect(r.a!.kpsum).toBe(-4);
    expect([r.a!.okcount, r.a!.wrongcount, r.a!.rasums]).toEqual([1, 0, { '1': 1 }]);
    expect(r.a!.firstkpsbonus).toBe(1);
    // b wins k1's first visit though a's (negative) answer came earlier.
    expect(r.b!.firstkpsbonus).toBe(3);
    expect(r.a!.sum).toBe(-3);
  });

  it('an ok answer without a numeric time never wins the first-visit bonus', () => {
    const r = resultsById(
      buildEvent({
        settings: { firstkpvisitbonus: true },
        kp: { k1: { nr: 1 } },
        teams: { a: { name: 'A' }, b: { name: 'B' } },
        kpanswers: { a: { k1: { ok: true } }, b: { k1: { ok: true, aeg: S0 + H } } },
      }),
    );
    expect([r.a!.firstkpsbonus, r.b!.firstkpsbonus]).toEqual([0, 1]);
  });

  it('gives the finish-rank bonus only to finished teams, sharing ranks 1, 1, 3', () => {
    const r = resultsById(
      buildEvent({
        settings: { firstbonus: [30, 20, 10] },
        teams: {
          // A finish but no start anywhere: not finished, no bonus.
          nostart: { name: 'No start', finishtime: S0 + H },
          a: { name: 'A', starttime: S0, finishtime: S0 + 2 * H },
          b: { name: 'B', starttime: S0, finishtime: S0 + 2 * H },
          c: { name: 'C', starttime: S0, finishtime: S0 + 3 * H },
        },
      }),
    );
    expect(r.nostart!.spent).toBeNull();
    expect(r.nostart!.firstbonus).toBe(0);
    expect(r.nostart!.status).toBe('notstarted');
    expect([r.a!.firstbonus, r.b!.firstbonus, r.c!.firstbonus]).toEqual([30, 30, 10]);
  });

  it('a team without a track has no distance and no distance points', () => {
    const r = resultsById(
      buildEvent({
        settings: { dstresult: { targetdst: 10, dstpoints: 50 } },
        teams: { a: { name: 'A' }, b: { name: 'B' } },
        trackstat: { b: { dst: 10_000 } },
      }),
    );
    expect([r.a!.dst, r.a!.dstpoints]).toEqual([null, 0]);
    expect([r.b!.dst, r.b!.dstpoints]).toEqual([10, 50]);
  });

  it('flat time rules: no normaalaeg with lisaajad is a 0-minute first window; neither is none', () => {
    const team = { a: { name: 'A', starttime: S0, finishtime: S0 + 10 * 60_000 } };
    const withExtra = resultsById(
      buildEvent({
        settings: { ajad: { normaalaeg: null, lisaajad: [{ time: 30, per: 5, penalty: 2 }] } },
        teams: team,
      }),
    );
    expect(withExtra.a!.timepenaltys).toEqual([0, 4]);
    expect(withExtra.a!.overtime).toBe(false);
    for (const ajad of [
      { normaalaeg: null },
      { normaalaeg: null, lisaajad: [] },
      { lisaajad: [] },
    ]) {
      const none = resultsById(buildEvent({ settings: { ajad }, teams: team }));
      expect([none.a!.timepenaltys, none.a!.overtime], JSON.stringify(ajad)).toEqual([[], false]);
    }
  });

  it('per-class time rules: a class entry without steps falls back to default', () => {
    const r = resultsById(
      buildEvent({
        settings: {
          ajad: { A: {}, default: { s1: { order: 1, time: 60 } } },
        },
        teams: { a: { name: 'A', klassid: 'A', starttime: S0, finishtime: S0 + 2 * H } },
      }),
    );
    expect(r.a!.overtime).toBe(true);
  });

  it('sums within 1e-9 are equal for points', () => {
    const r = resultsById(
      buildEvent({
        settings: { rakoef: [null, 0.1, 0.2, 0.3], orderrules: ['points'] },
        kp: { k1: { nr: 1, ra: 1 }, k2: { nr: 2, ra: 2 }, k3: { nr: 3, ra: 3 } },
        teams: { a: { name: 'A' }, b: { name: 'B' } },
        // 0.1 + 0.2 is 0.30000000000000004 in floating point.
        kpanswers: { a: { k1: { ok: true }, k2: { ok: true } }, b: { k3: { ok: true } } },
      }),
    );
    expect(r.a!.sum).not.toBe(r.b!.sum);
    expect([r.a!.place, r.b!.place]).toEqual([1, 1]);
  });

  describe('status', () => {
    const event = (settings: Record<string, unknown> = {}) =>
      buildEvent({
        event: { starttime: S0 },
        settings: { firstbonus: [5], ...settings },
        kp: { k1: { nr: 1 }, k2: { nr: 2 } },
        teams: {
          fin: { name: 'Finished', klassid: 'A', starttime: S0, finishtime: S0 + H },
          run: { name: 'Running (own start)', klassid: 'A', starttime: S0 },
          marked: { name: 'Running (a mark)', klassid: 'A' },
          wrong: { name: 'Running (ok false)', klassid: 'A' },
          idle: { name: 'Not started', klassid: 'A' },
          idle2: { name: 'Also not started', klassid: 'A' },
          out: { name: 'Disqualified', klassid: 'A', dsq: true },
          gone: { name: 'Withdrawn', klassid: 'A', katk: true, starttime: S0 },
        },
        kpanswers: {
          fin: { k1: { ok: true } },
          marked: { k1: { ok: true }, k2: { ok: true } },
          wrong: { k1: { ok: false } },
          // An empty answer and an entry with neither are not answers.
          idle: { k1: { answer: '' }, k2: { aeg: S0 } },
        },
      });

    it('says where each team stands; not started teams get no place and come before dsq, katk', () => {
      const results = computeResults(event());
      expect(results.map((r) => [r.teamId, r.status, r.place, r.overallplace])).toEqual([
        ['fin', 'finished', 1, 1],
        ['marked', 'running', 2, 2],
        ['wrong', 'running', 3, 3],
        ['run', 'running', 3, 3],
        ['idle2', 'notstarted', null, null],
        ['idle', 'notstarted', null, null],
        ['out', 'dsq', null, null],
        ['gone', 'katk', null, null],
      ]);
    });

    it('with a mass start every team has started', () => {
      const r = resultsById(event({ massstarttimems: S0 }));
      expect(r.idle!.status).toBe('running');
      expect(r.idle!.place).not.toBeNull();
    });
  });

  describe('status at a time (now)', () => {
    const MIN = 60_000;
    const event = (settings: Record<string, unknown> = {}) =>
      buildEvent({
        event: { starttime: S0 },
        settings: { firstbonus: [5], ...settings },
        kp: { k1: { nr: 1, kohustuslik: true }, k2: { nr: 2 } },
        teams: {
          early: { name: 'Started', starttime: S0 },
          late: { name: 'Starts later', starttime: S0 + 30 * MIN },
          keen: { name: 'Marked before its start', starttime: S0 + 30 * MIN },
          done: { name: 'Finished early', starttime: S0 + 30 * MIN, finishtime: S0 + 20 * MIN },
          out: { name: 'Disqualified', starttime: S0 + 30 * MIN, dsq: true },
          gone: { name: 'Withdrawn', starttime: S0 + 30 * MIN, katk: true },
          none: { name: 'No start of its own' },
        },
        kpanswers: { keen: { k2: { ok: true } } },
      });
    const rows = (now?: number) =>
      computeResults(event(), now).map((r) => [r.teamId, r.status, r.place, r.overallplace]);

    it('a team without an answer whose start is after now has not started: no place', () => {
      expect(rows(S0 + 10 * MIN)).toEqual([
        ['done', 'finished', 1, 1],
        ['keen', 'running', 2, 2],
        ['early', 'running', 3, 3],
        ['none', 'notstarted', null, null],
        ['late', 'notstarted', null, null],
        ['out', 'dsq', null, null],
        ['gone', 'katk', null, null],
      ]);
    });

    it('becomes running when its start passes, with nothing else changed', () => {
      const at = (now: number) => computeResults(event(), now);
      const before = at(S0 + 30 * MIN - 1).find((r) => r.teamId === 'late')!;
      const exactly = at(S0 + 30 * MIN).find((r) => r.teamId === 'late')!;
      const after = at(S0 + 31 * MIN).find((r) => r.teamId === 'late')!;
      expect([before.status, before.place]).toEqual(['notstarted', null]);
      expect([exactly.status, exactly.place]).toEqual(['running', 3]);
      expect([after.status, after.place, after.overallplace]).toEqual(['running', 3, 3]);
      // Its points are those of a team that has not started: the mandatory KP's penalty, no
      // time penalty, and they do not change when it starts.
      expect([before.sum, before.kppenalty, before.timepenaltytotal]).toEqual([-2, 2, 0]);
      expect(after.sum).toBe(before.sum);
      expect(before.starttime).toBe(S0 + 30 * MIN);
    });

    it('without now the results are as before: a start of its own is running', () => {
      const r = resultsById(event());
      expect([r.late!.status, r.late!.place]).toEqual(['running', 3]);
      expect(r.none!.status).toBe('notstarted');
    });

    it('a mass start after now: every team without an answer waits for it', () => {
      const r = computeResults(event({ massstarttimems: S0 + 60 * MIN }), S0 + 10 * MIN);
      const by = Object.fromEntries(r.map((x) => [x.teamId, x.status]));
      expect(by).toMatchObject({ early: 'notstarted', late: 'notstarted', none: 'notstarted' });
      expect(by.keen).toBe('running');
      const later = computeResults(event({ massstarttimems: S0 + 60 * MIN }), S0 + 60 * MIN);
      expect(later.filter((x) => x.status === 'notstarted')).toEqual([]);
    });

    it('nextStartAfter: the earliest start after now of a team that has not started', () => {
      const results = computeResults(event(), S0 - MIN);
      // The event's start (S0) first: teams without an answer wait for it.
      expect(nextStartAfter(results, S0 - MIN)).toBe(S0);
      expect(nextStartAfter(computeResults(event(), S0), S0)).toBe(S0 + 30 * MIN);
      expect(nextStartAfter(computeResults(event(), S0 + 30 * MIN), S0 + 30 * MIN)).toBeNull();
    });
  });
});

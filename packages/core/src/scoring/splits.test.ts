import { describe, expect, it } from 'vitest';
import { teamSplits } from './splits.ts';
import { buildEvent, resultsById } from './testing.ts';

const S0 = 1_767_261_600_000;
const M = 60_000;

const event = buildEvent({
  settings: {
    massstarttimems: S0,
    rakoef: [null, 10, 20],
    sharedrakoef: '2',
    answerscores: true,
    wrongpenaltyenabled: true,
  },
  kp: {
    k1: { nr: 1, ra: 1 },
    k2: { nr: 2, ra: 2 },
    q: { nr: 3, ra: 1 },
    s: { nr: 4, ra: 1 },
    n: { nr: 5, ra: 1 },
    gone: { nr: 6, ra: 1, tyhistatud: true },
  },
  kpanswer: { q: 'a' },
  kpdata: { s: { scores: { x: 7, y: -3 } }, n: { scores: { z: -4 } } },
  teams: { a: { name: 'A' }, b: { name: 'B' } },
  kpanswers: {
    a: {
      k2: { ok: true, aeg: S0 + 30 * M },
      k1: { ok: true, aeg: S0 + 10 * M },
      q: { answer: 'b', aeg: S0 + 40 * M },
      s: { answer: 'x', aeg: S0 + 45 * M },
      n: { answer: 'z', aeg: S0 + 50 * M },
      gone: { ok: true, aeg: S0 + 55 * M },
    },
    b: { k2: { ok: true }, q: { answer: 'a' } },
  },
});

describe('teamSplits', () => {
  const splits = teamSplits(event, 'a')!;

  it('lists the counted visits in time order with leg times and points so far', () => {
    expect(
      splits.visits.map((v) => [v.kp, v.state, v.leg! / M, v.elapsed! / M, v.points, v.total]),
    ).toEqual([
      ['1', 'ok', 10, 10, 10, 10],
      ['2', 'ok', 20, 30, 10, 20], // shared class 2: 20 points between two teams
      ['3', 'wrong', 10, 40, -10, 10],
      ['4', 'ok', 5, 45, 7, 17], // answer score
      ['5', 'none', 5, 50, -4, 13], // a negative answer score counts, the KP is not ok
    ]);
    expect(splits.visits[2]!.answer).toBe('b');
    expect(splits.starttime).toBe(S0);
  });

  it('adds up to the points the results give for checkpoints', () => {
    const r = resultsById(event).a!;
    expect(splits.visits.at(-1)!.total).toBe(r.kpsum - r.kppenalty);
  });

  it('leaves wrong marks out of the rows and the sums when they are hidden', () => {
    const hidden = teamSplits(event, 'a', true)!;
    expect(hidden.visits.map((v) => v.kp)).toEqual(['1', '2', '4', '5']);
    expect(hidden.visits.map((v) => v.total)).toEqual([10, 20, 27, 23]);
    expect(hidden.visits[2]!.leg).toBe(15 * M);
    expect(hidden.wrongHidden).toBe(true);
  });

  it('puts visits without a time last, and knows no team it does not score', () => {
    expect(teamSplits(event, 'b')!.visits.map((v) => [v.kp, v.leg, v.elapsed])).toEqual([
      ['2', null, null],
      ['3', null, null],
    ]);
    expect(teamSplits(event, 'nobody')).toBeNull();
    expect(
      teamSplits({ ...event, teams: { ...event.teams, d: { name: 'D', disabled: true } } }, 'd'),
    ).toBeNull();
  });
});

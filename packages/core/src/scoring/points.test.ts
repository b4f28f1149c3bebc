import { describe, expect, it } from 'vitest';
import { computeResults } from './compute.ts';
import { baseValue, kpValue } from './value.ts';
import { buildEvent, resultsById } from './testing.ts';

const H = 3_600_000;

describe('§2 who is scored', () => {
  it('leaves out disabled teams and keeps teams with no answers', () => {
    const ids = computeResults(
      buildEvent({
        teams: { a: { name: 'A' }, b: { name: 'B', disabled: true }, c: { name: 'C' } },
      }),
    ).map((r) => r.teamId);
    expect(ids.sort()).toEqual(['a', 'c']);
  });

  it('with joinrequiresconfirmation keeps only allowed teams', () => {
    const ids = computeResults(
      buildEvent({
        settings: { joinrequiresconfirmation: true },
        teams: { a: { allowed: true }, b: { allowed: false }, c: {} },
      }),
    ).map((r) => r.teamId);
    expect(ids).toEqual(['a']);
  });

  it('gives a team without answers a zero record', () => {
    const r = resultsById(buildEvent({ kp: { k: { nr: 1 } }, teams: { a: { name: 'A' } } })).a!;
    expect(r).toMatchObject({
      okcount: 0,
      wrongcount: 0,
      kpsum: 0,
      sum: 0,
      rasums: {},
      spent: null,
    });
    // No start and no answer: not started, so no place (§12).
    expect([r.status, r.place]).toEqual(['notstarted', null]);
    const started = resultsById(
      buildEvent({ kp: { k: { nr: 1 } }, teams: { a: { name: 'A', starttime: 1 } } }),
    ).a!;
    expect([started.status, started.place]).toEqual(['running', 1]);
  });
});

describe('§3 checkpoint value', () => {
  it('indexes rakoef by class number, rakoef[0] unused', () => {
    const rakoef = [null, 10, 20, 30];
    expect(baseValue(2, rakoef)).toBe(20);
    expect(baseValue(1, rakoef)).toBe(10);
    expect(baseValue(5, rakoef)).toBe(5);
    expect(kpValue({ ra: 3, grp: 2 }, rakoef)).toBe(60);
    expect(kpValue({}, null)).toBe(1);
    expect(baseValue(2, [null, 10, 'x'])).toBe(2);
  });

  it('falls back to the event record rakoef when the settings have none', () => {
    const r = resultsById(
      buildEvent({
        event: { rakoef: [null, 10, 20] },
        kp: { k: { nr: 1, ra: 2, grp: 1.5 } },
        teams: { a: {} },
        kpanswers: { a: { k: { ok: true } } },
      }),
    ).a!;
    expect(r.kpsum).toBe(30);
  });

  it('ignores cancelled checkpoints everywhere', () => {
    const r = resultsById(
      buildEvent({
        settings: { wrongpenaltyenabled: true, firstkpvisitbonus: true },
        kp: { c: { nr: 1, tyhistatud: true, kohustuslik: true }, k: { nr: 2, inwork: true } },
        kpanswer: { c: 'right' },
        teams: { a: {} },
        kpanswers: { a: { c: { answer: 'wrong', aeg: 1 }, k: { ok: true, aeg: 2 } } },
      }),
    ).a!;
    expect(r).toMatchObject({
      okcount: 1,
      wrongcount: 0,
      kppenalty: 0,
      kpsum: 1,
      firstkpsbonus: 1,
    });
  });

  it('ignores answers for checkpoints that do not exist', () => {
    const r = resultsById(
      buildEvent({ teams: { a: {} }, kpanswers: { a: { gone: { ok: true } } } }),
    ).a!;
    expect(r.okcount).toBe(0);
  });
});

describe('§4 is a checkpoint met', () => {
  const event = (
    answer: Record<string, unknown>,
    kp: Record<string, unknown> = {},
    correct?: string,
  ) =>
    resultsById(
      buildEvent({
        kp: { k: { nr: 1, ...kp } },
        kpanswer: correct ? { k: correct } : {},
        teams: { a: {} },
        kpanswers: { a: { k: answer } },
      }),
    ).a!;

  it('not visited without ok or answer', () => {
    expect(event({ aeg: 5 })).toMatchObject({ okcount: 0, wrongcount: 0 });
  });
  it('ok true is ok (location mark or approval), even with a wrong answer', () => {
    expect(event({ ok: true, answer: 'b' }, {}, 'a')).toMatchObject({ okcount: 1, wrongcount: 0 });
  });
  it('allok accepts any answer', () => {
    expect(event({ answer: 'b' }, { allok: true }, 'a')).toMatchObject({ okcount: 1 });
  });
  it('the correct answer is ok, another is wrong', () => {
    expect(event({ answer: 'a' }, {}, 'a')).toMatchObject({ okcount: 1, wrongcount: 0 });
    expect(event({ answer: 'b' }, {}, 'a')).toMatchObject({ okcount: 0, wrongcount: 1 });
  });
  it('any answer is ok when no correct answer is set', () => {
    expect(event({ answer: 'zzz' })).toMatchObject({ okcount: 1, wrongcount: 0 });
  });
  it('an empty answer counts as no answer', () => {
    expect(event({ answer: '' }, {}, 'a')).toMatchObject({ okcount: 0, wrongcount: 0 });
    expect(event({ answer: '', ok: false }, {}, 'a')).toMatchObject({ okcount: 0, wrongcount: 1 });
  });
  it('ok false without an answer is wrong', () => {
    expect(event({ ok: false })).toMatchObject({ okcount: 0, wrongcount: 1 });
  });
});

describe('§5 points from checkpoints', () => {
  it('counts rasums per class and sums kpsum', () => {
    const r = resultsById(
      buildEvent({
        settings: { rakoef: [null, 10, 20, 30] },
        kp: { a: { nr: 1 }, b: { nr: 2 }, c: { nr: 3, ra: 3 }, d: { nr: 4, ra: 1 } },
        teams: { t: {} },
        kpanswers: { t: { a: { ok: true }, b: { ok: true }, c: { ok: true }, d: {} } },
      }),
    ).t!;
    expect(r).toMatchObject({ rasums: { '1': 2, '3': 1 }, okcount: 3, kpsum: 50 });
  });

  it('divides a shared class value among the non-dsq teams that have it ok', () => {
    const res = resultsById(
      buildEvent({
        settings: { rakoef: [null, 10, 20], sharedrakoef: '2,3' },
        kp: { s: { nr: 1, ra: 2 }, n: { nr: 2, ra: 1 } },
        teams: { a: {}, b: {}, c: {}, d: { dsq: true }, e: { disabled: true } },
        kpanswers: {
          a: { s: { ok: true }, n: { ok: true } },
          b: { s: { ok: true } },
          c: { s: { ok: true } },
          d: { s: { ok: true } },
          e: { s: { ok: true } },
        },
      }),
    );
    expect(res.a!.kpsum).toBeCloseTo(20 / 3 + 10, 12);
    expect(res.b!.kpsum).toBeCloseTo(20 / 3, 12);
    expect(res.d!.kpsum).toBeCloseTo(20 / 3, 12);
    // Three teams with equal fractional sums share the place.
    expect([res.b!.place, res.c!.place]).toEqual([2, 2]);
  });

  it('uses answer scores instead of the value, never wrong, ok only above zero', () => {
    const res = resultsById(
      buildEvent({
        settings: { answerscores: true, wrongpenaltyenabled: true },
        kp: { k: { nr: 1, ra: 3 } },
        kpdata: { k: { scores: { a: 7, b: 2.5, c: 0 } } },
        kpanswer: { k: 'a' },
        teams: { x: {}, y: {}, z: {}, w: {} },
        kpanswers: {
          x: { k: { answer: 'a' } },
          y: { k: { answer: 'b' } },
          z: { k: { answer: 'c' } },
          w: { k: { answer: 'unscored' } },
        },
      }),
    );
    expect(res.x).toMatchObject({ kpsum: 7, okcount: 1, wrongcount: 0 });
    expect(res.y).toMatchObject({ kpsum: 2.5, okcount: 1, wrongcount: 0, rasums: { '3': 1 } });
    expect(res.z).toMatchObject({ kpsum: 0, okcount: 0, wrongcount: 0, kppenalty: 0 });
    // No score for that response: the ordinary rules apply (wrong, with its penalty).
    expect(res.w).toMatchObject({ kpsum: 0, okcount: 0, wrongcount: 1, kppenalty: 3 });
  });

  it('ignores scores when answerscores is off', () => {
    const r = resultsById(
      buildEvent({
        kp: { k: { nr: 1 } },
        kpdata: { k: { scores: { a: 7 } } },
        teams: { x: {} },
        kpanswers: { x: { k: { answer: 'a' } } },
      }),
    ).x!;
    expect(r.kpsum).toBe(1);
  });
});

describe('§6 checkpoint penalties', () => {
  const run = (
    settings: Record<string, unknown>,
    kp: Record<string, unknown>,
    answer: Record<string, unknown>,
  ) =>
    resultsById(
      buildEvent({
        settings: { rakoef: [null, 10, 20], ...settings },
        kp: { k: { nr: 1, ra: 2, ...kp } },
        kpanswer: { k: 'a' },
        teams: { t: {} },
        kpanswers: { t: { k: answer } },
      }),
    ).t!;

  it('no wrong penalty unless enabled or set on the KP', () => {
    expect(run({}, {}, { answer: 'b' }).kppenalty).toBe(0);
  });
  it('KP wrongpenalty wins', () => {
    expect(run({ wrongpenaltyenabled: true }, { wrongpenalty: 4 }, { answer: 'b' }).kppenalty).toBe(
      4,
    );
    expect(run({}, { wrongpenalty: 4 }, { answer: 'b' }).kppenalty).toBe(4);
  });
  it('enabled: value × wrongcoef (default 1)', () => {
    expect(run({ wrongpenaltyenabled: true }, {}, { answer: 'b' }).kppenalty).toBe(20);
    expect(run({ wrongpenaltyenabled: true, wrongcoef: 0.5 }, {}, { answer: 'b' })).toMatchObject({
      kppenalty: 10,
      kpkokku: -10,
      sum: -10,
    });
  });
  it('mandatory miss costs 2 × value; ok mandatory costs nothing', () => {
    expect(run({}, { kohustuslik: true }, {}).kppenalty).toBe(40);
    expect(run({}, { kohustuslik: true }, { answer: 'a' })).toMatchObject({
      kppenalty: 0,
      kpkokku: 20,
    });
  });
  it('wrong at a mandatory KP costs both penalties', () => {
    expect(
      run({ wrongpenaltyenabled: true }, { kohustuslik: true }, { answer: 'b' }).kppenalty,
    ).toBe(60);
  });
  it('a team with no answers pays every mandatory miss', () => {
    const r = resultsById(
      buildEvent({
        kp: {
          a: { nr: 1, kohustuslik: true, ra: 2 },
          b: { nr: 2, kohustuslik: true },
          c: { nr: 3 },
        },
        teams: { t: {} },
      }),
    ).t!;
    expect(r).toMatchObject({ kppenalty: 6, kpkokku: -6, sum: -6 });
  });
});

describe('§7 first-visit bonus', () => {
  const base = (
    settings: Record<string, unknown>,
    answers: Record<string, Record<string, unknown>>,
  ) =>
    resultsById(
      buildEvent({
        settings: { firstkpvisitbonus: true, rakoef: [null, 10], ...settings },
        kp: { k: { nr: 1 } },
        kpanswer: { k: 'a' },
        teams: { x: {}, y: {}, z: {}, w: {} },
        kpanswers: Object.fromEntries(Object.entries(answers).map(([t, a]) => [t, { k: a }])),
      }),
    );

  it('goes to the earliest ok team, worth the value by default', () => {
    const r = base(
      {},
      { x: { answer: 'a', aeg: 2 * H }, y: { answer: 'a', aeg: H }, z: { answer: 'b', aeg: 1 } },
    );
    expect(r.y).toMatchObject({ firstkpsbonus: 10, sum: 20 });
    expect(r.x!.firstkpsbonus).toBe(0);
    expect(r.z!.firstkpsbonus).toBe(0); // earlier, but wrong
  });
  it('uses firstkpvisitaddbonus when it is a number', () => {
    expect(base({ firstkpvisitaddbonus: 3 }, { x: { ok: true, aeg: 5 } }).x!.firstkpsbonus).toBe(3);
  });
  it('gives every team tied on the earliest aeg the bonus', () => {
    const r = base(
      {},
      { x: { ok: true, aeg: 5 }, y: { ok: true, aeg: 5 }, z: { ok: true, aeg: 6 } },
    );
    expect([r.x!.firstkpsbonus, r.y!.firstkpsbonus, r.z!.firstkpsbonus]).toEqual([10, 10, 0]);
  });
  it('moves when an earlier answer arrives later', () => {
    const before = base({}, { x: { ok: true, aeg: 5 } });
    const after = base({}, { x: { ok: true, aeg: 5 }, w: { ok: true, aeg: 4 } });
    expect(before.x!.firstkpsbonus).toBe(10);
    expect([after.x!.firstkpsbonus, after.w!.firstkpsbonus]).toEqual([0, 10]);
  });
  it('is off unless firstkpvisitbonus is true', () => {
    expect(base({ firstkpvisitbonus: false }, { x: { ok: true, aeg: 5 } }).x!.firstkpsbonus).toBe(
      0,
    );
  });
});

/**
 * results: full recomputation of a synthetic event's results with every scoring rule on
 * (shared classes, answer scores, wrong and mandatory penalties, first-visit bonus, per-class
 * time rules, finish-rank bonus, distance result, extras, speed tickets): 2,000 teams, 200 KPs,
 * 200,000 answers. Baseline: a bare loop over the same answers summing each KP's value, measured
 * in the same run. Targets: ≤ 150 ms and ≤ 20× the baseline.
 */
import { computeResults, type ScoringEvent, type ScoringAnswer } from '@rada/core';
import { medianMs, type BenchResult } from './harness.ts';

const TEAMS = 2000;
const KPS = 200;
const ANSWERS_PER_TEAM = 100;
const TARGET_MS = 150;
const TARGET_RATIO = 20;
const S0 = 1_767_261_600_000;
const CLASSES = ['men', 'women', 'mixed', 'youth'];

/** A deterministic pseudo-random sequence (no Math.random: runs must be comparable). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function syntheticEvent(): ScoringEvent {
  const rnd = lcg(42);
  const kp: ScoringEvent['kp'] = {};
  const kpdata: ScoringEvent['kpdata'] = {};
  const kpanswer: Record<string, string> = {};
  for (let k = 0; k < KPS; k++) {
    const id = `kp${k}`;
    kp[id] = {
      nr: k + 1,
      ra: (k % 4) + 1,
      grp: k % 10 === 0 ? 2 : 1,
      kohustuslik: k % 50 === 0,
      allok: k % 37 === 0,
      tyhistatud: k === 199,
      ...(k % 17 === 0 ? { wrongpenalty: 3 } : {}),
    };
    kpdata[id] = {
      responses: { a: 'A', b: 'B', c: 'C' },
      ...(k % 20 === 5 ? { scores: { a: 5, b: 2, c: 0 } } : {}),
    };
    kpanswer[id] = 'a';
  }
  const step = (order: number, time: number, per: number, penalty: number) => ({
    order,
    time,
    per,
    penalty,
  });
  const ajad: Record<string, Record<string, ReturnType<typeof step>>> = {
    default: { s1: step(1, 360, 1, 0), s2: step(2, 30, 1, 5) },
  };
  for (const [i, c] of CLASSES.slice(0, 3).entries()) {
    ajad[c] = { a: step(1, 300 + i * 30, 1, 0), b: step(2, 30, 5, 10), c: step(3, 30, 1, 20) };
  }
  const teams: ScoringEvent['teams'] = {};
  const kpanswers: Record<string, Record<string, ScoringAnswer>> = {};
  const spdtickets: ScoringEvent['spdtickets'] = {};
  const trackstat: ScoringEvent['trackstat'] = {};
  for (let t = 0; t < TEAMS; t++) {
    const id = `team${t}`;
    const finished = t % 13 !== 0;
    teams[id] = {
      name: `Team ${t}`,
      nr: 100 + t,
      klassid: t % 29 === 0 ? null : CLASSES[t % CLASSES.length]!,
      starttime: S0 + (t % 10) * 60_000,
      finishtime: finished ? S0 + 4 * 3_600_000 + Math.floor(rnd() * 4 * 3_600_000) : null,
      dsq: t % 97 === 0,
      katk: t % 101 === 0,
      disabled: t % 499 === 0,
      allowed: true,
      lypoints: { photo: t % 7, litter: t % 3, youthbonus: 4 },
    };
    const answers: Record<string, ScoringAnswer> = {};
    const offset = Math.floor(rnd() * KPS);
    for (let j = 0; j < ANSWERS_PER_TEAM; j++) {
      const k = (offset + j * 2) % KPS;
      const roll = rnd();
      answers[`kp${k}`] =
        roll < 0.5
          ? { ok: true, aeg: S0 + Math.floor(rnd() * 7_200_000) }
          : roll < 0.8
            ? { answer: 'a', aeg: S0 + Math.floor(rnd() * 7_200_000) }
            : roll < 0.95
              ? { answer: roll < 0.9 ? 'b' : 'c', aeg: S0 + Math.floor(rnd() * 7_200_000) }
              : { ok: false, aeg: S0 + Math.floor(rnd() * 7_200_000) };
    }
    kpanswers[id] = answers;
    if (t % 5 === 0) spdtickets[id] = { s1: { speed: 104 }, s2: { speed: 99 } };
    trackstat[id] = { dst: 15_000 + Math.floor(rnd() * 20_000) };
  }
  return {
    event: { starttime: S0, rakoef: [null, 10, 20, 30, 40], orderrules: null },
    settings: {
      rakoef: [null, 10, 20, 30, 40],
      sharedrakoef: '4',
      answerscores: true,
      wrongpenaltyenabled: true,
      wrongcoef: 0.5,
      firstkpvisitbonus: true,
      firstkpvisitaddbonus: 5,
      ajad,
      speedpenalty: 10,
      ly: { photo: {}, litter: { ispenalty: true }, youthbonus: { forclasses: ['youth'] } },
      dstresult: { targetdst: 25, dststeps: 1, dstpoints: 30, dstpointssteps: 2 },
      firstbonus: [30, 20, 10, 5],
      klassid: { men: { name: 'Men' }, women: { name: 'Women' }, mixed: { name: 'Mixed' } },
      orderrules: ['dsq', 'katk', 'intime', 'points', 'spent', 'okcount', 'highkp'],
    },
    kp,
    kpdata,
    kpanswer,
    teams,
    kpanswers,
    spdtickets,
    trackstat,
  };
}

/** The least any scorer must do: visit every answer once and add up the checkpoint's value. */
function bareLoop(event: ScoringEvent, values: Map<string, number>): number {
  let sum = 0;
  for (const tid in event.kpanswers) {
    const answers = event.kpanswers[tid]!;
    for (const kpId in answers) {
      if (answers[kpId]!.aeg !== undefined) sum += values.get(kpId) ?? 0;
    }
  }
  return sum;
}

/** Runs the benchmark and prints its figures. */
export async function resultsBench(): Promise<BenchResult> {
  const event = syntheticEvent();
  const answerCount = Object.values(event.kpanswers).reduce((n, a) => n + Object.keys(a).length, 0);
  const values = new Map(Object.entries(event.kp).map(([id, k]) => [id, (k.ra ?? 1) * 10]));

  // Correctness first: a fast engine that scores nobody would prove nothing.
  const once = computeResults(event);
  const placed = once.filter((r) => r.place !== null).length;
  const withBonus = once.filter((r) => r.firstkpsbonus > 0 || r.firstbonus > 0).length;
  if (
    once.length < TEAMS * 0.99 ||
    placed === 0 ||
    withBonus === 0 ||
    answerCount !== TEAMS * ANSWERS_PER_TEAM
  ) {
    console.log(
      `results: the synthetic event did not score (${once.length} records, ${placed} placed)`,
    );
    return { name: 'results', ok: false };
  }

  const repeat = 21;
  for (let i = 0; i < 5; i++) {
    computeResults(event);
    bareLoop(event, values);
  }
  const baseline = await medianMs(() => bareLoop(event, values), repeat);
  const measured = await medianMs(() => computeResults(event), repeat);
  const ratio = measured / baseline;
  const ok = measured <= TARGET_MS && ratio <= TARGET_RATIO;
  console.log(
    `results: computeResults for ${TEAMS} teams, ${KPS} KPs, ${answerCount} answers, every rule on ` +
      `(${once.length} records, ${placed} placed): ${measured.toFixed(2)} ms (median of ${repeat})`,
  );
  console.log(
    `results: baseline bare loop over the answers ${baseline.toFixed(2)} ms; ratio ${ratio.toFixed(1)}× ` +
      `(targets ≤ ${TARGET_MS} ms, ≤ ${TARGET_RATIO}×) ${ok ? 'OK' : 'OVER TARGET'}`,
  );
  return { name: 'results', ok };
}

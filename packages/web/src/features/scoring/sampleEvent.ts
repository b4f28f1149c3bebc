import { computeResults } from '@rada/core';
import type { Kp, ScoringAnswer, ScoringEvent, ScoringTeam, TeamResult } from '@rada/core';

/** The organiser's made-up team whose result the Scoring section shows live. */
export interface SampleTeam {
  /** Team class id (klassid), or null for none. */
  klass: string | null;
  /** Time spent as h:mm (or h:mm:ss). */
  spent: string;
  /** Ok checkpoints per value class: `ok[0]` is class 1. */
  ok: number[];
  wrong: number;
  /** Mandatory (kohustuslik) checkpoints of class 1 the team missed. */
  mandatoryMissed: number;
  /** Place among its class's finishers (1 = first); earlier finishers are added as needed. */
  finishPlace: number;
  /** Track length in km, or null without a track. */
  km: number | null;
  /** Extra name (ly) → points entered for the team. */
  extras: Record<string, number>;
}

export const DEFAULT_SAMPLE: SampleTeam = {
  klass: null,
  spent: '3:10',
  ok: [5, 3, 1],
  wrong: 1,
  mandatoryMissed: 0,
  finishPlace: 1,
  km: null,
  extras: {},
};

export const SAMPLE_TEAM_ID = 'sample';
const MAX_COUNT = 500;

/** Parses h:mm or h:mm:ss into milliseconds; null when it is not a time. */
export function parseSpent(text: string): number | null {
  const m = /^\s*(\d{1,3}):([0-5]?\d)(?::([0-5]?\d))?\s*$/.exec(text);
  if (!m) return null;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000;
}

const count = (n: number) =>
  Number.isFinite(n) ? Math.max(0, Math.min(MAX_COUNT, Math.floor(n))) : 0;

/**
 * A tiny scoring event for the sample team under `settings`: for each value class its ok
 * checkpoints, then wrong answers and missed mandatory checkpoints of class 1. The sample team
 * answers first everywhere (so it gets any first-visit bonus) and starts at 0; when
 * `finishPlace` is k, k − 1 teams of its class without answers finish before it.
 */
export function buildSampleEvent(
  settings: Record<string, unknown>,
  sample: SampleTeam,
): ScoringEvent {
  const kp: Record<string, Kp> = {};
  const kpanswer: Record<string, string> = {};
  const answers: Record<string, ScoringAnswer> = {};
  let nr = 0;
  const add = (ra: number, extra: Partial<Kp> = {}) => {
    nr += 1;
    const id = `k${nr}`;
    kp[id] = { nr, ra, ...extra };
    return id;
  };
  sample.ok.forEach((n, i) => {
    for (let j = 0; j < count(n); j++) answers[add(i + 1)] = { ok: true, aeg: 1 };
  });
  for (let j = 0; j < count(sample.wrong); j++) {
    const id = add(1);
    kpanswer[id] = 'a';
    answers[id] = { answer: 'b', aeg: 1 };
  }
  for (let j = 0; j < count(sample.mandatoryMissed); j++) add(1, { kohustuslik: true });

  const spent = parseSpent(sample.spent);
  const team: ScoringTeam = {
    name: SAMPLE_TEAM_ID,
    klassid: sample.klass,
    starttime: 0,
    finishtime: spent,
    lypoints: sample.extras,
  };
  const teams: Record<string, ScoringTeam> = { [SAMPLE_TEAM_ID]: team };
  const ahead = Math.max(0, count(sample.finishPlace) - 1);
  for (let j = 0; j < ahead; j++) {
    teams[`ahead${j}`] = { name: `ahead${j}`, klassid: sample.klass, starttime: 0, finishtime: 0 };
  }
  return {
    event: {},
    // The sample is about rules, not about who may join or a real mass start.
    settings: { ...settings, joinrequiresconfirmation: false, massstarttimems: null },
    kp,
    kpdata: {},
    kpanswer,
    teams,
    kpanswers: { [SAMPLE_TEAM_ID]: answers },
    spdtickets: {},
    trackstat: sample.km !== null ? { [SAMPLE_TEAM_ID]: { dst: sample.km * 1000 } } : {},
  };
}

/** The sample team's result under `settings`, or null if the engine gave none. */
export function sampleResult(
  settings: Record<string, unknown>,
  sample: SampleTeam,
): TeamResult | null {
  const results = computeResults(buildSampleEvent(settings, sample));
  return results.find((r) => r.teamId === SAMPLE_TEAM_ID) ?? null;
}

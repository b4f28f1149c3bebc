/**
 * Property: results kept by the incremental path (scoringState → updateTeams → stateResults)
 * are those of computeResults on the whole event after every step of a random sequence of team
 * changes (answers added, changed and removed, dsq and katk toggled, start and finish times,
 * classes, disabled and allowed, speed tickets, track distance, teams added and removed), on
 * events with random shared-point, first-visit, finish-rank bonus, time-rule, class and order
 * settings, at random times. FUZZ_RUNS/10 sequences (they are long).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzOptions, FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS } from '../testing/fuzz.ts';
import { computeResults } from './compute.ts';
import { scoringState, stateResults, updateTeams } from './incremental.ts';
import type { TeamScoringData } from './incremental.ts';
import type { ScoringAnswer, ScoringEvent, ScoringTeam } from './types.ts';
import { buildEvent } from './testing.ts';

const H = 3_600_000;
const T0 = 1_767_261_600_000;
const TEAM_IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const KP_IDS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
const RESPONSES = ['r1', 'r2', 'r3', ''];

const time = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -2, max: 8 }).map((h) => T0 + h * H),
);

const answer: fc.Arbitrary<ScoringAnswer> = fc.record(
  {
    answer: fc.constantFrom(...RESPONSES),
    ok: fc.boolean(),
    aeg: fc.integer({ min: 0, max: 20 }).map((m) => T0 + m * 600_000),
  },
  { requiredKeys: [] },
);

const team: fc.Arbitrary<ScoringTeam> = fc.record(
  {
    name: fc.constantFrom('Alpha', 'Bravo', 'alpha', ''),
    klassid: fc.constantFrom('men', 'women', 'mix', null, ''),
    starttime: time,
    finishtime: time,
    dsq: fc.boolean(),
    katk: fc.boolean(),
    disabled: fc.boolean(),
    allowed: fc.boolean(),
    lypoints: fc.constant({ bonus: 3 }),
  },
  { requiredKeys: ['name'] },
);

const teamData: fc.Arbitrary<TeamScoringData> = fc.record(
  {
    team,
    answers: fc.dictionary(fc.constantFrom(...KP_IDS, 'gone'), answer, { maxKeys: 6 }),
    spdtickets: fc.dictionary(fc.constantFrom('s1', 's2'), fc.constant({ v: 1 }), { maxKeys: 2 }),
    trackstat: fc.integer({ min: 0, max: 20_000 }).map((dst) => ({ dst })),
  },
  { requiredKeys: [] },
);

const settings = fc.record(
  {
    sharedrakoef: fc.constantFrom('1', '2', '1,2', ''),
    firstkpvisitbonus: fc.boolean(),
    firstkpvisitaddbonus: fc.constantFrom(2, 5),
    firstbonus: fc.constantFrom([10, 5, 2], [3], [1, 1]),
    firstbonusismultiplier: fc.boolean(),
    joinrequiresconfirmation: fc.boolean(),
    massstarttimems: fc.constant(T0),
    answerscores: fc.boolean(),
    wrongpenaltyenabled: fc.boolean(),
    ajad: fc.constantFrom({ normaalaeg: 3 * H, lisaajad: [{ time: H, per: 60_000, penalty: 1 }] }),
    speedpenalty: fc.constantFrom(1, 4),
    ly: fc.constant({ bonus: { penalty: false } }),
    dstresult: fc.constant({ targetdst: 10, dststeps: 1, dstpoints: 5, dstpointssteps: 1 }),
    klassid: fc.constant({ women: { name: 'Women' }, men: { name: 'Men' } }),
    orderrules: fc.constantFrom(['dsq', 'katk', 'points', 'spent'], ['okcount', 'highkp']),
    resulttype: fc.constantFrom('valik', 'roadbook'),
  },
  { requiredKeys: [] },
);

const kps = fc.record({
  kp: fc.tuple(
    ...KP_IDS.map(() =>
      fc.record(
        {
          nr: fc.integer({ min: 1, max: 9 }),
          ra: fc.integer({ min: 1, max: 3 }),
          grp: fc.integer({ min: 1, max: 2 }),
          kohustuslik: fc.boolean(),
          allok: fc.boolean(),
          tyhistatud: fc.boolean(),
        },
        { requiredKeys: ['nr'] },
      ),
    ),
  ),
  kpanswer: fc.tuple(...KP_IDS.map(() => fc.constantFrom('r1', 'r2', ''))),
});

/** One step: a team's whole data replaced (or the team removed), read at a time. */
const step = fc.record({
  id: fc.constantFrom(...TEAM_IDS),
  data: fc.option(teamData, { nil: undefined }),
  /** A small edit of the team's present data instead of new data. */
  edit: fc.constantFrom('none', 'dsq', 'katk', 'finish', 'answer', 'unanswer'),
  kp: fc.constantFrom(...KP_IDS),
  at: fc.integer({ min: -3, max: 9 }).map((h) => T0 + h * H),
});

/** The event with team `id`'s data replaced by `data` (new objects, as a read from storage). */
function withTeam(event: ScoringEvent, id: string, data: TeamScoringData | undefined) {
  const put = <T>(map: Record<string, T>, value: T | undefined) => {
    const next = { ...map };
    if (value === undefined) delete next[id];
    else next[id] = value;
    return next;
  };
  return {
    ...event,
    teams: put(event.teams, data?.team),
    kpanswers: put(event.kpanswers, data?.team ? data.answers : undefined),
    spdtickets: put(event.spdtickets, data?.team ? data.spdtickets : undefined),
    trackstat: put(event.trackstat, data?.team ? data.trackstat : undefined),
  };
}

/** The team's data after a small edit (copies, never the stored objects changed in place). */
function edited(event: ScoringEvent, id: string, edit: string, kp: string, at: number) {
  const team = event.teams[id];
  if (!team) return undefined;
  const data: TeamScoringData = {
    team: { ...team },
    answers: { ...event.kpanswers[id] },
    ...(event.spdtickets[id] ? { spdtickets: event.spdtickets[id] } : {}),
    ...(event.trackstat[id] ? { trackstat: event.trackstat[id] } : {}),
  };
  if (edit === 'dsq') data.team!.dsq = team.dsq !== true;
  if (edit === 'katk') data.team!.katk = team.katk !== true;
  if (edit === 'finish') data.team!.finishtime = at;
  if (edit === 'answer') data.answers![kp] = { answer: 'r1', aeg: at };
  if (edit === 'unanswer') delete data.answers![kp];
  return data;
}

describe('incremental results', () => {
  it(
    'equal a whole computation after every team change',
    () => {
      fc.assert(
        fc.property(
          settings,
          kps,
          fc.dictionary(fc.constantFrom(...TEAM_IDS), teamData, { maxKeys: 8 }),
          fc.array(step, { maxLength: 25 }),
          (s, k, initial, steps) => {
            let event = buildEvent({
              event: { starttime: T0 },
              settings: s,
              kp: Object.fromEntries(KP_IDS.map((id, i) => [id, k.kp[i]!])),
              kpanswer: Object.fromEntries(KP_IDS.map((id, i) => [id, k.kpanswer[i]!])),
              kpdata: { k1: { scores: { r1: 3, r2: -1 } } },
            });
            for (const [id, data] of Object.entries(initial)) event = withTeam(event, id, data);
            const state = scoringState(event);
            expect(stateResults(state, T0)).toEqual(computeResults(event, T0));
            for (const st of steps) {
              const data =
                st.edit === 'none' ? st.data : edited(event, st.id, st.edit, st.kp, st.at);
              event = withTeam(event, st.id, data);
              updateTeams(state, new Map([[st.id, data ?? {}]]));
              expect(stateResults(state, st.at)).toEqual(computeResults(event, st.at));
            }
          },
        ),
        fuzzOptions(Math.max(50, Math.floor(FUZZ_RUNS / 10))),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

import {
  assignFinishBonus,
  distanceKm,
  distancePoints,
  extrasPoints,
  speedPenalty,
} from './bonus.ts';
import type { Finisher } from './bonus.ts';
import { OK, WRONG, answerScore, metStatus } from './met.ts';
import { orderClasses, rankGroup } from './rank.ts';
import type { RankRow } from './rank.ts';
import { isScored, resolveSettings, setting } from './settings.ts';
import { routesOf } from './splits.ts';
import {
  applyTimeRules,
  formatSpent,
  parseTimeRules,
  spentOf,
  startOf,
  windowsFor,
} from './time.ts';
import type {
  ResultStatus,
  ScoringAnswer,
  ScoringEvent,
  ScoringTeam,
  TeamResult,
} from './types.ts';
import { buildKpTable } from './value.ts';

/** One scored team while its record is built. */
interface Work {
  id: string;
  team: ScoringTeam;
  classKey: string | null;
  dsq: boolean;
  /** Live checkpoints the team has ok (table indices), with the answer time of each. */
  okK: number[];
  okAeg: number[];
  /** Whether each ok checkpoint's value is shared (a shared class, no answer score). */
  okShared: boolean[];
  /** Points of ok checkpoints that are not shared. */
  ownSum: number;
  kppenalty: number;
  okcount: number;
  wrongcount: number;
  rasums: Record<string, number>;
  /** Whether the team has any answer: an entry with a boolean `ok` or a non-empty `answer`. */
  answered: boolean;
}

/** Whether an answer entry counts as the team having answered (spec 03 §12, status). */
const isAnswer = (r: ScoringAnswer | undefined): boolean =>
  r !== undefined &&
  r !== null &&
  (typeof r.ok === 'boolean' || (typeof r.answer === 'string' && r.answer !== ''));

/**
 * The result status of spec 03 §12. With `now`, a team without an answer whose start is after
 * `now` has not started either.
 */
function statusOf(
  w: Work,
  katk: boolean,
  spent: number | null,
  massStart: number | null,
  start: number | null,
  now: number | undefined,
): ResultStatus {
  if (w.dsq) return 'dsq';
  if (katk) return 'katk';
  if (spent !== null) return 'finished';
  if (w.answered) return 'running';
  const ownStart = typeof w.team.starttime === 'number' && Number.isFinite(w.team.starttime);
  if (!ownStart && massStart === null) return 'notstarted';
  if (now !== undefined && start !== null && start > now) return 'notstarted';
  return 'running';
}

/**
 * When results computed at `now` next change by the clock alone: the earliest start after `now`
 * of a team that has not started (spec 03 §12); null when there is none. A team that has no start
 * of its own stays not started when the event's start passes, so that time may change nothing.
 */
export function nextStartAfter(results: readonly TeamResult[], now: number): number | null {
  let next: number | null = null;
  for (const r of results) {
    const s = r.starttime;
    if (r.status === 'notstarted' && s !== null && s > now && (next === null || s < next)) {
      next = s;
    }
  }
  return next;
}

/** The team's class, or null for teams without one (they form a class of their own). */
function classKeyOf(team: ScoringTeam): string | null {
  const k = team.klassid;
  return typeof k === 'string' && k !== '' ? k : typeof k === 'number' ? String(k) : null;
}

/**
 * What a computation reads of the whole event, resolved once: the settings, the checkpoint table
 * and the time rules. Teams' own records (`TeamWork`) are made against it.
 */
export interface ScoringContext {
  s: ReturnType<typeof resolveSettings>;
  t: ReturnType<typeof buildKpTable>;
  raKey: string[];
  anyShared: boolean;
  firstVisit: boolean;
  timeRules: ReturnType<typeof parseTimeRules>;
  roadbook: boolean;
}

/** One scored team's pass-1 record: depends on its own data and the context only. */
export type TeamWork = Readonly<Work>;

/** Resolves the event-wide part of a computation (settings, checkpoint table, time rules). */
export function scoringContext(event: ScoringEvent): ScoringContext {
  const s = resolveSettings(event);
  const t = buildKpTable(event, s);
  return {
    s,
    t,
    raKey: t.ra.map(String),
    anyShared: t.shared.some(Boolean),
    firstVisit: s.firstKpVisitBonus,
    timeRules: parseTimeRules(s.ajad),
    roadbook: setting(event, 'resulttype') === 'roadbook',
  };
}

/**
 * Pass 1 for one team: each of its answers once. Null when the team is not scored (spec 03 §2).
 * Shared points and the first-visit bonus need every team's answers, so `rankedResults` finishes
 * them from the per-team ok lists.
 */
export function teamWork(
  ctx: ScoringContext,
  id: string,
  team: ScoringTeam,
  answers: Record<string, ScoringAnswer> | undefined,
): TeamWork | null {
  const { s, t, raKey } = ctx;
  if (!isScored(team, s.joinRequiresConfirmation)) return null;
  const w: Work = {
    id,
    team,
    classKey: classKeyOf(team),
    dsq: team.dsq === true,
    okK: [],
    okAeg: [],
    okShared: [],
    ownSum: 0,
    kppenalty: t.mandatoryTotal,
    okcount: 0,
    wrongcount: 0,
    rasums: {},
    answered: false,
  };
  if (answers) {
    for (const kpId in answers) {
      const r = answers[kpId]!;
      if (!w.answered && isAnswer(r)) w.answered = true;
      const k = t.index.get(kpId);
      if (k === undefined) continue;
      const met = metStatus(t, k, r);
      if (met === OK) {
        const scores = t.scores[k];
        const score = scores ? scores[r.answer as string] : undefined;
        const scored = typeof score === 'number';
        if (scored) w.ownSum += score;
        else if (!t.shared[k]) w.ownSum += t.value[k]!;
        if (t.mandatory[k]) w.kppenalty -= 2 * t.value[k]!;
        w.okcount++;
        const key = raKey[k]!;
        w.rasums[key] = (w.rasums[key] ?? 0) + 1;
        w.okK.push(k);
        w.okAeg.push(typeof r.aeg === 'number' ? r.aeg : NaN);
        w.okShared.push(!scored && t.shared[k]!);
      } else if (met === WRONG) {
        w.wrongcount++;
        w.kppenalty += t.wrongPenalty[k]!;
      } else {
        // A negative answer score is the organiser's penalty for that answer: it counts in
        // kpsum, though the checkpoint is neither ok nor wrong (spec 03 §12).
        const score = answerScore(t, k, r);
        if (score !== null && score < 0) w.ownSum += score;
      }
    }
  }
  return w;
}

/**
 * Computes every scored team's result record (spec 03): pure and deterministic, it reads only
 * `event`. Records come ordered by class (the `klassid` settings order, then other classes by
 * name, then teams without a class), then place, with the teams that have not started, then dsq
 * and then katk teams last in each class (no place). Roadbook events (`resulttype`) add each
 * team's `route`. `now` (ms) is the time the results are for: a team without an answer whose start
 * is after it has not started (spec 03 §12); without it (an old file on the command line) only
 * the team's data says so.
 */
export function computeResults(event: ScoringEvent, now?: number): TeamResult[] {
  const ctx = scoringContext(event);
  const work: TeamWork[] = [];
  for (const id of Object.keys(event.teams).sort()) {
    const w = teamWork(ctx, id, event.teams[id]!, event.kpanswers[id]);
    if (w) work.push(w);
  }
  return rankedResults(ctx, event, work, now);
}

/**
 * Passes 2 and 3 over every scored team's pass-1 record (`work`, in team id order): shared
 * points, the first-visit and finish-rank bonuses, time rules, sums and places. `event` gives
 * the teams' speed tickets, track statistics and (roadbook) answers.
 */
export function rankedResults(
  ctx: ScoringContext,
  event: ScoringEvent,
  work: readonly TeamWork[],
  now?: number,
): TeamResult[] {
  const { s, t, anyShared, firstVisit, timeRules } = ctx;
  const kpCount = t.ids.length;
  const sharedCount = new Int32Array(kpCount);
  const firstAeg = new Float64Array(kpCount).fill(Infinity);
  if (anyShared || firstVisit) {
    for (const w of work) {
      for (let j = 0; j < w.okK.length; j++) {
        const k = w.okK[j]!;
        if (t.shared[k] && !w.dsq) sharedCount[k]!++;
        const aeg = w.okAeg[j]!;
        if (firstVisit && aeg < firstAeg[k]!) firstAeg[k] = aeg;
      }
    }
  }

  const bonusOf = (k: number) => s.firstKpVisitAddBonus ?? t.value[k]!;
  const windowsByClass = new Map<string | null, ReturnType<typeof windowsFor>>();
  const n = work.length;
  const results: TeamResult[] = new Array<TeamResult>(n);
  const rows: RankRow[] = new Array<RankRow>(n);
  const finishers: Finisher[] = [];

  // Pass 2: per team, everything that does not depend on other teams' finish order.
  for (let i = 0; i < n; i++) {
    const w = work[i]!;
    const team = w.team;
    let kpsum = w.ownSum;
    let firstkpsbonus = 0;
    if (anyShared || firstVisit) {
      for (let j = 0; j < w.okK.length; j++) {
        const k = w.okK[j]!;
        if (w.okShared[j]) kpsum += t.value[k]! / Math.max(1, sharedCount[k]!);
        if (firstVisit && w.okAeg[j] === firstAeg[k]) firstkpsbonus += bonusOf(k);
      }
    }
    const start = startOf(team, s.massStart, event.event.starttime);
    const spent = spentOf(team, start);
    let windows = windowsByClass.get(w.classKey);
    if (windows === undefined) {
      windows = windowsFor(timeRules, w.classKey);
      windowsByClass.set(w.classKey, windows);
    }
    const time = applyTimeRules(windows, spent);
    const stat = event.trackstat[w.id];
    const dst = distanceKm(stat);
    const dstpoints = distancePoints(s.dstResult, dst);
    const lypoints = extrasPoints(s.extras, team, w.classKey);
    const spdpenalty = speedPenalty(event.spdtickets[w.id], s.speedPenalty);
    const katk = team.katk === true;
    // The finish-rank bonus needs a finished team: a start and a finish (spec 03 §12).
    if (!w.dsq && !katk && !time.overtime && spent !== null) {
      finishers.push({ i, classKey: w.classKey ?? '\u0000', finishtime: team.finishtime!, kpsum });
    }
    results[i] = {
      teamId: w.id,
      name: typeof team.name === 'string' ? team.name : '',
      nr:
        typeof team.nr === 'string' && team.nr !== ''
          ? team.nr
          : typeof team.nr === 'number' && Number.isFinite(team.nr)
            ? String(team.nr)
            : null,
      klassid: w.classKey,
      starttime: start,
      finishtime:
        typeof team.finishtime === 'number' && Number.isFinite(team.finishtime)
          ? team.finishtime
          : null,
      place: null,
      overallplace: null,
      status: statusOf(w, katk, spent, s.massStart, start, now),
      dsq: w.dsq,
      katk,
      rasums: w.rasums,
      okcount: w.okcount,
      wrongcount: w.wrongcount,
      kppenalty: w.kppenalty,
      kpsum,
      kpkokku: kpsum - w.kppenalty,
      timepenaltys: time.timepenaltys,
      timepenaltytotal: time.timepenaltytotal,
      spdpenalty,
      lypoints,
      dst,
      dstpoints,
      firstkpsbonus,
      firstbonus: 0,
      sum: 0,
      spent,
      overtime: time.overtime,
      spenttime: spent === null ? null : formatSpent(spent),
    };
  }

  // Pass 3: the finish-rank bonus needs every team's time outcome; then the sums and rows.
  const firstbonus = new Float64Array(n);
  assignFinishBonus(finishers, s.firstBonus, s.firstBonusIsMultiplier, firstbonus);
  const byClass = new Map<string | null, number[]>();
  for (let i = 0; i < n; i++) {
    const r = results[i]!;
    r.firstbonus = firstbonus[i]!;
    r.sum =
      r.kpsum -
      r.kppenalty +
      r.firstkpsbonus +
      r.firstbonus +
      r.lypoints +
      r.dstpoints -
      r.timepenaltytotal -
      r.spdpenalty;
    const metres = r.dst === null ? null : r.dst * 1000;
    rows[i] = {
      teamId: r.teamId,
      name: r.name,
      dsq: r.dsq,
      katk: r.katk,
      notstarted: r.status === 'notstarted',
      overtime: r.overtime,
      sum: r.sum,
      spent: r.spent,
      okcount: r.okcount,
      rasums: r.rasums,
      spdpenalty: r.spdpenalty,
      spdavg: metres !== null && r.spent !== null && r.spent > 0 ? metres / r.spent : null,
    };
    const list = byClass.get(r.klassid);
    if (list) list.push(i);
    else byClass.set(r.klassid, [i]);
  }

  const all = Array.from({ length: n }, (_, i) => i);
  const overall = rankGroup(rows, all, s.orderRules, t.classesDesc);
  for (const [i, place] of overall.places) results[i]!.overallplace = place;
  const ordered: TeamResult[] = [];
  for (const key of orderClasses(byClass.keys(), s.classes)) {
    const ranking = rankGroup(rows, byClass.get(key)!, s.orderRules, t.classesDesc);
    for (const i of ranking.order) {
      const r = results[i]!;
      r.place = ranking.places.get(i) ?? null;
      ordered.push(r);
    }
  }
  // Roadbook results carry each team's visits in time order (the `resulttype` setting).
  if (ctx.roadbook) {
    const routes = routesOf(event);
    for (const r of ordered) r.route = routes.get(r.teamId) ?? [];
  }
  return ordered;
}

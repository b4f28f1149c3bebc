import { compareOptionalNr } from '../checkpoints/display.ts';
import { NOT_VISITED, OK, WRONG, answerScore, metStatus } from './met.ts';
import { isScored, resolveSettings } from './settings.ts';
import { startOf } from './time.ts';
import type { ScoringAnswer, ScoringEvent } from './types.ts';
import { buildKpTable } from './value.ts';
import type { KpTable } from './value.ts';

/** How a visit counted (spec 03 §4): ok, wrong, or neither (a negative answer score). */
export type VisitState = 'ok' | 'wrong' | 'none';

/** One KP visit of a team: a roadbook entry of the results (`resulttype` roadbook). */
export interface RouteVisit {
  /** The KP number, or its id when it has none. */
  kp: string;
  /** Epoch ms of the mark, or null when the answer has no time. */
  aeg: number | null;
  state: VisitState;
}

/** One row of a team's splits: a visit with its leg time and points. */
export interface SplitVisit extends RouteVisit {
  kpId: string;
  /** The response id the team chose, or null. */
  answer: string | null;
  /** ms from the previous visit (the start for the first), or null without both times. */
  leg: number | null;
  /** ms from the start, or null. */
  elapsed: number | null;
  /** The points this visit adds (the KP's value or answer score; minus the wrong-mark penalty). */
  points: number;
  /** Points of the visits so far, this one included. */
  total: number;
}

/** GET /api/events/:id/results/:teamId/splits: a team's KP visits in time order. */
export interface TeamSplits {
  teamId: string;
  name: string;
  starttime: number | null;
  finishtime: number | null;
  visits: SplitVisit[];
  /** Whether wrong marks are left out (`hidewrongmarks`, for viewers who are not admins). */
  wrongHidden: boolean;
}

const kpLabel = (event: ScoringEvent, id: string): string => {
  const nr = event.kp[id]?.nr;
  return nr === undefined || nr === null || nr === '' ? id : String(nr);
};

interface RawVisit {
  k: number;
  kpId: string;
  answer: ScoringAnswer;
  aeg: number | null;
  state: VisitState;
}

/** A team's counted answers (ok, wrong, or a negative answer score) in time order, untimed last. */
function visitsOf(
  event: ScoringEvent,
  t: KpTable,
  answers: Record<string, ScoringAnswer> | undefined,
): RawVisit[] {
  const out: RawVisit[] = [];
  for (const kpId in answers ?? {}) {
    const k = t.index.get(kpId);
    if (k === undefined) continue;
    const answer = answers![kpId]!;
    const met = metStatus(t, k, answer);
    let state: VisitState;
    if (met === OK) state = 'ok';
    else if (met === WRONG) state = 'wrong';
    else if (met === NOT_VISITED && (answerScore(t, k, answer) ?? 0) < 0) state = 'none';
    else continue;
    const aeg = typeof answer.aeg === 'number' && Number.isFinite(answer.aeg) ? answer.aeg : null;
    out.push({ k, kpId, answer, aeg, state });
  }
  return out.sort(
    (a, b) =>
      (a.aeg ?? Infinity) - (b.aeg ?? Infinity) ||
      compareOptionalNr(kpLabel(event, a.kpId), kpLabel(event, b.kpId)),
  );
}

/**
 * Every scored team's route for roadbook results: the KPs it marked in time order. Wrong marks
 * are included (the display leaves them out under `hidewrongmarks`).
 */
export function routesOf(event: ScoringEvent): Map<string, RouteVisit[]> {
  const s = resolveSettings(event);
  const t = buildKpTable(event, s);
  const routes = new Map<string, RouteVisit[]>();
  for (const id of Object.keys(event.teams)) {
    if (!isScored(event.teams[id]!, s.joinRequiresConfirmation)) continue;
    routes.set(
      id,
      visitsOf(event, t, event.kpanswers[id]).map((v) => ({
        kp: kpLabel(event, v.kpId),
        aeg: v.aeg,
        state: v.state,
      })),
    );
  }
  return routes;
}

/**
 * One team's splits (spec 03 applied per visit): each counted answer in time order with its leg
 * time, the points it adds — its answer score, the KP's value (divided among the teams that
 * found it for shared classes), or minus the wrong-mark penalty — and the points so far. Null
 * when the team is not scored. `hideWrong` leaves wrong marks out, of the rows and of the sums.
 */
export function teamSplits(
  event: ScoringEvent,
  teamId: string,
  hideWrong = false,
): TeamSplits | null {
  const team = event.teams[teamId];
  const s = resolveSettings(event);
  if (!team || !isScored(team, s.joinRequiresConfirmation)) return null;
  const t = buildKpTable(event, s);
  const visits = visitsOf(event, t, event.kpanswers[teamId]);
  const sharedCount = (k: number): number => {
    let n = 0;
    for (const id of Object.keys(event.teams)) {
      const other = event.teams[id]!;
      if (other.dsq === true || !isScored(other, s.joinRequiresConfirmation)) continue;
      if (metStatus(t, k, event.kpanswers[id]?.[t.ids[k]!]) === OK) n++;
    }
    return Math.max(1, n);
  };
  const start = startOf(team, s.massStart, event.event.starttime);
  const rows: SplitVisit[] = [];
  let previous = start;
  let total = 0;
  for (const v of visits) {
    if (hideWrong && v.state === 'wrong') continue;
    const score = answerScore(t, v.k, v.answer);
    const points =
      v.state === 'wrong'
        ? -t.wrongPenalty[v.k]!
        : score !== null
          ? score
          : v.state === 'none'
            ? 0
            : t.shared[v.k]
              ? t.value[v.k]! / sharedCount(v.k)
              : t.value[v.k]!;
    total += points;
    rows.push({
      kpId: v.kpId,
      kp: kpLabel(event, v.kpId),
      answer:
        typeof v.answer.answer === 'string' && v.answer.answer !== '' ? v.answer.answer : null,
      aeg: v.aeg,
      state: v.state,
      leg: v.aeg !== null && previous !== null ? v.aeg - previous : null,
      elapsed: v.aeg !== null && start !== null ? v.aeg - start : null,
      points,
      total,
    });
    if (v.aeg !== null) previous = v.aeg;
  }
  return {
    teamId,
    name: typeof team.name === 'string' ? team.name : '',
    starttime: start,
    finishtime:
      typeof team.finishtime === 'number' && Number.isFinite(team.finishtime)
        ? team.finishtime
        : null,
    visits: rows,
    wrongHidden: hideWrong,
  };
}

/**
 * How each scored team's answers counted, per KP id (the colours of /responses): ok, wrong, or
 * neither for a negative answer score. Answers the engine does not count (cancelled KPs, an
 * answer score of zero) are left out.
 */
export function visitStates(event: ScoringEvent): Map<string, Map<string, VisitState>> {
  const s = resolveSettings(event);
  const t = buildKpTable(event, s);
  const states = new Map<string, Map<string, VisitState>>();
  for (const id of Object.keys(event.teams)) {
    if (!isScored(event.teams[id]!, s.joinRequiresConfirmation)) continue;
    states.set(id, new Map(visitsOf(event, t, event.kpanswers[id]).map((v) => [v.kpId, v.state])));
  }
  return states;
}

import { rankedResults, scoringContext, teamWork } from './compute.ts';
import type { ScoringContext, TeamWork } from './compute.ts';
import type { ScoringAnswer, ScoringEvent, ScoringTeam, TeamResult } from './types.ts';

/**
 * An event's scoring kept between changes: the event (its own copy of the per-team maps), the
 * event-wide context and each scored team's pass-1 record. A change of some teams' data
 * recomputes those teams' records only; the cross-team parts (shared points, first-visit and
 * finish-rank bonuses, places) are recomputed from the records, which costs far less than
 * reading every answer again. A change of anything else (settings, checkpoints, the event record)
 * needs a new state (`scoringState`).
 */
export interface ScoringState {
  readonly event: ScoringEvent;
  readonly ctx: ScoringContext;
  /** Scored teams' records by team id. */
  readonly work: Map<string, TeamWork>;
  /** The records in team id order, or null after a team was added or left out. */
  ordered: TeamWork[] | null;
}

/** One team's data as the scoring engine reads it; a part left out (undefined) is absent. */
export interface TeamScoringData {
  /** The team's list entry; undefined when the team is gone. */
  team?: ScoringTeam;
  answers?: Record<string, ScoringAnswer>;
  spdtickets?: Record<string, unknown>;
  trackstat?: { dst?: number; [key: string]: unknown };
}

/** A new state for `event`; the event's per-team maps are copied, their entries are shared. */
export function scoringState(event: ScoringEvent): ScoringState {
  const own: ScoringEvent = {
    ...event,
    teams: { ...event.teams },
    kpanswers: { ...event.kpanswers },
    spdtickets: { ...event.spdtickets },
    trackstat: { ...event.trackstat },
  };
  const ctx = scoringContext(own);
  const work = new Map<string, TeamWork>();
  for (const id of Object.keys(own.teams)) {
    const w = teamWork(ctx, id, own.teams[id]!, own.kpanswers[id]);
    if (w) work.set(id, w);
  }
  return { event: own, ctx, work, ordered: null };
}

/**
 * Replaces the data of the teams in `changes` (team id → its data as now stored) and recomputes
 * their pass-1 records. The state's results are then those of `computeResults` on the event
 * with these teams' data replaced.
 */
export function updateTeams(
  state: ScoringState,
  changes: ReadonlyMap<string, TeamScoringData>,
): void {
  const { event, ctx, work } = state;
  for (const [id, change] of changes) {
    // A team that is gone takes its answers, tickets and statistics with it.
    const data = change.team === undefined ? {} : change;
    setOrDelete(event.teams, id, data.team);
    setOrDelete(event.kpanswers, id, data.answers);
    setOrDelete(event.spdtickets, id, data.spdtickets);
    setOrDelete(event.trackstat, id, data.trackstat);
    const had = work.has(id);
    const w = data.team === undefined ? null : teamWork(ctx, id, data.team, data.answers);
    if (w) work.set(id, w);
    else work.delete(id);
    if (had !== (w !== null)) state.ordered = null;
    else if (w && state.ordered) {
      // Same place in the id order: swap the record in.
      const i = indexOf(state.ordered, id);
      state.ordered[i] = w;
    }
  }
}

/** The results of the state's event as at `now` (the same as `computeResults(event, now)`). */
export function stateResults(state: ScoringState, now?: number): TeamResult[] {
  state.ordered ??= [...state.work.values()].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return rankedResults(state.ctx, state.event, state.ordered, now);
}

function setOrDelete<T>(map: Record<string, T>, id: string, value: T | undefined): void {
  if (value === undefined) delete map[id];
  else map[id] = value;
}

/** The position of `id` in records sorted by id (binary search; the id is there). */
function indexOf(ordered: readonly TeamWork[], id: string): number {
  let lo = 0;
  let hi = ordered.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ordered[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

import { computeResults } from './compute.ts';
import type { ScoringEvent, TeamResult } from './types.ts';

/** A small scoring event for tests: defaults for every part, overridden by `parts`. */
export function buildEvent(parts: Partial<ScoringEvent> = {}): ScoringEvent {
  return {
    event: {},
    settings: {},
    kp: {},
    kpdata: {},
    kpanswer: {},
    teams: {},
    kpanswers: {},
    spdtickets: {},
    trackstat: {},
    ...parts,
  };
}

/** Computes the results and indexes them by team id (tests only). */
export function resultsById(event: ScoringEvent): Record<string, TeamResult> {
  return Object.fromEntries(computeResults(event).map((r) => [r.teamId, r]));
}

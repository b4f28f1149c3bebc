import type { ScoringState, TeamResult, TeamScoringData } from '@rada/core';
import type { Database } from '../db/schema.ts';
import { fromJson } from '../db/json.ts';
import { answerValue } from '../eventFile/eventFileMapping.ts';

/**
 * What one process keeps of an event's last results computation, so that a change of a few
 * teams recomputes only those teams (core `updateTeams`): the scoring state, and the results it
 * stored as computed and as JSON. It holds only while the stored results row is the one this
 * process saved (`version` and `computedAt`): then every change since that save was made after
 * it and asks for a recalculation on the server that made it, under the event's lock, in turn.
 * A row saved by another server (which may have changed teams this state has not seen) makes
 * the next run a whole computation.
 */
export interface ScoringEntry {
  state: ScoringState;
  version: number;
  computedAt: number;
  results: TeamResult[];
  json: string;
  /** Date.now() when the state was made from the whole event. */
  madeAt: number;
}

/** A small least-recently-used map of events' entries (each holds a whole event's answers). */
export function scoringCache(size: number) {
  const entries = new Map<string, ScoringEntry>();
  return {
    /**
     * The event's entry when it belongs to the stored row `meta` and was made from the whole
     * event after `since`; else none (and it is dropped).
     */
    current(eventId: string, meta: { version: number; computed_at: number }, since: number) {
      const entry = entries.get(eventId);
      if (!entry) return undefined;
      entries.delete(eventId);
      if (
        entry.version !== meta.version ||
        entry.computedAt !== meta.computed_at ||
        entry.madeAt < since
      ) {
        return undefined;
      }
      entries.set(eventId, entry);
      return entry;
    },
    set(eventId: string, entry: ScoringEntry): void {
      entries.delete(eventId);
      entries.set(eventId, entry);
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
    drop(eventId: string): void {
      entries.delete(eventId);
    },
  };
}
export type ScoringCache = ReturnType<typeof scoringCache>;

/** The rows of some teams that scoring reads (resultRepository.teamScoringRows). */
export interface TeamScoringRows {
  teams: Database['teams'][];
  answers: Database['team_answers'][];
  speedTickets: Database['speed_tickets'][];
}

/**
 * Each asked team's data as the engine reads it from a whole event file (rowsToFile, then
 * scoringEventFromFile): the list entry, answers, speed tickets and track statistics; a team
 * without a row (or without a list entry) is gone.
 */
export function teamScoringData(
  teamIds: Iterable<string>,
  rows: TeamScoringRows,
): Map<string, TeamScoringData> {
  const out = new Map<string, TeamScoringData>();
  for (const id of teamIds) out.set(id, {});
  for (const t of rows.teams) {
    const data = out.get(t.id);
    if (!data) continue;
    const list = fromJson<unknown>(t.list, null);
    if (list !== null) data.team = list as TeamScoringData['team'];
    const stat = t.trackstat === null ? null : fromJson<unknown>(t.trackstat, null);
    if (stat !== null) data.trackstat = stat as TeamScoringData['trackstat'];
  }
  for (const a of rows.answers) {
    const data = out.get(a.team_id);
    if (data) (data.answers ??= {})[a.kp_id] = answerValue(a);
  }
  for (const s of rows.speedTickets) {
    const data = out.get(s.team_id);
    if (data) (data.spdtickets ??= {})[s.id] = fromJson<unknown>(s.ticket, null);
  }
  return out;
}

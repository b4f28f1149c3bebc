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
  /** Each team's record as serialised (resultsJson). */
  pieces: Map<string, ResultPiece>;
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

/**
 * `JSON.stringify(results)`, reusing the serialised record of each team whose record is the
 * same as in `previous` (what the last call answered): after a change of a few teams, the
 * records of the others are compared, not serialised again. Answers the JSON and the records'
 * pieces for the next call.
 */
export function resultsJson(
  results: readonly TeamResult[],
  previous: ReadonlyMap<string, ResultPiece> | undefined,
): { json: string; pieces: Map<string, ResultPiece> } {
  const pieces = new Map<string, ResultPiece>();
  const parts: string[] = new Array<string>(results.length);
  for (let i = 0; i < results.length; i++) {
    const result = results[i]!;
    const old = previous?.get(result.teamId);
    const piece =
      old && sameRecord(old.result, result) ? old : { result, json: JSON.stringify(result) };
    pieces.set(result.teamId, piece);
    parts[i] = piece.json;
  }
  return { json: `[${parts.join(',')}]`, pieces };
}

/** One team's record and its JSON. */
export interface ResultPiece {
  result: TeamResult;
  json: string;
}

/** A number JSON.stringify writes as itself (not null). */
const fin = (x: number | null) => x === null || Number.isFinite(x);

/**
 * Whether two records of the engine serialise to the same text. The engine makes every record
 * with the same fields in the same order (roadbook routes last), so the fields are compared,
 * not the texts (written out: a loop over field names costs several times more); a non-finite
 * number counts as different, which only costs a serialisation.
 */
function sameRecord(a: TeamResult, b: TeamResult): boolean {
  return (
    a.place === b.place &&
    a.overallplace === b.overallplace &&
    a.sum === b.sum &&
    fin(a.sum) &&
    a.kpsum === b.kpsum &&
    fin(a.kpsum) &&
    a.kpkokku === b.kpkokku &&
    fin(a.kpkokku) &&
    a.kppenalty === b.kppenalty &&
    fin(a.kppenalty) &&
    a.okcount === b.okcount &&
    a.wrongcount === b.wrongcount &&
    a.status === b.status &&
    a.teamId === b.teamId &&
    a.name === b.name &&
    a.nr === b.nr &&
    a.klassid === b.klassid &&
    a.starttime === b.starttime &&
    fin(a.starttime) &&
    a.finishtime === b.finishtime &&
    fin(a.finishtime) &&
    a.dsq === b.dsq &&
    a.katk === b.katk &&
    a.timepenaltytotal === b.timepenaltytotal &&
    fin(a.timepenaltytotal) &&
    a.spdpenalty === b.spdpenalty &&
    fin(a.spdpenalty) &&
    a.lypoints === b.lypoints &&
    fin(a.lypoints) &&
    a.dst === b.dst &&
    fin(a.dst) &&
    a.dstpoints === b.dstpoints &&
    fin(a.dstpoints) &&
    a.firstkpsbonus === b.firstkpsbonus &&
    fin(a.firstkpsbonus) &&
    a.firstbonus === b.firstbonus &&
    fin(a.firstbonus) &&
    a.spent === b.spent &&
    fin(a.spent) &&
    a.overtime === b.overtime &&
    a.spenttime === b.spenttime &&
    sameJson(a.rasums, b.rasums) &&
    sameJson(a.timepenaltys, b.timepenaltys) &&
    sameJson(a.route, b.route) &&
    Object.keys(a).length === Object.keys(b).length
  );
}

/**
 * Whether two JSON-like values serialise to the same text: the same keys in the same order and
 * the same values. Anything JSON.stringify would change (undefined, NaN, functions) counts as
 * different, which only costs a serialisation.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    const va = (a as Record<string, unknown>)[k];
    if (va === undefined || typeof va === 'function') return false;
    if (!sameJson(va, (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

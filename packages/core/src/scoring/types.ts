import type { Kp, KpData } from '../checkpoints/types.ts';
import type { RouteVisit } from './splits.ts';

/**
 * The scoring engine's input and output (spec 03). The engine is pure: everything it needs is
 * in `ScoringEvent`, and it never reads a clock.
 */

/** A team list entry (teams/{event}/list/{team}) as far as scoring reads it. */
export interface ScoringTeam {
  name?: string;
  nr?: number | string;
  klassid?: string | null;
  starttime?: number | null;
  finishtime?: number | null;
  disabled?: boolean;
  allowed?: boolean;
  dsq?: boolean;
  katk?: boolean;
  lypoints?: Record<string, number>;
  [key: string]: unknown;
}

/** A team's answer for one checkpoint (teams/{event}/kpanswers/{team}/{kp}). */
export interface ScoringAnswer {
  answer?: string;
  ok?: boolean;
  aeg?: number;
  [key: string]: unknown;
}

export interface ScoringEvent {
  /** The event record's fields that settings fall back to (spec 03 §1). */
  event: {
    starttime?: number | null;
    rakoef?: unknown;
    klassid?: unknown;
    orderrules?: unknown;
    data?: Record<string, unknown>;
  };
  /** eventsdata/{id}/data. */
  settings: Record<string, unknown>;
  kp: Record<string, Kp>;
  kpdata: Record<string, KpData>;
  kpanswer: Record<string, string>;
  teams: Record<string, ScoringTeam>;
  kpanswers: Record<string, Record<string, ScoringAnswer>>;
  spdtickets: Record<string, Record<string, unknown>>;
  trackstat: Record<string, { dst?: number; [key: string]: unknown }>;
}

/**
 * Where a team stands (spec 03 §12): disqualified, withdrawn, finished (a start and a finish),
 * not started (no answer, and no own start time nor mass start, or, when computed for a time
 * `now`, a start after it) or running (everything else).
 */
export type ResultStatus = 'finished' | 'running' | 'notstarted' | 'dsq' | 'katk';
export const RESULT_STATUSES: readonly ResultStatus[] = [
  'finished',
  'running',
  'notstarted',
  'dsq',
  'katk',
];

/** One scored team: every field of the spec's result record plus identity and places. */
export interface TeamResult {
  teamId: string;
  name: string;
  /** The team's number (bib), or null. */
  nr: string | null;
  klassid: string | null;
  /** The start the time counts from (spec 03 §8: mass start, own, event's), or null. */
  starttime: number | null;
  /** The team's finish time, or null. */
  finishtime: number | null;
  /** Place within the class; null for dsq, katk and teams that have not started. */
  place: number | null;
  /** Place among all scored teams; null for dsq, katk and teams that have not started. */
  overallplace: number | null;
  status: ResultStatus;
  dsq: boolean;
  katk: boolean;
  rasums: Record<string, number>;
  okcount: number;
  wrongcount: number;
  kppenalty: number;
  kpsum: number;
  kpkokku: number;
  timepenaltys: number[];
  timepenaltytotal: number;
  spdpenalty: number;
  lypoints: number;
  /** Kilometres, or null without track statistics. */
  dst: number | null;
  dstpoints: number;
  firstkpsbonus: number;
  firstbonus: number;
  sum: number;
  /** Milliseconds, or null when the team has not finished. */
  spent: number | null;
  overtime: boolean;
  /** `spent` as h:mm:ss, or null. */
  spenttime: string | null;
  /** Roadbook events only (`resulttype` roadbook): the KPs the team marked, in time order. */
  route?: RouteVisit[];
}

import type { ArchiveState } from './archive.ts';
import { compareKpNr } from './checkpoints/display.ts';
import type { KpNr } from './checkpoints/types.ts';
import type { ResultStatus } from './scoring/types.ts';

/**
 * The organiser's overview of an event (GET /api/events/:id/overview, event admins): the state of
 * checkpoints and teams at a glance, what is happening now, and the setup steps still to do.
 */

/** How far back "marks lately" counts. */
export const OVERVIEW_MARKS_WINDOW_MS = 10 * 60_000;
/** A device that stored a point this recently counts as sending. */
export const OVERVIEW_SENDING_WINDOW_MS = 5 * 60_000;

/** At most this many KPs needing attention are named (the rest are counted). */
export const OVERVIEW_ATTENTION_MAX = 30;

/** Why a KP needs attention before the event: in work, without a location, a question without its answer. */
export const KP_ATTENTION_REASONS = ['inwork', 'nolocation', 'noanswer'] as const;
export type KpAttentionReason = (typeof KP_ATTENTION_REASONS)[number];

/** A KP that keeps the "kps" step from being done, and why. */
export interface KpAttention {
  id: string;
  nr: KpNr;
  reasons: KpAttentionReason[];
}

/** The setup steps, in the order an organiser takes them. */
export const OVERVIEW_STEPS = ['times', 'kps', 'scoring', 'access', 'startlist'] as const;
export type OverviewStepKey = (typeof OVERVIEW_STEPS)[number];

export interface OverviewStep {
  key: OverviewStepKey;
  done: boolean;
  /** What is left, where it can be counted (KPs without a location, teams without a start…). */
  left: number;
}

export interface EventOverview {
  kps: {
    total: number;
    ready: number;
    inWork: number;
    /** KPs that are neither cancelled nor in work and have no location. */
    noLocation: number;
    /** Question KPs (with responses) without a correct answer. */
    noAnswer: number;
    /** KPs (not cancelled) that need attention: how many, and the first OVERVIEW_ATTENTION_MAX by number. */
    attention: { total: number; first: KpAttention[] };
  };
  teams: {
    /** Every team of the event, registered or added by the organiser. */
    total: number;
    allowed: number;
    /** Teams that may take part and have not started. */
    notStarted: number;
    running: number;
    finished: number;
    /** Disqualified or withdrawn. */
    out: number;
  };
  /** Valid join codes. */
  joinCodes: number;
  /** KP marks stored in the last OVERVIEW_MARKS_WINDOW_MS. */
  marksLately: number;
  /** Devices that stored a point in the last OVERVIEW_SENDING_WINDOW_MS. */
  devicesSending: number;
  steps: OverviewStep[];
  /** What an archived event's archive holds, and whether it can be restored; null when live. */
  archive: OverviewArchive | null;
}

/** An archived event's contents (its evdata.json), for its overview. */
export interface OverviewArchive {
  state: ArchiveState;
  teams: number;
  checkpoints: number;
  answers: number;
  registrations: number;
  /** a1 can go back to live (by the event's admins or a super admin); a2 is final. */
  canRestore: boolean;
}

/** What the overview is computed from (server: the event's rows, stored results, devices). */
export interface OverviewInput {
  starttime: number | null;
  endtime: number | null;
  settings: Record<string, unknown>;
  checkpoints: {
    id: string;
    nr: KpNr;
    inwork: boolean;
    cancelled: boolean;
    hasLocation: boolean;
    hasResponses: boolean;
    hasAnswer: boolean;
  }[];
  teams: { allowed: boolean; starttime: number | null }[];
  /** Result statuses of the stored results, one per team. */
  statuses: ResultStatus[];
  joinCodes: number;
  marksLately: number;
  devicesSending: number;
  /** The archive's contents when the event is archived (counted from its evdata.json). */
  archive?: Omit<OverviewArchive, 'canRestore'> | null;
}

/** The setting keys of the scoring group that make the "scoring" step count as done. */
const SCORING_KEYS = [
  'rakoef',
  'ajad',
  'klassid',
  'answerscores',
  'wrongpenaltyenabled',
  'firstbonus',
  'firstkpvisitbonus',
  'ly',
  'dstresult',
  'speedpenalty',
];

const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** The KPs (not cancelled) that need attention, in KP number order, each with its reasons. */
function kpsNeedingAttention(checkpoints: OverviewInput['checkpoints']): KpAttention[] {
  const out: KpAttention[] = [];
  for (const k of checkpoints) {
    if (k.cancelled) continue;
    const reasons: KpAttentionReason[] = [];
    if (k.inwork) reasons.push('inwork');
    if (!k.hasLocation) reasons.push('nolocation');
    if (k.hasResponses && !k.hasAnswer) reasons.push('noanswer');
    if (reasons.length > 0) out.push({ id: k.id, nr: k.nr, reasons });
  }
  return out.sort((a, b) => compareKpNr(a.nr, b.nr));
}

/**
 * The overview of an event. Steps:
 * - times: the event has a start and an end after it;
 * - kps: at least one KP, none in work, every KP with a location, every question with an answer
 *   (`left`: how many KPs need attention, each counted once however many its reasons);
 * - scoring: any scoring setting is set (values, time rules, classes, bonuses…; unset, the
 *   defaults of spec 03 apply: a KP is worth its value class);
 * - access: teams can come: registration has a form, a join code is valid, or teams exist;
 * - startlist: a mass start is set, teams start themselves (clientstart), or every allowed team
 *   has a start time.
 */
export function eventOverview(input: OverviewInput): EventOverview {
  const live = input.checkpoints.filter((k) => !k.cancelled);
  const attention = kpsNeedingAttention(input.checkpoints);
  const kps = {
    total: input.checkpoints.length,
    ready: live.filter((k) => !k.inwork).length,
    inWork: live.filter((k) => k.inwork).length,
    noLocation: live.filter((k) => !k.hasLocation).length,
    noAnswer: live.filter((k) => k.hasResponses && !k.hasAnswer).length,
    attention: { total: attention.length, first: attention.slice(0, OVERVIEW_ATTENTION_MAX) },
  };
  const count = (status: ResultStatus) => input.statuses.filter((s) => s === status).length;
  const allowed = input.teams.filter((t) => t.allowed);
  const teams = {
    total: input.teams.length,
    allowed: allowed.length,
    notStarted: count('notstarted'),
    running: count('running'),
    finished: count('finished'),
    out: count('dsq') + count('katk'),
  };
  const s = input.settings;
  const withoutStart = allowed.filter((t) => t.starttime === null).length;
  const massStart = isSet(s.massstarttimems);
  const steps: OverviewStep[] = [
    {
      key: 'times',
      done: input.starttime !== null && input.endtime !== null && input.endtime > input.starttime,
      left: 0,
    },
    {
      key: 'kps',
      done: kps.total > 0 && attention.length === 0,
      left: attention.length,
    },
    { key: 'scoring', done: SCORING_KEYS.some((k) => isSet(s[k])), left: 0 },
    {
      key: 'access',
      done: isSet(s.regconfig) || input.joinCodes > 0 || teams.total > 0,
      left: 0,
    },
    {
      key: 'startlist',
      done: massStart || s.clientstart === true || (allowed.length > 0 && withoutStart === 0),
      left: massStart || s.clientstart === true ? 0 : withoutStart,
    },
  ];
  return {
    kps,
    teams,
    joinCodes: input.joinCodes,
    marksLately: input.marksLately,
    devicesSending: input.devicesSending,
    steps,
    archive: input.archive ? { ...input.archive, canRestore: input.archive.state === 'a1' } : null,
  };
}

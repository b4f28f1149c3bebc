import { formatSpent, startRefusal, startRule } from '@rada/core';
import type { PlayKp, PlayMark, PlayView, StartRule } from '@rada/core';
import { distanceMeters } from './geo.ts';
import type { LatLng } from './geo.ts';

/**
 * The participant app's rules as pure functions of the play view, the device's position and
 * "now": KP statuses and responses, the start, auto marks and the time left. Whether a KP may be
 * opened or marked from where the device is is core's kpCloseness, the server's own rule.
 */

/** Where a KP stands for the team: not marked, marked and waiting to be sent, or sent. */
export type KpStatus = 'none' | 'waiting' | 'sent';

/** Distance from `here` to the KP, or null when either is unknown. */
export function kpDistance(kp: Pick<PlayKp, 'loc'>, here: LatLng | null): number | null {
  if (!kp.loc || !here) return null;
  return distanceMeters(here, kp.loc);
}

/** A KP is answered by location alone when it offers no responses. */
export function isLocationKp(kp: PlayKp): boolean {
  return Object.keys(kp.responses).length === 0;
}

/** The letter of the n-th response (0-based): A … Z, then AA, AB … */
export function responseLetter(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

/** One response button: its id, the label to show and the response text. */
export interface ResponseChoice {
  id: string;
  label: string;
  text: string;
}

/**
 * The KP's responses in their stored order; with `valiktahed` each is labelled with a letter
 * (A, B, C …), otherwise with its text.
 */
export function responseChoices(kp: PlayKp, valiktahed: boolean): ResponseChoice[] {
  return Object.entries(kp.responses).map(([id, text], i) => ({
    id,
    label: valiktahed ? responseLetter(i) : text,
    text,
  }));
}

/** The KP's status from the server's marks and the device's sent and waiting ones. */
export function kpStatus(
  kpId: string,
  marks: readonly Pick<PlayMark, 'kpId'>[],
  waiting: ReadonlySet<string>,
  sent: ReadonlySet<string>,
): KpStatus {
  if (waiting.has(kpId)) return 'waiting';
  if (sent.has(kpId) || marks.some((m) => m.kpId === kpId)) return 'sent';
  return 'none';
}

/** How many KPs are in each status. */
export function countStatuses(statuses: ReadonlyMap<string, KpStatus>): Record<KpStatus, number> {
  const counts: Record<KpStatus, number> = { none: 0, waiting: 0, sent: 0 };
  for (const status of statuses.values()) counts[status]++;
  return counts;
}

/** The auto KPs not yet marked that `here` is within marking distance of. */
export function autoKpsToMark(
  kps: readonly PlayKp[],
  marked: ReadonlySet<string>,
  here: LatLng | null,
  fallbackDistance: number,
): PlayKp[] {
  if (!here) return [];
  return kps.filter((kp) => {
    if (!kp.auto || kp.cancelled || !kp.loc || marked.has(kp.id)) return false;
    return distanceMeters(here, kp.loc) <= (kp.maxDistance ?? fallbackDistance);
  });
}

/** Metres within which an auto KP counts as passed when neither it nor the event says. */
export const AUTO_KP_DEFAULT_DISTANCE_M = 30;

/** Where the team is in the event. */
export type PlayPhase = 'prestart' | 'running' | 'finished';

/** What the device knows locally beyond the server's view: a start or finish not yet sent. */
export interface LocalProgress {
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * The start rule as it applies to this team (core startRule.ts): `mass`, `self` (clientstart),
 * `individual` when the team has a start time of its own, else `none` (it starts with the event).
 */
export const teamStartRule = (view: PlayView): StartRule =>
  startRule(view.settings, [view.team.starttime]);

/**
 * The team's start time by its start rule: the mass start (the results count from it); with
 * clientstart its own, the server's or else the device's not yet sent; its own start time; else
 * the event's start (spec 03 §8). Null when none is known (not started).
 */
export function effectiveStart(view: PlayView, local: LocalProgress): number | null {
  switch (teamStartRule(view)) {
    case 'mass':
      return view.settings.massstarttimems;
    case 'self':
      return view.team.starttime ?? local.startedAt;
    case 'individual':
      return view.team.starttime;
    case 'none':
      return view.starttime;
  }
}

/** The phase at `now`. Without any start rule (no device start, no times) the team runs. */
export function playPhase(view: PlayView, local: LocalProgress, now: number): PlayPhase {
  if (view.team.finishtime !== null || local.finishedAt !== null) return 'finished';
  const start = effectiveStart(view, local);
  if (start === null) return teamStartRule(view) === 'self' ? 'prestart' : 'running';
  return now >= start ? 'running' : 'prestart';
}

/** Whether the device may start the team from `here` (device start within maxstartdistance). */
export function canStart(
  view: PlayView,
  here: LatLng | null,
): { ok: boolean; distance: number | null } {
  const { startloc } = view.settings;
  const distance = startloc && here ? distanceMeters(here, startloc) : null;
  return { ok: startRefusal(view.settings, here ?? undefined) === null, distance };
}

/**
 * Milliseconds left of the normal time (ajad.normaalaeg minutes from the team's start), else
 * until the event's end; negative when over; null when the event shows no time left or it is
 * unknown.
 */
export function timeLeft(view: PlayView, start: number | null, now: number): number | null {
  if (!view.settings.featuretimetogo) return null;
  const { normaalaeg } = view.settings;
  if (normaalaeg !== null && normaalaeg > 0 && start !== null) {
    return start + normaalaeg * 60_000 - now;
  }
  return view.endtime !== null ? view.endtime - now : null;
}

/** A duration as h:mm:ss (with a minus sign when negative): core's results format. */
export const formatDuration = formatSpent;

/**
 * How the teams of an event start, and the start a team gets when it joins or registers after
 * the start times were given (issue 34 item 1; the `joinstartinterval` setting).
 */

/**
 * - `mass`: everyone starts at `massstarttimems` (the results count from it, spec 03 §8);
 * - `self`: each team starts itself in the participant app (`clientstart`);
 * - `individual`: teams have start times of their own; a new team gets the next free one;
 * - `none`: no start times yet; a team without one starts at the event's start (spec 03 §8).
 */
export type StartRule = 'mass' | 'self' | 'individual' | 'none';

/** The start interval of joining teams when `joinstartinterval` gives none (minutes). */
export const DEFAULT_JOIN_START_INTERVAL_MIN = 1;

/** The settings the start rule reads (a raw settings map, or the play view's settings). */
export interface StartRuleSettings {
  massstarttimems?: unknown;
  clientstart?: unknown;
}

const finite = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/** The event's mass start (epoch ms), or null: only a number counts, as in the results. */
export const massStartOf = (settings: StartRuleSettings): number | null =>
  finite(settings.massstarttimems);

/**
 * The start rule of an event whose teams' own start times are `starts` (null for a team
 * without one). A mass start wins over the rest since the results count from it; then
 * `clientstart`; then `individual` when any team has a start time of its own.
 */
export function startRule(
  settings: StartRuleSettings,
  starts: readonly (number | null)[],
): StartRule {
  if (massStartOf(settings) !== null) return 'mass';
  if (settings.clientstart === true) return 'self';
  return starts.some((s) => s !== null) ? 'individual' : 'none';
}

/**
 * The `joinstartinterval` setting in minutes (a number, or a numeric text as older files hold
 * it), else DEFAULT_JOIN_START_INTERVAL_MIN. A joining team never shares a start, so 0 or less
 * counts as unset here (the bulk start-times dialog may still give several teams one time).
 */
export function joinStartInterval(settings: { joinstartinterval?: unknown }): number {
  const v = settings.joinstartinterval;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_JOIN_START_INTERVAL_MIN;
}

/**
 * The next free start after the given `starts`: the last one plus `intervalMin` minutes, or,
 * when that is before `now`, the first time on the same grid (last + k × interval) that is not
 * before `now`, so the start list keeps its rhythm. Null when no start was given.
 */
export function nextFreeStart(
  starts: readonly (number | null)[],
  now: number,
  intervalMin: number,
): number | null {
  const given = starts.filter((s): s is number => s !== null && Number.isFinite(s));
  if (given.length === 0) return null;
  const last = Math.max(...given);
  const step = Math.max(1, Math.round(intervalMin * 60_000));
  const next = last + step;
  if (next >= now) return next;
  return last + Math.ceil((now - last) / step) * step;
}

/**
 * The start time a team joining or registering at `now` gets, or null when it gets none: the
 * next free start when the event gives individual starts; with a mass start it has the mass
 * start, with `clientstart` it starts itself, and without start times it starts with the event.
 */
export function newTeamStart(
  settings: StartRuleSettings & { joinstartinterval?: unknown },
  starts: readonly (number | null)[],
  now: number,
): number | null {
  if (startRule(settings, starts) !== 'individual') return null;
  return nextFreeStart(starts, now, joinStartInterval(settings));
}

import {
  START_BEEP_LAST_S,
  START_CARD_KEEP_MS,
  START_RED_WITHIN_S,
  START_YELLOW_WITHIN_S,
} from './limits.ts';

/**
 * The start-order screen (spec 01 screen 1, §4 start countdown card, §9), as pure functions of
 * "now" so the countdown, colours and beeps are tested against a fixed clock.
 */

/** One start list entry (spec 01 §3): only teams that are not disabled and have a start time. */
export interface StartListEntry {
  id: string;
  name: string;
  nr: string | null;
  /** Epoch ms. */
  starttime: number;
}

/** GET /api/events/:id/startlist. */
export interface StartListView {
  eventId: string;
  eventName: string;
  teams: StartListEntry[];
}

/** The start list of a set of teams: enabled teams with a start time, earliest first. */
export function startList(
  teams: readonly {
    id: string;
    name: string;
    nr: string | null;
    starttime: number | null;
    disabled: boolean;
  }[],
): StartListEntry[] {
  return teams
    .filter((t): t is typeof t & { starttime: number } => !t.disabled && t.starttime !== null)
    .map(({ id, name, nr, starttime }) => ({ id, name, nr, starttime }))
    .sort(
      (a, b) =>
        a.starttime - b.starttime ||
        (a.nr ?? '').localeCompare(b.nr ?? '', undefined, { numeric: true }) ||
        a.name.localeCompare(b.name),
    );
}

/** The card's colour: green at or after the start, red within 10 s, yellow within 60 s. */
export type StartCardColour = 'green' | 'red' | 'yellow' | 'neutral';

export function cardColour(starttime: number, now: number): StartCardColour {
  const left = starttime - now;
  if (left <= 0) return 'green';
  if (left <= START_RED_WITHIN_S * 1000) return 'red';
  if (left <= START_YELLOW_WITHIN_S * 1000) return 'yellow';
  return 'neutral';
}

/** The whole seconds left until a start, rounded up (so 0.2 s left still shows 1). */
export function secondsLeft(starttime: number, now: number): number {
  return Math.max(0, Math.ceil((starttime - now) / 1000));
}

/** A countdown as the card shows it: 'm:ss', or 'h:mm:ss' from an hour; null once started. */
export function formatCountdown(starttime: number, now: number): string | null {
  if (starttime <= now) return null;
  const total = secondsLeft(starttime, now);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** What the start screen shows at `now`. */
export interface StartBoard {
  /** The highlighted card: the team starting next, kept 10 000 ms after its start. */
  current: (StartListEntry & { colour: StartCardColour; countdown: string | null }) | null;
  /** Teams starting together with the current one (same start time), without it. */
  alsoNow: StartListEntry[];
  /** The table: starts not yet passed, without the current card's team. */
  upcoming: StartListEntry[];
}

export function startBoard(list: readonly StartListEntry[], now: number): StartBoard {
  const current = list.find((t) => t.starttime + START_CARD_KEEP_MS > now) ?? null;
  if (!current) return { current: null, alsoNow: [], upcoming: [] };
  const alsoNow = list.filter((t) => t !== current && t.starttime === current.starttime);
  const upcoming = list.filter((t) => t !== current && !alsoNow.includes(t) && t.starttime > now);
  return {
    current: {
      ...current,
      colour: cardColour(current.starttime, now),
      countdown: formatCountdown(current.starttime, now),
    },
    alsoNow,
    upcoming,
  };
}

/** The beep for second `secondsLeft` before a start: short for the last 4 s, long at the start. */
export type Beep = 'short' | 'final';

/**
 * The beeps due when the clock moves from `prev` to `now` (a screen ticks a few times a second):
 * one 'short' for each of the last 4 whole seconds crossed, and 'final' when the start is
 * crossed. A late tick that skipped several seconds gives only the latest beep.
 */
export function beepBetween(starttime: number, prev: number, now: number): Beep | null {
  if (!(now > prev)) return null;
  if (prev < starttime && now >= starttime) return 'final';
  for (let s = 1; s <= START_BEEP_LAST_S; s += 1) {
    const at = starttime - s * 1000;
    if (prev < at && now >= at) return 'short';
  }
  return null;
}

/** Start times for `count` teams from `first`, `intervalMin` minutes apart. */
export function startTimes(first: number, intervalMin: number, count: number): number[] {
  const step = Math.round(intervalMin * 60_000);
  return Array.from({ length: count }, (_, i) => first + i * step);
}

import {
  START_BEEP_LAST_S,
  START_CARD_KEEP_MS,
  START_RED_WITHIN_S,
  START_YELLOW_WITHIN_S,
} from './limits.ts';
import { compareOptionalNr } from './checkpoints/display.ts';

/**
 * The start-order screen (spec 01 screen 1, §4 start countdown card, §9), as pure functions of
 * "now" so the countdown, colours and beeps are tested against a fixed clock.
 */

/** One start list entry (spec 01 §3): only teams that are not disabled and have a start time. */
export interface StartListEntry {
  id: string;
  name: string;
  nr: string | null;
  /** The team's class name, or null. */
  klass: string | null;
  /** Epoch ms. */
  starttime: number;
}

/** GET /api/events/:id/startlist. */
export interface StartListView {
  eventId: string;
  eventName: string;
  teams: StartListEntry[];
}

/**
 * The start list of a set of teams: enabled teams with a start time, earliest first; teams
 * starting together by number (numberless last), then name.
 */
export function startList(
  teams: readonly {
    id: string;
    name: string;
    nr: string | null;
    starttime: number | null;
    disabled: boolean;
    klass?: string | null;
  }[],
): StartListEntry[] {
  return teams
    .filter((t): t is typeof t & { starttime: number } => !t.disabled && t.starttime !== null)
    .map(({ id, name, nr, starttime, klass }) => ({
      id,
      name,
      nr,
      klass: klass ?? null,
      starttime,
    }))
    .sort(
      (a, b) =>
        a.starttime - b.starttime || compareOptionalNr(a.nr, b.nr) || a.name.localeCompare(b.name),
    );
}

/** The card's colour: green at or after the start, red within 10 s, yellow within 60 s. */
export type StartCardColour = 'green' | 'red' | 'yellow' | 'neutral';

/**
 * The card's colour at `now`. The bounds are inclusive (exactly 10 s left is red, exactly 60 s
 * yellow) so the colour changes together with the rounded-up countdown: '0:10' is always red and
 * '1:00' always yellow.
 */
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

/**
 * The board at `now`: the current card is the first team whose start is less than 10 000 ms ago
 * (so a started team stays on the card, green, for 10 s), the table lists the later starts not
 * yet reached. An empty board (current null) means no starts are left.
 */
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

/** A beep of the countdown: short in each of the last 4 seconds, 'final' (longer, higher) at the start. */
export type Beep = 'short' | 'final';

/**
 * The beep due when the clock moves from `prev` to `now` (a screen ticks a few times a second):
 * 'short' when one of the last 4 whole seconds before the start is crossed, 'final' when the
 * start itself is crossed. A late tick that skipped several seconds gives only the latest beep,
 * and none once that moment is a second or more in the past (a tab woken from the background
 * must not beep for a start long gone).
 */
export function beepBetween(starttime: number, prev: number, now: number): Beep | null {
  if (!(now > prev)) return null;
  for (let s = 0; s <= START_BEEP_LAST_S; s += 1) {
    const at = starttime - s * 1000;
    if (prev < at && now >= at) return now - at < 1000 ? (s === 0 ? 'final' : 'short') : null;
  }
  return null;
}

/**
 * The beep due across a whole start list between two ticks: 'final' if any start is crossed,
 * else 'short' if any countdown second is, else null. Teams sharing a start time beep once.
 */
export function beepForList(
  list: readonly StartListEntry[],
  prev: number,
  now: number,
): Beep | null {
  let beep: Beep | null = null;
  for (const t of list) {
    const b = beepBetween(t.starttime, prev, now);
    if (b === 'final') return b;
    beep ??= b;
  }
  return beep;
}

/** Start times for `count` teams from `first`, `intervalMin` minutes apart. */
export function startTimes(first: number, intervalMin: number, count: number): number[] {
  const step = Math.round(intervalMin * 60_000);
  return Array.from({ length: count }, (_, i) => first + i * step);
}

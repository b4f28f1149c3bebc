import { z } from 'zod';

/**
 * The wheel of names (spec 02 §2 "Wheel of names dialog", §3 "Wheel config", §4 "Wheel", §7
 * api/wheelofnames): a prize draw among an event's teams. What the event stores lives in its conf
 * document at `conf.wheelofnames` (so the event file carries it): `id` (the external wheel's
 * path), `ignnames`, `events` (added events, id → true), `config` (the options), `wheel` (what
 * the external wheel was made from, to tell whether it still matches) and `idevent` (the event
 * that made it).
 */

/** How far before the event's start an added event may start (spec 02 §9): one week. */
export const WHEEL_ADD_EVENT_BEFORE_MS = 7 * 24 * 3_600_000;
/** The longest title, description and winner message. */
export const WHEEL_TEXT_MAX = 500;
/** The most ignored names, and the longest one (a team name). */
export const WHEEL_IGNORED_MAX = 2000;
export const WHEEL_NAME_MAX = 200;
/** The most added events. */
export const WHEEL_EVENTS_MAX = 50;
/** How many past draws the list shows. */
export const WHEEL_DRAWS_LIST = 100;

/** The wheel's options (spec 02 §3 without `entries`, which come from the teams). */
export const WheelOptions = z
  .object({
    title: z.string().max(WHEEL_TEXT_MAX),
    description: z.string().max(WHEEL_TEXT_MAX),
    displayWinnerDialog: z.boolean(),
    animateWinner: z.boolean(),
    showTitle: z.boolean(),
    winnerMessage: z.string().max(WHEEL_TEXT_MAX),
    autoRemoveWinner: z.boolean(),
    launchConfetti: z.boolean(),
  })
  .strict();
export type WheelOptions = z.infer<typeof WheelOptions>;

/** The options of a new wheel. */
export const DEFAULT_WHEEL_OPTIONS: WheelOptions = {
  title: '',
  description: '',
  displayWinnerDialog: true,
  animateWinner: true,
  showTitle: true,
  winnerMessage: '',
  autoRemoveWinner: false,
  launchConfetti: true,
};

/** The wheel config of spec 02 §3 as the wheelofnames.com API takes it (entries as `{text}`). */
export interface WheelConfig extends WheelOptions {
  entries: { text: string }[];
}

const eventId = z.string().min(1).max(200);
const teamName = z.string().max(WHEEL_NAME_MAX);

/** PUT /api/events/:id/wheel: any of the options, the ignored names, the added events. */
export const WheelUpdateBody = z
  .object({
    config: WheelOptions.partial().strict().optional(),
    ignored: z.array(teamName).max(WHEEL_IGNORED_MAX).optional(),
    events: z.array(eventId).max(WHEEL_EVENTS_MAX).optional(),
  })
  .strict();
export type WheelUpdateBody = z.infer<typeof WheelUpdateBody>;

/** POST /api/events/:id/wheelofnames (spec 02 §7): list, create (or recreate) or delete. */
export const WheelOfNamesBody = z.discriminatedUnion('request', [
  z.object({ request: z.literal('getwheels') }).strict(),
  z.object({ request: z.literal('create'), config: WheelOptions.optional() }).strict(),
  z.object({ request: z.literal('delete'), path: z.string().min(1).max(200) }).strict(),
]);
export type WheelOfNamesBody = z.infer<typeof WheelOfNamesBody>;

/** A wheel on wheelofnames.com as its API lists it. */
export interface ExternalWheel {
  path: string;
  config: Record<string, unknown>;
}

/** The answer of POST …/wheelofnames (spec 02 §7: data.data holds wheels or path). */
export type WheelOfNamesAnswer = { data: { wheels: ExternalWheel[] } } | { data: { path: string } };

/** An event whose teams are on the wheel, or may be added. */
export interface WheelEvent {
  id: string;
  name: string;
  starttime: number | null;
  /** Its teams (0 for one that may be added). */
  teams: number;
}

/** GET /api/events/:id/wheel: everything the dialog and the wheel page show. */
export interface WheelView {
  eventId: string;
  options: WheelOptions;
  /** The entries as they would be drawn now: the team names minus the ignored ones. */
  entries: string[];
  /** Every team name on the wheel before ignoring (sorted, once each). */
  names: string[];
  ignored: string[];
  /** The added events (their teams are entries too). */
  events: WheelEvent[];
  /** Events the caller administers that may be added (from a week before this one starts). */
  candidates: WheelEvent[];
  /** The external wheel (wheelofnames.com); `configured` false hides it. */
  external: {
    configured: boolean;
    /** The stored wheel's path, null for none. */
    path: string | null;
    /** Its address on the service. */
    url: string | null;
    /** Whether the stored wheel was made from the current entries and options. */
    matches: boolean;
  };
}

/** One recorded draw. */
export interface WheelDraw {
  id: string;
  /** The draw's number in its event (1 for the first). */
  seq: number;
  at: number;
  /** Who drew (null when the account is gone). */
  by: string | null;
  byName: string | null;
  /** How many entries the wheel had. */
  entries: number;
  winner: string;
  /** Whether the winner was taken off the wheel (added to the ignored names). */
  removed: boolean;
}

/** POST /api/events/:id/wheel/draw: the draw and the wheel it was drawn from, to animate to. */
export interface WheelDrawResult extends WheelDraw {
  /** The entries drawn from, in wheel order. */
  names: string[];
  /** The winner's place among `names`. */
  index: number;
}

/** The entries of a wheel: the team names in order, without the ignored ones. */
export function wheelEntries(names: readonly string[], ignored: readonly string[]): string[] {
  const skip = new Set(ignored);
  return names.filter((n) => !skip.has(n));
}

/** The wheel config sent to wheelofnames.com: the options with the entries. */
export function wheelConfig(options: WheelOptions, entries: readonly string[]): WheelConfig {
  return { ...options, entries: entries.map((text) => ({ text })) };
}

/**
 * Whether a stored wheel config still matches the current options and entries (spec 02 §4: the
 * Create button is off when it does). Key order does not matter; entry order does.
 */
export function wheelMatches(stored: unknown, current: WheelConfig): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const s = stored as Record<string, unknown>;
  const keys = Object.keys(current) as (keyof WheelConfig)[];
  if (Object.keys(s).length !== keys.length) return false;
  return keys.every((k) => JSON.stringify(s[k]) === JSON.stringify(current[k]));
}

/** The earliest start an added event may have: a week before `start` (none when unknown). */
export function wheelEarliestStart(start: number | null): number | null {
  return start === null ? null : start - WHEEL_ADD_EVENT_BEFORE_MS;
}

/** What the event stores at conf.wheelofnames, read leniently (an imported file may hold anything). */
export interface StoredWheel {
  id: string | null;
  ignnames: string[];
  events: string[];
  options: WheelOptions;
  /** The config the external wheel was made from. */
  wheel: unknown;
}

/**
 * Reads conf.wheelofnames; missing or malformed parts read as their defaults. The external wheel
 * counts only for the event that made it (`idevent`): a duplicated or imported event starts
 * without one, so its Recreate cannot delete the original event's wheel.
 */
export function readStoredWheel(value: unknown, eventId?: string): StoredWheel {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const strings = (x: unknown) =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
  const events =
    v.events && typeof v.events === 'object' && !Array.isArray(v.events)
      ? Object.entries(v.events as Record<string, unknown>)
          .filter(([, on]) => on !== false && on !== null)
          .map(([id]) => id)
      : [];
  const parsed = WheelOptions.partial().safeParse(
    v.config && typeof v.config === 'object' ? stripUnknown(v.config) : {},
  );
  const foreign = eventId !== undefined && typeof v.idevent === 'string' && v.idevent !== eventId;
  return {
    id: typeof v.id === 'string' && v.id !== '' && !foreign ? v.id : null,
    ignnames: strings(v.ignnames),
    events,
    options: { ...DEFAULT_WHEEL_OPTIONS, ...(parsed.success ? parsed.data : {}) },
    wheel: foreign ? null : (v.wheel ?? null),
  };
}

/** The option keys of `config` only, so a stored config with extra keys still reads. */
function stripUnknown(config: object): Record<string, unknown> {
  const keys = Object.keys(DEFAULT_WHEEL_OPTIONS);
  return Object.fromEntries(Object.entries(config).filter(([k]) => keys.includes(k)));
}

/**
 * The stored form of a wheel (conf.wheelofnames), keeping any other keys of `previous` (an
 * imported file's own), so the event file's round trip loses nothing.
 */
export function storedWheelValue(
  previous: unknown,
  wheel: StoredWheel,
  eventId?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> =
    previous && typeof previous === 'object' && !Array.isArray(previous)
      ? { ...(previous as Record<string, unknown>) }
      : {};
  if (wheel.id === null) {
    delete out.id;
    delete out.idevent;
  } else {
    out.id = wheel.id;
    if (eventId !== undefined) out.idevent = eventId;
  }
  out.ignnames = wheel.ignnames;
  out.events = Object.fromEntries(wheel.events.map((id) => [id, true]));
  out.config = wheel.options;
  if (wheel.wheel === null) delete out.wheel;
  else out.wheel = wheel.wheel;
  return out;
}

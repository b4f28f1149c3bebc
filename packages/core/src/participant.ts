import { kpValue } from './scoring/value.ts';
import { z } from 'zod';
import type { Kp, KpData } from './checkpoints/types.ts';
import { publicKpData } from './checkpoints/publicView.ts';
import type { TeamAnswerView } from './teams.ts';
import { haversine } from './tracks/stats.ts';
import type { DeviceCommand } from './messages.ts';
import { DEVICE_CLOCK_TOLERANCE_MS, DEVICE_CLOCK_WINDOW_MS } from './limits.ts';
import { textCopies, textCopiesKey } from './richText.ts';

/**
 * The participant app's API (issue 6): what a team member sees of the event, and the marks,
 * start and finish it sends. Every write carries a client-generated id so a retry never
 * duplicates.
 */

/** A checkpoint as a team sees it: no correct answer, no scoring internals. */
export interface PlayKp {
  id: string;
  nr: string | null;
  desc: string;
  longdesc: string;
  /** The long description's language copies (richText.ts). */
  longdesc_i18n?: Record<string, string>;
  loc: { lat: number; lng: number } | null;
  /** Response id → text; empty for a location-only KP. */
  responses: Record<string, string>;
  /** Marked automatically by passing within the allowed distance (isauto / autokp). */
  auto: boolean;
  /**
   * Metres within which the KP may be marked (KP's maxanswerdistance, else the event's); null
   * when neither is a positive number: any distance.
   */
  maxDistance: number | null;
  /**
   * The KP opens only when close enough (noopenwhennotclose or the event's nokpopenwhennotclose).
   */
  openOnlyWhenClose: boolean;
  mandatory: boolean;
  cancelled: boolean;
  /** Points the KP is worth (spec 03 §3 value: its class's points times its multiplier). */
  value: number;
}

/** The team's own mark of a KP: its answer, with the client id it came with. */
export interface PlayMark extends TeamAnswerView {
  cid: string | null;
}

/** GET /api/events/:id/play: everything the participant app shows (a member of a team). */
export interface PlayView {
  eventId: string;
  name: string;
  starttime: number | null;
  endtime: number | null;
  settings: {
    appmessage: string;
    prepagemessage: string;
    finishedmessage: string;
    /** Their language copies (richText.ts: `localisedText` picks the reader's). */
    appmessage_i18n?: Record<string, string>;
    prepagemessage_i18n?: Record<string, string>;
    finishedmessage_i18n?: Record<string, string>;
    valiktahed: boolean;
    clientstart: boolean;
    startloc: { lat: number; lng: number } | null;
    maxstartdistance: number | null;
    maxmarkingdistance: number | null;
    massstarttimems: number | null;
    featuretimetogo: boolean;
    /** Normal time in minutes (ajad.normaalaeg), for "time left". */
    normaalaeg: number | null;
    enablewslocations: boolean;
    /** The team does not see its own position on the map (issue 37); absent when off. */
    hideownposition?: boolean;
  };
  team: {
    id: string;
    name: string;
    nr: string | null;
    allowed: boolean;
    starttime: number | null;
    finishtime: number | null;
  };
  kps: PlayKp[];
  marks: PlayMark[];
  /** The caller's teams in this event (`team` among them); with more than one the app asks. */
  myTeams: { id: string; name: string; nr: string | null }[];
}

/** GET /api/me/teams: the signed-in user's teams in every event, newest event first. */
export interface MyTeam {
  eventId: string;
  eventName: string;
  starttime: number | null;
  endtime: number | null;
  teamId: string;
  teamName: string;
  allowed: boolean;
}

/** GET /api/events/:id/play?teamId=: which of the caller's teams (the first one without). */
export const PlayQuery = z.object({ teamId: z.string().min(1).max(100).optional() });

const cid = z.string().min(8).max(64);
const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/**
 * POST /api/events/:id/play/marks: marks a KP with an answer or by location. A team's answer to a
 * KP is final once sent: a second mark of the same KP is refused (the same cid again answers as
 * the first time).
 */
export const MarkBody = z
  .object({
    cid,
    kpId: z.string().min(1).max(100),
    answer: z.string().min(1).max(100).optional(),
    /** Where the device was when marking; needed when the KP must be marked close by. */
    loc: latLng.optional(),
    /** Device time of the mark (epoch ms). */
    t: z.number().int().positive(),
    teamId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type MarkBody = z.input<typeof MarkBody>;

export interface MarkResult {
  mark: PlayMark;
  /** False when this cid had been stored before (a retry). */
  created: boolean;
}

/** The team part of the play view; POST …/play/start and …/play/finish answer it. */
export type PlayTeam = PlayView['team'];

/** POST /api/events/:id/play/start and /finish. */
export const StartFinishBody = z
  .object({
    cid,
    t: z.number().int().positive(),
    loc: latLng.optional(),
    teamId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type StartFinishBody = z.input<typeof StartFinishBody>;

/** What a device sends back for a command (sendLog, sendGPX, sendDB). */
export const UPLOAD_KINDS = ['log', 'gpx', 'db'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The kind of upload that answers each command. */
export const COMMAND_UPLOAD_KIND: Record<DeviceCommand, UploadKind> = {
  sendLog: 'log',
  sendGPX: 'gpx',
  sendDB: 'db',
};

/**
 * POST /api/devices/:deviceId/uploads: the answer to a command (`messageId`) of the device's team
 * that no other device has answered; without one the server refuses (upload.error.nocommand).
 */
export const UploadBody = z
  .object({
    kind: z.enum(UPLOAD_KINDS),
    messageId: z.string().min(1).max(100).optional(),
    /** Text content (log lines, GPX, JSON of the local database). */
    content: z.string().max(20 * 1024 * 1024),
  })
  .strict();
export type UploadBody = z.input<typeof UploadBody>;

/** An upload in the organiser's list (GET /api/events/:id/uploads). */
export interface UploadView {
  id: string;
  teamId: string;
  teamName: string;
  deviceId: string;
  kind: UploadKind;
  messageId: string | null;
  size: number;
  createdAt: number;
}

type Json = Record<string, unknown>;
type Loc = { lat: number; lng: number };

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
/** A distance setting: a positive number of metres, else null (unset, empty or 0: none). */
const positive = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const latLngOf = (v: unknown): Loc | null => {
  const o = v && typeof v === 'object' ? (v as Json) : {};
  const lat = num(o.lat);
  const lng = num(o.lng);
  return lat !== null && lng !== null ? { lat, lng } : null;
};

/** Great-circle distance in metres between two lat/lng places (the tracks' haversine). */
const metresBetween = (a: Loc, b: Loc): number =>
  haversine({ y: a.lat, x: a.lng }, { y: b.lat, x: b.lng });

/** `{ [key]_i18n: copies }` when `doc` has copies of the text at `key`, else nothing. */
const copiesOf = <K extends string>(doc: Json, key: K) => {
  const copies = textCopies(doc, key);
  return (copies ? { [textCopiesKey(key)]: copies } : {}) as Partial<
    Record<`${K}_i18n`, Record<string, string>>
  >;
};

/**
 * The settings the participant app uses, from the event's settings (`data`), its `conf` and the
 * event record (whose `data.maxmarkingdistance` is the older home of that setting).
 */
export function playSettings(settings: Json, conf: Json, record: Json = {}): PlayView['settings'] {
  const recordData = record.data && typeof record.data === 'object' ? (record.data as Json) : {};
  const ajad = settings.ajad && typeof settings.ajad === 'object' ? (settings.ajad as Json) : {};
  return {
    appmessage: str(settings.appmessage),
    prepagemessage: str(settings.prepagemessage),
    finishedmessage: str(settings.finishedmessage),
    ...copiesOf(settings, 'appmessage'),
    ...copiesOf(settings, 'prepagemessage'),
    ...copiesOf(settings, 'finishedmessage'),
    valiktahed: settings.valiktahed === true,
    clientstart: settings.clientstart === true,
    startloc: latLngOf(settings.startloc),
    maxstartdistance: num(settings.maxstartdistance),
    maxmarkingdistance:
      settings.maxmarkingdistance !== undefined && settings.maxmarkingdistance !== null
        ? positive(settings.maxmarkingdistance)
        : positive(recordData.maxmarkingdistance),
    massstarttimems: num(settings.massstarttimems),
    featuretimetogo: conf.featuretimetogo === true,
    normaalaeg: typeof ajad.normaalaeg === 'number' ? ajad.normaalaeg : null,
    enablewslocations: conf.enablewslocations === true,
    ...(settings.hideownposition === true ? { hideownposition: true } : {}),
  };
}

/** Whether a team sees the KP at all: a KP in work is the organiser's draft. */
export const kpVisibleToTeam = (kp: Pick<Kp, 'inwork'>): boolean => kp.inwork !== true;

/**
 * A checkpoint as a team sees it: only its public data (publicKpData, as the public KP list),
 * responses in id order, the distance rules resolved (the KP's own maxanswerdistance before the
 * event's maxmarkingdistance).
 */
export function toPlayKp(
  id: string,
  nr: string | null,
  kp: Kp,
  data: KpData,
  settings: Pick<PlayView['settings'], 'maxmarkingdistance'> & {
    nokpopenwhennotclose: boolean;
    /** The event's points per value class, for the KP's value (spec 03 §3). */
    rakoef?: unknown[] | null;
  },
): PlayKp {
  const pub = publicKpData(data);
  const responses = Object.entries(pub.responses ?? {}).sort(([a], [b]) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  return {
    id,
    nr,
    desc: str(pub.desc),
    longdesc: str(pub.longdesc),
    ...copiesOf(pub, 'longdesc'),
    loc: latLngOf(pub.loc),
    responses: Object.fromEntries(responses),
    auto: kp.isauto === true || kp.autokp === true,
    maxDistance: positive(kp.maxanswerdistance) ?? positive(settings.maxmarkingdistance),
    openOnlyWhenClose: kp.noopenwhennotclose === true || settings.nokpopenwhennotclose,
    mandatory: kp.kohustuslik === true,
    cancelled: kp.tyhistatud === true,
    value: kpValue(
      { ra: num(kp.ra) ?? undefined, grp: num(kp.grp) ?? undefined },
      (settings.rakoef ?? null) as Record<number, unknown> | null,
    ),
  };
}

/**
 * Whether marking the KP needs the device within `maxDistance` of it: a location KP (no
 * responses) or one that opens only when close, when both a distance and a place are known.
 */
export const kpNeedsCloseness = (kp: PlayKp): boolean =>
  kp.maxDistance !== null &&
  kp.loc !== null &&
  (Object.keys(kp.responses).length === 0 || kp.openOnlyWhenClose);

/**
 * Where a device stands toward a KP it would mark, as the mark dialog tells the team:
 * - `anywhere`: the KP needs no closeness (a question KP, no place, or no marking distance);
 * - `unknown`: it needs closeness and the device has no position yet;
 * - `far`: the position is beyond the marking distance (the server refuses: play.error.toofar);
 * - `imprecise`: the position is within it, but the GPS accuracy is coarser than the distance
 *   itself, so the team may well not be there (the server takes the mark: it judges the sent
 *   position, as it cannot check an accuracy a device reports);
 * - `at`: within the distance, by a position at least as precise: the team is at the KP.
 */
export type KpCloseness = 'anywhere' | 'unknown' | 'far' | 'imprecise' | 'at';

/**
 * The device's standing toward `kp` (KpCloseness) with the figures the dialog shows: `distance`
 * from the device to the KP (null when either place is unknown), the device's `accuracy` (± m,
 * null when unknown) and the marking distance `limit` (null when the KP needs no closeness).
 * `accepted` says whether the server would take a mark sent from here (markRefusal's rule).
 */
export function kpCloseness(
  kp: PlayKp,
  here: (Loc & { accuracy?: number | null }) | null,
): {
  state: KpCloseness;
  distance: number | null;
  accuracy: number | null;
  limit: number | null;
  accepted: boolean;
} {
  const distance = here && kp.loc ? metresBetween(here, kp.loc) : null;
  const accuracy =
    here &&
    typeof here.accuracy === 'number' &&
    Number.isFinite(here.accuracy) &&
    here.accuracy >= 0
      ? here.accuracy
      : null;
  const limit = kpNeedsCloseness(kp) ? kp.maxDistance : null;
  let state: KpCloseness;
  if (limit === null) state = 'anywhere';
  else if (distance === null) state = 'unknown';
  else if (distance > limit) state = 'far';
  else state = accuracy !== null && accuracy > limit ? 'imprecise' : 'at';
  const accepted = state === 'anywhere' || state === 'imprecise' || state === 'at';
  return { state, distance, accuracy, limit, accepted };
}

/**
 * Why a mark of `kp` is refused, or null when it may be stored: `cancelled` (tyhistatud),
 * `nolocation` (closeness needed, no position sent), `toofar` (beyond maxDistance),
 * `badresponse` (not one of the KP's responses, or an answer to a location KP).
 */
export function markRefusal(
  kp: PlayKp,
  mark: { answer?: string | undefined; loc?: Loc | undefined },
): 'cancelled' | 'nolocation' | 'toofar' | 'badresponse' | null {
  if (kp.cancelled) return 'cancelled';
  if (kpNeedsCloseness(kp)) {
    if (!mark.loc) return 'nolocation';
    if (metresBetween(mark.loc, kp.loc!) > kp.maxDistance!) return 'toofar';
  }
  const ids = Object.keys(kp.responses);
  if (ids.length === 0) return mark.answer === undefined ? null : 'badresponse';
  return mark.answer !== undefined && ids.includes(mark.answer) ? null : 'badresponse';
}

/**
 * Why a device may not start its team itself, or null: `massstart` (no clientstart, or a mass
 * start is set: the results count from it whatever the team does, spec 03 §8), `nolocation` /
 * `toofar` (startloc and maxstartdistance are both set and the device is not within that
 * distance of the start).
 */
export function startRefusal(
  settings: Pick<PlayView['settings'], 'clientstart' | 'startloc' | 'maxstartdistance'> & {
    massstarttimems?: number | null;
  },
  loc: Loc | undefined,
): 'massstart' | 'nolocation' | 'toofar' | null {
  if (!settings.clientstart || (settings.massstarttimems ?? null) !== null) return 'massstart';
  if (settings.startloc === null || settings.maxstartdistance === null) return null;
  if (!loc) return 'nolocation';
  return metresBetween(loc, settings.startloc) > settings.maxstartdistance ? 'toofar' : null;
}

/**
 * A device time for storing: never later than the server's now (a mark, start or finish cannot
 * have happened after it reached the server) and never before `notBefore` when given (the
 * team's start for a mark, the event's start). The device's own time is kept in the audit row.
 */
export const clampDeviceTime = (t: number, now: number, notBefore: number | null = null): number =>
  Math.max(Math.min(t, now), notBefore ?? -Infinity);

/**
 * Why a device's start at `t` (already clamped to now) is refused: before the event's start by
 * more than DEVICE_CLOCK_TOLERANCE_MS. Within the tolerance the start is stored as the event's
 * start (clampDeviceTime with the event's start).
 */
export const startBeforeEvent = (t: number, eventStart: number | null): boolean =>
  eventStart !== null && t < eventStart - DEVICE_CLOCK_TOLERANCE_MS;

/**
 * Why a finish at `t` is refused, or null: `notstarted` (no start, or the start after `t`),
 * `beforemark` (a mark of the team is later than `t`).
 */
export function finishRefusal(
  t: number,
  start: number | null,
  lastMark: number | null,
): 'notstarted' | 'beforemark' | null {
  if (start === null || start > t) return 'notstarted';
  if (lastMark !== null && lastMark > t) return 'beforemark';
  return null;
}

/**
 * A device clock observation: `offset` is the device's time minus the server's receive time, as
 * seen at `at` (server time).
 */
export interface ClockObservation {
  offset: number;
  at: number;
}

/**
 * The device clock estimate after observing `offset` at `now`. Data that waited in an offline
 * queue arrives late and looks like a clock running behind, never ahead, so the least negative
 * (latest) offset of the last DEVICE_CLOCK_WINDOW_MS is the best estimate of the clock itself: a
 * later observation replaces the stored one when it is larger or the stored one is older than
 * the window. Null when the stored one stands.
 */
export function nextClockObservation(
  stored: ClockObservation | null,
  offset: number,
  now: number,
): ClockObservation | null {
  if (stored === null || now - stored.at > DEVICE_CLOCK_WINDOW_MS || offset > stored.offset) {
    return { offset, at: now };
  }
  return null;
}

/** Whether a device clock offset is worth the organiser's attention (more than a minute). */
export const clockDisagrees = (offset: number | null): boolean =>
  offset !== null && Math.abs(offset) > DEVICE_CLOCK_TOLERANCE_MS;

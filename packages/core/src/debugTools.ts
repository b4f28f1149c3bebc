import { z } from 'zod';
import { TeamColour } from './teams.ts';
import { teamColourAt } from './teamColours.ts';

/** The super admin's debug tools (spec 02 §2; docs/api.md, GET /api/admin/debug/*). */

/** Find events by location: events with a KP within this distance of the point. */
export const FIND_RADIUS_KM = 4;
/** The Earth's radius the search uses (spec 02 §2). */
export const FIND_EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km between two points (haversine, FIND_EARTH_RADIUS_KM). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * FIND_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GET /api/admin/debug/nearby's query. */
export const NearbyQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
  })
  .strict();

/** An event with KPs near the point. */
export interface NearbyEvent {
  id: string;
  name: string;
  starttime: number | null;
  /** Its KPs within FIND_RADIUS_KM. */
  kps: number;
  /** The nearest one's distance, km. */
  nearestKm: number;
}

/** GET /api/admin/debug/codes: every join code on the platform. */
export interface DebugCode {
  code: string;
  eventId: string;
  /** Null when the event is gone ('Need event'). */
  eventName: string | null;
  singleteam: boolean;
  valid: number;
  usedBy: string | null;
}

/** GET /api/admin/debug/devices: devices that sent points but belong to no team of the event. */
export interface DebugDevice {
  id: string;
  eventId: string | null;
  userId: string | null;
  lastSeen: number | null;
  lastPointAt: number | null;
  /** Stored points of the device with no team to show them. */
  points: number;
  /** The device's info as it registered ('Missin dev info' when empty). */
  info: Record<string, unknown>;
}

/** GET /api/admin/debug/gps?event=: one device of the event as its points come in. */
export interface GpsState {
  deviceId: string;
  teamId: string | null;
  teamName: string | null;
  lastSeen: number | null;
  lastPointAt: number | null;
  /** Points stored in the last hour. */
  pointsLastHour: number;
  /** The team's last battery level 0…1, null when unknown. */
  battery: number | null;
}

/** Version distribution's periods in months (spec 02 §2); the default is VERSION_PERIOD_DEFAULT. */
export const VERSION_PERIODS = [1, 3, 6, 12] as const;
export const VERSION_PERIOD_DEFAULT = 3;

/** GET /api/admin/debug/versions's query. */
export const VersionsQuery = z
  .object({
    months: z.coerce
      .number()
      .refine((m) => (VERSION_PERIODS as readonly number[]).includes(m), 'one of 1, 3, 6, 12')
      .default(VERSION_PERIOD_DEFAULT),
  })
  .strict();

/** The tables of the version distribution. */
export const VERSION_TABLES = ['darwin', 'ios', 'android', 'app'] as const;
export type VersionTable = (typeof VERSION_TABLES)[number];

/** One row of a version table: a version and the devices that run it. */
export interface VersionRow {
  value: string;
  devices: string[];
}

/** GET /api/admin/debug/versions: per table, its rows by device count (most first). */
export type VersionsView = Record<VersionTable, VersionRow[]> & { months: number; total: number };

/** Android's API level of each Android version (the user agent names the version only). */
const ANDROID_API: Record<string, number> = {
  '16': 36,
  '15': 35,
  '14': 34,
  '13': 33,
  '12': 31,
  '11': 30,
  '10': 29,
  '9': 28,
  '8.1': 27,
  '8.0': 26,
  '8': 26,
  '7.1': 25,
  '7.0': 24,
  '7': 24,
};

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
const obj = (v: unknown) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * What a device's info (spec 02 §3: model, brand, pkginfo {appVersion, platform}, utsname,
 * api, version.sdkInt, appversionname, appversioncode; the web app's platform and userAgent)
 * tells of its versions: Darwin release and iOS version (iPhones), Android API level, app version.
 */
export function deviceVersions(info: Record<string, unknown>): Record<VersionTable, string | null> {
  const ua = text(info.userAgent) ?? '';
  const uts = obj(info.utsname);
  const ios = /(?:iPhone|CPU) OS (\d+)[_.](\d+)/.exec(ua);
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  const sdk = text(obj(info.version).sdkInt) ?? text(info.api);
  const androidApi =
    sdk ?? (android ? (ANDROID_API[android[1]!] ?? ANDROID_API[android[1]!.split('.')[0]!]) : null);
  const darwin = text(uts.sysname) === 'Darwin' ? text(uts.release) : null;
  const iosVersion = text(info.systemVersion) ?? (ios ? `${ios[1]}.${ios[2]}` : null);
  const app =
    text(info.appversionname) !== null
      ? `${text(info.appversionname)}${text(info.appversioncode) !== null ? ` (${text(info.appversioncode)})` : ''}`
      : (text(obj(info.pkginfo).appVersion) ?? text(info.appVersion));
  return {
    darwin,
    ios: iosVersion,
    android: androidApi === null || androidApi === undefined ? null : String(androidApi),
    app,
  };
}

/** The version tables of `devices` (id and info), each row's devices in the order given. */
export function versionTables(
  devices: { id: string; info: Record<string, unknown> }[],
): Record<VersionTable, VersionRow[]> {
  const tables = Object.fromEntries(
    VERSION_TABLES.map((t) => [t, new Map<string, string[]>()]),
  ) as Record<VersionTable, Map<string, string[]>>;
  for (const d of devices) {
    const versions = deviceVersions(d.info);
    for (const table of VERSION_TABLES) {
      const value = versions[table];
      if (value === null) continue;
      const ids = tables[table].get(value) ?? [];
      ids.push(d.id);
      tables[table].set(value, ids);
    }
  }
  return Object.fromEntries(
    VERSION_TABLES.map((t) => [
      t,
      [...tables[t]]
        .map(([value, ids]) => ({ value, devices: ids }))
        .sort((a, b) => b.devices.length - a.devices.length || a.value.localeCompare(b.value)),
    ]),
  ) as Record<VersionTable, VersionRow[]>;
}

/**
 * An issue the server recorded in an event (extra.eventsdata.issues, as the event file keeps
 * them), such as 'GPS for unknown device'. Shown to the super admin for every event and to an
 * event's admins for theirs.
 */
export interface EventIssue {
  eventId: string;
  eventName: string;
  /** The issue's key in the event's issues. */
  id: string;
  text: string;
  devid: string | null;
  time: number | null;
}

/** POST /api/admin/debug/recode: re-encode an event's stored track chunks, or only count. */
export const RecodeBody = z
  .object({ event: z.string().trim().min(1).max(200), dryRun: z.boolean() })
  .strict();

/**
 * What recoding an event's tracks found (and, unless a dry run, changed): chunks whose stored
 * bytes differ from the current encoder's for the same points are rewritten; chunks that do not
 * decode are counted and left alone.
 */
export interface RecodeResult {
  dryRun: boolean;
  chunks: number;
  points: number;
  changed: number;
  bad: number;
  bytesBefore: number;
  bytesAfter: number;
}

/** What a web client is connected to: the app's live socket, or a /listen map viewer. */
export type WebClientKind = 'app' | 'listen';

/** A connected web client, as its server process reports it (debug tools, "Active web clients"). */
export interface WebClient {
  /** The server process holding the connection. */
  server: string;
  kind: WebClientKind;
  /** The events it follows (an app socket's event topics; a viewer's event). */
  eventIds: string[];
  userId: string | null;
  /** The user's display name, when the user is known. */
  userName: string | null;
  agent: string;
  /** When it connected (epoch ms). */
  since: number;
}

/** How often each server process reports its clients; a report older than 3 of these is gone. */
export const WEB_CLIENTS_REPORT_MS = 30_000;

/**
 * The raw-data view (spec 02 §2, the console links of an event's data, list and teams): an
 * event's stored documents as the event file holds them (spec 04), read-only. `event` is the
 * event's record (events/{id}), `data` its settings and checkpoints (eventsdata/{id}), `list`
 * its team list (teams/{id}/list) and `teams` every team document (teams/{id}).
 */
export const RAW_DOCS = ['event', 'data', 'list', 'teams'] as const;
export type RawDoc = (typeof RAW_DOCS)[number];

/** GET /api/admin/debug/raw's query: the event and which of its documents. */
export const RawQuery = z
  .object({ event: z.string().trim().min(1).max(200), doc: z.enum(RAW_DOCS) })
  .strict();

/** Where each raw document sits in the stored data (the original database's paths). */
export const rawDocPath = (eventId: string, doc: RawDoc): string =>
  ({
    event: `events/${eventId}`,
    data: `eventsdata/${eventId}`,
    list: `teams/${eventId}/list`,
    teams: `teams/${eventId}`,
  })[doc];

/** GET /api/admin/debug/raw: one stored document of an event. */
export interface RawDocView {
  eventId: string;
  doc: RawDoc;
  /** rawDocPath of the document. */
  path: string;
  /** The event's archive state: an archived event's documents are read from its evdata.json. */
  arch: 'a1' | 'a2' | null;
  value: unknown;
}

/** POST /api/admin/debug/archivecolours: make an archived event's track colours its teams'. */
export const ArchiveColoursBody = z
  .object({ event: z.string().trim().min(1).max(200), dryRun: z.boolean() })
  .strict();

/** One team whose stored colour the fix sets: what it held (null: none) and what it gets. */
export interface ColourFix {
  teamId: string;
  name: string;
  nr: string | null;
  old: string | null;
  col: string;
}

/**
 * What fixing an archived event's colours found (and, unless a dry run, wrote): the teams whose
 * stored colour is no colour a map can draw, and the archive files written.
 */
export interface ArchiveColoursResult {
  dryRun: boolean;
  /** The event's teams. */
  teams: number;
  fixes: ColourFix[];
  /** The evdata.json files rewritten, one per archive tier holding it (none on a dry run). */
  written: string[];
}

/**
 * Team numbers sort as numbers where they are (9 before 10), teams without one last, then by
 * name and id: the order of an event's track list, whose place gives a team without a colour
 * of its own its colour on the live map.
 */
export function compareTrackTeams(
  a: { id: string; name: string; nr: string | null },
  b: { id: string; name: string; nr: string | null },
): number {
  const na = a.nr ?? '';
  const nb = b.nr ?? '';
  if (na !== nb) {
    if (na === '') return 1;
    if (nb === '') return -1;
    return na.localeCompare(nb, 'en', { numeric: true });
  }
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** A stored colour as a team colour (#rrggbb), if it is one, also without '#' or in 3 digits. */
function asTeamColour(stored: unknown): string | null {
  if (typeof stored !== 'string') return null;
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(stored.trim())?.[1];
  if (!hex) return null;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/**
 * "Fix colours in archive" (spec 02 §2): an archived event's tracks are drawn in their teams'
 * colours, but a team of an older event may have none (its track then takes the palette's
 * colour of its place in the track list, which no other view shows) or one a map cannot draw
 * (`ff0000`, `#f00`). Each such team gets the colour its track shows, written as its own: a
 * missing one the palette colour of its place (TEAM_COLOURS, as the live map picks it), a
 * misspelt hex the same colour as #rrggbb. Teams with a proper colour keep it.
 */
export function archiveColourFixes(
  teams: readonly { id: string; name: string; nr: string | null; col: unknown }[],
): ColourFix[] {
  const fixes: ColourFix[] = [];
  [...teams].sort(compareTrackTeams).forEach((team, index) => {
    if (typeof team.col === 'string' && TeamColour.safeParse(team.col).success) return;
    const col = asTeamColour(team.col) ?? teamColourAt(index);
    fixes.push({
      teamId: team.id,
      name: team.name,
      nr: team.nr,
      old: team.col === undefined || team.col === null ? null : String(team.col),
      col,
    });
  });
  return fixes;
}

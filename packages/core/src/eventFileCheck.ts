import { z } from 'zod';
import { Kp, KpData, PrintItem } from './checkpoints/types.ts';
import { SETTINGS_BY_KEY, SettingsPatch, settingValueSchema } from './settings.ts';
import { UpdateTeamBody } from './teams.ts';
import { TEAM_TIME_MARGIN_DAYS } from './limits.ts';
import { TeamTime, isTeamTimeInWindow } from './teamTimes.ts';
import type { EventFile } from './eventFile.ts';
import {
  MAP_IMAGES_PER_EVENT,
  MAP_IMAGE_FORMATS,
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_MAX_PIXELS,
} from './mapImages/types.ts';
import { MapPlacementBody } from './mapImages/api.ts';

/**
 * The contents of an event file checked with the schemas the API uses for the same things (KP
 * documents, print items, team fields, settings, speed), so an import cannot store what the
 * editors would refuse. Pure: unknown admin uids are the server's check (it needs the users).
 */

/** One problem of an event file: where (dotted path in the file) and what. */
export interface EventFileProblem {
  path: string;
  message: string;
}

/** At most this many problems are reported; the count says how many there were. */
export const EVENT_FILE_MAX_PROBLEMS = 50;

export const EVENT_ADMIN_ROLES = ['owner', 'admin'] as const;

/**
 * A team time of a file: a time, or what older files wrote for none (`0`, `""`), which is read as
 * absent (fileTeamTimeAbsent) rather than refused.
 */
const FileTeamTime = z.union([z.literal(0), z.literal(''), TeamTime]).nullable();

/** Whether a file's team time means "no time" (null, `0`, `""`): stored as null. */
export function fileTeamTimeAbsent(t: unknown): boolean {
  return t === null || t === 0 || t === '';
}

/**
 * Whether a file's team class or number means "none": null, or the empty (or blank) text other
 * systems and older files write for it (`klassid: ""`, `nr: ""`, spec 04); stored as null.
 */
export function fileTeamFieldAbsent(v: unknown): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * A team of `teams.list` as the file holds it: the team editor's fields, except that the file's
 * `nr` may be a number (101), `devs` is the map `{devId: true}`, a time may be written as none
 * (FileTeamTime) and the class and number as `""` (fileTeamFieldAbsent); unknown keys are kept.
 * A class id the event's classes do not list is kept as it is (the team is ranked in a class of
 * its own, spec 03 §11), like the editor keeps a deleted class's id.
 */
export const TeamFileEntry = UpdateTeamBody.omit({ nr: true, devs: true, klassid: true })
  .extend({
    nr: z.union([z.string().trim().max(20), z.number().finite()]).nullable(),
    klassid: z.string().max(100).nullable(),
    devs: z.record(z.string().min(1).max(100), z.unknown()),
    starttime: FileTeamTime,
    finishtime: FileTeamTime,
  })
  .partial()
  .loose();

/**
 * One map image of the file's `mapimages` (issue 37; docs/map-images.md, Event file and
 * archives): what the event shows of it (name, placement, publishing, order) and the original
 * image's bytes in base64 (`data`; an archive's evdata.json has none, the bytes are a file of the
 * archive). `bytes`, `format`, `width` and `height` describe `data` and are checked against it.
 */
export const MapImageFileEntry = z.looseObject({
  name: z.string().trim().min(1).max(200),
  format: z.enum(MAP_IMAGE_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive().max(MAP_IMAGE_MAX_BYTES),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  placement: MapPlacementBody.nullable(),
  published: z.boolean(),
  publicFrom: z.number().int().min(0).nullable(),
  position: z.number().int().min(0).max(1000),
  data: z.string().optional(),
});
export type MapImageFileEntry = z.infer<typeof MapImageFileEntry>;

/**
 * How many bytes base64 text (RFC 4648, with padding, nothing else) holds; null when it is not
 * such text. Linear: one regular expression without nested repetition.
 */
export function base64Bytes(text: string): number | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - pad;
}

/** A schema's refusal as problems, each at its path under `path`. */
export function issueProblems(path: string, error: z.ZodError): EventFileProblem[] {
  return error.issues.map((issue) => ({
    path: [path, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

/** The problems of the file's map images: their shape, size and data (the image is the server's). */
function mapImageProblems(file: EventFile, problems: EventFileProblem[]): void {
  const maps = entries(file.mapimages);
  if (maps.length > MAP_IMAGES_PER_EVENT) {
    problems.push({ path: 'mapimages', message: `at most ${MAP_IMAGES_PER_EVENT} map images` });
  }
  for (const [id, value] of maps) {
    const path = `mapimages.${id}`;
    const parsed = MapImageFileEntry.safeParse(value);
    if (!parsed.success) {
      problems.push(...issueProblems(path, parsed.error));
      continue;
    }
    const map = parsed.data;
    if (map.width * map.height > MAP_IMAGE_MAX_PIXELS) {
      problems.push({ path, message: `over ${MAP_IMAGE_MAX_PIXELS / 1e6} megapixels` });
    }
    if (map.data === undefined) {
      problems.push({ path: `${path}.data`, message: 'the image itself is missing' });
      continue;
    }
    const bytes = base64Bytes(map.data);
    if (bytes === null) problems.push({ path: `${path}.data`, message: 'not base64' });
    else if (bytes !== map.bytes) {
      problems.push({ path: `${path}.data`, message: `holds ${bytes} bytes, not ${map.bytes}` });
    }
  }
}

const DeletedKpEntry = z.looseObject({ kp: Kp.optional(), data: KpData.optional() });
const Speed = SettingsPatch.shape.speed;

type Json = Record<string, unknown>;
const entries = (value: unknown): [string, unknown][] =>
  value && typeof value === 'object' ? Object.entries(value as Json) : [];

/** Every problem of the file's contents, in file order (all of them; callers cap the list). */
export function eventFileProblems(file: EventFile): EventFileProblem[] {
  const problems: EventFileProblem[] = [];
  const check = (schema: z.ZodType, value: unknown, path: string) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return;
    problems.push(...issueProblems(path, parsed.error));
  };

  for (const [uid, role] of entries(file.events.admins)) {
    if (!(EVENT_ADMIN_ROLES as readonly unknown[]).includes(role)) {
      problems.push({ path: `events.admins.${uid}`, message: 'must be "owner" or "admin"' });
    }
  }

  const ed = file.eventsdata;
  for (const [key, value] of entries(ed.data)) {
    const desc = SETTINGS_BY_KEY.get(key);
    // Keys the platform does not know are kept as they are (the file is lossless).
    if (desc && value !== null) check(settingValueSchema(desc), value, `eventsdata.data.${key}`);
  }

  const seenNr = new Map<string, string>();
  for (const [id, kp] of entries(ed.kp)) {
    check(Kp, kp, `eventsdata.kp.${id}`);
    const nr = (kp as Json | null)?.nr;
    if (typeof nr !== 'string' && typeof nr !== 'number') continue;
    const key = String(nr).trim();
    const first = seenNr.get(key);
    if (first === undefined) seenNr.set(key, id);
    else {
      problems.push({
        path: `eventsdata.kp.${id}.nr`,
        message: `KP number ${key} is already used by ${first}`,
      });
    }
  }
  for (const [id, data] of entries(ed.kpdata)) check(KpData, data, `eventsdata.kpdata.${id}`);
  for (const [id, item] of entries(ed.printitems))
    check(PrintItem, item, `eventsdata.printitems.${id}`);
  for (const [id, entry] of entries(ed.deletedkps))
    check(DeletedKpEntry, entry, `eventsdata.deletedkps.${id}`);

  for (const [id, team] of entries(file.teams.list)) {
    check(TeamFileEntry, team, `teams.list.${id}`);
    for (const field of ['starttime', 'finishtime'] as const) {
      const t = (team as Json | null)?.[field];
      if (TeamTime.safeParse(t).success && !isTeamTimeInWindow(t as number, file.events))
        problems.push({
          path: `teams.list.${id}.${field}`,
          message: `must lie within ${TEAM_TIME_MARGIN_DAYS} days of the event`,
        });
    }
  }

  if (file.evdoc.speed !== undefined) check(Speed, file.evdoc.speed, 'evdoc.speed');
  mapImageProblems(file, problems);
  return problems;
}

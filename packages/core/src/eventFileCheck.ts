import { z } from 'zod';
import { Kp, KpData, PrintItem } from './checkpoints/types.ts';
import { SETTINGS_BY_KEY, SettingsPatch, settingValueSchema } from './settings.ts';
import { UpdateTeamBody } from './teams.ts';
import { TEAM_TIME_MARGIN_DAYS } from './limits.ts';
import { TeamTime, isTeamTimeInWindow } from './teamTimes.ts';
import type { EventFile } from './eventFile.ts';

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
    for (const issue of parsed.error.issues) {
      problems.push({ path: [path, ...issue.path.map(String)].join('.'), message: issue.message });
    }
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
  return problems;
}

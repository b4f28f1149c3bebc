import { z } from 'zod';
import { EVENT_FILE_MAX_PROBLEMS, eventFileProblems } from './eventFileCheck.ts';
import type { EventFileProblem } from './eventFileCheck.ts';

/**
 * The event file (spec 04): one JSON object holding a whole event. Keys are the product's own
 * field names; unknown keys anywhere are kept (`looseObject`) so import then export is lossless.
 */
type Json = unknown;
type JsonMap = Record<string, Json>;

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const map = <T extends z.ZodType>(value: T) => z.record(z.string(), value);
const anyMap = map(z.unknown());

export const EventRecordFile = loose({
  name: z.string(),
  starttime: z.number().nullable().optional(),
  endtime: z.number().nullable().optional(),
  arch: z.string().nullable().optional(),
  hidden: z.boolean().optional(),
  admins: map(z.string()).optional(),
});

export const EventsDataFile = loose({
  data: anyMap.optional(),
  conf: anyMap.optional(),
  kp: map(anyMap).optional(),
  kpdata: map(anyMap).optional(),
  kpanswer: map(z.string().nullable()).optional(),
  printitems: map(anyMap).optional(),
  deletedkps: map(anyMap).optional(),
  issues: anyMap.optional(),
  docver: z.number().optional(),
});

export const TeamsFile = loose({
  list: map(anyMap).optional(),
  data: map(anyMap).optional(),
  kpanswers: map(map(anyMap)).optional(),
  spdtickets: map(map(anyMap)).optional(),
  trackstat: map(anyMap).optional(),
});

export const EvdocFile = loose({
  speed: anyMap.optional(),
  speedareas: map(anyMap).optional(),
});

export const EventFile = loose({
  version: z.number().optional(),
  events: EventRecordFile,
  eventsdata: EventsDataFile,
  teams: TeamsFile,
  evdoc: EvdocFile,
  /**
   * The event's own map images (issue 37) by id: each image's metadata, placement, publishing
   * and its bytes in base64 (eventFileCheck.ts MapImageFileEntry). Files of older versions have
   * none.
   */
  mapimages: map(anyMap).optional(),
});
export type EventFile = z.infer<typeof EventFile>;
export type EventFileMap = JsonMap;

export const EVENT_FILE_VERSION = 2;

export type EventFileError = 'createevent.badtemplate' | 'eventfile.error.invalid';

export type ParseEventFileResult =
  | { ok: true; file: EventFile }
  | {
      ok: false;
      /** badtemplate: not JSON or not the event file's structure; invalid: wrong contents. */
      error: EventFileError;
      message: string;
      /** Where and what, at most EVENT_FILE_MAX_PROBLEMS of them. */
      details: EventFileProblem[];
    };

function refused(error: EventFileError, problems: EventFileProblem[]): ParseEventFileResult {
  const details = problems.slice(0, EVENT_FILE_MAX_PROBLEMS);
  const first = details[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return {
    ok: false,
    error,
    message: first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}${more}`
      : 'bad structure',
    details,
  };
}

/**
 * Checks an already parsed value: the event file structure, then its contents with the API's own
 * schemas (eventFileCheck.ts). Every way in (template, duplicate, command line import) uses this.
 */
export function checkEventFile(value: unknown): ParseEventFileResult {
  const parsed = EventFile.safeParse(value);
  if (!parsed.success) {
    return refused(
      'createevent.badtemplate',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const problems = eventFileProblems(parsed.data);
  if (problems.length > 0) return refused('eventfile.error.invalid', problems);
  return { ok: true, file: parsed.data };
}

/** Parses the text of an event file; refuses non-JSON and files lacking the four parts. */
export function parseEventFile(text: string): ParseEventFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('createevent.badtemplate', [{ path: '', message: 'not JSON' }]);
  }
  return checkEventFile(value);
}

/**
 * Parses an event file Rada wrote itself (an archive's evdata.json): its structure only. What it
 * holds passed the rules of the day it was written, and a rule added since (a KP number's or a
 * team time's range) must not make an archived event unreadable.
 */
export function parseOwnEventFile(text: string): ParseEventFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('createevent.badtemplate', [{ path: '', message: 'not JSON' }]);
  }
  const parsed = EventFile.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  return refused(
    'createevent.badtemplate',
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

import { z } from 'zod';

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
});
export type EventFile = z.infer<typeof EventFile>;
export type EventFileMap = JsonMap;

export const EVENT_FILE_VERSION = 2;

export type ParseEventFileResult =
  { ok: true; file: EventFile } | { ok: false; error: 'createevent.badtemplate'; message: string };

/** Checks an already parsed value against the event file structure. */
export function checkEventFile(value: unknown): ParseEventFileResult {
  const parsed = EventFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: 'createevent.badtemplate',
      message: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'bad structure',
    };
  }
  return { ok: true, file: parsed.data };
}

/** Parses the text of an event file; refuses non-JSON and files lacking the four parts. */
export function parseEventFile(text: string): ParseEventFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'createevent.badtemplate', message: 'not JSON' };
  }
  return checkEventFile(value);
}

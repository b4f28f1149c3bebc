import { z } from 'zod';
import { csvDocument } from '../csv.ts';
import type { CsvCell } from '../csv.ts';
import { checkEventFile } from '../eventFile.ts';
import type { EventFile } from '../eventFile.ts';
import { computeResults } from '../scoring/compute.ts';
import { scoringEventFromFile } from '../scoring/fromFile.ts';
import { classNames } from '../scoring/settings.ts';
import type { TeamResult } from '../scoring/types.ts';
import { shortlinkFromName } from '../shortlink.ts';
import { cupOrder, cupStandings } from './standings.ts';
import type { CupEvent, CupEventTeam, CupRow } from './standings.ts';

/** The cup file's `cup` part (05 §7); settings left out take their defaults. */
export const CupFileSettings = z
  .object({
    name: z.string().max(200).default(''),
    year: z.number().int().optional(),
    points: z.array(z.number().finite()).max(1000).default([]),
    growingpoints: z.boolean().default(false),
    atleast1: z.boolean().default(false),
    missvalue: z.number().finite().default(0),
    countingevents: z.number().finite().nullable().default(null),
  })
  .loose();

const CupFileShape = z.object({
  cup: CupFileSettings,
  events: z.array(z.unknown()).max(500),
  edits: z
    .array(z.object({ event: z.string(), team: z.string(), value: z.number().finite() }))
    .default([]),
  joins: z.array(z.object({ keep: z.string(), other: z.string() })).default([]),
});
export type CupFile = z.output<typeof CupFileShape>;

export type ParseCupFileResult =
  { ok: true; file: CupFile; events: EventFile[] } | { ok: false; message: string };

/** Reads a cup file: its shape, then every event file as event creation checks it. */
export function parseCupFile(text: string): ParseCupFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'cup.error.badfile: not JSON' };
  }
  const parsed = CupFileShape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `cup.error.badfile: ${issue.path.join('.')}: ${issue.message}` };
  }
  const events: EventFile[] = [];
  for (const [i, raw] of parsed.data.events.entries()) {
    const checked = checkEventFile(raw);
    if (!checked.ok) return { ok: false, message: `events.${i}: ${checked.message}` };
    events.push(checked.file);
  }
  return { ok: true, file: parsed.data, events };
}

/** An event's id in a cup file: `events.id` when present, else the short link of its name. */
export function cupEventId(file: EventFile): string {
  const id = (file.events as Record<string, unknown>).id;
  return typeof id === 'string' && id !== '' ? id : shortlinkFromName(file.events.name);
}

/**
 * Each team's owner from an event file: the member who joined first (`teams.data.{id}.members`,
 * `{uid: {joined}}`), the one that registered or first joined the team.
 */
export function teamOwners(file: EventFile): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [teamId, data] of Object.entries(file.teams.data ?? {})) {
    const members = (data as { members?: unknown } | null)?.members;
    if (!members || typeof members !== 'object') continue;
    let best: { uid: string; joined: number } | null = null;
    for (const [uid, m] of Object.entries(members as Record<string, unknown>)) {
      const joined = (m as { joined?: unknown } | null)?.joined;
      const at = typeof joined === 'number' && Number.isFinite(joined) ? joined : Infinity;
      if (!best || at < best.joined || (at === best.joined && uid < best.uid)) {
        best = { uid, joined: at };
      }
    }
    if (best) owners.set(teamId, best.uid);
  }
  return owners;
}

/**
 * An event's teams as the cup reads them (05 §3): each result record with its class's name and
 * its owner. Null for an event without results (no team has an answer or a time yet).
 */
export function cupEventTeams(
  results: readonly TeamResult[],
  classNameOf: ReadonlyMap<string, string>,
  owners: ReadonlyMap<string, string>,
): CupEventTeam[] | null {
  if (!results.some((r) => r.status !== 'notstarted')) return null;
  return results.map((r) => ({
    teamId: r.teamId,
    name: r.name,
    className: r.klassid === null ? '' : (classNameOf.get(r.klassid) ?? r.klassid),
    place: r.place,
    status: r.status,
    owner: owners.get(r.teamId) ?? null,
  }));
}

/** A cup event from an event file: its results computed by the event engine. */
export function cupEventFromFile(file: EventFile): CupEvent {
  const scoring = scoringEventFromFile(file);
  return {
    id: cupEventId(file),
    starttime: file.events.starttime ?? null,
    teams: cupEventTeams(computeResults(scoring), classNames(scoring), teamOwners(file)),
  };
}

/** The standings of a cup file (05 §7). */
export function cupFileStandings(
  file: CupFile,
  events: readonly EventFile[],
): {
  events: CupEvent[];
  rows: CupRow[];
} {
  const cupEvents = cupOrder(events.map(cupEventFromFile));
  return { events: cupEvents, rows: cupStandings(file.cup, cupEvents, file.edits, file.joins) };
}

/** The command line's JSON rows (05 §7): the engine's rows without `allnames`. */
export const cupOutputRows = (rows: readonly CupRow[]) =>
  rows.map(({ class: klass, key, name, place, placeLabel, scores, used, total }) => ({
    class: klass,
    key,
    name,
    place,
    placeLabel,
    scores,
    used,
    total,
  }));

/**
 * The standings as CSV (csvDocument): class, place, key, name, one column per event (`Event 1`,
 * `Event 2`…; an unused score in brackets, `[22]`) and the total. Headers and cells are text no
 * spreadsheet turns into a number (`1.` and `(22)` read as 1 and -22; docs/csv.md). `label` translates `col.*` headers and the
 * no-class name; the command line leaves it out and gets the keys' last part.
 */
export function cupStandingsCsv(
  rows: readonly CupRow[],
  eventCount: number,
  label: (key: string) => string = (key) => key.slice(key.lastIndexOf('.') + 1),
): string {
  const header = [
    label('col.class'),
    label('col.place'),
    label('col.key'),
    label('col.name'),
    ...Array.from({ length: eventCount }, (_, i) => `${label('col.event')} ${i + 1}`),
    label('col.total'),
  ];
  const lines = rows.map((r): CsvCell[] => [
    r.class === '' ? label('noclass') : r.class,
    r.placeLabel,
    r.key,
    r.name,
    ...r.scores.map((s, i) => (s === null ? null : r.used[i] ? s : `[${s}]`)),
    r.total,
  ]);
  return csvDocument(header, lines);
}

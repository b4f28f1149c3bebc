import type { ImportMode } from '../checkpoints/types.ts';
import { nextTeamNr } from '../teams.ts';
import type { TeamImportInput } from './types.ts';

/**
 * Pure planning of a team import (docs/team-import.md): which teams it adds, which blanks of
 * existing teams it fills, which teams it moves to the deleted store, and which classes it adds
 * to the event's `klassid`. The web shows the plan as the preview; the server makes it again from
 * the stored teams and applies it in one transaction.
 */

/** An existing team as the plan needs it. */
export interface ImportTeamState {
  id: string;
  name: string;
  nr: string | null;
  klassid: string | null;
  starttime: number | null;
  /** Members' names as stored with the team's registration. */
  members: readonly string[];
  club: string | null;
  email: string | null;
  phone: string | null;
}

/** The fields an import sets on a team (a new one, or blanks of an existing one). */
export interface ImportTeamFields {
  nr?: string;
  klassid?: string;
  starttime?: number;
  members?: string[];
  club?: string;
  email?: string;
  phone?: string;
}

export interface PlannedTeamAdd extends ImportTeamFields {
  /** Index into the inputs. */
  index: number;
  name: string;
  nr: string;
  entryTime?: number;
}

export interface PlannedTeamUpdate {
  index: number;
  id: string;
  name: string;
  /** Only the blanks it fills. */
  fill: ImportTeamFields;
}

export interface SkippedTeam {
  index: number;
  name: string;
  /** exists: a team with that number or name is there (add mode, or merge with nothing to fill); duplicate: an earlier row has it. */
  reason: 'exists' | 'duplicate';
}

export interface TeamImportPlan {
  add: PlannedTeamAdd[];
  update: PlannedTeamUpdate[];
  /** Ids of the teams moved to the deleted store (replace mode). */
  remove: string[];
  skipped: SkippedTeam[];
  /** Classes the file names that the event has not: added to `klassid` as id → name. */
  newClasses: { id: string; name: string }[];
}

/** The key two names match by: case, accents' case and runs of spaces ignored. */
export const teamNameKey = (name: string): string =>
  name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('und');

/** The key two class names match by: case and all spaces ignored (`M 21` is `m21`). */
export const classNameKey = (name: string): string =>
  name.replace(/\s+/g, '').toLocaleLowerCase('und');

const nrKey = (nr: string) => nr.trim();

/** A class id for a new class: its name, or the name with a number when that id is in use. */
function newClassId(name: string, used: ReadonlySet<string>): string {
  if (!used.has(name)) return name;
  for (let i = 2; ; i++) if (!used.has(`${name} ${i}`)) return `${name} ${i}`;
}

/**
 * Plans importing `inputs` into an event holding `existing` teams and `classes` (klassid, id →
 * name), in mode add, merge or replace (the KP import's modes).
 * - A row matches an existing team by number, else by name (case and spaces ignored). A number
 *   match whose name differs, while another team has the row's name, matches that team instead
 *   (a start list's bibs need not be the numbers an entry list got).
 * - A row repeating an earlier row's number, or without a number repeating its name, is skipped
 *   as `duplicate`.
 * - add: rows without a match are added, the others skipped as `exists`. merge: a match gets its
 *   blank number, class, start time, members, club, email and phone filled (skipped as `exists`
 *   when there is nothing to fill); rows without a match are added. replace: every existing team
 *   is removed, every row added.
 * - A new team without a number gets the next free one (nextTeamNr). Classes match by name (case
 *   and all spaces ignored: `M 21` is `m21`); a name the event has not becomes a new class.
 */
export function planTeamImport(
  existing: readonly ImportTeamState[],
  classes: ReadonlyMap<string, string>,
  inputs: readonly TeamImportInput[],
  mode: ImportMode,
): TeamImportPlan {
  const plan: TeamImportPlan = { add: [], update: [], remove: [], skipped: [], newClasses: [] };
  const staying = mode === 'replace' ? [] : existing;
  if (mode === 'replace') plan.remove = existing.map((t) => t.id);

  const byNr = new Map<string, ImportTeamState>();
  const byName = new Map<string, ImportTeamState>();
  for (const t of staying) {
    if (t.nr !== null && !byNr.has(nrKey(t.nr))) byNr.set(nrKey(t.nr), t);
    if (!byName.has(teamNameKey(t.name))) byName.set(teamNameKey(t.name), t);
  }
  const usedNrs = new Set(staying.flatMap((t) => (t.nr === null ? [] : [nrKey(t.nr)])));

  const classByName = new Map<string, string>();
  for (const [id, name] of classes) {
    if (!classByName.has(classNameKey(name))) classByName.set(classNameKey(name), id);
  }
  const classIds = new Set(classes.keys());
  const classOf = (name: string | null | undefined): string | undefined => {
    if (name == null) return undefined;
    const key = classNameKey(name);
    const found = classByName.get(key);
    if (found !== undefined) return found;
    const clean = name.replace(/\s+/g, ' ').trim();
    const id = newClassId(clean, classIds);
    classIds.add(id);
    classByName.set(key, id);
    plan.newClasses.push({ id, name: clean });
    return id;
  };

  const seenNrs = new Set<string>();
  const seenNames = new Set<string>();
  const updated = new Set<string>();
  const pendingNr: PlannedTeamAdd[] = [];

  inputs.forEach((input, index) => {
    const nr = input.nr ?? null;
    const name = input.name;
    if (nr !== null ? seenNrs.has(nrKey(nr)) : seenNames.has(teamNameKey(name))) {
      plan.skipped.push({ index, name, reason: 'duplicate' });
      return;
    }
    if (nr !== null) seenNrs.add(nrKey(nr));
    seenNames.add(teamNameKey(name));

    let match = nr !== null ? byNr.get(nrKey(nr)) : undefined;
    const named = byName.get(teamNameKey(name));
    if (!match || (named && match !== named && teamNameKey(match.name) !== teamNameKey(name))) {
      match = named ?? match;
    }
    if (match && updated.has(match.id)) {
      plan.skipped.push({ index, name, reason: 'duplicate' });
      return;
    }
    if (match) {
      if (mode === 'add') {
        plan.skipped.push({ index, name, reason: 'exists' });
        return;
      }
      const fill = fillBlanks(match, input, usedNrs, classOf);
      if (Object.keys(fill).length === 0) {
        plan.skipped.push({ index, name, reason: 'exists' });
        return;
      }
      updated.add(match.id);
      if (fill.nr !== undefined) usedNrs.add(nrKey(fill.nr));
      plan.update.push({ index, id: match.id, name: match.name, fill });
      return;
    }
    const add: PlannedTeamAdd = { index, name, nr: '' };
    if (nr !== null && !usedNrs.has(nrKey(nr))) {
      add.nr = nr;
      usedNrs.add(nrKey(nr));
    } else pendingNr.push(add);
    const klassid = classOf(input.className);
    if (klassid !== undefined) add.klassid = klassid;
    if (input.starttime != null) add.starttime = input.starttime;
    if (input.members && input.members.length > 0) add.members = [...input.members];
    if (input.club != null) add.club = input.club;
    if (input.email != null) add.email = input.email;
    if (input.phone != null) add.phone = input.phone;
    if (input.entryTime != null) add.entryTime = input.entryTime;
    plan.add.push(add);
  });
  // Numbers for the rows without one (or whose number a team took), after every given number.
  let next = Number(nextTeamNr([...usedNrs]));
  for (const add of pendingNr) {
    while (usedNrs.has(String(next))) next++;
    add.nr = String(next);
    usedNrs.add(add.nr);
  }
  return plan;
}

/** The fields of `input` that fill blanks of `team`. */
function fillBlanks(
  team: ImportTeamState,
  input: TeamImportInput,
  usedNrs: ReadonlySet<string>,
  classOf: (name: string | null | undefined) => string | undefined,
): ImportTeamFields {
  const fill: ImportTeamFields = {};
  if (team.nr === null && input.nr != null && !usedNrs.has(nrKey(input.nr))) fill.nr = input.nr;
  if (team.klassid === null && input.className != null) {
    const klassid = classOf(input.className);
    if (klassid !== undefined) fill.klassid = klassid;
  }
  if (team.starttime === null && input.starttime != null) fill.starttime = input.starttime;
  if (team.members.length === 0 && input.members && input.members.length > 0)
    fill.members = [...input.members];
  if (team.club === null && input.club != null) fill.club = input.club;
  if (team.email === null && input.email != null) fill.email = input.email;
  if (team.phone === null && input.phone != null) fill.phone = input.phone;
  return fill;
}

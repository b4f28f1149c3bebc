import type { TeamAnswerView, TeamListEntry } from '@rada/core';
import { fromJsonMap } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { TeamAnswerRow, TeamRow } from './team.repository.ts';

/** A stored time in ms, or null when the entry holds none (or not a number). */
export const ms = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/** The class id of a list entry: stored as a string, sometimes as a number. */
export function classOf(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v;
  return typeof v === 'number' ? String(v) : null;
}

/** The numeric entries of a stored `lypoints` map. */
export function lypointsOf(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, n] of Object.entries(v)) {
      const num = typeof n === 'number' ? n : typeof n === 'string' ? Number(n) : NaN;
      if (Number.isFinite(num)) out[k] = num;
    }
  }
  return out;
}

/**
 * The members' names and club a team import stored in a registration's regdata (`members`,
 * `club`), each only when there is one: `{ members?, club? }`.
 */
export function peopleOf(regdata: JsonMap): { members?: string[]; club?: string } {
  const members = Array.isArray(regdata.members)
    ? regdata.members.filter((m): m is string => typeof m === 'string' && m.trim() !== '')
    : [];
  const club = typeof regdata.club === 'string' ? regdata.club.trim() : '';
  return {
    ...(members.length > 0 ? { members } : {}),
    ...(club !== '' ? { club } : {}),
  };
}

/** The organiser's view of a team row (spec 01 §3, Team list entry). */
export function presentTeam(
  row: TeamRow,
  answers: number,
  extra: {
    registered: boolean;
    members: number;
    clock?: { offset: number; at: number } | undefined;
    /** The team's stored regdata (JSON text), for the people an import stored (peopleOf). */
    regdata?: string | null;
  } = { registered: false, members: 0 },
): TeamListEntry {
  const list: JsonMap = fromJsonMap(row.list);
  const { members: people, club } = peopleOf(fromJsonMap(extra.regdata));
  return {
    id: row.id,
    name: row.name,
    nr: row.nr,
    klassid: classOf(list.klassid),
    starttime: ms(list.starttime),
    finishtime: ms(list.finishtime),
    dsq: list.dsq === true,
    katk: list.katk === true,
    disabled: list.disabled === true,
    allowed: list.allowed === true,
    lypoints: lypointsOf(list.lypoints),
    answers,
    col: typeof list.col === 'string' && list.col !== '' ? list.col : null,
    devs:
      list.devs && typeof list.devs === 'object' && !Array.isArray(list.devs)
        ? Object.keys(list.devs)
        : [],
    defaultdev: typeof list.defaultdev === 'string' ? list.defaultdev : null,
    registered: extra.registered,
    members: extra.members,
    ...(extra.clock ? { clock: extra.clock } : {}),
    ...(people ? { people } : {}),
    ...(club !== undefined ? { club } : {}),
  };
}

/** One stored answer as the API shows it. */
export function presentTeamAnswer(row: TeamAnswerRow): TeamAnswerView {
  return {
    kpId: row.kp_id,
    answer: row.answer,
    ok: row.ok === null ? null : row.ok === 1,
    aeg: row.aeg,
  };
}

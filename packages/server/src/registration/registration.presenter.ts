import type {
  MyRegistration,
  PublicRegistration,
  RegField,
  RegistrationRow,
  RegUser,
} from '@rada/core';
import { fromJsonMap } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { UserRow } from '../users/user.repository.ts';
import { teamAllowed } from './newTeam.ts';
import { classOf, peopleOf } from '../teams/team.presenter.ts';

type TeamRow = Database['teams'];
type RegRow = Database['registrations'];

/** regdata's own keys, which are not form values. */
const OWN_KEYS = new Set(['regtime', 'orgcomment']);

/** The stored values of `fields` (by id) in a regdata map. */
export function valuesOf(regdata: JsonMap, fields: readonly RegField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (OWN_KEYS.has(f.id)) continue;
    const v = regdata[f.id];
    if (v !== undefined && v !== null) out[f.id] = v;
  }
  return out;
}

/** The class id of a team row's list entry, or null. */
const teamClass = (team: TeamRow): string | null => {
  const klassid = fromJsonMap(team.list).klassid;
  return typeof klassid === 'string' && klassid !== '' ? klassid : null;
};

const regtimeOf = (reg: RegRow | undefined, regdata: JsonMap): number | null => {
  if (reg?.regtime !== null && reg?.regtime !== undefined) return reg.regtime;
  return typeof regdata.regtime === 'number' ? regdata.regtime : null;
};

/** A team of the signed-in user with the values of the active fields (what the form edits). */
export function presentMine(
  team: TeamRow,
  reg: RegRow | undefined,
  active: readonly RegField[],
): MyRegistration {
  const regdata = fromJsonMap(reg?.regdata);
  return {
    teamId: team.id,
    name: team.name,
    klassid: teamClass(team),
    allowed: teamAllowed(team),
    regtime: regtimeOf(reg, regdata),
    values: valuesOf(regdata, active),
  };
}

/** A registered team as everyone sees it: only the public active fields' values. */
export function presentPublic(
  team: TeamRow,
  reg: RegRow,
  active: readonly RegField[],
): PublicRegistration {
  return {
    teamId: team.id,
    nr: team.nr,
    name: team.name,
    klassid: teamClass(team),
    allowed: teamAllowed(team),
    values: valuesOf(
      fromJsonMap(reg.regdata),
      active.filter((f) => f.public),
    ),
  };
}

export const presentRegUser = (u: UserRow): RegUser => ({
  uid: u.id,
  email: u.email,
  displayName: u.display_name,
  phone: u.phone,
});

/** One row of the organiser's registered-teams table: every field's value, deleted ones too. */
export function presentRow(
  team: TeamRow,
  reg: RegRow,
  fields: readonly RegField[],
  user: UserRow | undefined,
): RegistrationRow {
  const regdata = fromJsonMap(reg.regdata);
  return {
    teamId: team.id,
    nr: team.nr,
    name: team.name,
    klassid: classOf(fromJsonMap(team.list).klassid),
    allowed: teamAllowed(team),
    regtime: regtimeOf(reg, regdata),
    orgcomment: typeof regdata.orgcomment === 'string' ? regdata.orgcomment : '',
    values: valuesOf(regdata, fields),
    user: user ? presentRegUser(user) : null,
    ...peopleOf(regdata),
  };
}

/** Registration order: by registration time (unknown last), then by team id. */
export function byRegtime(
  a: { regtime: number | null; teamId: string },
  b: { regtime: number | null; teamId: string },
): number {
  const ta = a.regtime ?? Number.POSITIVE_INFINITY;
  const tb = b.regtime ?? Number.POSITIVE_INFINITY;
  return ta === tb ? a.teamId.localeCompare(b.teamId) : ta < tb ? -1 : 1;
}

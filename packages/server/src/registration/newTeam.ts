import { nextTeamNr, shownEmail, TEAM_COLOURS } from '@rada/core';
import { newId } from '../db/ids.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { Repos } from '../db/store.ts';
import type { UserRow } from '../users/user.repository.ts';

type TeamRow = Database['teams'];

export interface NewTeam {
  eventId: string;
  name: string;
  /** False while the organiser must confirm the team (`joinrequiresconfirmation`). */
  allowed: boolean;
  /** The user the team is made for: their name, email and phone go into the team's data. */
  user: UserRow | undefined;
  /** The class the team registered in, if any. */
  klassid?: string | null;
}

/**
 * Inserts a team for a registering or joining user: the next free number, the next colour in
 * turn, and the user's contact details in the team's data. Call it inside a transaction that has
 * touched the event row, so two new teams of one event never get the same number.
 */
export async function insertNewTeam(repos: Repos, t: NewTeam): Promise<TeamRow> {
  const nrs = await repos.registrations.teamNrs(t.eventId);
  const nr = nextTeamNr(nrs);
  const col = TEAM_COLOURS[nrs.length % TEAM_COLOURS.length] ?? TEAM_COLOURS[0];
  const data: Record<string, unknown> = {};
  if (t.user) {
    data.displayName = t.user.display_name;
    // A phone-only account's or a guest's made-up address is no contact.
    const email = shownEmail(t.user.email);
    if (email) data.email = email;
    if (t.user.phone) data.phone = t.user.phone;
  }
  const row: TeamRow = {
    event_id: t.eventId,
    id: newId(),
    name: t.name,
    nr,
    list: toJson({
      name: t.name,
      nr,
      col,
      allowed: t.allowed,
      ...(t.klassid ? { klassid: t.klassid } : {}),
    }),
    data: toJson(data),
    trackstat: null,
  };
  await repos.teams.insert(row);
  return row;
}

/** The allowed flag of a team row's list entry. */
export const teamAllowed = (row: Pick<TeamRow, 'list'>): boolean =>
  fromJsonMap(row.list).allowed === true;

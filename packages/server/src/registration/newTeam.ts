import { isTeamTimeInWindow, newTeamStart, nextTeamNr, shownEmail, teamColourAt } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { newId } from '../db/ids.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import type { Database } from '../db/schema.ts';
import type { Repos } from '../db/store.ts';
import type { EventRow } from '../events/event.repository.ts';
import { ms } from '../teams/team.presenter.ts';
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
  /** The event as read under its lock, and its raw settings (the start rule's). */
  event: Pick<EventRow, 'starttime' | 'endtime'>;
  settings: JsonMap;
  /** Who makes the team (the audit row of its start) and when. */
  actor: Actor;
  now: number;
}

/**
 * Inserts a team for a registering or joining user: the next free number, the next colour in
 * turn, the user's contact details in the team's data, and, when the event gives individual
 * starts, the next free start (core startRule.ts newTeamStart; none when it would fall outside
 * the event's team times), audited as a `team.starttime` change. Call it inside a transaction
 * that has touched the event row, so two new teams of one event never get the same number or
 * the same start.
 */
export async function insertNewTeam(repos: Repos, t: NewTeam): Promise<TeamRow> {
  const teams = await repos.teams.list(t.eventId);
  const nrs = teams.map((r) => r.nr);
  const next = newTeamStart(
    t.settings,
    teams.map((r) => ms(fromJsonMap(r.list).starttime)),
    t.now,
  );
  const starttime = next !== null && isTeamTimeInWindow(next, t.event) ? next : null;
  const nr = nextTeamNr(nrs);
  const col = teamColourAt(nrs.length);
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
      ...(starttime !== null ? { starttime } : {}),
    }),
    data: toJson(data),
    trackstat: null,
  };
  await repos.teams.insert(row);
  if (starttime !== null) {
    const path = `teams/${row.id}/list/starttime`;
    await repos.teams.insertAudit([
      auditRow(t.now, t.actor, t.eventId, 'team.starttime', path, null, starttime),
    ]);
  }
  return row;
}

/** The allowed flag of a team row's list entry. */
export const teamAllowed = (row: Pick<TeamRow, 'list'>): boolean =>
  fromJsonMap(row.list).allowed === true;

import {
  entryListToIof,
  localOffsetMinutes,
  personName,
  startListToIof,
  teamsCsv,
} from '@rada/core';
import type { IofEntry, TeamListEntry, TeamMembersView } from '@rada/core';
import type { TFunction } from 'i18next';

/** A file the Teams tab offers for download. */
export interface TeamsFile {
  name: string;
  type: string;
  text: string;
}

/** The teams as CSV `{event}-teams.csv`: headers in the user's language, classes by name. */
export function teamsCsvFile(
  teams: readonly TeamListEntry[],
  classes: ReadonlyMap<string, string>,
  extras: readonly string[],
  eventId: string,
  t: TFunction,
): TeamsFile {
  return {
    name: `${eventId}-teams.csv`,
    type: 'text/csv;charset=utf-8',
    text: teamsCsv(teams, {
      label: (key) => t(`teams.csv.${key}`),
      className: (id) => classes.get(id) ?? id,
      extras,
    }),
  };
}

/** The teams as IOF entries, with their members' names where known. */
function iofEntries(
  teams: readonly TeamListEntry[],
  members: TeamMembersView['members'] = {},
): IofEntry[] {
  return teams
    .filter((team) => !team.disabled)
    .map((team) => ({
      teamId: team.id,
      name: team.name,
      nr: team.nr,
      klassid: team.klassid,
      starttime: team.starttime,
      members: (members[team.id] ?? []).map(personName),
    }));
}

const XML = 'application/xml;charset=utf-8';

/** The event's id, name and starts as the IOF files need them. */
export interface IofEventInfo {
  id: string;
  name: string;
  /** The event's start (epoch ms): the start of teams without an own one. */
  starttime?: number | null;
  /** The massstarttimems setting: every team's start when set. */
  massStart?: number | null;
}

/**
 * An IOF XML 3.0 StartList of the teams' starts (this browser's offset): the mass start where
 * set, else each team's own start, else the event's start.
 */
export function startListFile(
  teams: readonly TeamListEntry[],
  classes: ReadonlyMap<string, string>,
  event: IofEventInfo,
): TeamsFile {
  return {
    name: `${event.id}-startlist.xml`,
    type: XML,
    text: startListToIof(iofEntries(teams), {
      eventName: event.name,
      classNames: classes,
      createTime: new Date().toISOString(),
      offsetMinutes: localOffsetMinutes,
      massStart: event.massStart ?? null,
      eventStart: event.starttime ?? null,
    }),
  };
}

/** An IOF XML 3.0 EntryList: each team with its class and members. */
export function entryListFile(
  teams: readonly TeamListEntry[],
  classes: ReadonlyMap<string, string>,
  members: TeamMembersView['members'],
  event: IofEventInfo,
): TeamsFile {
  return {
    name: `${event.id}-entrylist.xml`,
    type: XML,
    text: entryListToIof(iofEntries(teams, members), {
      eventName: event.name,
      classNames: classes,
      createTime: new Date().toISOString(),
      offsetMinutes: localOffsetMinutes,
    }),
  };
}

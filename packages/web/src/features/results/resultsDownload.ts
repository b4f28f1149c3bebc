import { localOffsetMinutes, personName, resultsToCsv, resultsToIof } from '@rada/core';
import type { IofPerson, IofTeamForm, ResultsView, TeamMembersView } from '@rada/core';
import type { TFunction } from 'i18next';
import { className } from './resultsTable.ts';

/** A file the results page offers for download. */
export interface ResultsFile {
  name: string;
  type: string;
  text: string;
}

/** Class id → display name for the exports, from the `klassid` map the results view carries. */
export function classNameMap(view: ResultsView): Map<string, string> {
  const names = new Map<string, string>();
  for (const id of Object.keys(view.settings.klassid)) {
    names.set(id, className(view.settings.klassid, id));
  }
  for (const r of view.results) {
    if (r.klassid !== null && !names.has(r.klassid)) names.set(r.klassid, r.klassid);
  }
  return names;
}

/**
 * The results as CSV, built in the browser with the same code as the command line's: headers and
 * statuses in the user's language, times with this browser's offset, the display settings applied.
 */
export function resultsCsvFile(view: ResultsView, eventId: string, t: TFunction): ResultsFile {
  return {
    name: `${eventId}-results.csv`,
    type: 'text/csv;charset=utf-8',
    text: resultsToCsv(view.results, {
      classNames: classNameMap(view),
      label: (key) => t(`results.csv.${key}`),
      display: view.settings,
      offsetMinutes: localOffsetMinutes,
    }),
  };
}

/** Team id → its members as IOF persons, from GET results/members' display names. */
export function iofMembers(members: TeamMembersView['members']): Map<string, IofPerson[]> {
  return new Map(Object.entries(members).map(([id, names]) => [id, names.map(personName)]));
}

/**
 * The results as an IOF XML 3.0 ResultList; `createTime` is when the results were computed, and
 * times carry this browser's offset. `teamForm` 'team' writes TeamResults with a
 * TeamMemberResult per known member (the team itself for teams without members); see
 * docs/interop.md.
 */
export function resultsIofFile(
  view: ResultsView,
  eventId: string,
  eventName: string,
  teamForm: IofTeamForm = 'person',
  members: ReadonlyMap<string, readonly IofPerson[]> = new Map(),
): ResultsFile {
  return {
    name: `${eventId}-results${teamForm === 'team' ? '-teams' : ''}.xml`,
    type: 'application/xml;charset=utf-8',
    text: resultsToIof(view.results, {
      eventName,
      classNames: classNameMap(view),
      createTime: new Date(view.computedAt).toISOString(),
      offsetMinutes: localOffsetMinutes,
      teamForm,
      members,
      display: view.settings,
    }),
  };
}

import { escapeXml, isoWithOffset, xmlDecimal } from '../xmlText.ts';
import type { ResultsDisplaySettings } from '../results.ts';
import type { TeamResult } from './types.ts';

/** The namespace of Rada's own elements in IOF `Extensions` (counts, the cross-class place). */
export const RADA_IOF_NAMESPACE = 'urn:rada:iof:1';

/** A person of a team, for the team form and the entry list. */
export interface IofPerson {
  given: string;
  family: string;
}

/**
 * How teams are written: `person` (each team is one PersonResult with the team name as the
 * person: what MeOS reads, since it refuses TeamResult) or `team` (a TeamResult with a
 * TeamMemberResult per known member, the team itself when none is known: for SportOrg; QuickEvent
 * imports no result lists). docs/interop.md says what each program reads.
 */
export type IofTeamForm = 'person' | 'team';

/** Options of the IOF writers; times come from the caller (the core never reads a clock). */
export interface IofOptions {
  eventName: string;
  classNames?: ReadonlyMap<string, string>;
  /** ISO 8601 time for the `createTime` attribute; omitted when not given. */
  createTime?: string;
  /** Minutes east of UTC at an instant, for StartTime and FinishTime (default +00:00). */
  offsetMinutes?: (t: number) => number;
  teamForm?: IofTeamForm;
  /** Known members per team id (registration data, team members), for the team form. */
  members?: ReadonlyMap<string, readonly IofPerson[]>;
  /** The event's display settings: no wrong count under `hidewrongmarks`, no distance without `distanceinresult`. */
  display?: Partial<Pick<ResultsDisplaySettings, 'hidewrongmarks' | 'distanceinresult'>>;
  /** The mass start (epoch ms): every team's start in the StartList when set (as in the results). */
  massStart?: number | null;
  /** The event's start (epoch ms): the StartTime of teams without an own or a mass start. */
  eventStart?: number | null;
}

/**
 * The class Id written for teams without a class: numeric and fixed, so MeOS (which parses Ids as
 * numbers) files them under one class on every import; far above any event's count of classes.
 */
export const IOF_NO_CLASS_ID = '9999';

/**
 * The class Name written for teams without a class. Fixed (not in the reader's language) so
 * that a second import, by anyone, finds the same class: SportOrg and QuickEvent match classes by
 * name, and an empty name crashes SportOrg and rolls back QuickEvent's import (docs/interop.md).
 */
export const IOF_NO_CLASS_NAME = 'No class';

/**
 * A bib as IOF's BibNumber: its digits when the bib is a whole number (SportOrg calls `int()` on
 * it), else null: a bib like `12B` is kept in Rada's Extensions only (docs/interop.md).
 */
export function iofBib(nr: string | null): string | null {
  const text = nr?.trim() ?? '';
  return /^[0-9]{1,9}$/.test(text) ? text : null;
}

/**
 * The IOF ResultStatus of a record: OK for finished teams in time, OverTime, Disqualified,
 * DidNotFinish for withdrawn (katk) and for running teams, DidNotStart for teams that have not
 * started. A running team is not `Active`: SportOrg reads every status it does not know as OK and
 * ranks the team by a finish at 00:00 (first); Rada's own `running` stays in Extensions.
 */
export function iofStatus(r: TeamResult): string {
  switch (r.status) {
    case 'dsq':
      return 'Disqualified';
    case 'katk':
      return 'DidNotFinish';
    case 'notstarted':
      return 'DidNotStart';
    case 'running':
      return 'DidNotFinish';
    case 'finished':
      return r.overtime ? 'OverTime' : 'OK';
  }
}

/** The penalties of a record as one positive number (checkpoint, time and speed penalties). */
const penaltyOf = (r: TeamResult) => r.kppenalty + r.timepenaltytotal + r.spdpenalty;

const points = (v: number) => xmlDecimal(v, 2);

/**
 * Splits a name into IOF's Given and Family: the last word is the family name, the words before
 * it the given name. Both parts are never empty, since SportOrg crashes on an empty Given and MeOS
 * reads it as `Family, `: a one-word name goes in both, an empty name is `?`. A team written as a
 * person is split the same way, so MeOS (which shows "Given Family") shows the team's name.
 */
export function personName(name: string): IofPerson {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { given: '?', family: '?' };
  if (words.length === 1) return { given: words[0]!, family: words[0]! };
  return { given: words.slice(0, -1).join(' '), family: words.at(-1)! };
}

/** Escaped text that holds something: a name of only characters XML cannot hold is `?`. */
const shownXml = (text: string, fallback = '?') => escapeXml(text).trim() || fallback;

/** A Name element with both parts non-empty (see personName). */
function nameXml(p: IofPerson): string {
  const given = escapeXml(p.given).trim();
  const family = escapeXml(p.family).trim();
  const g = given || family || '?';
  const f = family || given || '?';
  return `<Name><Family>${f}</Family><Given>${g}</Given></Name>`;
}

/** A team as an IOF Person: its id and its name split as a person's (the cup list's too). */
export const iofTeamPersonXml = (id: string, name: string) =>
  `<Person><Id>${escapeXml(id)}</Id>${nameXml(personName(name))}</Person>`;

/**
 * The team as an Organisation, with its id (SportOrg reads a TeamEntry's Organisation Id without a
 * check): the team column of SportOrg for the team form and the entry list.
 */
const teamOrgXml = (id: string, name: string) =>
  `<Organisation><Id>${escapeXml(id)}</Id><Name>${shownXml(name)}</Name></Organisation>`;

/** The bib as a BibNumber element when it is a number, else ''. */
const bibXml = (nr: string | null) => {
  const bib = iofBib(nr);
  return bib === null ? '' : `<BibNumber>${bib}</BibNumber>`;
};

/** The start written for a team: the mass start, its own, else the event's start. */
const startOfEntry = (own: number | null, options: IofOptions) =>
  options.massStart ?? own ?? options.eventStart ?? null;

/** The elements every result form shares, from StartTime on (in the schema's order). */
function timesXml(r: TeamResult, options: IofOptions): string[] {
  const out: string[] = [];
  // SportOrg reads a Result without StartTime as a crash: the event's start stands in.
  const start = r.starttime ?? options.eventStart ?? null;
  if (start !== null) {
    out.push(`<StartTime>${isoWithOffset(start, options.offsetMinutes)}</StartTime>`);
  }
  if (r.finishtime !== null && r.status !== 'running') {
    out.push(`<FinishTime>${isoWithOffset(r.finishtime, options.offsetMinutes)}</FinishTime>`);
  }
  if (r.spent !== null && r.status !== 'running') {
    out.push(`<Time>${Math.floor(r.spent / 1000)}</Time>`);
  }
  return out;
}

function scoresXml(r: TeamResult): string[] {
  return [
    `<Score type="Score">${points(r.sum)}</Score>`,
    `<Score type="Penalty">${points(penaltyOf(r))}</Score>`,
  ];
}

/** Rada's figures that IOF has no element for, in its own namespace. */
function extensionsXml(r: TeamResult, options: IofOptions): string {
  const display = options.display;
  const fields: [string, string | number][] = [
    ...(r.nr !== null ? [['BibNumber', r.nr] as [string, string]] : []),
    ['Status', r.status],
    ['KpSum', points(r.kpsum)],
    ['KpPenalty', points(r.kppenalty)],
    ['FirstKpsBonus', points(r.firstkpsbonus)],
    ['FirstBonus', points(r.firstbonus)],
    ['Extras', points(r.lypoints)],
    ['DistancePoints', points(r.dstpoints)],
    ['TimePenalty', points(r.timepenaltytotal)],
    ['SpeedPenalty', points(r.spdpenalty)],
    ['OkCount', r.okcount],
  ];
  if (display?.hidewrongmarks !== true) fields.push(['WrongCount', r.wrongcount]);
  if (r.overallplace !== null) fields.push(['OverallPosition', r.overallplace]);
  if (r.dst !== null && (!display || display.distanceinresult === true)) {
    fields.push(['Distance', xmlDecimal(r.dst, 3)]);
  }
  return `<Extensions>${fields.map(([k, v]) => `<rada:${k}>${escapeXml(String(v))}</rada:${k}>`).join('')}</Extensions>`;
}

function personResult(r: TeamResult, options: IofOptions, pad: string): string {
  const status = iofStatus(r);
  const bib = bibXml(r.nr);
  const result = [
    ...(bib ? [bib] : []),
    ...timesXml(r, options),
    ...(status === 'OK' && r.place !== null ? [`<Position>${r.place}</Position>`] : []),
    `<Status>${status}</Status>`,
    ...scoresXml(r),
    extensionsXml(r, options),
  ];
  return [
    `${pad}<PersonResult>`,
    `${pad}  <EntryId>${escapeXml(r.teamId)}</EntryId>`,
    `${pad}  ${iofTeamPersonXml(r.teamId, r.name)}`,
    `${pad}  <Result>`,
    ...result.map((l) => `${pad}    ${l}`),
    `${pad}  </Result>`,
    `${pad}</PersonResult>`,
  ].join('\n');
}

function teamResult(r: TeamResult, options: IofOptions, pad: string): string {
  const status = iofStatus(r);
  const ok = status === 'OK' && r.place !== null;
  const known = options.members?.get(r.teamId) ?? [];
  // A team without known members runs as itself (SportOrg skips a member without a Person).
  const members = known.length > 0 ? known : [personName(r.name)];
  const bib = bibXml(r.nr);
  const lines = [
    `${pad}<TeamResult>`,
    `${pad}  <EntryId>${escapeXml(r.teamId)}</EntryId>`,
    `${pad}  <Name>${escapeXml(r.name)}</Name>`,
    // SportOrg reads the team's BibNumber without a check: an empty one when there is no number.
    `${pad}  ${bib || '<BibNumber></BibNumber>'}`,
  ];
  // Every member ran the one leg together: each carries the team's times, place and status.
  for (const [i, person] of members.entries()) {
    lines.push(`${pad}  <TeamMemberResult>`);
    lines.push(`${pad}    <Person>${nameXml(person)}</Person>`);
    lines.push(`${pad}    ${teamOrgXml(r.teamId, r.name)}`);
    const result = [
      '<Leg>1</Leg>',
      `<LegOrder>${i + 1}</LegOrder>`,
      ...(bib ? [bib] : []),
      ...timesXml(r, options),
      ...(ok ? [`<Position type="Leg">${r.place}</Position>`] : []),
      `<Status>${status}</Status>`,
      ...scoresXml(r),
      '<OverallResult>' +
        (r.spent !== null && r.status !== 'running'
          ? `<Time>${Math.floor(r.spent / 1000)}</Time>`
          : '') +
        (ok ? `<Position>${r.place}</Position>` : '') +
        `<Status>${status}</Status></OverallResult>`,
    ];
    lines.push(
      `${pad}    <Result>`,
      ...result.map((l) => `${pad}      ${l}`),
      `${pad}    </Result>`,
    );
    lines.push(`${pad}  </TeamMemberResult>`);
  }
  lines.push(`${pad}  ${extensionsXml(r, options)}`, `${pad}</TeamResult>`);
  return lines.join('\n');
}

/** The records grouped by class in their order; teams without a class under IOF_NO_CLASS_ID. */
function byClass<T extends { klassid: string | null }>(
  rows: readonly T[],
): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const r of rows) {
    const list = groups.get(r.klassid);
    if (list) list.push(r);
    else groups.set(r.klassid, [r]);
  }
  return groups;
}

/**
 * Numeric class Ids: a class's 1-based position in the event's class map (`classNames`), classes
 * missing from it numbered on after the map in the order they come; MeOS parses a text Id as 0 and
 * makes a new class on every import. Rada's own key stays in the Class's Extensions.
 */
export function iofClassIds(
  classNames: ReadonlyMap<string, string> | undefined,
  keys: Iterable<string | null>,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const key of classNames?.keys() ?? []) ids.set(key, String(ids.size + 1));
  for (const key of keys) if (key !== null && !ids.has(key)) ids.set(key, String(ids.size + 1));
  return ids;
}

/** A Class element: numeric Id, a Name that is never empty, Rada's key in Extensions. */
export function iofClassXml(id: string, name: string, key: string | null): string {
  const shown = shownXml(name, shownXml(key ?? '', IOF_NO_CLASS_NAME));
  const ext = key === null ? '' : `<Extensions><rada:Key>${escapeXml(key)}</rada:Key></Extensions>`;
  return `<Class><Id>${id}</Id><Name>${shown}</Name>${ext}</Class>`;
}

function classXml(key: string | null, ids: ReadonlyMap<string, string>, options: IofOptions) {
  if (key === null) return iofClassXml(IOF_NO_CLASS_ID, IOF_NO_CLASS_NAME, null);
  return iofClassXml(ids.get(key) ?? IOF_NO_CLASS_ID, options.classNames?.get(key) ?? key, key);
}

/** The XML declaration, the root element with Rada's namespace, and the Event (shared with the cup list). */
export function iofHeader(
  root: string,
  status: string | null,
  options: Pick<IofOptions, 'eventName' | 'createTime'>,
): string[] {
  const created = options.createTime ? ` createTime="${escapeXml(options.createTime)}"` : '';
  const listStatus = status ? ` status="${status}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.orienteering.org/datastandard/3.0" xmlns:rada="${RADA_IOF_NAMESPACE}" iofVersion="3.0"${listStatus} creator="Rada"${created}>`,
    `  <Event><Name>${escapeXml(options.eventName)}</Name></Event>`,
  ];
}

/**
 * The results as an IOF XML 3.0 ResultList (docs/api.md, "IOF XML"): a ClassResult per class in
 * the records' order, every Class with an Id; each team as a PersonResult (default) or a
 * TeamResult (`teamForm: 'team'`). StartTime and FinishTime with their offset, whole-second Time,
 * Position only where the Status is OK, the sum as `Score type="Score"` and the penalties as
 * `Score type="Penalty"`, Rada's other figures in Extensions. The list is a Snapshot while any
 * team is running or is still to start after `createTime`, Complete after.
 */
export function resultsToIof(results: readonly TeamResult[], options: IofOptions): string {
  // A team still to start (its start after the list's time) keeps the list a Snapshot too.
  const made = options.createTime ? Date.parse(options.createTime) : NaN;
  const running = results.some(
    (r) =>
      r.status === 'running' ||
      (r.status === 'notstarted' && r.starttime !== null && r.starttime > made),
  );
  const out = iofHeader('ResultList', running ? 'Snapshot' : 'Complete', options);
  const write = options.teamForm === 'team' ? teamResult : personResult;
  const groups = byClass(results);
  const ids = iofClassIds(options.classNames, groups.keys());
  for (const [key, list] of groups) {
    out.push('  <ClassResult>', `    ${classXml(key, ids, options)}`);
    for (const r of list) out.push(write(r, options, '    '));
    out.push('  </ClassResult>');
  }
  out.push('</ResultList>');
  return out.join('\n') + '\n';
}

/** One team of a start or entry list. */
export interface IofEntry {
  teamId: string;
  name: string;
  nr: string | null;
  klassid: string | null;
  /** Own start time (epoch ms), or null. */
  starttime: number | null;
  /** When the team registered (epoch ms), or null. */
  entryTime?: number | null;
  members?: readonly IofPerson[];
}

/** The teams as an IOF XML 3.0 StartList: a ClassStart per class, a PersonStart per team. */
export function startListToIof(entries: readonly IofEntry[], options: IofOptions): string {
  const out = iofHeader('StartList', null, options);
  const groups = byClass(entries);
  const ids = iofClassIds(options.classNames, groups.keys());
  for (const [key, list] of groups) {
    out.push('  <ClassStart>', `    ${classXml(key, ids, options)}`);
    for (const e of list) {
      const at = startOfEntry(e.starttime, options);
      const start = [
        bibXml(e.nr),
        at !== null ? `<StartTime>${isoWithOffset(at, options.offsetMinutes)}</StartTime>` : '',
        e.nr !== null ? `<Extensions>${radaBib(e.nr)}</Extensions>` : '',
      ].join('');
      out.push(
        `    <PersonStart><EntryId>${escapeXml(e.teamId)}</EntryId>${iofTeamPersonXml(e.teamId, e.name)}<Start>${start}</Start></PersonStart>`,
      );
    }
    out.push('  </ClassStart>');
  }
  out.push('</StartList>');
  return out.join('\n') + '\n';
}

/** Rada's bib text, as written in Extensions. */
const radaBib = (nr: string) => `<rada:BibNumber>${escapeXml(nr)}</rada:BibNumber>`;

/**
 * The teams as an IOF XML 3.0 EntryList: a TeamEntry per team with the team's name also as its
 * Organisation, its known members (the team as its one member when none are known), its class,
 * and its bib in Extensions (IOF 3.0 has no BibNumber in entries).
 */
export function entryListToIof(entries: readonly IofEntry[], options: IofOptions): string {
  const out = iofHeader('EntryList', null, options);
  const ids = iofClassIds(
    options.classNames,
    entries.map((e) => e.klassid),
  );
  for (const e of entries) {
    const known = e.members ?? [];
    const members = (known.length > 0 ? known : [personName(e.name)])
      .map((p) => `<TeamEntryPerson><Person>${nameXml(p)}</Person></TeamEntryPerson>`)
      .join('');
    const entryTime =
      e.entryTime !== null && e.entryTime !== undefined
        ? `<EntryTime>${isoWithOffset(e.entryTime, options.offsetMinutes)}</EntryTime>`
        : '';
    out.push(
      `  <TeamEntry><Id>${escapeXml(e.teamId)}</Id><Name>${escapeXml(e.name)}</Name>${teamOrgXml(e.teamId, e.name)}${members}${classXml(e.klassid, ids, options)}${entryTime}${e.nr !== null ? `<Extensions>${radaBib(e.nr)}</Extensions>` : ''}</TeamEntry>`,
    );
  }
  out.push('</EntryList>');
  return out.join('\n') + '\n';
}

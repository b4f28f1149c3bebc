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
 * TeamMemberResult per known member: what SportOrg and QuickEvent read for relays and teams).
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
}

/** The class id written for teams without a class (IOF and SportOrg need an Id on every Class). */
export const IOF_NO_CLASS_ID = 'noclass';

/**
 * The IOF ResultStatus of a record: OK for finished teams in time, OverTime, Disqualified,
 * DidNotFinish for withdrawn (katk), Active for running teams, DidNotStart for teams that have
 * not started.
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
      return 'Active';
    case 'finished':
      return r.overtime ? 'OverTime' : 'OK';
  }
}

/** The penalties of a record as one positive number (checkpoint, time and speed penalties). */
const penaltyOf = (r: TeamResult) => r.kppenalty + r.timepenaltytotal + r.spdpenalty;

const points = (v: number) => xmlDecimal(v, 2);

/** Splits a name into IOF's Given and Family: the last word is the family name. */
export function personName(name: string): IofPerson {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { given: '', family: name.trim() };
  return { given: words.slice(0, -1).join(' '), family: words.at(-1)! };
}

const nameXml = (p: IofPerson) =>
  `<Name><Family>${escapeXml(p.family)}</Family><Given>${escapeXml(p.given)}</Given></Name>`;

/** The elements every result form shares, from StartTime on (in the schema's order). */
function timesXml(r: TeamResult, options: IofOptions): string[] {
  const out: string[] = [];
  if (r.starttime !== null) {
    out.push(`<StartTime>${isoWithOffset(r.starttime, options.offsetMinutes)}</StartTime>`);
  }
  if (r.finishtime !== null) {
    out.push(`<FinishTime>${isoWithOffset(r.finishtime, options.offsetMinutes)}</FinishTime>`);
  }
  if (r.spent !== null) out.push(`<Time>${Math.floor(r.spent / 1000)}</Time>`);
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
  const result = [
    ...(r.nr !== null ? [`<BibNumber>${escapeXml(r.nr)}</BibNumber>`] : []),
    ...timesXml(r, options),
    ...(status === 'OK' && r.place !== null ? [`<Position>${r.place}</Position>`] : []),
    `<Status>${status}</Status>`,
    ...scoresXml(r),
    extensionsXml(r, options),
  ];
  return [
    `${pad}<PersonResult>`,
    `${pad}  <EntryId>${escapeXml(r.teamId)}</EntryId>`,
    `${pad}  <Person><Id>${escapeXml(r.teamId)}</Id>${nameXml({ given: '', family: r.name })}</Person>`,
    `${pad}  <Result>`,
    ...result.map((l) => `${pad}    ${l}`),
    `${pad}  </Result>`,
    `${pad}</PersonResult>`,
  ].join('\n');
}

function teamResult(r: TeamResult, options: IofOptions, pad: string): string {
  const status = iofStatus(r);
  const ok = status === 'OK' && r.place !== null;
  const members = options.members?.get(r.teamId) ?? [];
  const lines = [
    `${pad}<TeamResult>`,
    `${pad}  <EntryId>${escapeXml(r.teamId)}</EntryId>`,
    `${pad}  <Name>${escapeXml(r.name)}</Name>`,
    ...(r.nr !== null ? [`${pad}  <BibNumber>${escapeXml(r.nr)}</BibNumber>`] : []),
  ];
  // Every member ran the one leg together: each carries the team's times, place and status.
  for (const [i, person] of (members.length > 0 ? members : [null]).entries()) {
    lines.push(`${pad}  <TeamMemberResult>`);
    if (person) lines.push(`${pad}    <Person>${nameXml(person)}</Person>`);
    const result = [
      '<Leg>1</Leg>',
      `<LegOrder>${i + 1}</LegOrder>`,
      ...(r.nr !== null ? [`<BibNumber>${escapeXml(r.nr)}</BibNumber>`] : []),
      ...timesXml(r, options),
      ...(ok ? [`<Position type="Leg">${r.place}</Position>`] : []),
      `<Status>${status}</Status>`,
      ...scoresXml(r),
      '<OverallResult>' +
        (r.spent !== null ? `<Time>${Math.floor(r.spent / 1000)}</Time>` : '') +
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

function classXml(key: string | null, options: IofOptions): string {
  const name = key === null ? '' : (options.classNames?.get(key) ?? key);
  return `<Class><Id>${escapeXml(key ?? IOF_NO_CLASS_ID)}</Id><Name>${escapeXml(name)}</Name></Class>`;
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
 * team is running, Complete after.
 */
export function resultsToIof(results: readonly TeamResult[], options: IofOptions): string {
  const running = results.some((r) => r.status === 'running');
  const out = iofHeader('ResultList', running ? 'Snapshot' : 'Complete', options);
  const write = options.teamForm === 'team' ? teamResult : personResult;
  for (const [key, list] of byClass(results)) {
    out.push('  <ClassResult>', `    ${classXml(key, options)}`);
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
  for (const [key, list] of byClass(entries)) {
    out.push('  <ClassStart>', `    ${classXml(key, options)}`);
    for (const e of list) {
      const start = [
        ...(e.nr !== null ? [`<BibNumber>${escapeXml(e.nr)}</BibNumber>`] : []),
        ...(e.starttime !== null
          ? [`<StartTime>${isoWithOffset(e.starttime, options.offsetMinutes)}</StartTime>`]
          : []),
      ].join('');
      out.push(
        `    <PersonStart><EntryId>${escapeXml(e.teamId)}</EntryId><Person><Id>${escapeXml(e.teamId)}</Id>${nameXml({ given: '', family: e.name })}</Person><Start>${start}</Start></PersonStart>`,
      );
    }
    out.push('  </ClassStart>');
  }
  out.push('</StartList>');
  return out.join('\n') + '\n';
}

/** The teams as an IOF XML 3.0 EntryList: a TeamEntry per team with its known members. */
export function entryListToIof(entries: readonly IofEntry[], options: IofOptions): string {
  const out = iofHeader('EntryList', null, options);
  for (const e of entries) {
    const members = (e.members ?? [])
      .map((p) => `<TeamEntryPerson><Person>${nameXml(p)}</Person></TeamEntryPerson>`)
      .join('');
    const entryTime =
      e.entryTime !== null && e.entryTime !== undefined
        ? `<EntryTime>${isoWithOffset(e.entryTime, options.offsetMinutes)}</EntryTime>`
        : '';
    out.push(
      `  <TeamEntry><Id>${escapeXml(e.teamId)}</Id><Name>${escapeXml(e.name)}</Name>${members}${classXml(e.klassid, options)}${entryTime}</TeamEntry>`,
    );
  }
  out.push('</EntryList>');
  return out.join('\n') + '\n';
}

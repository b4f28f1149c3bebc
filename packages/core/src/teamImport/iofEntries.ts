import { decodeImportFile } from '../checkpoints/decode.ts';
import {
  childElements,
  localName,
  parseXml,
  textOf,
  XmlSyntaxError,
  type XmlElement,
} from '../checkpoints/xml.ts';
import { isIof2, rawTeams2 } from './iof2.ts';
import {
  child,
  childText,
  cleanText,
  cut,
  descendant,
  fullName,
  rawTime,
  type RawTeam,
  type RawTime,
} from './rawTeam.ts';
import { IOF_NO_CLASS_ID, IOF_NO_CLASS_NAME } from '../scoring/exportIof.ts';
import { DEFAULT_TIME_ZONE, startOfZonedDay, type CalendarDate } from '../timeZone.ts';
import { TEAM_TIME_MAX, TEAM_TIME_MIN } from '../teamTimes.ts';
import {
  TEAM_IMPORT_LIMITS,
  type TeamImportInput,
  type TeamImportIssue,
  type TeamImportPreview,
  type TeamImportRow,
} from './types.ts';

/**
 * Reads teams from an IOF XML 3.0 EntryList (PersonEntry, TeamEntry) or StartList (PersonStart,
 * TeamStart), as Eventor, SportOrg, MeOS, QuickEvent and Rada write them, and from an IOF XML
 * 2.0.3 EntryList or StartList (iof2.ts: OE2010, older MeOS and SportOrg, Eventor's 2.0.3 API);
 * docs/team-import.md. Pure: the caller gives the bytes, the event's time zone (for times without
 * an offset) and the event's date (for 2.0.3 clocks without a date).
 */

export interface IofTeamOptions {
  /** The IANA zone a time without an offset is read in (SportOrg writes local times). */
  timeZone?: string;
  /**
   * The date of the event imported into, in its zone: the day of an IOF 2.0.3 start Clock the
   * file gives no Date for (neither in the StartTime nor as the Event's StartDate).
   */
  eventDate?: CalendarDate;
}

/** "Given Family" of a Person. */
function personName(person: XmlElement | undefined): string {
  const name = child(person, 'Name');
  if (!name) return '';
  return fullName(childText(name, 'Given'), childText(name, 'Family'));
}

/** The Contact of a type among the given elements' Contact children. */
function contact(els: readonly (XmlElement | undefined)[], types: readonly string[]): string {
  for (const el of els) {
    if (!el) continue;
    for (const c of childElements(el, 'Contact')) {
      const type = (c.attrs.type ?? '').trim();
      const value = cleanText(textOf(c));
      if (value !== '' && types.includes(type)) return value;
    }
  }
  return '';
}
const EMAIL_TYPES = ['EmailAddress'];
const PHONE_TYPES = ['MobilePhoneNumber', 'PhoneNumber'];

/** An Organisation's Name, else its ShortName. */
const clubOf = (el: XmlElement | undefined): string => {
  const org = child(el, 'Organisation');
  return org ? childText(org, 'Name') || childText(org, 'ShortName') : '';
};

/**
 * A Class's Name, else its ShortName; '' for none, and for the class Rada writes for teams
 * without one (IOF_NO_CLASS_ID 9999 named IOF_NO_CLASS_NAME).
 */
function classOf(cls: XmlElement | undefined): string {
  if (!cls) return '';
  const name = childText(cls, 'Name') || childText(cls, 'ShortName');
  return name === IOF_NO_CLASS_NAME && childText(cls, 'Id') === IOF_NO_CLASS_ID ? '' : name;
}

/** A bib: the entry's own BibNumber (not in the 3.0 schema for entries, written by some), else one in its Extensions. */
function bibOf(el: XmlElement): string {
  const own = childText(el, 'BibNumber');
  if (own !== '') return own;
  const ext = child(el, 'Extensions');
  const inExt = ext ? descendant(ext, 'BibNumber') : undefined;
  return inExt ? cleanText(textOf(inExt)) : '';
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An IOF dateTime as epoch ms: with `Z` or an offset as given, without one as a wall clock in
 * `zone`. Null when it is no date and time.
 */
export function iofTime(text: string, zone: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const s = m[6] ? Number(m[6]) : 0;
  const frac = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, frac);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCDate() !== d) return null; // 31 April
  const zoneText = m[8];
  if (zoneText === undefined) {
    if (y < 1970 || y > 2200) return null;
    // The zone's offset at that day's start: a time on a day the clocks change may be an hour off.
    return startOfZonedDay({ year: y, month: mo, day: d }, zone) + (wall - date.getTime());
  }
  if (zoneText.toUpperCase() === 'Z') return wall;
  const sign = zoneText[0] === '-' ? -1 : 1;
  const digits = zoneText.slice(1).replace(':', '');
  const oh = Number(digits.slice(0, 2));
  const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (oh > 14 || om > 59) return null;
  return wall - sign * (oh * 60 + om) * 60_000;
}

function personEntry(el: XmlElement, className: string): RawTeam {
  const person = child(el, 'Person');
  const name = personName(person);
  const start = child(el, 'Start');
  return {
    line: el.line,
    name,
    nr: bibOf(el) || (start ? bibOf(start) : ''),
    className: classOf(child(el, 'Class')) || className,
    members: name === '' ? [] : [name],
    club: clubOf(el),
    email: contact([person], EMAIL_TYPES),
    phone: contact([person], PHONE_TYPES),
    start: rawTime('StartTime', childText(start, 'StartTime')),
    entry: rawTime('EntryTime', childText(el, 'EntryTime')),
  };
}

function teamEntry(el: XmlElement, className: string): RawTeam {
  const people = [...childElements(el, 'TeamEntryPerson'), ...childElements(el, 'TeamMemberStart')];
  const persons = people.map((p) => child(p, 'Person'));
  const starts = people.map((p) => child(p, 'Start')).filter((s) => s !== undefined);
  const info = childText(el, 'ContactInformation');
  const name = childText(el, 'Name');
  const named = persons.map(personName).filter((n) => n !== '');
  // A team written as its own one member, or as its own club (Rada, SportOrg's team column), is
  // the team: no member, no club.
  const members = named.length === 1 && named[0] === name ? [] : named;
  const club = clubOf(el);
  // A team starts with its first member (a relay's first leg): the earliest time given.
  const firstStart = starts
    .map((s) => childText(s, 'StartTime'))
    .filter((t) => t !== '')
    .sort()[0];
  return {
    line: el.line,
    name,
    nr: bibOf(el) || starts.map(bibOf).find((b) => b !== '') || '',
    className: classOf(child(el, 'Class')) || className,
    members,
    club: club === name ? '' : club,
    email: contact(persons, EMAIL_TYPES) || (/^\S+@\S+\.\S+$/.test(info) ? info : ''),
    phone: contact(persons, PHONE_TYPES) || (/^\+?[\d\s()-]{6,}$/.test(info) ? info : ''),
    start: rawTime('StartTime', firstStart ?? ''),
    entry: rawTime('EntryTime', childText(el, 'EntryTime')),
  };
}

/** The entries of the list with the class each inherits from its ClassStart. */
function rawTeams(root: XmlElement): RawTeam[] {
  const out: RawTeam[] = [];
  const read = (el: XmlElement, className: string) => {
    const name = localName(el.name);
    if (name === 'PersonEntry' || name === 'PersonStart') out.push(personEntry(el, className));
    else if (name === 'TeamEntry' || name === 'TeamStart') out.push(teamEntry(el, className));
  };
  for (const el of childElements(root)) {
    if (localName(el.name) === 'ClassStart') {
      const className = classOf(child(el, 'Class'));
      for (const inner of childElements(el)) read(inner, className);
    } else read(el, '');
  }
  return out;
}

/** Checks one entry: a row with its input, or its errors. */
function checkTeam(raw: RawTeam, zone: string): TeamImportRow {
  const errors: TeamImportIssue[] = [];
  const long = (field: string, value: string, max: number) => {
    if ([...value].length > max) errors.push({ key: 'teamimport.err.toolong', field, max });
  };
  if (raw.name === '') errors.push({ key: 'teamimport.err.noname' });
  long('name', raw.name, TEAM_IMPORT_LIMITS.name);
  long('nr', raw.nr, TEAM_IMPORT_LIMITS.nr);
  long('class', raw.className, TEAM_IMPORT_LIMITS.className);
  long('club', raw.club, TEAM_IMPORT_LIMITS.club);
  long('email', raw.email, TEAM_IMPORT_LIMITS.email);
  long('phone', raw.phone, TEAM_IMPORT_LIMITS.phone);
  const longMember = raw.members.find((m) => [...m].length > TEAM_IMPORT_LIMITS.member);
  if (longMember !== undefined) long('member', longMember, TEAM_IMPORT_LIMITS.member);
  if (raw.members.length > TEAM_IMPORT_LIMITS.members) {
    errors.push({
      key: 'teamimport.err.toomanymembers',
      count: raw.members.length,
      max: TEAM_IMPORT_LIMITS.members,
    });
  }
  const time = (given: RawTime | null): number | null => {
    if (given === null) return null;
    const { field, text } = given;
    if (given.undated) {
      errors.push({ key: 'teamimport.err.nodate', field, value: cut(text) });
      return null;
    }
    const t = iofTime(text, zone);
    if (t === null || t < TEAM_TIME_MIN || t > TEAM_TIME_MAX) {
      errors.push({ key: 'teamimport.err.badtime', field, value: cut(text) });
      return null;
    }
    return t;
  };
  const starttime = time(raw.start);
  const entryTime = time(raw.entry);
  const label = cut(raw.name);
  if (errors.length > 0) return { line: raw.line, label, input: null, errors };
  const input: TeamImportInput = { name: raw.name };
  if (raw.nr !== '') input.nr = raw.nr;
  if (raw.className !== '') input.className = raw.className;
  if (starttime !== null) input.starttime = starttime;
  if (raw.members.length > 0) input.members = raw.members;
  if (raw.club !== '') input.club = raw.club;
  if (raw.email !== '') input.email = raw.email;
  if (raw.phone !== '') input.phone = raw.phone;
  if (entryTime !== null) input.entryTime = entryTime;
  return { line: raw.line, label, input, errors };
}

const fileError = (issue: TeamImportIssue): TeamImportPreview => ({
  list: null,
  creator: null,
  rows: [],
  fileError: issue,
});

/**
 * Previews the teams of an IOF XML 3.0 or 2.0.3 EntryList or StartList text. File errors: not
 * XML (`teamimport.err.notxml`), broken XML (`badxml`, its line), another root (`notentrylist`,
 * its name, e.g. a ResultList of either version), no entries (`noteams`), more than
 * TEAM_IMPORT_LIMITS.teams (`toomany`).
 */
export function parseIofTeams(text: string, options: IofTeamOptions = {}): TeamImportPreview {
  const zone = options.timeZone ?? DEFAULT_TIME_ZONE;
  let root: XmlElement;
  try {
    root = parseXml(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    if (e instanceof XmlSyntaxError && e.line !== null)
      return fileError({ key: 'teamimport.err.badxml', line: e.line });
    return fileError({ key: 'teamimport.err.notxml' });
  }
  const rootName = localName(root.name);
  if (rootName !== 'EntryList' && rootName !== 'StartList') {
    return fileError({ key: 'teamimport.err.notentrylist', value: cut(rootName) });
  }
  const raws = isIof2(root) ? rawTeams2(root, options.eventDate) : rawTeams(root);
  if (raws.length === 0) return fileError({ key: 'teamimport.err.noteams' });
  if (raws.length > TEAM_IMPORT_LIMITS.teams) {
    return fileError({
      key: 'teamimport.err.toomany',
      count: raws.length,
      max: TEAM_IMPORT_LIMITS.teams,
    });
  }
  const creator = cleanText(root.attrs.creator ?? '');
  return {
    list: rootName,
    creator: creator === '' ? null : cut(creator),
    rows: raws.map((raw) => checkTeam(raw, zone)),
    fileError: null,
  };
}

/**
 * Previews an uploaded team file: decodes the bytes (UTF-8, then ISO-8859-1; `bad fail.....` when
 * neither) and reads them with `parseIofTeams`.
 */
export function parseIofTeamFile(
  bytes: Uint8Array,
  options: IofTeamOptions = {},
): TeamImportPreview {
  const decoded = decodeImportFile(bytes);
  if (!decoded.ok) return fileError({ key: 'bad fail.....' });
  return parseIofTeams(decoded.text, options);
}

import { childElements, localName, textOf, type XmlElement } from '../checkpoints/xml.ts';
import type { CalendarDate } from '../timeZone.ts';
import {
  child,
  childText,
  cleanText,
  fullName,
  rawTime,
  type RawTeam,
  type RawTime,
} from './rawTeam.ts';

/**
 * Reads the entries of an IOF XML 2.0.3 EntryList (ClubEntry/Entry, a team Entry's TeamName and
 * TeamCompetitor) or StartList (ClassStart/PersonStart, TeamStart), as OE2010/SportSoftware, older
 * MeOS and SportOrg, Eventor's 2.0.3 API and OLResultat write them, into the rows the IOF XML 3.0
 * reader gives (docs/team-import.md). Lenient like that reader: namespaces ignored, elements in any
 * order, also the 3.0-like names some writers mix in (TeamEntry, TeamEntryPerson, TeamStartPerson).
 */

/**
 * Whether the root is an IOF 2.0.3 list: it has an IOFVersion child or an iofVersion of 2.x, or,
 * without an iofVersion (which every 3.0 list has; IOFVersion is optional in 2.0.3), it holds
 * 2.0.3's own elements: a ClubEntry or an Entry (Eventor's API), or a ClassStart naming its class
 * by ClassShortName or ClassId.
 */
export function isIof2(root: XmlElement): boolean {
  if (childElements(root, 'IOFVersion').length > 0) return true;
  const version = root.attrs.iofVersion;
  if (version !== undefined) return /^\s*2/.test(version);
  return childElements(root).some((el) => {
    const name = localName(el.name);
    return (
      name === 'ClubEntry' ||
      name === 'Entry' ||
      (name === 'ClassStart' && (child(el, 'ClassShortName') ?? child(el, 'ClassId')) !== undefined)
    );
  });
}

/** What every entry of the file reads with: the class definitions and the day of undated clocks. */
interface Context {
  /** ClassId → name, from the Class elements anywhere in the file (e.g. a ClassData list). */
  classes: ReadonlyMap<string, string>;
  /** YYYY-MM-DD of a Clock without a Date: the Event's StartDate, else the event's date; or ''. */
  day: string;
}

const CLASS_ELEMENTS = new Set(['Class', 'EventClass']);
/** A class's id: ClassId, or Eventor's EventClassId. */
const classIdOf = (el: XmlElement) => childText(el, 'ClassId') || childText(el, 'EventClassId');

/**
 * Every Class (and Eventor's EventClass) with an id and a name, first one per id; iteratively, as
 * deep as the file goes.
 */
function classDefinitions(root: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  const stack = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (CLASS_ELEMENTS.has(localName(el.name))) {
      const id = classIdOf(el);
      const name = childText(el, 'ClassShortName') || childText(el, 'Name');
      if (id !== '' && name !== '' && !out.has(id)) out.set(id, name);
    }
    const children = childElements(el);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/**
 * The class an EntryClass, ClassStart or Class names: its ClassShortName (the name 2.0.3 lists
 * use), a Class's Name, a Class inside it; else its ClassId through the file's Class definitions,
 * else the id itself (as MeOS names an unknown class by its id).
 */
function classOf(el: XmlElement | undefined, ctx: Context): string {
  if (!el) return '';
  const isClass = CLASS_ELEMENTS.has(localName(el.name));
  const named = childText(el, 'ClassShortName') || (isClass ? childText(el, 'Name') : '');
  if (named !== '') return named;
  const inner = isClass ? '' : classOf(child(el, 'Class'), ctx);
  if (inner !== '') return inner;
  const id = classIdOf(el);
  return id === '' ? '' : (ctx.classes.get(id) ?? id);
}

/** A Club's Name, else its ShortName; '' for none or a ClubId alone (a number, no name). */
const clubOf = (el: XmlElement | undefined): string => {
  const club = child(el, 'Club');
  return club ? childText(club, 'Name') || childText(club, 'ShortName') : '';
};

/** "Given Family" of a Person's PersonName; several Given parts in their `sequence` order. */
function personName(person: XmlElement | undefined): string {
  const name = child(person, 'PersonName');
  if (!name) return '';
  const seq = (g: XmlElement) => Number(g.attrs.sequence ?? '') || 0;
  const given = childElements(name, 'Given')
    .map((g, i) => ({ g, i }))
    .sort((a, b) => seq(a.g) - seq(b.g) || a.i - b.i)
    .map(({ g }) => cleanText(textOf(g)))
    .filter((g) => g !== '')
    .join(' ');
  return fullName(given, childText(name, 'Family'));
}

/** An attribute of the first of the people's Tele elements that has it (2.0.3's contacts). */
function tele(persons: readonly (XmlElement | undefined)[], attrs: readonly string[]): string {
  for (const person of persons) {
    if (!person) continue;
    for (const t of childElements(person, 'Tele')) {
      for (const attr of attrs) {
        const value = cleanText(t.attrs[attr] ?? '');
        if (value !== '') return value;
      }
    }
  }
  return '';
}
const EMAIL_ATTRS = ['mailAddress'];
const PHONE_ATTRS = ['mobilePhoneNumber', 'phoneNumber'];

/** A clock as hh:mm:ss for a dateTime: "9:05:00" → "09:05:00". */
const clock = (text: string) => (/^\d[:.]/.test(text) ? `0${text}` : text);

/**
 * A 2.0.3 time element (Date?, Clock?) as a RawTime: "Date" "T" "Clock", the Date from the
 * element else `ctx.day`; a Clock with neither is undated. A Date without a Clock is midnight
 * when `clockOptional` (EntryDate), else left as the date (not a time: a row error).
 */
function dated(
  field: string,
  el: XmlElement | undefined,
  ctx: Context,
  clockOptional: boolean,
): RawTime | null {
  if (!el) return null;
  const time = clock(childText(el, 'Clock'));
  const date = childText(el, 'Date');
  // No Date and no Clock: a writer that put the dateTime in the element's text (or nothing).
  if (time === '' && date === '') return rawTime(field, cleanText(textOf(el)));
  const day = date || ctx.day;
  if (day === '') return { field, text: time, undated: true };
  if (time === '') return { field, text: clockOptional ? `${day}T00:00:00` : day };
  return { field, text: `${day}T${time}` };
}

/** An entry's or a member's Start: its own, else its first RaceStart's (a multi-race event). */
const startOf = (el: XmlElement): XmlElement | undefined =>
  child(el, 'Start') ?? child(child(el, 'RaceStart'), 'Start');

/** A bib: the element's BibNumber (what is on the chest), else its StartNumber. */
const bibOf = (el: XmlElement | undefined): string =>
  childText(el, 'BibNumber') || childText(el, 'StartNumber');

interface Inherited {
  className: string;
  club: string;
}

/** An entry's or a member's Person: its own, else in Eventor's Competitor. */
const personOf = (el: XmlElement): XmlElement | undefined =>
  child(el, 'Person') ?? child(child(el, 'Competitor'), 'Person');

/** An Entry of a person, a PersonStart or a PersonEntry: a one-person team. */
function personEntry(el: XmlElement, from: Inherited, ctx: Context): RawTeam {
  const person = personOf(el);
  const name = personName(person);
  const start = startOf(el);
  return {
    line: el.line,
    name,
    nr: bibOf(el) || bibOf(start),
    className: classOf(child(el, 'EntryClass') ?? child(el, 'Class'), ctx) || from.className,
    members: name === '' ? [] : [name],
    club: clubOf(el) || from.club,
    email: tele([person], EMAIL_ATTRS),
    phone: tele([person], PHONE_ATTRS),
    start: dated('StartTime', child(start, 'StartTime'), ctx, false),
    entry: dated('EntryDate', child(el, 'EntryDate'), ctx, true),
  };
}

const MEMBER_ELEMENTS = new Set([
  'TeamCompetitor',
  'PersonStart',
  'TeamStartPerson',
  'TeamEntryPerson',
  'TeamMemberStart',
]);

/** A member's leg (TeamSequence, its own or its Start's); 0 when it gives none. */
const legOf = (member: XmlElement): number =>
  Number(childText(member, 'TeamSequence') || childText(startOf(member), 'TeamSequence')) || 0;

/** A team Entry (TeamName and TeamCompetitors), a TeamStart, or a TeamEntry. */
function teamEntry(el: XmlElement, from: Inherited, ctx: Context): RawTeam {
  let people = childElements(el).filter((c) => MEMBER_ELEMENTS.has(localName(c.name)));
  // In leg order when every member says its leg (a relay), else as written.
  if (people.every((p) => legOf(p) > 0)) people = [...people].sort((a, b) => legOf(a) - legOf(b));
  const persons = people.map(personOf);
  const named = persons.map(personName).filter((n) => n !== '');
  // A patrol written without a TeamName (MeOS's start lists for Eventor): its members' names.
  const name = childText(el, 'TeamName') || childText(el, 'Name') || named.join(' / ');
  // A team written as its own one member, or as its own club, is the team: no member, no club.
  const members = named.length === 1 && named[0] === name ? [] : named;
  // The team's club, its ClubEntry's, else the one club all its members run for (MeOS).
  const memberClubs = new Set(people.map(clubOf).filter((c) => c !== ''));
  const club = clubOf(el) || from.club || (memberClubs.size === 1 ? [...memberClubs][0]! : '');
  const starts = people.map(startOf).filter((s) => s !== undefined);
  // A team starts with its first member (a relay's first leg): the earliest time given.
  const firstStart = starts
    .map((s) => dated('StartTime', child(s, 'StartTime'), ctx, false))
    .filter((t) => t !== null)
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))[0];
  // Members share the team's StartNumber; a BibNumber may carry the leg ("21-1").
  const memberNr =
    starts.map((s) => childText(s, 'StartNumber')).find((n) => n !== '') ??
    starts.map((s) => childText(s, 'BibNumber')).find((n) => n !== '') ??
    '';
  return {
    line: el.line,
    name,
    nr: bibOf(el) || memberNr,
    className: classOf(child(el, 'EntryClass') ?? child(el, 'Class'), ctx) || from.className,
    members,
    club: club === name ? '' : club,
    email: tele(persons, EMAIL_ATTRS),
    phone: tele(persons, PHONE_ATTRS),
    start: firstStart ?? null,
    entry: dated('EntryDate', child(el, 'EntryDate'), ctx, true),
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The entries of a 2.0.3 list, each with the class of its ClassStart and the club of its
 * ClubEntry. `eventDate`: the day of a start Clock when neither it nor the file's Event/StartDate
 * has a Date.
 */
export function rawTeams2(root: XmlElement, eventDate?: CalendarDate): RawTeam[] {
  const fileDay = childText(child(child(root, 'Event'), 'StartDate'), 'Date');
  const ctx: Context = {
    classes: classDefinitions(root),
    day:
      fileDay ||
      (eventDate
        ? `${pad(eventDate.year, 4)}-${pad(eventDate.month, 2)}-${pad(eventDate.day, 2)}`
        : ''),
  };
  const out: RawTeam[] = [];
  const read = (el: XmlElement, from: Inherited) => {
    switch (localName(el.name)) {
      case 'ClubEntry': {
        const club = clubOf(el) || from.club;
        for (const inner of childElements(el)) read(inner, { ...from, club });
        break;
      }
      case 'ClassStart': {
        const className = classOf(el, ctx) || from.className;
        for (const inner of childElements(el)) read(inner, { ...from, className });
        break;
      }
      case 'Entry':
        if (child(el, 'TeamName') || child(el, 'TeamCompetitor'))
          out.push(teamEntry(el, from, ctx));
        else out.push(personEntry(el, from, ctx));
        break;
      case 'TeamEntry':
      case 'TeamStart':
        out.push(teamEntry(el, from, ctx));
        break;
      case 'PersonEntry':
      case 'PersonStart':
        out.push(personEntry(el, from, ctx));
        break;
    }
  };
  for (const el of childElements(root)) read(el, { className: '', club: '' });
  return out;
}

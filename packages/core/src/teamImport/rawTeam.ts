import { childElements, localName, textOf, type XmlElement } from '../checkpoints/xml.ts';

/**
 * What the IOF XML 3.0 reader (iofEntries.ts) and the IOF XML 2.0.3 reader (iof2.ts) share: the
 * entry as a file says it before the checks, and the small element helpers both use.
 */

/** A time as the file writes it, before it is read. */
export interface RawTime {
  /** The element it came from (StartTime, EntryTime, EntryDate), for an error. */
  field: string;
  /** An IOF dateTime (a 2.0.3 Date and Clock joined with a `T`), or a clock alone when undated. */
  text: string;
  /** A 2.0.3 Clock with no Date in the file and no event date given: it cannot be placed. */
  undated?: boolean;
}

/** What one entry of the file says, before the checks. */
export interface RawTeam {
  line: number;
  name: string;
  nr: string;
  className: string;
  members: string[];
  club: string;
  email: string;
  phone: string;
  start: RawTime | null;
  entry: RawTime | null;
}

/** Longest `value` of an issue, an ellipsis included. */
const VALUE_MAX = 40;
export const cut = (text: string): string => {
  const chars = [...text.trim()];
  return chars.length <= VALUE_MAX ? chars.join('') : chars.slice(0, VALUE_MAX - 1).join('') + '…';
};

/** Text with runs of whitespace (tabs, line breaks, no-break spaces) as one space, trimmed. */
export const cleanText = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el ? childElements(el, name)[0] : undefined;
export const childText = (el: XmlElement | undefined, name: string): string => {
  const c = child(el, name);
  return c ? cleanText(textOf(c)) : '';
};

/** The first descendant with a local name (depth first), for elements some writers nest. */
export function descendant(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of childElements(el)) {
    if (localName(c.name) === name) return c;
    const inner = descendant(c, name);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * "Given Family": SportOrg's "_" for a missing given name dropped, and a one-word name written
 * in both parts (Rada, for SportOrg's sake) that one word.
 */
export function fullName(given: string, family: string): string {
  if (given === family || given === '_' || given === '') return family || given.replace('_', '');
  return cleanText(`${given} ${family}`);
}

/** A time element's RawTime, or null when it is empty. */
export const rawTime = (field: string, text: string): RawTime | null =>
  text === '' ? null : { field, text };

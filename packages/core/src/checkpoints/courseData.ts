import { baseValue, kpValue } from '../scoring/value.ts';
import { plainDecimal } from '../xmlText.ts';
import { parseNrCell } from './csvColumns.ts';
import {
  checkInput,
  importIssue,
  type ImportIssue,
  type ImportPreview,
  type ImportRow,
} from './preview.ts';
import type { Checkpoint, LatLng } from './types.ts';
import {
  childElements,
  escapeXml,
  localName,
  parseXml,
  textOf,
  XmlSyntaxError,
  type XmlElement,
} from './xml.ts';

/** The IOF XML 3.0 namespace, the default namespace of the CourseData Rada writes. */
const IOF_NAMESPACE = 'http://www.orienteering.org/datastandard/3.0';

/** IOF 3.0 control types (`ControlType`); only `Control` is a checkpoint. */
export type IofControlType = 'Control' | 'Start' | 'Finish' | 'CrossingPoint' | 'EndOfMarkedRoute';
const CONTROL_TYPES: readonly string[] = [
  'Control',
  'Start',
  'Finish',
  'CrossingPoint',
  'EndOfMarkedRoute',
];

/**
 * The event's value table (`rakoef`, spec 03 §3) as an index → entry record, or null. Settings
 * hold it as a list (`[null, 10, 20, 30]`); an object keyed by class works too.
 */
function valueTable(rakoef: unknown): Record<number, unknown> | null {
  return typeof rakoef === 'object' && rakoef !== null ? (rakoef as Record<number, unknown>) : null;
}

/**
 * The value class (and multiplier) that gives a KP `score` points under the event's `rakoef`:
 * the lowest class whose points are `score`; else `ra = score` itself when the table has no entry
 * at that index (then base(ra) = ra); else class 1 with `grp = score / base(1)`; else (class 1 is
 * worth 0) the first class the table leaves free, with `grp = score / ra`.
 */
export function kpFieldsForScore(score: number, rakoef: unknown): { ra: number; grp?: number } {
  const table = valueTable(rakoef);
  if (table) {
    const keys = Object.keys(table)
      .map(Number)
      .filter((k) => Number.isInteger(k) && k >= 1)
      .sort((a, b) => a - b);
    for (const k of keys) if (table[k] === score) return { ra: k };
  }
  if (baseValue(score, table) === score) return { ra: score };
  const one = baseValue(1, table);
  if (one !== 0) return { ra: 1, grp: score / one };
  let free = 2;
  while (baseValue(free, table) !== free) free++;
  return { ra: free, grp: score / free };
}

/** `S1`, `STA1`, `Start`, `F1`, `FIN`, `Finish`…: start and finish codes when no type says so. */
const START_CODE = /^(s|sta|start)\d*$/i;
const FINISH_CODE = /^(f|fin|finish)\d*$/i;

function text(el: XmlElement | undefined): string {
  return el ? textOf(el).trim() : '';
}

function controlType(raw: string | undefined): IofControlType | null {
  const t = raw?.trim() ?? '';
  return CONTROL_TYPES.includes(t) ? (t as IofControlType) : null;
}

interface CourseFacts {
  /** Control code → the first type other than Control that a course gives it. */
  types: Map<string, IofControlType>;
  /** Control code → its score in the first score course that lists it. */
  scores: Map<string, number>;
  courses: string[];
  scoreCourses: string[];
}

function readCourses(races: XmlElement[]): CourseFacts {
  const facts: CourseFacts = { types: new Map(), scores: new Map(), courses: [], scoreCourses: [] };
  for (const race of races)
    for (const course of childElements(race, 'Course')) {
      const name = text(childElements(course, 'Name')[0]) || '?';
      facts.courses.push(name);
      let scored = false;
      for (const cc of childElements(course, 'CourseControl')) {
        const type = controlType(cc.attrs.type);
        const scoreText = text(childElements(cc, 'Score')[0]);
        const score = scoreText === '' ? NaN : Number(scoreText);
        for (const code of childElements(cc, 'Control').map((c) => text(c))) {
          if (code === '') continue;
          if (type && type !== 'Control' && !facts.types.has(code)) facts.types.set(code, type);
          if (Number.isFinite(score) && !facts.scores.has(code)) {
            facts.scores.set(code, score);
            scored = true;
          }
        }
      }
      if (scored) facts.scoreCourses.push(name);
    }
  return facts;
}

/** The kind of a control: its own `type`, else a course's type for its code, else its code's form. */
function kindOf(control: XmlElement, code: string, facts: CourseFacts): IofControlType {
  const own = controlType(control.attrs.type);
  if (own) return own;
  const fromCourse = facts.types.get(code);
  if (fromCourse) return fromCourse;
  if (START_CODE.test(code)) return 'Start';
  if (FINISH_CODE.test(code)) return 'Finish';
  return 'Control';
}

function readCoordinate(el: XmlElement, attr: 'lat' | 'lng', errors: ImportIssue[]): number | null {
  const raw = el.attrs[attr]?.trim() ?? '';
  const value = raw === '' ? NaN : Number(raw);
  if (Number.isFinite(value)) return value;
  errors.push(
    raw === ''
      ? importIssue('kpimport.err.missing', { field: attr })
      : importIssue('kpimport.err.notnumber', { field: attr, value: raw }),
  );
  return null;
}

function controlRow(
  control: XmlElement,
  code: string,
  facts: CourseFacts,
  rakoef: unknown,
): ImportRow {
  const errors: ImportIssue[] = [];
  if (code === '') errors.push(importIssue('kpimport.err.missing', { field: 'Id' }));
  const position = childElements(control, 'Position')[0];
  let loc: LatLng | undefined;
  if (!position) errors.push(importIssue('kpimport.err.noposition', { value: code }));
  else {
    const lat = readCoordinate(position, 'lat', errors);
    const lng = readCoordinate(position, 'lng', errors);
    if (lat !== null && lng !== null) loc = { lat, lng };
  }
  const kp: Record<string, unknown> = { nr: code === '' ? '?' : parseNrCell(code) };
  const score = facts.scores.get(code);
  if (score !== undefined) Object.assign(kp, kpFieldsForScore(score, rakoef));
  const data: Record<string, unknown> = {};
  const name = text(childElements(control, 'Name')[0]);
  if (name !== '') data.desc = name;
  if (loc) data.loc = loc;
  return { line: control.line, input: checkInput({ kp, data, answer: null }, errors), errors };
}

function joined(values: string[]): string {
  return values.join(', ');
}

export interface CourseDataOptions {
  /** The event's value table (`rakoef` setting): a score course's scores become value classes by it. */
  rakoef?: unknown;
}

/**
 * Reads checkpoints from IOF XML 3.0 CourseData (Purple Pen, OCAD, Condes; docs/kp-import.md):
 * each ordinary control of every race is a row, its code the KP number, `Position lat/lng` its
 * location and its first `Name` the description; a score course's `Score` becomes the KP's value
 * (`kpFieldsForScore`). Start, finish, crossing points and ends of marked routes are not KPs:
 * they are left out with a note, and so are the courses (Rada has no courses per class). A
 * control without `Position` (map coordinates only) is a row error, so the file is refused.
 */
export function parseCheckpointCourseData(
  text_: string,
  options: CourseDataOptions = {},
): ImportPreview {
  const preview: ImportPreview = { format: 'coursedata', rows: [], fileError: null };
  let root: XmlElement;
  try {
    root = parseXml(text_.startsWith('\uFEFF') ? text_.slice(1) : text_);
  } catch (e) {
    const line = e instanceof XmlSyntaxError ? e.line : null;
    const fileError =
      line === null
        ? importIssue('kpimport.err.notxml')
        : importIssue('kpimport.err.badxml', { line });
    return { ...preview, fileError };
  }
  if (localName(root.name) !== 'CourseData')
    return { ...preview, fileError: importIssue('kpimport.err.notcoursedata') };
  const races = childElements(root, 'RaceCourseData');
  if (races.length === 0 && childElements(root, 'IOFVersion').length > 0)
    return { ...preview, fileError: importIssue('kpimport.err.iofversion2') };
  const facts = readCourses(races);
  const skipped = new Map<IofControlType, string[]>();
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  let scored = 0;
  for (const race of races)
    for (const control of childElements(race, 'Control')) {
      const code = text(childElements(control, 'Id')[0]);
      // A control in several races (multi-race files) is one KP: the first one counts.
      if (code !== '' && seen.has(code)) continue;
      seen.add(code);
      const kind = kindOf(control, code, facts);
      if (kind !== 'Control') {
        skipped.set(kind, [...(skipped.get(kind) ?? []), code || '?']);
        continue;
      }
      const row = controlRow(control, code, facts, options.rakoef);
      if (row.input && facts.scores.has(code)) scored++;
      rows.push(row);
    }
  const notes: ImportIssue[] = [];
  for (const [kind, codes] of skipped)
    notes.push(
      importIssue('kpimport.note.skipped', {
        field: kind,
        value: joined(codes),
        count: codes.length,
      }),
    );
  if (facts.courses.length > 0)
    notes.push(
      importIssue('kpimport.note.courses', {
        value: joined(facts.courses),
        count: facts.courses.length,
      }),
    );
  if (facts.scoreCourses.length > 0)
    notes.push(
      importIssue('kpimport.note.scores', { value: joined(facts.scoreCourses), count: scored }),
    );
  if (rows.length === 0)
    return { ...preview, fileError: importIssue('kpimport.err.nocontrols'), notes };
  return { ...preview, rows, notes };
}

/** Whether XML text's root element is `<CourseData>` (any prefix), without parsing the rest. */
export function isCourseDataXml(xml: string): boolean {
  const n = xml.length;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** The position after `end`, searched from `from`; n when it never comes. */
  const after = (end: string, from: number) => {
    const at = xml.indexOf(end, from);
    return at < 0 ? n : at + end.length;
  };
  while (i < n) {
    while (i < n && /\s/.test(xml[i]!)) i++;
    if (xml[i] !== '<') return false;
    if (xml.startsWith('<?', i)) i = after('?>', i + 2);
    else if (xml.startsWith('<!--', i)) i = after('-->', i + 4);
    else if (xml.startsWith('<!', i)) {
      let depth = 0;
      let j = i + 2;
      for (; j < n; j++) {
        const c = xml[j];
        if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      i = j + 1;
    } else {
      const name = /^<([^\s/>]+)/.exec(xml.slice(i, i + 200))?.[1] ?? '';
      return localName(name) === 'CourseData';
    }
  }
  return false;
}

export interface CourseDataExportOptions {
  eventName: string;
  /** The event's value table (`rakoef` setting), for each KP's Score (spec 03 §3). */
  rakoef?: unknown;
  /** The event's start location (`startloc` setting): the start control S1 (and the finish F1 without a KP F). */
  startloc?: LatLng | null;
  /** The file's createTime; now when absent. */
  now?: Date;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const located = (loc: unknown): LatLng | null => {
  const l = loc as Partial<LatLng> | null | undefined;
  return l && isFiniteNumber(l.lat) && isFiniteNumber(l.lng) ? { lat: l.lat, lng: l.lng } : null;
};

/** Whether a KP is the finish (`nr` F, spec 01 §3). */
export const isFinishKp = (cp: Checkpoint): boolean =>
  String(cp.kp.nr).trim().toUpperCase() === 'F';

/** Numbers first in numeric order, then names in text order. */
export function byKpNumber(a: Checkpoint, b: Checkpoint): number {
  const an = typeof a.kp.nr === 'number';
  const bn = typeof b.kp.nr === 'number';
  if (an && bn) return (a.kp.nr as number) - (b.kp.nr as number);
  if (an !== bn) return an ? -1 : 1;
  return String(a.kp.nr).localeCompare(String(b.kp.nr));
}

function positionXml(loc: LatLng | null): string {
  return loc ? `<Position lng="${plainDecimal(loc.lng)}" lat="${plainDecimal(loc.lat)}"/>` : '';
}

/**
 * Writes the event's checkpoints as IOF XML 3.0 CourseData for MeOS, SportOrg, Purple Pen and
 * the like (docs/kp-import.md, docs/interop.md): a `Control` per KP (code = nr, `Name` = the
 * description, `Position` when located), a start `S1` at the start location, the finish `F1` (the
 * KP F, else the start location), and one score course from S1 through every KP that is not
 * cancelled to F1, each with its value as `Score`.
 */
export function exportCheckpointsCourseData(
  cps: Checkpoint[],
  options: CourseDataExportOptions,
): string {
  const table = valueTable(options.rakoef);
  const start = located(options.startloc);
  const finishKp = cps.find(isFinishKp);
  const kps = cps.filter((cp) => !isFinishKp(cp)).sort(byKpNumber);
  const finish = finishKp ? located(finishKp.data.loc) : start;
  const now = (options.now ?? new Date()).toISOString();
  const name = escapeXml(options.eventName);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<CourseData xmlns="${IOF_NAMESPACE}" iofVersion="3.0" createTime="${now}" creator="Rada">`,
    `  <Event><Name>${name}</Name></Event>`,
    '  <RaceCourseData>',
    `    <Control type="Start"><Id>S1</Id>${positionXml(start)}</Control>`,
  ];
  for (const cp of kps) {
    const desc = typeof cp.data.desc === 'string' ? cp.data.desc.trim() : '';
    lines.push(
      `    <Control type="Control"><Id>${escapeXml(String(cp.kp.nr).trim())}</Id>${
        desc === '' ? '' : `<Name>${escapeXml(desc)}</Name>`
      }${positionXml(located(cp.data.loc))}</Control>`,
    );
  }
  lines.push(`    <Control type="Finish"><Id>F1</Id>${positionXml(finish)}</Control>`);
  lines.push('    <Course>', `      <Name>${name || 'Rada'}</Name>`, '      <Length>0</Length>');
  lines.push('      <CourseControl type="Start"><Control>S1</Control></CourseControl>');
  for (const cp of kps) {
    if (cp.kp.tyhistatud === true) continue;
    const value = kpValue(cp.kp, table);
    const score = Number.isFinite(value) ? `<Score>${plainDecimal(value)}</Score>` : '';
    lines.push(
      `      <CourseControl type="Control"><Control>${escapeXml(
        String(cp.kp.nr).trim(),
      )}</Control>${score}</CourseControl>`,
    );
  }
  lines.push('      <CourseControl type="Finish"><Control>F1</Control></CourseControl>');
  lines.push('    </Course>', '  </RaceCourseData>', '</CourseData>');
  return `${lines.join('\n')}\n`;
}

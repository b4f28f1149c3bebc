import { KP_NR_MAX } from './kpNumber.ts';
import { validateCheckpointAnswer } from './plan.ts';
import type { z } from 'zod';
import { CheckpointInput } from './types.ts';

/** A checkpoint input after validation: `data` and `answer` are always present. */
export type ParsedCheckpointInput = z.output<typeof CheckpointInput>;

/**
 * Every problem an import can report, as a translation key (docs/kp-import.md, Errors). The web
 * shows `t(issue.key, issue params)`; the texts live in the web's translations, never here.
 */
export const IMPORT_ISSUE_KEYS = [
  // Row issues: a cell, attribute or field.
  'kpimport.err.missing',
  'kpimport.err.notnumber',
  'kpimport.err.notboolean',
  'kpimport.err.nottext',
  'kpimport.err.notobject',
  'kpimport.err.notcoordinate',
  'kpimport.err.signandhemisphere',
  'kpimport.err.othercoordinate',
  'kpimport.err.sameaxis',
  'kpimport.err.toosmall',
  'kpimport.err.toobig',
  'kpimport.err.badnumber',
  'kpimport.err.toolong',
  'kpimport.err.invalid',
  'kpimport.err.badid',
  'kpimport.err.unknownfield',
  'kpimport.err.notcheckpoint',
  'kpimport.err.responsenoid',
  'kpimport.err.responseduplicate',
  'kpdata.badresponse',
  'kpimport.err.scores',
  'kpimport.err.extra',
  'kpimport.err.unterminated',
  'kpimport.err.toofewcolumns',
  'kpimport.err.noname',
  'kpimport.err.badkpextension',
  'kpimport.err.orphan',
  'kpimport.err.noposition',
  // File issues: the whole file is refused.
  'bad fail.....',
  'kpimport.err.headertwice',
  'kpimport.err.headernonr',
  'kpimport.err.nocheckpoints',
  'kpimport.err.notjson',
  'kpimport.err.jsonshape',
  'kpimport.err.jsonparts',
  'kpimport.err.notxml',
  'kpimport.err.badxml',
  'kpimport.err.notgpx',
  'kpimport.err.nowaypoints',
  'kpimport.err.notcoursedata',
  'kpimport.err.iofversion2',
  'kpimport.err.nocontrols',
  // Notes: what an import leaves out or cannot use, shown with the preview (not errors).
  'kpimport.note.skipped',
  'kpimport.note.courses',
  'kpimport.note.scores',
] as const;
export type ImportIssueKey = (typeof IMPORT_ISSUE_KEYS)[number];

/** The parameters an issue text can use. */
export type ImportIssueParam = 'field' | 'value' | 'count' | 'min' | 'max' | 'line';

/** The parameters each key always carries, and its text uses: no more, no fewer. */
export const IMPORT_ISSUE_PARAMS = {
  'kpimport.err.missing': ['field'],
  'kpimport.err.notnumber': ['field', 'value'],
  'kpimport.err.notboolean': ['field', 'value'],
  'kpimport.err.nottext': ['field', 'value'],
  'kpimport.err.notobject': ['field', 'value'],
  'kpimport.err.notcoordinate': ['field', 'value'],
  'kpimport.err.signandhemisphere': ['field', 'value'],
  'kpimport.err.othercoordinate': ['field'],
  'kpimport.err.sameaxis': [],
  'kpimport.err.toosmall': ['field', 'value', 'min'],
  'kpimport.err.toobig': ['field', 'value', 'max'],
  'kpimport.err.badnumber': ['field', 'value', 'max'],
  'kpimport.err.toolong': ['field', 'max'],
  'kpimport.err.invalid': ['field'],
  'kpimport.err.badid': ['field', 'value'],
  'kpimport.err.unknownfield': ['value'],
  'kpimport.err.notcheckpoint': [],
  'kpimport.err.responsenoid': ['value'],
  'kpimport.err.responseduplicate': ['value'],
  'kpdata.badresponse': [],
  'kpimport.err.scores': ['value'],
  'kpimport.err.extra': ['value'],
  'kpimport.err.unterminated': [],
  'kpimport.err.toofewcolumns': ['count', 'min'],
  'kpimport.err.noname': [],
  'kpimport.err.badkpextension': ['field'],
  'kpimport.err.orphan': ['field', 'value'],
  'kpimport.err.noposition': ['value'],
  'bad fail.....': [],
  'kpimport.err.headertwice': ['field'],
  'kpimport.err.headernonr': [],
  'kpimport.err.nocheckpoints': [],
  'kpimport.err.notjson': [],
  'kpimport.err.jsonshape': [],
  'kpimport.err.jsonparts': [],
  'kpimport.err.notxml': [],
  'kpimport.err.badxml': ['line'],
  'kpimport.err.notgpx': [],
  'kpimport.err.nowaypoints': [],
  'kpimport.err.notcoursedata': [],
  'kpimport.err.iofversion2': [],
  'kpimport.err.nocontrols': [],
  'kpimport.note.skipped': ['field', 'value', 'count'],
  'kpimport.note.courses': ['value', 'count'],
  'kpimport.note.scores': ['value', 'count'],
} as const satisfies Record<ImportIssueKey, readonly ImportIssueParam[]>;

/**
 * One row or file problem: a key and its parameters. `field` names the column, attribute or
 * field (`lat`, `ra`, `responses.a`); `value` is the offending text, trimmed and cut to
 * IMPORT_ISSUE_VALUE_MAX characters.
 */
export interface ImportIssue {
  key: ImportIssueKey;
  field?: string;
  value?: string;
  count?: number;
  min?: number;
  max?: number;
  line?: number;
}

/** `value` is cut to this many characters (an ellipsis included). */
export const IMPORT_ISSUE_VALUE_MAX = 40;

interface ParamTypes {
  field: string;
  value: string;
  count: number;
  min: number;
  max: number;
  line: number;
}
type ParamsOf<K extends ImportIssueKey> = Pick<ParamTypes, (typeof IMPORT_ISSUE_PARAMS)[K][number]>;

/** Trims a value and cuts it to IMPORT_ISSUE_VALUE_MAX characters, ending with `…` when cut. */
export function issueValue(raw: string): string {
  const chars = [...raw.trim()];
  return chars.length <= IMPORT_ISSUE_VALUE_MAX
    ? chars.join('')
    : `${chars.slice(0, IMPORT_ISSUE_VALUE_MAX - 1).join('')}…`;
}

/** Makes an issue with exactly the parameters its key declares; `value` is trimmed and cut. */
export function importIssue<K extends ImportIssueKey>(
  key: K,
  ...[params]: [(typeof IMPORT_ISSUE_PARAMS)[K][number]] extends [never] ? [] : [ParamsOf<K>]
): ImportIssue {
  const issue: ImportIssue = { key, ...params };
  if (issue.value !== undefined) issue.value = issueValue(issue.value);
  return issue;
}

/** One row of an import file: its parsed checkpoint, or null with the reasons it was refused. */
export interface ImportRow {
  /** CSV: the line the row starts on; GPX: the line of its element; JSON: the item's position (1-based). */
  line: number;
  input: ParsedCheckpointInput | null;
  /** Why the row is refused (keys with parameters, see IMPORT_ISSUE_KEYS); empty for a good row. */
  errors: ImportIssue[];
  /** CSV rows with errors: the text of the row's (first) line as the file has it, shortened. */
  raw?: string;
}

/** What an import file holds, shown to the admin before anything is written. */
export interface ImportPreview {
  format: 'csv' | 'json' | 'gpx' | 'coursedata';
  /** Set by `parseCheckpointFile`: the encoding the bytes were read with. */
  encoding?: string;
  rows: ImportRow[];
  /** The whole file is refused (`bad fail.....`, not JSON, not GPX, bad header). */
  fileError: ImportIssue | null;
  /**
   * What the file holds that the import leaves out or cannot use (`kpimport.note.*`: IOF
   * CourseData start and finish controls, courses, scores): shown with the preview, never errors.
   */
  notes?: ImportIssue[];
}

/**
 * 'kp.ra' → 'ra', 'data.loc.lat' → 'lat': issues name the column a CSV user sees ('kp' and
 * 'data' themselves stay); the empty path (the whole checkpoint) is ''.
 */
function fieldName(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if ((parts[0] === 'kp' || parts[0] === 'data') && parts.length > 1) parts.shift();
  if (parts[0] === 'loc' && parts.length > 1) parts.shift();
  return parts.join('.');
}

/** A value as a cell would show it: strings as they are, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/**
 * A schema issue as an import issue. Zod's own (English) message is never used: the code, the
 * expected type and the limits pick a key, the path gives the field.
 */
function schemaIssue(issue: z.core.$ZodIssue): ImportIssue {
  const path = issue.path;
  const field = fieldName(path);
  const given = 'input' in issue && issue.input !== undefined;
  const value = given ? shown(issue.input) : '';
  if (issue.code === 'unrecognized_keys')
    return importIssue('kpimport.err.unknownfield', {
      value: issue.keys.map((k) => (field ? `${field}.${k}` : k)).join(', '),
    });
  if (field === '') return importIssue('kpimport.err.notcheckpoint');
  if (!given) return importIssue('kpimport.err.missing', { field });
  if (issue.code === 'custom' && issue.params?.key === 'kp.error.badnumber')
    return importIssue('kpimport.err.badnumber', { field, value, max: KP_NR_MAX });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number')
        return importIssue('kpimport.err.notnumber', { field, value });
      if (issue.expected === 'boolean')
        return importIssue('kpimport.err.notboolean', { field, value });
      if (issue.expected === 'string') return importIssue('kpimport.err.nottext', { field, value });
      if (issue.expected === 'object' || issue.expected === 'record')
        return importIssue('kpimport.err.notobject', { field, value });
      break;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return importIssue('kpimport.err.missing', { field });
      if (issue.origin === 'number' && issue.inclusive)
        return importIssue('kpimport.err.toosmall', { field, value, min: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string')
        return importIssue('kpimport.err.toolong', { field, max: Number(issue.maximum) });
      if (issue.origin === 'number' && issue.inclusive)
        return importIssue('kpimport.err.toobig', { field, value, max: Number(issue.maximum) });
      break;
    case 'invalid_key':
      return importIssue('kpimport.err.badid', { field: fieldName(path.slice(0, -1)), value });
    case 'invalid_union':
    case 'invalid_value':
    case 'invalid_format':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
      break;
  }
  return importIssue('kpimport.err.invalid', { field });
}

/**
 * Validates a candidate checkpoint with the shared schema and the answer rule, adding to
 * `errors`; answers the normalised input when the row has no errors at all.
 */
export function checkInput(
  candidate: unknown,
  errors: ImportIssue[],
): ParsedCheckpointInput | null {
  const parsed = CheckpointInput.safeParse(candidate, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(schemaIssue(issue));
    return null;
  }
  const bad = validateCheckpointAnswer(parsed.data.data, parsed.data.answer);
  if (bad) errors.push(importIssue(bad));
  return errors.length === 0 ? parsed.data : null;
}

/** The issues without repeats, in their first order. */
export function uniqueIssues(issues: ImportIssue[]): ImportIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const id = JSON.stringify(issue);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The inputs to send for writing, or null when the import must be refused: a file error or any
 * row with errors refuses the whole file, so a refused import writes nothing.
 */
export function acceptedInputs(preview: ImportPreview): ParsedCheckpointInput[] | null {
  if (preview.fileError !== null) return null;
  const inputs: ParsedCheckpointInput[] = [];
  for (const row of preview.rows) {
    if (!row.input || row.errors.length > 0) return null;
    inputs.push(row.input);
  }
  return inputs;
}

import { parseCoordinate } from './coords.ts';
import {
  columnForHeader,
  isHeaderRow,
  parseNrCell,
  parseNumberCell,
  POSITIONAL_COLUMNS,
  positionalColumn,
  RESPONSE_COLUMN,
  TRUE_VALUES,
  type CsvColumn,
} from './csvColumns.ts';
import { detectDelimiter, readCsv, type CsvRecord } from './csvText.ts';
import { unguardCsvCell } from '../csv.ts';
import {
  checkInput,
  importIssue,
  uniqueIssues,
  type ImportIssue,
  type ImportPreview,
  type ImportRow,
} from './preview.ts';
import type { LatLng } from './types.ts';

/** Spec 01 §5: every row needs at least this many columns. */
export const CSV_MIN_COLUMNS = 4;

type Columns = (index: number) => CsvColumn | null;

/** Maps header cells to columns; unknown names are ignored, cells past the header are responses. */
function headerColumns(cells: string[]): Columns | ImportIssue {
  const columns = cells.map(columnForHeader);
  const seen = new Set<string>();
  for (const c of columns) {
    if (!c || c.kind === 'response') continue;
    if (seen.has(c.name)) return importIssue('kpimport.err.headertwice', { field: c.name });
    seen.add(c.name);
  }
  if (!seen.has('nr')) return importIssue('kpimport.err.headernonr');
  return (index) => (index < columns.length ? columns[index]! : RESPONSE_COLUMN);
}

/** A cell written as a response: starts with `*`, or an id followed by `:`. */
const RESPONSE_LIKE = /^\s*(\*|[^\s:|*][^:|]*:)/;

/**
 * Without a header the columns are positional, but responses may start early: the first cell in
 * a number or boolean column (5th to 12th) that is written as a response starts the responses,
 * since such a cell can be neither a number nor a meaningful boolean.
 */
function positionalColumns(cells: string[]): Columns {
  let start = POSITIONAL_COLUMNS.length;
  for (let i = 0; i < start && i < cells.length; i++) {
    const kind = positionalColumn(i).kind;
    if ((kind === 'kpNumber' || kind === 'kpBoolean') && RESPONSE_LIKE.test(cells[i]!)) start = i;
  }
  return (index) => (index < start ? positionalColumn(index) : RESPONSE_COLUMN);
}

/** The latitude and longitude cells as a location; a hemisphere letter may swap the two. */
function readLocation(latCell: string, lngCell: string, errors: ImportIssue[]): LatLng | undefined {
  const lat = parseCoordinate(latCell);
  const lng = parseCoordinate(lngCell);
  if (!lat && !lng) return undefined;
  if (!lat || !lng) {
    errors.push(importIssue('kpimport.err.othercoordinate', { field: lat ? 'lng' : 'lat' }));
    return undefined;
  }
  if (!lat.ok) errors.push(importIssue(lat.error, { field: 'lat', value: latCell }));
  if (!lng.ok) errors.push(importIssue(lng.error, { field: 'lng', value: lngCell }));
  if (!lat.ok || !lng.ok) return undefined;
  if (lat.axis === 'lng' || lng.axis === 'lat') {
    if (lat.axis === 'lat' || lng.axis === 'lng') {
      errors.push(importIssue('kpimport.err.sameaxis'));
      return undefined;
    }
    return { lat: lng.value, lng: lat.value };
  }
  return { lat: lat.value, lng: lng.value };
}

/** Splits a cell on `|`, honouring the escapes `\|` and `\\`. */
function splitPairs(cell: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    const next = cell[i + 1];
    if (c === '\\' && (next === '|' || next === '\\')) {
      current += next;
      i++;
    } else if (c === '|') {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/**
 * Response cells: `id:text` pairs, one per cell or several joined by `|`; a leading `*` marks the
 * correct one; text without `:` gets its position (1, 2, …) as id.
 */
function readResponses(cells: string[], errors: ImportIssue[]) {
  const responses = new Map<string, string>();
  let answer: string | null = null;
  let stars = 0;
  let position = 0;
  for (const cell of cells) {
    for (const pair of splitPairs(cell)) {
      let body = pair.trim();
      if (body === '') continue;
      position++;
      const star = body.startsWith('*');
      if (star) body = body.slice(1).trim();
      const colon = body.indexOf(':');
      const id = colon < 0 ? (body === '' ? '' : String(position)) : body.slice(0, colon).trim();
      const text = colon < 0 ? body : body.slice(colon + 1).trim();
      if (id === '') {
        errors.push(
          star
            ? importIssue('kpdata.badresponse')
            : importIssue('kpimport.err.responsenoid', { value: pair }),
        );
        continue;
      }
      if (responses.has(id))
        errors.push(importIssue('kpimport.err.responseduplicate', { value: id }));
      responses.set(id, text);
      if (star) {
        stars++;
        answer = id;
      }
    }
  }
  if (stars > 1) errors.push(importIssue('kpdata.badresponse'));
  return { responses, answer };
}

/**
 * The correct answer a `answer` cell names: a response id, or else a response text that just one
 * response has (any case), as a person writing the file may give it (`Red` for `1:Red`). Anything
 * else stays as written, for the answer check to refuse.
 */
function answerFromCell(cell: string, responses: unknown): string {
  if (!isObject(responses) || Object.hasOwn(responses, cell)) return cell;
  const text = cell.toLocaleLowerCase();
  const ids = Object.keys(responses).filter(
    (id) => typeof responses[id] === 'string' && responses[id].trim().toLocaleLowerCase() === text,
  );
  return ids.length === 1 ? ids[0]! : cell;
}

/** The scores cell: `id:points` pairs joined by `|`. */
function readScores(cell: string, errors: ImportIssue[]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const pair of cell.split('|')) {
    if (pair.trim() === '') continue;
    const colon = pair.indexOf(':');
    const points = colon < 0 ? null : parseNumberCell(pair.slice(colon + 1));
    if (colon <= 0 || points === null)
      errors.push(importIssue('kpimport.err.scores', { value: pair }));
    else scores.set(pair.slice(0, colon).trim(), points);
  }
  return scores;
}

/** The extra cell: JSON of the fields no column holds ({kp, data, answer}), written by the export. */
function readExtra(cell: string, errors: ImportIssue[]): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(cell);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  errors.push(importIssue('kpimport.err.extra', { value: cell }));
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseRow(record: CsvRecord, header: Columns | null): ImportRow {
  const errors: ImportIssue[] = [];
  if (record.unterminated) errors.push(importIssue('kpimport.err.unterminated'));
  if (record.cells.length < CSV_MIN_COLUMNS) {
    errors.push(
      importIssue('kpimport.err.toofewcolumns', {
        count: record.cells.length,
        min: CSV_MIN_COLUMNS,
      }),
    );
    return { line: record.line, input: null, errors };
  }
  const columns = header ?? positionalColumns(record.cells);
  const kp: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  let id: string | undefined;
  let answerCell = '';
  let extraCell = '';
  let scoresCell = '';
  let latCell = '';
  let lngCell = '';
  const responseCells: string[] = [];
  record.cells.forEach((raw, i) => {
    const column = columns(i);
    if (!column) return;
    const value = record.quoted[i] ? raw : raw.trim();
    const trimmed = raw.trim();
    const name = column.name;
    switch (column.kind) {
      case 'nr':
        if (trimmed === '') errors.push(importIssue('kpimport.err.missing', { field: name }));
        else kp.nr = parseNrCell(trimmed);
        break;
      case 'lat':
        latCell = trimmed;
        break;
      case 'lng':
        lngCell = trimmed;
        break;
      case 'kpNumber': {
        if (trimmed === '') break;
        const n = parseNumberCell(trimmed);
        if (n === null)
          errors.push(importIssue('kpimport.err.notnumber', { field: name, value: trimmed }));
        else kp[name] = n;
        break;
      }
      case 'kpBoolean':
      case 'dataBoolean':
        if (trimmed !== '')
          (column.kind === 'kpBoolean' ? kp : data)[name] = TRUE_VALUES.includes(
            trimmed.toLowerCase(),
          );
        break;
      case 'kpText':
        if (value !== '') kp[name] = value;
        break;
      case 'dataText':
        if (value !== '') data[name] = value;
        break;
      case 'scores':
        scoresCell = trimmed;
        break;
      case 'id':
        if (trimmed !== '') id = trimmed;
        break;
      case 'answer':
        answerCell = trimmed;
        break;
      case 'extra':
        extraCell = trimmed;
        break;
      case 'response':
        responseCells.push(raw);
        break;
    }
  });
  const loc = readLocation(latCell, lngCell, errors);
  if (loc) data.loc = loc;
  const { responses, answer: starred } = readResponses(responseCells, errors);
  if (responses.size > 0) data.responses = Object.fromEntries(responses);
  let answer = starred;
  if (scoresCell !== '') data.scores = Object.fromEntries(readScores(scoresCell, errors));
  const extra = extraCell === '' ? null : readExtra(extraCell, errors);
  if (extra) {
    if (isObject(extra.kp)) Object.assign(kp, extra.kp);
    if (isObject(extra.data)) Object.assign(data, extra.data);
  }
  if (answerCell !== '') {
    // Read against the row's final responses (the extra cell may hold those no cell could).
    const named = answerFromCell(answerCell, data.responses);
    if (starred !== null && starred !== named) errors.push(importIssue('kpdata.badresponse'));
    answer = named;
  }
  if (extra && (extra.answer === null || typeof extra.answer === 'string')) answer = extra.answer;
  // A missing nr is already reported; the placeholder lets the schema report the other fields.
  const candidate = { kp: { ...kp, nr: kp.nr ?? '?' }, data, answer, ...(id ? { id } : {}) };
  const input = checkInput(candidate, errors);
  return { line: record.line, input, errors: uniqueIssues(errors) };
}

/** How much of a refused row's text the preview shows. */
const RAW_LINE_MAX = 300;

/**
 * Reads the checkpoint CSV format (docs/kp-import.md): delimiter `;`, `,` or tab detected from the
 * first line, an optional header row, at least 4 columns a row, boolean, coordinate and response
 * syntax as in spec 01 §5; a `'` before a formula start (`'=`, `'-`…) is dropped, as Rada's export
 * writes it. Every non-empty row becomes a preview row, with its errors if any; a
 * header the reader cannot use, or a file without rows, is a file error.
 */
export function parseCheckpointCsv(text: string): ImportPreview {
  const clean = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records = readCsv(clean, detectDelimiter(clean))
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    // Undo the formula guard of Rada's own export ('=x → =x).
    .map((r) => ({ ...r, cells: r.cells.map(unguardCsvCell) }));
  const preview: ImportPreview = { format: 'csv', rows: [], fileError: null };
  let columns: Columns | null = null;
  let body = records;
  if (records[0] && isHeaderRow(records[0].cells)) {
    const header = headerColumns(records[0].cells);
    if (typeof header !== 'function') return { ...preview, fileError: header };
    columns = header;
    body = records.slice(1);
  }
  const lines = clean.split(/\r\n|\n|\r/);
  preview.rows = body.map((record) => {
    const row = parseRow(record, columns);
    // The file's own text of a refused row, so the organiser can find and fix it.
    if (row.errors.length > 0) row.raw = (lines[record.line - 1] ?? '').slice(0, RAW_LINE_MAX);
    return row;
  });
  if (preview.rows.length === 0) preview.fileError = importIssue('kpimport.err.nocheckpoints');
  return preview;
}

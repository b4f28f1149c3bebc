import { isoWithOffset, localOffsetMinutes } from './xmlText.ts';

/**
 * The CSV files Rada writes for people (results, checkpoints, print items, registrations,
 * teams): one separator, a UTF-8 byte order mark so spreadsheet programs read `õ` right, CRLF line
 * ends, and text cells kept from being read as formulas.
 */

/** The one separator of every CSV export: `;` (a decimal comma is common in Estonian sheets). */
export const CSV_SEPARATOR = ';';
/** The UTF-8 byte order mark each CSV export starts with. */
export const CSV_BOM = '\uFEFF';

/** A cell: text (guarded), a number (written as is, negative numbers stay numbers) or empty. */
export type CsvCell = string | number | null | undefined;

/** Characters a spreadsheet reads a formula or a command after (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is a plain number, which no spreadsheet runs: `-5`, `+3.5`, `-0,25`. */
const PLAIN_NUMBER = /^[+-]?\d+([.,]\d+)?$/;
/** A formula start behind one or more `'`: a guarded cell, or a text that looks like one. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A text cell as written: prefixed with `'` when it starts like a formula (and is not a plain
 * number) or already looks guarded (so unguardCsvCell gives it back), then quoted when it holds
 * the separator, a quote, a line end or edge spaces.
 */
export function csvTextCell(value: string): string {
  const guard = (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) || GUARDED.test(value);
  const safe = guard ? `'${value}` : value;
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Reverses the formula guard of csvTextCell on a cell read back (`'=x` → `=x`). */
export function unguardCsvCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return csvTextCell(cell);
}

/** One line of cells, without its line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(cellText).join(CSV_SEPARATOR);
}

/** A whole CSV export: the byte order mark, the header row and the rows, CRLF after each. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string {
  return CSV_BOM + [header, ...rows].map((r) => csvRow(r) + '\r\n').join('');
}

/** An ISO 8601 date and time with this runtime's offset, to the second, or '' for none. */
export function csvDateTime(
  ms: number | null | undefined,
  offsetMinutes: (t: number) => number = localOffsetMinutes,
): string {
  return ms === null || ms === undefined || !Number.isFinite(ms)
    ? ''
    : isoWithOffset(ms, offsetMinutes);
}

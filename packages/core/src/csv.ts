import { isoWithOffset, localOffsetMinutes } from './xmlText.ts';

/**
 * The CSV files Rada writes for people (results, checkpoints, print items, registrations,
 * teams, cups): one separator, a UTF-8 byte order mark so spreadsheet programs read `õ` right,
 * CRLF line ends, no control characters, and text cells kept from being read as formulas, dates,
 * times or other numbers (docs/csv.md).
 */

/** The one separator of every CSV export: `;` (a decimal comma is common in Estonian sheets). */
export const CSV_SEPARATOR = ';';
/** The UTF-8 byte order mark each CSV export starts with. */
export const CSV_BOM = '\uFEFF';

/**
 * A time a spreadsheet may read as the time it is (a spent time `1:00:01`): written without the
 * guard against dates and times, still without control characters and formulas.
 */
export interface CsvTime {
  readonly time: string;
}

/**
 * A cell: text (guarded), a number (written as is, negative numbers stay numbers), a time
 * (CsvTime) or empty.
 */
export type CsvCell = string | number | CsvTime | null | undefined;

/** Characters a spreadsheet reads a formula or a command after (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Control characters that spreadsheets and xlsx writers refuse (XML 1.0 has no place for them):
 * C0 except tab, line feed and carriage return, DEL, C1, and U+FFFE/U+FFFF. Every written text
 * cell goes without them; tabs and line breaks stay (quoted).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/** A text without the control characters a CSV cell leaves out (CONTROL). */
export function stripCsvControls(value: string): string {
  return value.replace(CONTROL, '');
}

/**
 * A number as a spreadsheet writes it back unchanged: no leading zero or plus, no trailing zero
 * after the point, no exponent, at most 15 significant digits (`-5`, `12.5`, `0.25`).
 */
function isCanonicalNumber(text: string): boolean {
  if (!/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/.test(text) || text === '-0') return false;
  return text.replace(/^-?0*\.?0*/, '').replace('.', '').length <= 15;
}

/**
 * One word of a number, date, time, fraction, percentage or money amount as Excel or LibreOffice
 * reads it (`1:1`, `1-1`, `1/2`, `3e5`, `007`, `1,234`, `(5)`, `5%`, `€5`, `10am`, `1,`).
 */
const VALUE_WORD = /^[-+(]?[$€£¥]?[\d.,:/-]*\d[\d.,:/-]*(e[-+]?\d+)?([ap]\.?m\.?)?[$€£¥]?[%)]?,?$/i;
/** Month names and their abbreviations (English and Estonian), which make `Jan 1` a date. */
const MONTH_WORD =
  /^(jan|january|feb|february|mar|march|apr|april|may|june?|july?|aug|august|sept?|september|oct|october|nov|november|dec|december|jaan|jaanuar|veebr|veebruar|märts|aprill|mai|juuni|juuli|okt|oktoober|dets|detsember)\.?,?$/i;
/** A time of day's half: `10 am`. */
const AM_PM_WORD = /^[ap]\.?m\.?$/i;

/**
 * Whether a spreadsheet opening the CSV would read this text as a value that it then shows
 * differently (a date, a time, a number losing its leading zero, plus sign or digits, a fraction,
 * a boolean): one value word that is not a canonical number, or two or three words, one with a
 * digit, all value, month or am/pm words, and not all canonical numbers (`5 10` stays). `TRUE`
 * and `FALSE` are shown as written; other cases of them are not.
 */
function readAsValue(text: string): boolean {
  const trimmed = text.trim();
  if (/^(true|false)$/i.test(trimmed)) return trimmed !== 'TRUE' && trimmed !== 'FALSE';
  const words = trimmed.split(/\s+/);
  if (words.length === 1) return VALUE_WORD.test(trimmed) && !isCanonicalNumber(text);
  return (
    words.length <= 3 &&
    words.some((w) => /\d/.test(w)) &&
    words.every((w) => VALUE_WORD.test(w) || MONTH_WORD.test(w) || AM_PM_WORD.test(w)) &&
    !words.every(isCanonicalNumber)
  );
}

/**
 * Whether a text needs the `'` guard: it starts like a formula (and is not a plain number), a
 * spreadsheet would read it as another value (readAsValue), or it is such a text behind one or
 * more `'` already (so unguardCsvCell gives it back).
 */
function needsGuard(value: string): boolean {
  if (value.startsWith("'")) {
    const rest = value.replace(/^'+/, '');
    return FORMULA_START.test(rest) || readAsValue(rest) || isCanonicalNumber(rest);
  }
  return (FORMULA_START.test(value) && !isCanonicalNumber(value)) || readAsValue(value);
}

/**
 * A text cell as written: without control characters (stripCsvControls), prefixed with `'` when
 * a spreadsheet would run it as a formula or turn it into a date, time or other number
 * (needsGuard; spreadsheets show the `'`, so the text stays whole, and Rada's readers remove it),
 * then quoted when it holds the separator, a quote, a line end or edge spaces.
 */
export function csvTextCell(text: string): string {
  const value = stripCsvControls(text);
  return quoted(needsGuard(value) ? `'${value}` : value);
}

/** Reverses the guard of csvTextCell on a cell read back (`'=x` → `=x`, `'007` → `007`). */
export function unguardCsvCell(value: string): string {
  return value.startsWith("'") && needsGuard(value) ? value.slice(1) : value;
}

/** The quoting of csvTextCell: the separator, a quote, a line end or edge spaces. */
function quoted(safe: string): string {
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object') {
    const value = stripCsvControls(cell.time);
    return quoted(FORMULA_START.test(value) ? `'${value}` : value);
  }
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

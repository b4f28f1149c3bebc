/**
 * Fuzz properties of the shared CSV writer (csv.ts, docs/csv.md): whatever the text, the written
 * cell reads back with the project's CSV reader (readCsv, unguardCsvCell) to the text without its
 * control characters, holds no control character a spreadsheet or xlsx writer refuses, never
 * starts a formula, and is never a time, a date, a fraction or a number with a leading zero or an
 * exponent that a spreadsheet would read in place of the text. FUZZ_RUNS inputs each.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  fuzzOptions,
  randomText,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from './testing/fuzz.ts';
import { CSV_SEPARATOR, csvRow, stripCsvControls, unguardCsvCell } from './csv.ts';
import { readCsv } from './checkpoints/csvText.ts';

/** The pieces spreadsheets read values and formulas from, and the CSV syntax around them. */
const SHEET_TOKENS = [
  '0',
  '1',
  '7',
  '12',
  '2026',
  ':',
  '/',
  '-',
  '+',
  '.',
  ',',
  'e',
  'E',
  ' ',
  '%',
  '(',
  ')',
  '€',
  '=',
  '@',
  "'",
  '"',
  ';',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\uffff',
  'Jan',
  'mai',
  'am',
  'PM',
  'TRUE',
  'true',
  'SUM(A1)',
  '×',
  'õ',
];

/** An independent check of the worst cases: a whole cell a spreadsheet turns into another value. */
const SHEET_VALUE = [
  /^\s*\d+\s*:\s*\d+(:\d+)?\s*$/, // a time: 1:1, 10:00:05
  /^\s*\d+[/-]\d+([/-]\d+)?\s*$/, // a date or a fraction: 1/2, 1-1, 2026-05-01
  /^\s*[-+]?0\d+\s*$/, // a leading zero: 007
  /^\s*[-+]?\d+(\.\d+)?e[-+]?\d+\s*$/i, // an exponent: 3e5
  /^\s*(true|false)\s*$/, // a boolean the sheet writes in capitals
];

// eslint-disable-next-line no-control-regex
const CONTROL_LEFT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

function writeAndRead(text: string) {
  const line = csvRow(['first', text, 'last']);
  const records = timed(() => readCsv(line, CSV_SEPARATOR));
  return { line, records };
}

function checkCell(text: string) {
  const { line, records } = writeAndRead(text);
  check(records.length === 1 && records[0]!.cells.length === 3, 'one record of three cells', line);
  const raw = records[0]!.cells[1]!;
  check(unguardCsvCell(raw) === stripCsvControls(text), 'reads back without controls', text);
  check(!CONTROL_LEFT.test(line), 'no control character written', text);
  check(!/^[=+\-@\t\r]/.test(raw) || /^-?\d+(\.\d+)?$/.test(raw), 'never starts a formula', raw);
  check(!SHEET_VALUE.some((re) => re.test(raw)), 'never a value a spreadsheet converts', raw);
}

describe('CSV cells on any text', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('read back to the text without control characters, never a formula or a converted value', () => {
    fc.assert(fc.property(randomText, checkCell), fuzzOptions());
  });

  it('hold spreadsheet syntax as text', () => {
    fc.assert(fc.property(tokenSoup(SHEET_TOKENS, 12), checkCell), fuzzOptions());
  });

  it('keep a whole row of such cells in order', () => {
    fc.assert(
      fc.property(fc.array(tokenSoup(SHEET_TOKENS, 8), { minLength: 1, maxLength: 8 }), (cells) => {
        const [record] = readCsv(csvRow(['first', ...cells]), CSV_SEPARATOR);
        const back = record!.cells.slice(1).map(unguardCsvCell);
        check(
          JSON.stringify(back) === JSON.stringify(cells.map(stripCsvControls)),
          'row reads back',
          cells,
        );
      }),
      fuzzOptions(),
    );
  });
});

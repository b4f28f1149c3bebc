import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CSV_BOM, csvDateTime, csvDocument, csvRow, csvTextCell, unguardCsvCell } from './csv.ts';
import { readCsv } from './checkpoints/csvText.ts';

describe('CSV exports', () => {
  it('keep text from being read as a formula, but leave numbers numbers', () => {
    expect(csvRow(['=1+2', '+372 555', '-x', '@SUM(A1)', '\tcmd', '\rx', 'plain'])).toBe(
      `'=1+2;'+372 555;'-x;'@SUM(A1);'\tcmd;"'\rx";plain`,
    );
    expect(csvRow([-5, -0.25, '-5', '-0,25', '+3.5', 0])).toBe('-5;-0.25;-5;-0,25;+3.5;0');
    expect(csvRow([null, undefined, NaN, ''])).toBe(';;;');
  });

  it('quote the separator, quotes, line ends and edge spaces', () => {
    expect(csvTextCell('a;b')).toBe('"a;b"');
    expect(csvTextCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvTextCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvTextCell(' pad')).toBe('" pad"');
    expect(csvTextCell('a,b')).toBe('a,b');
  });

  it('start with a BOM and end every line with CRLF', () => {
    expect(csvDocument(['Võistkond', 'Punktid'], [['Õun', 12]])).toBe(
      `${CSV_BOM}Võistkond;Punktid\r\nÕun;12\r\n`,
    );
  });

  it('write ISO 8601 times with the offset', () => {
    expect(csvDateTime(Date.UTC(2026, 4, 1, 7, 0, 5, 900), () => 180)).toBe(
      '2026-05-01T10:00:05+03:00',
    );
    expect(csvDateTime(null)).toBe('');
  });

  it('read back to the same text, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' })), (rest) => {
        const cells = ['first', ...rest];
        const [record] = readCsv(csvRow(cells), ';');
        expect(record!.cells.map(unguardCsvCell)).toEqual(cells);
      }),
    );
  });
});

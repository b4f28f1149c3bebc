import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CSV_BOM, csvDateTime, csvDocument, csvRow, csvTextCell, unguardCsvCell } from './csv.ts';
import { readCsv } from './checkpoints/csvText.ts';

describe('CSV exports', () => {
  it('keep text from being read as a formula, but leave numbers numbers', () => {
    expect(csvRow(['=1+2', '+372 555', '-x', '@SUM(A1)', '\tcmd', '\rx', 'plain'])).toBe(
      `'=1+2;'+372 555;'-x;'@SUM(A1);'\tcmd;"'\rx";plain`,
    );
    expect(csvRow([-5, -0.25, '-5', '-0.25', 0])).toBe('-5;-0.25;-5;-0.25;0');
    // A spreadsheet drops the plus and reads the comma as a thousands separator or a decimal one.
    expect(csvRow(['-0,25', '+3.5'])).toBe("'-0,25;'+3.5");
    expect(csvRow([null, undefined, NaN, ''])).toBe(';;;');
  });

  it('keep text from being read as a date, a time or another number', () => {
    const converted = ['1:1', '10:00', '1-1', '1/2', '3e5', '1e-3', '007', '1,234', '12.50', '.5'];
    const more = ['5.', '(5)', '5%', '€5', '$5', '12345678901234567', ' 7', '-0', 'true', 'False'];
    const words = ['Jan 1', '1 mai', '1 1/2', '10 am', '10:00 PM', '2026-05-01 10:00', '1. jaan'];
    for (const text of [...converted, ...more, ...words]) {
      expect(csvTextCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
    }
    const kept = ['12.5', '-5', '0', '31', '5 10', '5 10.5', '1×2 3×1', 'TRUE', 'FALSE', 'May'];
    const text = ['3 Musketeers', '2026-05-01T10:00:05+03:00', 'a:1|b:2', '1:text', 'Tiim 1-1'];
    for (const value of [...kept, ...text]) expect(csvTextCell(value)).toBe(value);
  });

  it('give back every guarded text, and texts that only look guarded', () => {
    for (const text of ["'007", "''1:1", "'=x", "'x", "'5", "'", "'-5", "'TRUE"]) {
      expect(unguardCsvCell(csvTextCell(text))).toBe(text);
    }
    // What older Rada versions wrote reads as before.
    expect([unguardCsvCell("'=1+2"), unguardCsvCell("''-x"), unguardCsvCell("'x")]).toEqual([
      '=1+2',
      "'-x",
      "'x",
    ]);
  });

  it('leave out control characters but keep tabs and line breaks', () => {
    expect(csvTextCell('a\u0000b\u0007c\u001bd\u007fe\u0085f\uffff')).toBe('abcdef');
    expect(csvTextCell('a\tb')).toBe('a\tb');
    expect(csvTextCell('a\nb\r\nc')).toBe('"a\nb\r\nc"');
    expect(csvTextCell('\u0000=1+1')).toBe("'=1+1");
    expect(csvRow(['\u0001', 'x\u0002'])).toBe(';x');
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

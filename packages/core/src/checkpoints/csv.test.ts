import { describe, expect, it } from 'vitest';
import { parseCoordinate } from './coords.ts';
import { parseCheckpointCsv } from './csv.ts';
import { detectDelimiter, readCsv } from './csvText.ts';

const only = (text: string) => {
  const preview = parseCheckpointCsv(text);
  expect(preview.fileError).toBeNull();
  expect(preview.rows).toHaveLength(1);
  return preview.rows[0]!;
};
const input = (text: string) => {
  const row = only(text);
  expect(row.errors).toEqual([]);
  return row.input!;
};

describe('readCsv and detectDelimiter', () => {
  it('detects ; , and tab, preferring ; and tab over a decimal comma', () => {
    expect(detectDelimiter('1;58,3;26,7;Stone, big\n')).toBe(';');
    expect(detectDelimiter('1\t58,3\t26,7\tStone\n')).toBe('\t');
    expect(detectDelimiter('1,58.3,26.7,Stone\n')).toBe(',');
    expect(detectDelimiter('\n\n"a;b;c",x,y,z\n')).toBe(',');
  });

  it('reads quoted fields with delimiters, doubled quotes and newlines, CRLF and LF', () => {
    const records = readCsv('1;"a;b";"say ""hi""";"two\r\nlines"\r\n2;x;y;z\n3;p;q;r', ';');
    expect(records.map((r) => r.cells)).toEqual([
      ['1', 'a;b', 'say "hi"', 'two\r\nlines'],
      ['2', 'x', 'y', 'z'],
      ['3', 'p', 'q', 'r'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 3, 4]);
    expect(records[0]!.quoted).toEqual([false, true, true, true]);
  });

  it('flags a quoted field that is never closed', () => {
    expect(readCsv('1;"open;2;3', ';')[0]!.unterminated).toBe(true);
  });
});

describe('parseCoordinate', () => {
  it('reads decimals, decimal comma and signs', () => {
    expect(parseCoordinate('58.38')).toEqual({ ok: true, value: 58.38, axis: null });
    expect(parseCoordinate('58,38')).toEqual({ ok: true, value: 58.38, axis: null });
    expect(parseCoordinate('-12.5')).toEqual({ ok: true, value: -12.5, axis: null });
    expect(parseCoordinate('  ')).toBeNull();
  });

  it('reads N/S/E/W prefixes and suffixes with sign and axis', () => {
    expect(parseCoordinate('N58.38')).toEqual({ ok: true, value: 58.38, axis: 'lat' });
    expect(parseCoordinate('e26.72')).toEqual({ ok: true, value: 26.72, axis: 'lng' });
    expect(parseCoordinate('S12.5')).toEqual({ ok: true, value: -12.5, axis: 'lat' });
    expect(parseCoordinate('W 3.25')).toEqual({ ok: true, value: -3.25, axis: 'lng' });
    expect(parseCoordinate('26.5E')).toEqual({ ok: true, value: 26.5, axis: 'lng' });
  });

  it('reads degrees and minutes, and degrees, minutes and seconds', () => {
    const dm = parseCoordinate('N58 22.800');
    expect(dm).toMatchObject({ ok: true, axis: 'lat' });
    expect(dm?.ok && dm.value).toBeCloseTo(58.38, 10);
    const dms = parseCoordinate(`58°22'48"`);
    expect(dms?.ok && dms.value).toBeCloseTo(58.38, 10);
  });

  it('refuses what is not a coordinate', () => {
    for (const bad of ['abc', '58.3.2', '58 61', '58.5 10', 'N58 22 61', '1 2 3 4'])
      expect(parseCoordinate(bad)).toEqual({ ok: false, error: 'kpimport.err.notcoordinate' });
    for (const both of ['N-58', '+26.1E'])
      expect(parseCoordinate(both)).toEqual({ ok: false, error: 'kpimport.err.signandhemisphere' });
  });
});

describe('parseCheckpointCsv', () => {
  it('reads a headerless row in the positional order', () => {
    expect(
      input('7;58.38;26.72;Big stone;2;3;jah;ok;y;no;25;4;Long text;note;*a:Yes;b:No'),
    ).toEqual({
      kp: {
        nr: 7,
        ra: 2,
        grp: 3,
        kohustuslik: true,
        inwork: true,
        allok: true,
        tyhistatud: false,
        maxanswerdistance: 25,
        wrongpenalty: 4,
      },
      data: {
        desc: 'Big stone',
        longdesc: 'Long text',
        a: 'note',
        loc: { lat: 58.38, lng: 26.72 },
        responses: { a: 'Yes', b: 'No' },
      },
      answer: 'a',
    });
  });

  it('reads true for true, 1, ok, jah, y, yes in any case, false for anything else', () => {
    const header = 'nr;lat;lng;inwork\n';
    for (const t of ['true', '1', 'ok', 'jah', 'y', 'yes', 'TRUE', 'Jah', 'Yes'])
      expect(input(`${header}1;;;${t}`).kp.inwork).toBe(true);
    for (const f of ['false', '0', 'no', 'ei', 'x'])
      expect(input(`${header}1;;;${f}`).kp.inwork).toBe(false);
    expect(input(`${header}1;;;`).kp).toEqual({ nr: 1 });
  });

  it('reads a header in any order with aliases, ignoring unknown columns', () => {
    const text = 'Desc,Lon,Lat,NR,colour,Kohustuslik\n"Stone, big",26.72,58.38,F,red,yes\n';
    expect(input(text)).toEqual({
      kp: { nr: 'F', kohustuslik: true },
      data: { desc: 'Stone, big', loc: { lat: 58.38, lng: 26.72 } },
      answer: null,
    });
  });

  it('keeps numbers and strings apart in nr', () => {
    const rows = parseCheckpointCsv('1;;;a\n12a;;;b\nF;;;c\n 42 ;;;d').rows;
    expect(rows.map((r) => r.input?.kp.nr)).toEqual([1, '12a', 'F', 42]);
  });

  it('reads tab-delimited text with decimal commas and prefixed coordinates', () => {
    expect(input('3\tN58,38\tE26,72\tKivi').data.loc).toEqual({ lat: 58.38, lng: 26.72 });
  });

  it('swaps latitude and longitude when the hemisphere letters say so', () => {
    expect(input('3;E26.72;N58.38;x').data.loc).toEqual({ lat: 58.38, lng: 26.72 });
    expect(input('3;W3.5;40.1;x').data.loc).toEqual({ lat: 40.1, lng: -3.5 });
    expect(input('3;S12.5;E130;x').data.loc).toEqual({ lat: -12.5, lng: 130 });
  });

  it('reads responses one per cell or several with |, with escapes and auto ids', () => {
    const text = 'nr;lat;lng;desc;responses\n1;;;x;a:Yes|*b:No \\| maybe;c:Why: because;Plain\n';
    const cp = input(text);
    expect(cp.data.responses).toEqual({
      a: 'Yes',
      b: 'No | maybe',
      c: 'Why: because',
      '4': 'Plain',
    });
    expect(cp.answer).toBe('b');
  });

  it('refuses two starred responses and a star on nothing with kpdata.badresponse', () => {
    expect(only('1;;;x;*a:A;*b:B').errors).toEqual([{ key: 'kpdata.badresponse' }]);
    expect(only('1;;;x;a:A;*').errors).toEqual([{ key: 'kpdata.badresponse' }]);
    expect(only('1;;;x;a:A;*:text').errors).toEqual([{ key: 'kpdata.badresponse' }]);
    expect(only('1;;;x;a:A;*').input).toBeNull();
  });

  it('reads an answer column naming a response by its text when no id is that', () => {
    const answer = (cell: string, responses = 'Red;Green') =>
      only(`nr;lat;lng;Correct answer;Response 1;Response 2\n1;;;${cell};${responses}`);
    expect(answer('Red').input?.answer).toBe('1');
    expect(answer('green').input?.answer).toBe('2');
    expect(answer('2').input?.answer).toBe('2');
    // An id wins over a text; a text two responses share names neither.
    expect(answer('b', 'a:b;b:c').input?.answer).toBe('b');
    expect(answer('Red', 'a:Red;b:red').errors).toEqual([{ key: 'kpdata.badresponse' }]);
    expect(answer('Blue').errors).toEqual([{ key: 'kpdata.badresponse' }]);
    // In Estonian, and agreeing with a star.
    expect(
      only('KP number;Laiuskraad;Pikkuskraad;Õige vastus;Vastus 1\n1;;;Jah;a:Jah|*b:Ei').errors,
    ).toEqual([{ key: 'kpdata.badresponse' }]);
    expect(
      only('KP number;Laiuskraad;Pikkuskraad;Õige vastus;Vastus 1\n1;;;Ei;a:Jah|*b:Ei').input
        ?.answer,
    ).toBe('b');
  });

  it('reads an answer column that must name a response', () => {
    expect(input('nr;lat;lng;answer;response\n1;;;b;a:A|b:B').answer).toBe('b');
    expect(only('nr;lat;lng;answer;response\n1;;;z;a:A').errors).toEqual([
      { key: 'kpdata.badresponse' },
    ]);
    expect(only('nr;lat;lng;answer;response\n1;;;a;*b:B|a:A').errors).toContainEqual({
      key: 'kpdata.badresponse',
    });
  });

  it('reports malformed rows per row while good rows still parse', () => {
    const text = [
      '1;58.1;26.1;good',
      '2;58.2',
      '3;abc;26.3;bad lat',
      '4;58.4;26.4;bad ra;high',
      '5;95;26.5;lat out of range',
      '6;58.6;;missing lng',
      ';58.7;26.7;missing nr',
      '8;N58.8;N26.8;both north',
      '9;58.9;26.9;dup ids;a:A;a:B',
      '10;59;27;last good',
      '11;N-58;26;sign and letter',
      '12;58;26;no id;*a:A;:text',
    ].join('\n');
    const rows = parseCheckpointCsv(text).rows;
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [1, []],
      [2, [{ key: 'kpimport.err.toofewcolumns', count: 2, min: 4 }]],
      [3, [{ key: 'kpimport.err.notcoordinate', field: 'lat', value: 'abc' }]],
      [4, [{ key: 'kpimport.err.notnumber', field: 'ra', value: 'high' }]],
      [5, [{ key: 'kpimport.err.toobig', field: 'lat', value: '95', max: 90 }]],
      [6, [{ key: 'kpimport.err.othercoordinate', field: 'lng' }]],
      [7, [{ key: 'kpimport.err.missing', field: 'nr' }]],
      [8, [{ key: 'kpimport.err.sameaxis' }]],
      [9, [{ key: 'kpimport.err.responseduplicate', value: 'a' }]],
      [10, []],
      [11, [{ key: 'kpimport.err.signandhemisphere', field: 'lat', value: 'N-58' }]],
      [12, [{ key: 'kpimport.err.responsenoid', value: ':text' }]],
    ]);
    expect(rows.filter((r) => r.input).map((r) => r.input!.kp.nr)).toEqual([1, 10]);
    expect(rows.filter((r) => r.errors.length).every((r) => r.input === null)).toBe(true);
  });

  it('reports a quoted field that is never closed', () => {
    expect(only('1;58;26;"Stone\n2;58;26;x').errors).toEqual([
      { key: 'kpimport.err.unterminated' },
    ]);
  });

  it('skips empty lines and empty spreadsheet rows, keeping line numbers', () => {
    const rows = parseCheckpointCsv('\n1;;;a\r\n\r\n;;;\n2;;;b\n\n').rows;
    expect(rows.map((r) => r.line)).toEqual([2, 5]);
  });

  it('reads quoted fields holding delimiters and newlines', () => {
    const cp = input('1;58;26;"Stone; ""big""\nby the road";;;;;;;;;"Line one\r\nLine two"');
    expect(cp.data.desc).toBe('Stone; "big"\nby the road');
    expect(cp.data.longdesc).toBe('Line one\r\nLine two');
  });

  it('gives file errors for a header without nr, a repeated column and an empty file', () => {
    expect(parseCheckpointCsv('lat;lng;desc;ra\n58;26;x;1').fileError).toEqual({
      key: 'kpimport.err.headernonr',
    });
    expect(parseCheckpointCsv('nr;lat;lng;lon\n1;58;26;27').fileError).toEqual({
      key: 'kpimport.err.headertwice',
      field: 'lng',
    });
    expect(parseCheckpointCsv('\n\n').fileError).toEqual({ key: 'kpimport.err.nocheckpoints' });
  });

  it('does not take a data row with known words for a header', () => {
    const rows = parseCheckpointCsv('1;58;26;a;1;1;no;no\nF;;;desc;ra').rows;
    expect(rows).toHaveLength(2);
  });

  it('reads the id, scores and extra columns', () => {
    const text =
      'nr;lat;lng;id;scores;extra;response\n' +
      '"12";;;kp-12;a:5|b:-1;"{""kp"":{""nr"":""12"",""custom"":1},""data"":{""desc"":""""}}";a:A\n';
    expect(input(text)).toEqual({
      id: 'kp-12',
      kp: { nr: '12', custom: 1 },
      data: { desc: '', scores: { a: 5, b: -1 }, responses: { a: 'A' } },
      answer: null,
    });
    expect(only('nr;lat;lng;extra\n1;;;{oops').errors).toEqual([
      { key: 'kpimport.err.extra', value: '{oops' },
    ]);
    expect(only('nr;lat;lng;scores\n1;;;a:5|b|c:x').errors).toEqual([
      { key: 'kpimport.err.scores', value: 'b' },
      { key: 'kpimport.err.scores', value: 'c:x' },
    ]);
  });
});

// Counterexamples found by import.fuzz.test.ts: each took seconds to minutes before the fix.
describe('long runs are read in linear time', () => {
  const fast = <T>(run: () => T): T => {
    const start = Date.now();
    const out = run();
    expect(Date.now() - start).toBeLessThan(1000);
    return out;
  };

  it('a number cell of 100 000 digits and a letter is not a number (regex backtracking)', () => {
    const digits = '1'.repeat(100_000);
    const row = fast(() => only(`1;58.3;26.7;desc;${digits}x`));
    expect(row.errors).toEqual([
      { key: 'kpimport.err.notnumber', field: 'ra', value: expect.stringMatching(/^1+…$/) },
    ]);
  });

  it('a coordinate of 100 000 digits and a letter is not a coordinate', () => {
    expect(fast(() => parseCoordinate(`${'1'.repeat(100_000)}x`))).toEqual({
      ok: false,
      error: 'kpimport.err.notcoordinate',
    });
  });

  it('200 000 quotes inside an unquoted field stay text (no trim per character)', () => {
    const records = fast(() => readCsv(`<a>${'"'.repeat(200_000)};b`, ';'));
    expect(records).toHaveLength(1);
    expect(records[0]!.cells[0]).toHaveLength(200_003);
    expect(records[0]!.cells[1]).toBe('b');
  });
});

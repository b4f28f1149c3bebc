import { describe, expect, it } from 'vitest';
import { decodeImportFile } from './decode.ts';
import { parseCheckpointFile } from './importFile.ts';

// A web-standard global that core's lib setting does not declare.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

const utf8 = (s: string) => new TextEncoder().encode(s);
/** ISO-8859-1 bytes: every character of `s` must be below U+0100. */
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('decodeImportFile', () => {
  it('reads UTF-8 and drops a BOM', () => {
    expect(decodeImportFile(utf8('\uFEFFKivi äär, šokk'))).toEqual({
      ok: true,
      text: 'Kivi äär, šokk',
      encoding: 'utf-8',
    });
  });

  it('retries as ISO-8859-1 when the bytes are not UTF-8', () => {
    expect(decodeImportFile(latin1('Kivi äär õõ ÜÖ'))).toEqual({
      ok: true,
      text: 'Kivi äär õõ ÜÖ',
      encoding: 'iso-8859-1',
    });
  });

  it('reads the Windows-1252 letters š and ž of spreadsheet exports', () => {
    const bytes = Uint8Array.from([0x9a, 0x61, 0x9e, 0x8a, 0x80]);
    expect(decodeImportFile(bytes)).toMatchObject({ ok: true, text: 'šažŠ€' });
  });

  it('refuses binary files with bad fail.....', () => {
    const garbage = Uint8Array.from({ length: 256 }, (_, i) => (i * 97 + 13) % 256);
    expect(decodeImportFile(garbage)).toEqual({ ok: false, error: 'bad fail.....' });
    expect(decodeImportFile(Uint8Array.from([0x31, 0x00, 0x3b, 0x00]))).toEqual({
      ok: false,
      error: 'bad fail.....',
    });
  });

  it('keeps tabs and line ends', () => {
    expect(decodeImportFile(utf8('1\t2\r\n'))).toMatchObject({ ok: true, text: '1\t2\r\n' });
  });
});

describe('parseCheckpointFile', () => {
  it('decodes a Latin-1 CSV and reports the encoding', () => {
    const preview = parseCheckpointFile(
      'kp.csv',
      latin1('nr;lat;lng;desc\n1;N58.1;E26.2;Kivi äär\n'),
    );
    expect(preview.encoding).toBe('iso-8859-1');
    expect(preview.rows[0]!.input!.data.desc).toBe('Kivi äär');
  });

  it('answers bad fail..... and no rows for an undecodable file', () => {
    const preview = parseCheckpointFile('kp.csv', Uint8Array.from([0, 1, 2, 0xff, 0xfe, 0]));
    expect(preview).toEqual({ format: 'csv', rows: [], fileError: { key: 'bad fail.....' } });
  });

  it('picks the format by extension, then by content', () => {
    const json = utf8('[{"kp": {"nr": 1}}]');
    const gpx = utf8('<gpx><wpt lat="58" lon="26"><name>1</name></wpt></gpx>');
    expect(parseCheckpointFile('a.JSON', json).format).toBe('json');
    expect(parseCheckpointFile('a.gpx', gpx).format).toBe('gpx');
    expect(parseCheckpointFile('upload', json).format).toBe('json');
    expect(parseCheckpointFile('upload.bin', gpx).format).toBe('gpx');
    expect(parseCheckpointFile('upload', utf8('1;58;26;x')).format).toBe('csv');
    expect(parseCheckpointFile('a.json', utf8('1;58;26;x')).fileError).toEqual({
      key: 'kpimport.err.notjson',
    });
  });
});

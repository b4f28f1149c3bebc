import { describe, expect, it } from 'vitest';
import { parseCheckpointCsv } from './csv.ts';
import { exportCheckpointsCsv, printItemsCsv } from './csvExport.ts';
import { exportCheckpointsGpx, parseCheckpointGpx } from './gpx.ts';
import { exportCheckpointsJson, parseCheckpointJson } from './json.ts';
import { acceptedInputs, type ImportPreview } from './preview.ts';
import type { Checkpoint } from './types.ts';

/** Checkpoints with everything an export must carry back. */
const checkpoints: Checkpoint[] = [
  {
    id: 'k1',
    kp: { nr: 1, ra: 2, grp: 1.5, inwork: true, kohustuslik: false, maxanswerdistance: 30 },
    data: {
      desc: 'Kivi äär; "suur" | ✓',
      longdesc: 'Rida üks\r\nRida kaks; kolm',
      loc: { lat: 58.380123456789, lng: 26.722222222 },
      responses: { a: 'Jah', b: 'Ei | võib-olla \\ vist', c: 'Kell 12:30' },
    },
    answer: 'b',
  },
  {
    id: 'kF',
    kp: { nr: 'F', allok: true, tyhistatud: true },
    data: { desc: 'Finiš' },
    answer: null,
  },
  { id: 'k12a', kp: { nr: '12a', wrongpenalty: -5 }, data: {}, answer: null },
  {
    id: 'k7s',
    kp: { nr: '7', isauto: true, dependkp: 'k1', custom: { x: 1 } },
    data: {
      desc: '  spaces kept  ',
      a: '',
      loc: { lat: -33.5, lng: -70.25 },
      anycross: true,
      scores: { a: 3, b: -1 },
      responses: { a: 'one', 'b:odd': 'two' },
      note: 'unknown key',
    },
    answer: 'b:odd',
  },
  { id: 'k8', kp: { nr: 9999, noopenwhennotclose: false }, data: { a: 'ans' }, answer: null },
];

/** What an import gives back, shaped like the exported checkpoints. */
function imported(preview: ImportPreview): Checkpoint[] {
  expect(preview.fileError).toBeNull();
  expect(preview.rows.flatMap((r) => r.errors)).toEqual([]);
  return acceptedInputs(preview)!.map((i) => ({
    id: i.id!,
    kp: i.kp,
    data: i.data,
    answer: i.answer,
  }));
}

const byId = (cps: Checkpoint[]) => [...cps].sort((a, b) => a.id.localeCompare(b.id));

describe('export then import gives the same checkpoints', () => {
  it('JSON', () => {
    const text = exportCheckpointsJson(checkpoints);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['kp', 'kpdata', 'kpanswer']);
    expect(byId(imported(parseCheckpointJson(text)))).toEqual(byId(checkpoints));
  });

  it('CSV, with the headers of either language and formula-like texts', () => {
    const hostile = checkpoints.map((cp, i) =>
      i === 0
        ? { ...cp, data: { ...cp.data, desc: '=HYPERLINK("x")', longdesc: "'-already" } }
        : cp,
    );
    const text = exportCheckpointsCsv(hostile);
    expect(text.split('\r\n')[0]).toMatch(/^\uFEFFKP number;Latitude;Longitude;Description;/);
    expect(text).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(text).toContain(";''-already;");
    expect(imported(parseCheckpointCsv(text))).toEqual(hostile);
    const et = exportCheckpointsCsv(hostile, 'et');
    expect(et.split('\r\n')[0]).toMatch(/^\uFEFFKP number;Laiuskraad;Pikkuskraad;Kirjeldus;/);
    expect(et).toContain(';Vastus 1;');
    expect(imported(parseCheckpointCsv(et))).toEqual(hostile);
  });

  it('GPX, with checkpoints without a location in the file extensions', () => {
    const text = exportCheckpointsGpx(checkpoints, 'Rogain & <Co>');
    expect(text).toContain('<metadata><name>Rogain &amp; &lt;Co&gt;</name></metadata>');
    expect(text.match(/<wpt /g)).toHaveLength(2);
    expect(byId(imported(parseCheckpointGpx(text)))).toEqual(byId(checkpoints));
  });

  it('an empty list', () => {
    expect(parseCheckpointJson(exportCheckpointsJson([])).fileError).toEqual({
      key: 'kpimport.err.nocheckpoints',
    });
    expect(parseCheckpointCsv(exportCheckpointsCsv([])).fileError).toEqual({
      key: 'kpimport.err.nocheckpoints',
    });
  });
});

describe('CSV export', () => {
  it('writes plain columns, the correct answer in its own column, and leaves the rest to extra', () => {
    const text = exportCheckpointsCsv(checkpoints.slice(0, 3));
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFKP number;Latitude;Longitude;Description;Value class;Group;Mandatory;In work;' +
        'Every answer correct;Cancelled;Max answer distance (m);Wrong answer penalty;' +
        'Long description;Text answer;Id;Correct answer;Response 1;Response 2;Response 3',
    );
    expect(text).toContain(';k1;b;a:Jah;b:Ei \\| võib-olla \\\\ vist;c:Kell 12:30\r\n');
    expect(text).toContain('"Rida üks\r\nRida kaks; kolm"');
    expect(text).toContain('\r\nF;;;Finiš;;;;;TRUE;TRUE;;;;;kF;;;;\r\n');
    expect(text).not.toContain('extra');
    expect(text).not.toContain('*');
    // In Estonian too.
    expect(exportCheckpointsCsv(checkpoints.slice(0, 1), 'et').split('\r\n')[0]).toContain(
      ';Id;Õige vastus;Vastus 1;',
    );
  });

  it('has no answer column when no KP has a correct answer, and carries an id a cell would change in extra', () => {
    expect(exportCheckpointsCsv(checkpoints.slice(1, 3))).not.toContain('Correct answer');
    const spaced: Checkpoint = {
      id: 'ks',
      kp: { nr: 5 },
      data: { responses: { ' a': 'A', b: 'B' } },
      answer: ' a',
    };
    const text = exportCheckpointsCsv([spaced]);
    expect(text).not.toContain('Correct answer');
    expect(imported(parseCheckpointCsv(text))).toEqual([spaced]);
  });
});

describe('printItemsCsv', () => {
  it('writes lat, lng, type, name, limit with quoting', () => {
    expect(
      printItemsCsv({
        p1: { loc: { lat: 58.1, lng: 26.2 }, type: 'start', name: 'Start, north', limit: 0 },
        p2: { loc: { lat: 58.3, lng: 26.4 }, type: 'water', name: 'Jõgi "A"', limit: 15 },
      }),
    ).toBe(
      '\uFEFFlat;lng;type;name;limit\r\n58.1;26.2;start;Start, north;0\r\n58.3;26.4;water;"Jõgi ""A""";15\r\n',
    );
  });
});

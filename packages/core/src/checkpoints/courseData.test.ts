import { describe, expect, it } from 'vitest';
import condes from './fixtures/condes-multirace.xml?raw';
import mapOnly from './fixtures/maponly.xml?raw';
import ocad from './fixtures/ocad-courses.xml?raw';
import purplePen from './fixtures/purplepen-score.xml?raw';
import {
  exportCheckpointsCourseData,
  isCourseDataXml,
  kpFieldsForScore,
  parseCheckpointCourseData,
} from './courseData.ts';
import { parseCheckpointFile } from './importFile.ts';
import { kpValue } from '../scoring/value.ts';
import { acceptedInputs, type ImportPreview } from './preview.ts';
import type { Checkpoint } from './types.ts';

declare const TextEncoder: new () => { encode(input: string): Uint8Array };
const bytes = (text: string) => new TextEncoder().encode(text);

const inputs = (preview: ImportPreview) => preview.rows.map((r) => r.input);

describe('parseCheckpointCourseData', () => {
  it('reads a Purple Pen score course: codes, positions, scores as values, start and finish left out', () => {
    const preview = parseCheckpointCourseData(purplePen);
    expect(preview.fileError).toBeNull();
    expect(preview.format).toBe('coursedata');
    expect(inputs(preview)).toEqual([
      { kp: { nr: 31, ra: 10 }, data: { loc: { lat: 58.38802, lng: 26.71521 } }, answer: null },
      { kp: { nr: 32, ra: 20 }, data: { loc: { lat: 58.39117, lng: 26.72011 } }, answer: null },
      { kp: { nr: 45, ra: 30 }, data: { loc: { lat: 58.39301, lng: 26.70583 } }, answer: null },
      { kp: { nr: 51, ra: 20 }, data: { loc: { lat: 58.38433, lng: 26.72644 } }, answer: null },
    ]);
    expect(preview.rows.map((r) => r.line)).toEqual([17, 22, 27, 32]);
    expect(preview.notes).toEqual([
      { key: 'kpimport.note.skipped', field: 'Start', value: 'STA1', count: 1 },
      { key: 'kpimport.note.skipped', field: 'Finish', value: 'FIN1', count: 1 },
      { key: 'kpimport.note.courses', value: 'Score 60', count: 1 },
      { key: 'kpimport.note.scores', value: 'Score 60', count: 4 },
    ]);
    expect(acceptedInputs(preview)).toHaveLength(4);
  });

  it('gives scores the value class whose points they are under the event rakoef', () => {
    const preview = parseCheckpointCourseData(purplePen, { rakoef: [null, 10, 20, 30] });
    expect(preview.rows.map((r) => r.input?.kp)).toEqual([
      { nr: 31, ra: 1 },
      { nr: 32, ra: 2 },
      { nr: 45, ra: 3 },
      { nr: 51, ra: 2 },
    ]);
  });

  it('kpFieldsForScore: every answer is worth the score under that rakoef', () => {
    const tables: unknown[] = [null, [], [null, 10, 20, 30], [null, 5, 3], { 1: 4, 7: 2 }, [0, 0]];
    for (const rakoef of tables)
      for (const score of [1, 2, 3, 7, 10, 25, 0.5]) {
        const fields = kpFieldsForScore(score, rakoef);
        expect(kpValue(fields, rakoef as Record<number, unknown> | null), `${score}`).toBeCloseTo(
          score,
          9,
        );
      }
    expect(kpFieldsForScore(2, [null, 5, 3])).toEqual({ ra: 1, grp: 0.4 });
    expect(kpFieldsForScore(3, [null, 5, 3])).toEqual({ ra: 2 });
  });

  it('reads OCAD: no control types, start and finish known from the courses; courses only noted', () => {
    const preview = parseCheckpointCourseData(ocad);
    expect(preview.rows.map((r) => r.input?.kp.nr)).toEqual([101, 102, 103]);
    expect(preview.rows[0]!.input!.data.loc).toEqual({ lat: 57.956118, lng: 26.240092 });
    expect(preview.rows.every((r) => r.input?.kp.ra === undefined)).toBe(true);
    expect(preview.notes).toEqual([
      { key: 'kpimport.note.skipped', field: 'Start', value: 'S1', count: 1 },
      { key: 'kpimport.note.skipped', field: 'Finish', value: 'F1', count: 1 },
      { key: 'kpimport.note.courses', value: 'M21, W21', count: 2 },
    ]);
  });

  it('reads a prefixed namespace, names as descriptions, several races once per code', () => {
    const preview = parseCheckpointCourseData(condes);
    expect(inputs(preview)).toEqual([
      {
        kp: { nr: 61 },
        data: { desc: 'Kivi, põhjakülg', loc: { lat: 59.4382, lng: 24.7551 } },
        answer: null,
      },
      {
        kp: { nr: 62 },
        data: { desc: 'Oja & tee ristumine', loc: { lat: 59.4391, lng: 24.7579 } },
        answer: null,
      },
      { kp: { nr: 63 }, data: { loc: { lat: 59.435, lng: 24.7612 } }, answer: null },
    ]);
    expect(preview.notes?.map((n) => n.field ?? n.key)).toEqual([
      'Start',
      'CrossingPoint',
      'Finish',
      'kpimport.note.courses',
    ]);
  });

  it('refuses a control with map coordinates only, naming its code', () => {
    const preview = parseCheckpointCourseData(mapOnly);
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [{ key: 'kpimport.err.noposition', value: '31' }],
      [],
    ]);
    expect(preview.rows[0]!.input).toBeNull();
    expect(acceptedInputs(preview)).toBeNull();
  });

  it('reports bad positions, codes and files with keys', () => {
    const doc = (controls: string) =>
      `<CourseData><RaceCourseData>${controls}</RaceCourseData></CourseData>`;
    const preview = parseCheckpointCourseData(
      doc(
        '<Control><Id>7</Id><Position lat="x" lng=""/></Control>' +
          '<Control><Position lat="58" lng="26"/></Control>' +
          '<Control><Id>0</Id><Position lat="95" lng="26"/></Control>',
      ),
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [
        { key: 'kpimport.err.notnumber', field: 'lat', value: 'x' },
        { key: 'kpimport.err.missing', field: 'lng' },
      ],
      [{ key: 'kpimport.err.missing', field: 'Id' }],
      [
        { key: 'kpimport.err.badnumber', field: 'nr', value: '0', max: 9999 },
        { key: 'kpimport.err.toobig', field: 'lat', value: '95', max: 90 },
      ],
    ]);
    expect(parseCheckpointCourseData('<gpx/>').fileError?.key).toBe('kpimport.err.notcoursedata');
    expect(parseCheckpointCourseData('no xml').fileError?.key).toBe('kpimport.err.notxml');
    expect(parseCheckpointCourseData('<CourseData>\n<a b=>').fileError).toEqual({
      key: 'kpimport.err.badxml',
      line: 2,
    });
    expect(parseCheckpointCourseData(doc('<Control type="Start"><Id>S1</Id></Control>'))).toEqual(
      expect.objectContaining({ rows: [], fileError: { key: 'kpimport.err.nocontrols' } }),
    );
    expect(
      parseCheckpointCourseData(
        '<CourseData><IOFVersion version="2.0.3"/><Control><ControlCode>31</ControlCode></Control></CourseData>',
      ).fileError?.key,
    ).toBe('kpimport.err.iofversion2');
  });
});

describe('parseCheckpointFile picks CourseData by its root', () => {
  it('.xml with a CourseData root, or sniffed XML, is CourseData; other .xml stays GPX', () => {
    expect(parseCheckpointFile('courses.xml', bytes(purplePen)).format).toBe('coursedata');
    expect(parseCheckpointFile('courses', bytes(`\uFEFF${ocad}`)).format).toBe('coursedata');
    expect(
      parseCheckpointFile(
        'points.xml',
        bytes('<gpx><wpt lat="1" lon="2"><name>1</name></wpt></gpx>'),
      ).format,
    ).toBe('gpx');
    expect(parseCheckpointFile('odd.gpx', bytes(purplePen)).fileError?.key).toBe(
      'kpimport.err.notgpx',
    );
    const scored = parseCheckpointFile('c.xml', bytes(purplePen), { rakoef: [null, 10, 20, 30] });
    expect(scored.encoding).toBe('utf-8');
    expect(scored.rows[0]!.input!.kp).toEqual({ nr: 31, ra: 1 });
  });

  it('isCourseDataXml looks past declarations, comments and DOCTYPE only', () => {
    expect(
      isCourseDataXml(
        '<?xml version="1.0"?>\n<!-- c --><!DOCTYPE x [<!ENTITY a "b">]><iof:CourseData/>',
      ),
    ).toBe(true);
    expect(isCourseDataXml('<CourseDataX/>')).toBe(false);
    expect(isCourseDataXml('<gpx><CourseData/></gpx>')).toBe(false);
    expect(isCourseDataXml('<!-- never closed <CourseData>')).toBe(false);
    expect(isCourseDataXml('text <CourseData>')).toBe(false);
  });
});

const cps: Checkpoint[] = [
  {
    id: 'a',
    kp: { nr: 32, ra: 2 },
    data: { desc: 'Kivi & <känd>', loc: { lat: 58.39, lng: 26.72 } },
  },
  { id: 'b', kp: { nr: 4, ra: 1, grp: 1.5 }, data: { loc: { lat: 58.381, lng: 26.701 } } },
  { id: 'c', kp: { nr: 'F' }, data: { loc: { lat: 58.3851, lng: 26.7102 } } },
  { id: 'd', kp: { nr: 9, tyhistatud: true }, data: { loc: { lat: 58.3, lng: 26.6 } } },
  { id: 'e', kp: { nr: '12a' }, data: {} },
];

describe('exportCheckpointsCourseData', () => {
  const xml = exportCheckpointsCourseData(cps, {
    eventName: 'Öö & päev',
    rakoef: [null, 10, 20],
    startloc: { lat: 58.3852, lng: 26.7101 },
    now: new Date('2026-05-01T08:00:00Z'),
  });

  it('writes S1, every KP as a control, F1 from the KP F, and a score course with values', () => {
    expect(xml).toContain('createTime="2026-05-01T08:00:00.000Z" creator="Rada"');
    expect(xml).toContain('<Event><Name>Öö &amp; päev</Name></Event>');
    expect(xml).toContain(
      '<Control type="Start"><Id>S1</Id><Position lng="26.7101" lat="58.3852"/></Control>',
    );
    expect(xml).toContain(
      '<Control type="Control"><Id>32</Id><Name>Kivi &amp; &lt;känd&gt;</Name><Position lng="26.72" lat="58.39"/></Control>',
    );
    expect(xml).toContain(
      '<Control type="Finish"><Id>F1</Id><Position lng="26.7102" lat="58.3851"/></Control>',
    );
    expect(xml).toContain('<Control type="Control"><Id>12a</Id></Control>');
    const course = xml.slice(xml.indexOf('<Course>'));
    expect(
      [...course.matchAll(/<Control>([^<]+)<\/Control>(?:<Score>([^<]+)<\/Score>)?/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['S1', undefined],
      ['4', '15'],
      ['32', '20'],
      ['12a', '10'],
      ['F1', undefined],
    ]);
  });

  it('reads back as the same KPs (by value) through the CourseData import', () => {
    const back = parseCheckpointCourseData(xml, { rakoef: [null, 10, 20] });
    expect(back.fileError).toBeNull();
    expect(back.rows.map((r) => [r.input?.kp.nr, r.input?.kp.ra, r.input?.data.desc])).toEqual([
      [4, 15, undefined],
      [9, undefined, undefined],
      [32, 2, 'Kivi & <känd>'],
      [undefined, undefined, undefined],
    ]);
    // 12a has no location: the import refuses it, the export still lists it for the programs.
    expect(back.rows[3]!.errors).toEqual([{ key: 'kpimport.err.noposition', value: '12a' }]);
    expect(kpValue(back.rows[0]!.input!.kp, [null, 10, 20])).toBe(15);
  });

  it('without a start location, S1 has no position and F1 the KP F', () => {
    const plain = exportCheckpointsCourseData(cps.slice(0, 2), { eventName: '' });
    expect(plain).toContain('<Control type="Start"><Id>S1</Id></Control>');
    expect(plain).toContain('<Control type="Finish"><Id>F1</Id></Control>');
    expect(plain).toContain('<Name>Rada</Name>');
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCheckpointsCourseData, exportCheckpointsKml } from '@rada/core';
import type { Checkpoint } from '@rada/core';

/**
 * The KP CourseData export (and the CourseData fixtures the import is tested with) validated
 * against the official IOF XML 3.0 schema with xmllint, and read by SportOrg's own CourseData
 * parser (`sportorg.libs.iof.parser.parse`, standard library only) from the checkout in
 * SPORTORG_SRC. Each part is skipped, with the reason printed, where xmllint, python3 or the
 * checkout is missing. What MeOS's readCourseData needs is asserted on the text (docs/interop.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const IOF_XSD = path.join(root, 'schemas/IOF.xsd');
const FIXTURES = path.join(root, 'packages/core/src/checkpoints/fixtures');
const SPORTORG = process.env.SPORTORG_SRC ?? '/work/peers/sportorg+pysport';
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
if (!hasXmllint)
  console.warn('xmllint not found: the CourseData schema checks are skipped (libxml2-utils)');
const python = ['python3', '/usr/bin/python3'].find(
  (p) => spawnSync(p, ['--version']).status === 0,
);
const hasSportOrg =
  python !== undefined && fs.existsSync(path.join(SPORTORG, 'sportorg/libs/iof/parser.py'));
if (!hasSportOrg)
  console.warn(`SportOrg CourseData check skipped: no python3 or no checkout at ${SPORTORG}`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-coursedata-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
function write(text: string): string {
  const file = path.join(dir, `doc-${files++}.xml`);
  fs.writeFileSync(file, text);
  return file;
}

/** xmllint's complaints about the file ('' when it validates). */
function validate(file: string): string {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', IOF_XSD, file], {
    encoding: 'utf8',
  });
  return r.status === 0 ? '' : r.stderr;
}

const HOSTILE = 'Kõva & <Ülo> "A\'s"\u0001\u0008\uFFFE \uD800 rada\u0000';
const cps: Checkpoint[] = [
  { id: 'a', kp: { nr: 31, ra: 2 }, data: { desc: HOSTILE, loc: { lat: 58.3885, lng: 26.7152 } } },
  { id: 'b', kp: { nr: 4, grp: 1.5 }, data: { loc: { lat: -33.5, lng: 179.99999999 } } },
  { id: 'c', kp: { nr: 'F' }, data: { loc: { lat: 58.385, lng: 26.71 } } },
  { id: 'd', kp: { nr: 9, tyhistatud: true }, data: {} },
  { id: 'e', kp: { nr: '12a' }, data: { desc: '' } },
  { id: 'f', kp: { nr: 7, ra: 3 }, data: { loc: { lat: 1e-7, lng: -1e-7 } } },
];
const exported = exportCheckpointsCourseData(cps, {
  eventName: HOSTILE,
  rakoef: [null, 10, 20, 30],
  startloc: { lat: 58.3852, lng: 26.7101 },
});

describe.skipIf(!hasXmllint)('CourseData validates against the IOF XML 3.0 schema', () => {
  it('the KP export, hostile names and all', () => {
    expect(validate(write(exported))).toBe('');
    // One KP, and none: a course still has its two CourseControls (S1 and F1).
    expect(validate(write(exportCheckpointsCourseData(cps.slice(0, 1), { eventName: '' })))).toBe(
      '',
    );
    expect(validate(write(exportCheckpointsCourseData([], { eventName: 'E' })))).toBe('');
  });

  it('the fixtures the import is tested with', () => {
    const names = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.xml'));
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) expect(validate(path.join(FIXTURES, name)), name).toBe('');
  });
});

describe.skipIf(!hasSportOrg)("SportOrg's CourseData parser reads the export", () => {
  it('one course with every live KP as a Control, start and finish apart', () => {
    const script = [
      'import json, sys',
      `sys.path.insert(0, ${JSON.stringify(SPORTORG)})`,
      'from sportorg.libs.iof.parser import parse',
      'print(json.dumps([[r.name, r.data] for r in parse(sys.argv[1])]))',
    ].join('\n');
    const r = spawnSync(python!, ['-c', script, write(exported)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const parsed = JSON.parse(r.stdout) as [string, unknown][];
    // SportOrg also reads the (empty) variations and takes the event's name as its race title.
    expect(parsed.map(([name]) => name)).toEqual(['CourseData', 'VariationData', 'Event']);
    expect(parsed[1]![1]).toEqual([]);
    expect((parsed[2]![1] as { name: string }).name).toBe('Kõva & <Ülo> "A\'s"  rada');
    const courses = parsed[0]![1] as {
      name: string;
      length: number;
      controls: { type: string; control: string }[];
    }[];
    expect(courses).toHaveLength(1);
    expect(courses[0]!.length).toBe(0);
    expect(courses[0]!.controls.map((c) => `${c.type}:${c.control}`)).toEqual([
      'Start:S1',
      'Control:4',
      'Control:7',
      'Control:31',
      'Control:12a',
      'Finish:F1',
    ]);
  });
});

describe('what MeOS readCourseData needs', () => {
  it('one RaceCourseData; control codes start with S or F only for start and finish', () => {
    expect(exported.match(/<RaceCourseData>/g)).toHaveLength(1);
    const ids = [...exported.matchAll(/<Control(?: type="(\w+)")?><Id>([^<]*)<\/Id>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    for (const [type, id] of ids) {
      if (type === 'Start') expect(id).toBe('S1');
      else if (type === 'Finish') expect(id).toBe('F1');
      else expect(id).toMatch(/^[1-9]/);
    }
    // Scores are numbers MeOS's getObjectInt reads (whole here: 20, 15 and 30).
    expect([...exported.matchAll(/<Score>([^<]+)<\/Score>/g)].map((m) => m[1])).toEqual([
      '15',
      '30',
      '20',
      '10',
    ]);
  });

  it('the KML export is XML (no schema here): placemarks S1 … F1', () => {
    const kml = exportCheckpointsKml(cps, { eventName: HOSTILE, startloc: { lat: 1, lng: 2 } });
    expect(kml).toMatch(/^<\?xml[^>]*>\n<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/);
    expect([...kml.matchAll(/<name>([^<]*)<\/name>/g)].slice(2).map((m) => m[1])).toEqual([
      'S1',
      '4',
      '7',
      '31',
      'F1',
    ]);
    if (hasXmllint) {
      const r = spawnSync('xmllint', ['--noout', write(kml)], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
    }
  });
});

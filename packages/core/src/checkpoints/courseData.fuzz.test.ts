/**
 * Fuzz properties of the IOF CourseData reader (and the KML and CourseData writers): whatever
 * the input, the answer is a preview whose rows, file error and notes are import issue keys with
 * exactly their declared parameters; nothing throws and nothing hangs; every export of valid
 * checkpoints reads back without a file error. FUZZ_RUNS inputs per property (testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedText,
  randomText,
  repeated,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import purplePen from './fixtures/purplepen-score.xml?raw';
import ocad from './fixtures/ocad-courses.xml?raw';
import condes from './fixtures/condes-multirace.xml?raw';
import {
  exportCheckpointsCourseData,
  isCourseDataXml,
  kpFieldsForScore,
  parseCheckpointCourseData,
} from './courseData.ts';
import { exportCheckpointsKml } from './kml.ts';
import { parseXml } from './xml.ts';
import { kpValue } from '../scoring/value.ts';
import {
  acceptedInputs,
  IMPORT_ISSUE_KEYS,
  IMPORT_ISSUE_PARAMS,
  IMPORT_ISSUE_VALUE_MAX,
  type ImportIssue,
  type ImportPreview,
} from './preview.ts';
import type { Checkpoint } from './types.ts';

const KEYS = new Set<string>(IMPORT_ISSUE_KEYS);

function checkIssue(issue: ImportIssue): void {
  check(KEYS.has(issue.key), 'unknown issue key', issue);
  const declared = [...IMPORT_ISSUE_PARAMS[issue.key]].sort().join();
  const given = Object.keys(issue)
    .filter((k) => k !== 'key')
    .sort()
    .join();
  check(declared === given, `parameters of ${issue.key} are not ${declared}`, issue);
  if (issue.value !== undefined)
    check([...issue.value].length <= IMPORT_ISSUE_VALUE_MAX, 'value too long', issue);
  for (const name of ['count', 'min', 'max', 'line'] as const)
    if (name in issue) check(Number.isFinite(issue[name]), `${name} not a number`, issue);
}

function checkPreview(preview: ImportPreview): void {
  check(preview.format === 'coursedata', 'wrong format', preview.format);
  if (preview.fileError) {
    checkIssue(preview.fileError);
    check(preview.rows.length === 0, 'rows with a file error', preview.rows.length);
  } else check(preview.rows.length > 0, 'no rows and no file error', preview);
  (preview.notes ?? []).forEach(checkIssue);
  for (const note of preview.notes ?? [])
    check(note.key.startsWith('kpimport.note.'), 'a note that is not a note key', note);
  for (const row of preview.rows) {
    check(Number.isSafeInteger(row.line) && row.line >= 1, 'bad line', row.line);
    row.errors.forEach(checkIssue);
    check(row.input === null || row.errors.length === 0, 'input with errors', row);
    check(row.input !== null || row.errors.length > 0, 'refused without a reason', row);
  }
  acceptedInputs(preview);
}

const TOKENS = [
  '<CourseData>',
  '</CourseData>',
  '<iof:CourseData xmlns:iof="http://www.orienteering.org/datastandard/3.0">',
  '<IOFVersion version="2.0.3"/>',
  '<RaceCourseData>',
  '</RaceCourseData>',
  '<Control>',
  '<Control type="Start">',
  '<Control type="Finish">',
  '<Control type="CrossingPoint">',
  '<Control type="bogus">',
  '</Control>',
  '<Id>',
  '</Id>',
  '31',
  'S1',
  'FIN1',
  '0',
  '12a',
  '<Name>',
  '</Name>',
  '<Position lat="58.3" lng="26.7"/>',
  '<Position lat="1e999" lng="x"/>',
  '<Position lng="-0"/>',
  '<MapPosition x="1" y="2"/>',
  '<Course>',
  '</Course>',
  '<CourseControl type="Control">',
  '<CourseControl type="Start">',
  '</CourseControl>',
  '<Score>',
  '</Score>',
  '1e308',
  '-5',
  'NaN',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x [<!ENTITY a "b">]>',
  '&amp;',
  '&#x0;',
  '<',
  '>',
  '/>',
];

const code = fc.oneof(
  fc.constantFrom('31', 'S1', 'STA1', 'F1', 'FIN', '0', '12a', '', ' 45 ', '9999', '10000'),
  fc.string({ maxLength: 6 }),
);
const number = fc.oneof(
  fc.double().map(String),
  fc.constantFrom('58.38', '', '1e999', 'x', '-0', '90.5'),
);
const control = fc
  .tuple(
    fc.option(
      fc.constantFrom('Control', 'Start', 'Finish', 'CrossingPoint', 'EndOfMarkedRoute', 'x'),
    ),
    fc.option(code),
    fc.option(fc.string({ maxLength: 10 })),
    fc.option(fc.tuple(number, number)),
  )
  .map(
    ([type, id, name, pos]) =>
      `<Control${type === null ? '' : ` type="${type}"`}>${id === null ? '' : `<Id>${id}</Id>`}${
        name === null ? '' : `<Name>${name}</Name>`
      }${pos === null ? '<MapPosition x="1" y="2"/>' : `<Position lat="${pos[0]}" lng="${pos[1]}"/>`}</Control>`,
  );
const courseControl = fc
  .tuple(
    fc.option(fc.constantFrom('Control', 'Start', 'Finish', 'x')),
    fc.array(code, { maxLength: 2 }),
    fc.option(number),
  )
  .map(
    ([type, codes, score]) =>
      `<CourseControl${type === null ? '' : ` type="${type}"`}>${codes
        .map((c) => `<Control>${c}</Control>`)
        .join('')}${score === null ? '' : `<Score>${score}</Score>`}</CourseControl>`,
  );
const course = fc
  .tuple(fc.string({ maxLength: 8 }), fc.array(courseControl, { maxLength: 4 }))
  .map(([name, ccs]) => `<Course><Name>${name}</Name>${ccs.join('')}</Course>`);

const checkpoint: fc.Arbitrary<Checkpoint> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.constantFrom('F', 'S', '12a')),
    fc.option(fc.integer({ min: 1, max: 3 })),
    fc.option(fc.constantFrom(1, 1.5, 2)),
    fc.boolean(),
    fc.option(fc.string({ maxLength: 20 })),
    fc.option(
      fc.record({
        lat: fc.double({ min: -90, max: 90, noNaN: true }),
        lng: fc.double({ min: -180, max: 180, noNaN: true }),
      }),
    ),
  )
  .map(([nr, ra, grp, cancelled, desc, loc]) => ({
    id: `k${String(nr)}`,
    kp: {
      nr,
      ...(ra === null ? {} : { ra }),
      ...(grp === null ? {} : { grp }),
      ...(cancelled ? { tyhistatud: true } : {}),
    },
    data: { ...(desc === null ? {} : { desc }), ...(loc === null ? {} : { loc }) },
  }));
const checkpoints = fc.uniqueArray(checkpoint, {
  minLength: 1,
  maxLength: 6,
  selector: (cp) => String(cp.kp.nr),
});
const rakoef = fc.option(fc.array(fc.option(fc.integer({ min: -5, max: 50 })), { maxLength: 5 }));

const shapes = fc.oneof(
  fc.constantFrom(purplePen, ocad, condes),
  fc
    .tuple(fc.array(control, { maxLength: 5 }), fc.array(course, { maxLength: 3 }), fc.nat(4))
    .map(
      ([controls, courses, depth]) =>
        `<CourseData><RaceCourseData>${'<x>'.repeat(depth)}${controls.join('')}${'</x>'.repeat(
          depth,
        )}${controls.join('')}${courses.join('')}</RaceCourseData></CourseData>`,
    ),
  fc
    .tuple(checkpoints, fc.string({ maxLength: 10 }), rakoef)
    .map(([cps, name, table]) =>
      exportCheckpointsCourseData(cps, { eventName: name, rakoef: table }),
    ),
);
const text = fc.oneof(
  { weight: 3, arbitrary: shapes },
  { weight: 4, arbitrary: mutatedText(shapes, TOKENS) },
  { weight: 2, arbitrary: tokenSoup(TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: repeated(['<a>', '<Control>', '</Control>', '<!', '&#1', 'a="', '1', ' ']).map(
      (big) =>
        `<CourseData><RaceCourseData><Control><Id>${big}</Id></Control>${big}</RaceCourseData></CourseData>`,
    ),
  },
);

describe(
  'IOF CourseData reader never crashes on any input',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('every answer is a preview with keyed issues and notes', () => {
      fc.assert(
        fc.property(text, rakoef, (t, table) => {
          checkPreview(timed(() => parseCheckpointCourseData(t, { rakoef: table })));
          timed(() => isCourseDataXml(t));
        }),
        fuzzOptions(),
      );
    });

    it('every export of valid checkpoints reads back, located KPs with their value', () => {
      fc.assert(
        fc.property(checkpoints, rakoef, fc.string({ maxLength: 10 }), (cps, table, name) => {
          const xml = exportCheckpointsCourseData(cps, { eventName: name, rakoef: table });
          const back = parseCheckpointCourseData(xml, { rakoef: table });
          checkPreview(back);
          const byNr = new Map(back.rows.map((r) => [String(r.input?.kp.nr), r.input]));
          for (const cp of cps) {
            if (String(cp.kp.nr) === 'F' || !cp.data.loc || cp.kp.tyhistatud) continue;
            const input = byNr.get(String(cp.kp.nr));
            check(input !== undefined, 'a located KP did not come back', { cp, xml });
            const before = kpValue(cp.kp, table as Record<number, unknown> | null);
            const after = kpValue(input!.kp, table as Record<number, unknown> | null);
            check(
              Math.abs(before - after) <= 1e-9 * Math.max(1, Math.abs(before)),
              'value changed',
              {
                cp,
                input,
              },
            );
          }
          // The KML writer's output is XML whatever the names hold.
          parseXml(exportCheckpointsKml(cps, { eventName: name, startloc: { lat: 1, lng: 2 } }));
        }),
        fuzzOptions(),
      );
    });

    it('kpFieldsForScore always gives the score back', () => {
      fc.assert(
        fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), rakoef, (score, table) => {
          const fields = kpFieldsForScore(score, table);
          const value = kpValue(fields, table as Record<number, unknown> | null);
          check(Math.abs(value - score) <= 1e-9 * Math.max(1, Math.abs(score)), 'value', {
            score,
            table,
            fields,
          });
        }),
        fuzzOptions(),
      );
    });

    it('takes linear time on long runs of any one piece', () => {
      const pieces = [
        '<a>',
        '</a>',
        '<Control>',
        '<Id>1</Id>',
        'a="1" ',
        '<!--x-->',
        '&#49;',
        '\n',
      ];
      checkLinear(
        parseCheckpointCourseData,
        pieces,
        (run) => `<CourseData><RaceCourseData>${run}</RaceCourseData></CourseData>`,
      );
      checkLinear(isCourseDataXml, ['<?x?>', '<!--x-->', ' ', '<!x>']);
    });
  },
);

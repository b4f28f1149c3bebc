import { describe, expect, it } from 'vitest';
import { parseCheckpointCsv } from './csv.ts';
import { parseCheckpointGpx } from './gpx.ts';
import { parseCheckpointJson } from './json.ts';
import {
  checkInput,
  IMPORT_ISSUE_KEYS,
  IMPORT_ISSUE_PARAMS,
  importIssue,
  uniqueIssues,
  type ImportIssue,
} from './preview.ts';

const issuesOf = (candidate: unknown) => {
  const errors: ImportIssue[] = [];
  expect(checkInput(candidate, errors)).toBeNull();
  return errors;
};

describe('importIssue', () => {
  it('trims the value and cuts it to 40 characters', () => {
    expect(importIssue('kpimport.err.scores', { value: '  a:b  ' })).toEqual({
      key: 'kpimport.err.scores',
      value: 'a:b',
    });
    const long = importIssue('kpimport.err.extra', { value: `{${'x'.repeat(100)}` }).value!;
    expect([...long]).toHaveLength(40);
    expect(long).toBe(`{${'x'.repeat(38)}…`);
    expect(importIssue('kpimport.err.extra', { value: '😀'.repeat(41) }).value).toBe(
      `${'😀'.repeat(39)}…`,
    );
  });

  it('drops repeated issues, keeping the first order', () => {
    const a = importIssue('kpdata.badresponse');
    const b = importIssue('kpimport.err.missing', { field: 'nr' });
    expect(uniqueIssues([a, b, { ...a }, { ...b }])).toEqual([a, b]);
  });
});

describe('checkInput', () => {
  it('maps schema issues to keys with the field and value, never zod text', () => {
    expect(issuesOf(5)).toEqual([{ key: 'kpimport.err.notcheckpoint' }]);
    expect(issuesOf({ kp: 1 })).toEqual([
      { key: 'kpimport.err.notobject', field: 'kp', value: '1' },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: 'x' })).toEqual([
      { key: 'kpimport.err.notobject', field: 'data', value: 'x' },
    ]);
    expect(issuesOf({ kp: {} })).toEqual([{ key: 'kpimport.err.missing', field: 'nr' }]);
    expect(issuesOf({ kp: { nr: ' ' } })).toEqual([{ key: 'kpimport.err.missing', field: 'nr' }]);
    expect(issuesOf({ kp: { nr: true } })).toEqual([{ key: 'kpimport.err.invalid', field: 'nr' }]);
    expect(issuesOf({ kp: { nr: 'x'.repeat(21) } })).toEqual([
      { key: 'kpimport.err.toolong', field: 'nr', max: 20 },
    ]);
    expect(issuesOf({ kp: { nr: 1, inwork: 'yes' } })).toEqual([
      { key: 'kpimport.err.notboolean', field: 'inwork', value: 'yes' },
    ]);
    expect(issuesOf({ kp: { nr: 1, dependkp: 7 } })).toEqual([
      { key: 'kpimport.err.nottext', field: 'dependkp', value: '7' },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: { loc: [58, 26] } })).toEqual([
      { key: 'kpimport.err.notobject', field: 'loc', value: '[58,26]' },
    ]);
    expect(issuesOf({ kp: { nr: 1, maxanswerdistance: -1 } })).toEqual([
      { key: 'kpimport.err.toosmall', field: 'maxanswerdistance', value: '-1', min: 0 },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: { loc: { lat: 58, lng: -181 } } })).toEqual([
      { key: 'kpimport.err.toosmall', field: 'lng', value: '-181', min: -180 },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: { scores: { a: 'x' } } })).toEqual([
      { key: 'kpimport.err.notnumber', field: 'scores.a', value: 'x' },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: { responses: { '': 'A' } } })).toEqual([
      { key: 'kpimport.err.badid', field: 'responses', value: '' },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, color: 'red', size: 2 })).toEqual([
      { key: 'kpimport.err.unknownfield', value: 'color, size' },
    ]);
    expect(issuesOf({ kp: { nr: 1 }, data: { responses: { a: 'A' } }, answer: 'b' })).toEqual([
      { key: 'kpdata.badresponse' },
    ]);
  });
});

describe('import issue keys', () => {
  it('list each key once, each with its parameters', () => {
    expect(new Set(IMPORT_ISSUE_KEYS).size).toBe(IMPORT_ISSUE_KEYS.length);
    expect(Object.keys(IMPORT_ISSUE_PARAMS).sort()).toEqual([...IMPORT_ISSUE_KEYS].sort());
  });

  it('carry exactly the parameters their key declares, wherever they are made', () => {
    const previews = [
      parseCheckpointCsv(
        [
          '1;58',
          '2;abc;N-26;x',
          '3;N58;N26;x',
          '4;58;;x;high',
          ';95;26;x;*a:A;*b:B;:c;a:A',
          '"open',
        ].join('\n'),
      ),
      parseCheckpointCsv('nr;lat;lng;scores;extra;answer\n1;;;a|b:x;{oops;z'),
      parseCheckpointCsv('nr;lat;nr;lng\n1;2;3;4'),
      parseCheckpointJson(
        JSON.stringify({ kp: { k1: { nr: 'x'.repeat(30) } }, kpanswer: { k2: 'a' } }),
      ),
      parseCheckpointJson(JSON.stringify([1, { kp: { nr: 1, ra: -1, inwork: 2 }, x: 1 }])),
      parseCheckpointGpx(
        '<gpx><wpt lat="x"/><wpt lat="1" lon="2"><name>1</name><extensions><rada:kp>{</rada:kp></extensions></wpt></gpx>',
      ),
      parseCheckpointGpx('<gpx>\n<wpt'),
    ];
    const issues = previews.flatMap((p) => [
      ...(p.fileError ? [p.fileError] : []),
      ...p.rows.flatMap((r) => r.errors),
    ]);
    expect(new Set(issues.map((i) => i.key)).size).toBeGreaterThan(20);
    for (const { key, ...params } of issues)
      expect(Object.keys(params).sort(), key).toEqual([...IMPORT_ISSUE_PARAMS[key]].sort());
  });
});

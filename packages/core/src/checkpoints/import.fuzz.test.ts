/**
 * Fuzz properties of the checkpoint import parsers (CSV, JSON, GPX and the byte-level file
 * reader): whatever the input, the answer is a preview whose every problem is an import issue
 * key with exactly its declared parameters; nothing throws and nothing hangs. FUZZ_RUNS inputs
 * per parser (see testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedBytes,
  mutatedText,
  randomText,
  repeated,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import { parseCheckpointCsv } from './csv.ts';
import { exportCheckpointsCsv } from './csvExport.ts';
import { POSITIONAL_COLUMNS, NAMED_COLUMNS } from './csvColumns.ts';
import { csvLine, type CsvDelimiter } from './csvText.ts';
import { exportCheckpointsGpx, parseCheckpointGpx } from './gpx.ts';
import { parseCheckpointFile } from './importFile.ts';
import { exportCheckpointsJson, parseCheckpointJson } from './json.ts';
import {
  acceptedInputs,
  IMPORT_ISSUE_KEYS,
  IMPORT_ISSUE_PARAMS,
  IMPORT_ISSUE_VALUE_MAX,
  type ImportIssue,
  type ImportPreview,
} from './preview.ts';
import type { Checkpoint } from './types.ts';

declare const TextEncoder: new () => { encode(input: string): Uint8Array };

const KEYS = new Set<string>(IMPORT_ISSUE_KEYS);

/** An issue is a known key with exactly its declared parameters, of the right types. */
function checkIssue(issue: ImportIssue): void {
  check(KEYS.has(issue.key), 'unknown issue key', issue);
  const declared = [...IMPORT_ISSUE_PARAMS[issue.key]].sort().join();
  const given = Object.keys(issue)
    .filter((k) => k !== 'key')
    .sort()
    .join();
  check(declared === given, `parameters of ${issue.key} are not ${declared}`, issue);
  for (const name of ['field', 'value'] as const)
    if (name in issue) check(typeof issue[name] === 'string', `${name} not text`, issue);
  if (issue.value !== undefined)
    check([...issue.value].length <= IMPORT_ISSUE_VALUE_MAX, 'value too long', issue);
  for (const name of ['count', 'min', 'max', 'line'] as const)
    if (name in issue) check(Number.isFinite(issue[name]), `${name} not a number`, issue);
}

/** What every parser must answer: a preview of its format with well-formed rows and issues. */
function checkPreview(preview: ImportPreview, format?: ImportPreview['format']): void {
  if (format) check(preview.format === format, 'wrong format', preview.format);
  if (preview.fileError) {
    checkIssue(preview.fileError);
    check(preview.rows.length === 0, 'rows with a file error', preview.rows.length);
  } else check(preview.rows.length > 0, 'no rows and no file error', preview);
  for (const row of preview.rows) {
    check(Number.isSafeInteger(row.line) && row.line >= 1, 'bad line', row.line);
    row.errors.forEach(checkIssue);
    check(row.input === null || row.errors.length === 0, 'input with errors', row);
    check(row.input !== null || row.errors.length > 0, 'refused without a reason', row);
  }
  acceptedInputs(preview);
}

// Valid checkpoints, for the exports that the mutations start from.
const responseId = fc.stringMatching(/^[a-z0-9]{1,4}$/);
const checkpoint: fc.Arbitrary<Checkpoint> = fc
  .tuple(
    fc.stringMatching(/^k[a-zA-Z0-9_-]{1,8}$/),
    fc.record(
      {
        nr: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.constantFrom('F', 'S', '12a')),
        ra: fc.integer({ min: 1, max: 3 }),
        grp: fc.constantFrom(1, 1.5, 2),
        inwork: fc.boolean(),
        kohustuslik: fc.boolean(),
        isauto: fc.boolean(),
        tyhistatud: fc.boolean(),
        maxanswerdistance: fc.nat(500),
        wrongpenalty: fc.integer({ min: -10, max: 0 }),
        dependkp: fc.stringMatching(/^k[0-9]{1,3}$/),
      },
      { requiredKeys: ['nr'] },
    ),
    fc.record(
      {
        desc: fc.string({ maxLength: 30 }),
        longdesc: fc.string({ maxLength: 60 }),
        loc: fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        responses: fc.dictionary(responseId, fc.string({ maxLength: 20 }), { maxKeys: 4 }),
        scores: fc.dictionary(responseId, fc.integer({ min: -5, max: 5 }), { maxKeys: 3 }),
        anycross: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
  )
  .map(([id, kp, data, withAnswer]) => ({
    id,
    kp,
    data,
    answer: withAnswer ? (Object.keys(data.responses ?? {})[0] ?? null) : null,
  }));
const checkpoints = fc.array(checkpoint, { minLength: 1, maxLength: 5 });

// CSV: exports, hand-made rows of plausible and odd cells, mutations of both, token soup.
const HEADER_NAMES = [...POSITIONAL_COLUMNS, ...NAMED_COLUMNS].flatMap((c) => [
  c.name,
  ...(c.aliases ?? []),
]);
const CSV_TOKENS = [
  ...HEADER_NAMES,
  'response',
  'vastus2',
  'N58 22.800',
  '58°22\'48"',
  'S 12.5',
  '-S12',
  '58,38',
  '1e5',
  '.5',
  'jah',
  'ok',
  '*a:Yes',
  'b:No|c:Maybe',
  'a\\|b',
  '\\\\',
  '*',
  '*:x',
  ':',
  'a:3|b:-1',
  '{"kp":{"ra":2},"data":{"loc":{"lat":1,"lng":2}},"answer":"a"}',
  '{"kp":{"nr":null}}',
  '{"__proto__":{"x":1}}',
  '""',
  '"a""b"',
];
const cell = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CSV_TOKENS) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
);
const delimiter = fc.constantFrom<CsvDelimiter>(';', ',', '\t');
const csvRows = fc
  .tuple(
    delimiter,
    fc.option(fc.shuffledSubarray(HEADER_NAMES, { minLength: 1, maxLength: 12 })),
    fc.array(fc.array(cell, { maxLength: 16 }), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([d, header, rows, quote]) =>
    [...(header ? [header] : []), ...rows]
      .map((cells) => (quote ? csvLine(cells, d) : cells.join(d)))
      .join('\n'),
  );
const csvExports = checkpoints.map(exportCheckpointsCsv);
const csvText = fc.oneof(
  { weight: 2, arbitrary: csvRows },
  { weight: 1, arbitrary: csvExports },
  { weight: 3, arbitrary: mutatedText(fc.oneof(csvRows, csvExports), CSV_TOKENS) },
  { weight: 2, arbitrary: tokenSoup([';', ',', '\t', '"', '\n', ...CSV_TOKENS]) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(repeated(['1', '1.', ' ', '"', ';', '\\|', 'a:', '*', '"";']), delimiter)
      .map(([big, d]) => `1${d}58.3${d}26.7${d}${big}${d}${big}`),
  },
);

// JSON: exports, whole-event shapes, lists of inputs with odd values, mutations, random JSON.
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, '', 'F', -0, 1e308, -1, 90.0001, [], {}, '__proto__'),
);
const oddCheckpoint = fc.oneof(
  checkpoint.map((cp) => cp as unknown),
  fc
    .tuple(
      checkpoint,
      fc.constantFrom('kp', 'data', 'answer', 'id'),
      fc.string({ maxLength: 12 }),
      oddValue,
    )
    .map(([cp, part, key, value]) => {
      const copy = JSON.parse(JSON.stringify(cp)) as Record<string, Record<string, unknown>>;
      if (part === 'answer' || part === 'id' || typeof copy[part] !== 'object')
        copy[part] = value as never;
      else copy[part]![key] = value;
      return copy as unknown;
    }),
);
const jsonShapes = fc.oneof(
  checkpoints.map(exportCheckpointsJson),
  fc.array(oddCheckpoint, { maxLength: 5 }).map((list) => JSON.stringify(list)),
  fc.array(oddCheckpoint, { maxLength: 5 }).map((list) => JSON.stringify({ checkpoints: list })),
  fc
    .tuple(
      fc.dictionary(fc.string({ maxLength: 6 }), oddValue, { maxKeys: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), oddValue, { maxKeys: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), oddValue, { maxKeys: 4 }),
      fc.boolean(),
    )
    .map(([kp, kpdata, kpanswer, wrapped]) => {
      const parts = { kp, kpdata, kpanswer };
      return JSON.stringify(wrapped ? { eventsdata: parts } : parts);
    }),
);
const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"kp":',
  '"kpdata":',
  '"eventsdata":',
  '"checkpoints":',
  ',',
  '"nr":1',
];
const jsonText = fc.oneof(
  { weight: 3, arbitrary: jsonShapes },
  { weight: 3, arbitrary: mutatedText(jsonShapes, JSON_TOKENS) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: tokenSoup(JSON_TOKENS) },
  { weight: 1, arbitrary: randomText },
);

// GPX: exports with mutated attributes, nesting and text, waypoint soup, random text.
const GPX_TOKENS = [
  '<gpx>',
  '</gpx>',
  '<wpt lat="58.1" lon="26.2">',
  "<wpt lat=1e999 lon='x'>",
  '<wpt lat="" lon="-0">',
  '</wpt>',
  '<name>',
  '</name>',
  '<desc>',
  '<cmt>',
  '<extensions>',
  '</extensions>',
  '<rada:kp>',
  '</rada:kp>',
  '<kp>{"kp":{"nr":1}}</kp>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?xml version="1.0"?>',
  '<!DOCTYPE gpx [<!ENTITY a "b">]>',
  '&amp;',
  '&#x0;',
  '&#xD800;',
  '&#1114112;',
  '&#x1F600;',
  '&unknown;',
  '<',
  '>',
  '/>',
  '=',
  '"',
];
const waypoint = fc
  .tuple(
    fc.oneof(fc.double().map(String), fc.constantFrom('58.38', '', ' 1 ', 'N58', '1e999')),
    fc.oneof(fc.double().map(String), fc.constantFrom('26.7', '-0', 'x')),
    fc.option(fc.oneof(fc.constantFrom('1', 'F', '12a', ''), fc.string({ maxLength: 8 }))),
    fc.option(
      fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      ),
    ),
  )
  .map(
    ([lat, lon, name, kp]) =>
      `<wpt lat="${lat}" lon="${lon}">${name === null ? '' : `<name>${name}</name>`}${
        kp === null ? '' : `<extensions><rada:kp>${kp}</rada:kp></extensions>`
      }</wpt>`,
  );
const gpxShapes = fc.oneof(
  fc
    .tuple(checkpoints, fc.string({ maxLength: 10 }))
    .map(([cps, name]) => exportCheckpointsGpx(cps, name)),
  fc
    .tuple(fc.array(waypoint, { maxLength: 5 }), fc.nat(6))
    .map(
      ([wpts, depth]) =>
        `<gpx>${'<x>'.repeat(depth)}${wpts.join('')}${'</x>'.repeat(depth)}${wpts.join('')}</gpx>`,
    ),
);
const gpxText = fc.oneof(
  { weight: 3, arbitrary: gpxShapes },
  { weight: 4, arbitrary: mutatedText(gpxShapes, GPX_TOKENS) },
  { weight: 2, arbitrary: tokenSoup(GPX_TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: repeated(['<a>', '<a ', '</a>', '<!', '<![CDATA[', '&#1', 'a="', '1', ' ']).map(
      (big) => `<gpx><wpt lat="1" lon="2"><name>${big}</name></wpt>${big}</gpx>`,
    ),
  },
);

const encoder = new TextEncoder();
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0) & 0xff));
const anyText = fc.oneof(csvText, jsonText, gpxText);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  anyText.map((t) => encoder.encode(t)),
  anyText.map(latin1),
  mutatedBytes(anyText.map((t) => encoder.encode(t))),
);
const fileName = fc.oneof(
  fc.constantFrom(
    'kp.csv',
    'kp.TSV',
    'kp.txt',
    'kp.json',
    'kp.gpx',
    'kp.xml',
    'kp',
    '.',
    'kp.',
    'a.b.c',
  ),
  fc.string({ maxLength: 10 }),
);

describe(
  'checkpoint import parsers never crash on any input',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('CSV: every answer is a preview with keyed issues', () => {
      fc.assert(
        fc.property(csvText, (text) =>
          checkPreview(
            timed(() => parseCheckpointCsv(text)),
            'csv',
          ),
        ),
        fuzzOptions(),
      );
    });

    it('JSON: every answer is a preview with keyed issues', () => {
      fc.assert(
        fc.property(jsonText, (text) =>
          checkPreview(
            timed(() => parseCheckpointJson(text)),
            'json',
          ),
        ),
        fuzzOptions(),
      );
    });

    it('GPX: every answer is a preview with keyed issues', () => {
      fc.assert(
        fc.property(gpxText, (text) =>
          checkPreview(
            timed(() => parseCheckpointGpx(text)),
            'gpx',
          ),
        ),
        fuzzOptions(),
      );
    });

    it('file bytes (UTF-8 or Latin-1, any format): every answer is a preview with keyed issues', () => {
      fc.assert(
        fc.property(fileName, fileBytes, (name, bytes) =>
          checkPreview(timed(() => parseCheckpointFile(name, bytes))),
        ),
        fuzzOptions(),
      );
    });

    it('take linear time on long runs of any one piece', () => {
      // Not '\n': a run of empty lines allocates a record each, and collection pauses make its timing noisy.
      const csvPieces = ['1', '"', ' ', ';', 'a:', '*', '\\|', 'N'];
      checkLinear(parseCheckpointCsv, csvPieces);
      checkLinear(parseCheckpointCsv, csvPieces, (run) => `1;58.3;26.7;${run};${run};x`);
      const xmlPieces = [
        '<a>',
        '</a>',
        '<a/>',
        '<a ',
        'a="1" ',
        '<!--x-->',
        '<![CDATA[x]]>',
        '&#49;',
        '\n',
      ];
      checkLinear(parseCheckpointGpx, xmlPieces, (run) => `<gpx>${run}</gpx>`);
      checkLinear(
        parseCheckpointGpx,
        ['1', ' '],
        (run) => `<gpx><wpt lat="${run}" lon="1"><name>${run}</name></wpt></gpx>`,
      );
      checkLinear(parseCheckpointJson, ['[', '1'], (run) => `{"kp":{"a":{"nr":"${run}"}}}`);
    });
  },
);

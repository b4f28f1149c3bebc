/**
 * Fuzz properties of the event file reader (spec 04), used for templates, duplicates and the
 * command line import: whatever the text, the answer is a file or a refusal with an error key
 * and a message; never an exception, never a hang. FUZZ_RUNS inputs.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ERROR_KEYS } from './errors.ts';
import {
  checkEventFile,
  EventFile,
  parseEventFile,
  type ParseEventFileResult,
} from './eventFile.ts';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedText,
  randomText,
  ROUND_TRIP_RUNS,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from './testing/fuzz.ts';

const KEYS = new Set<string>(ERROR_KEYS);

function checkResult(result: ParseEventFileResult): void {
  if (result.ok) {
    check(EventFile.safeParse(result.file).success, 'accepted file is not an event file', result);
    return;
  }
  check(KEYS.has(result.error), 'unknown error key', result);
  check(typeof result.message === 'string', 'message not text', result);
  const details: unknown = (result as { details?: unknown }).details;
  if (details !== undefined) {
    check(Array.isArray(details), 'details not a list', details);
    for (const d of details as { path: unknown; message: unknown }[])
      check(typeof d.path === 'string' && typeof d.message === 'string', 'bad detail', d);
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const odd: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, '', -1, 0, 1e308, -1e308, 2 ** 53, 'x'.repeat(300), [], {}, true),
);
const id = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const now = 1_750_000_000_000;

/** Base64 of bytes (core has no Buffer; every runtime it runs in has btoa). */
const base64Of = (bytes: Uint8Array): string =>
  (globalThis as unknown as { btoa: (s: string) => string }).btoa(String.fromCharCode(...bytes));

/** A plausible event file: an event, a few KPs and teams with answers, speed areas. */
const validFile = fc
  .record({
    name: fc.stringMatching(/^[A-Z][a-z ]{0,15}[a-z]$/),
    kps: fc.dictionary(
      id,
      fc.record({
        nr: fc.integer({ min: 1, max: 99 }),
        ra: fc.integer({ min: 1, max: 3 }),
        loc: fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
      }),
      { maxKeys: 4 },
    ),
    teams: fc.dictionary(
      id,
      fc.record({
        name: fc.stringMatching(/^[A-Z][a-z]{1,10}$/),
        nr: fc.integer({ min: 1, max: 99 }),
        allowed: fc.boolean(),
      }),
      { maxKeys: 3 },
    ),
    // The event's own map images (issue 37): their bytes in base64, placed or not.
    maps: fc.dictionary(
      id,
      fc.record({
        name: fc.stringMatching(/^[A-Z][a-z ]{0,15}[a-z]$/),
        format: fc.constantFrom('jpeg', 'png', 'gif', 'webp', 'tiff'),
        width: fc.integer({ min: 1, max: 10_000 }),
        height: fc.integer({ min: 1, max: 10_000 }),
        image: fc.uint8Array({ minLength: 1, maxLength: 64 }),
        placed: fc.boolean(),
        published: fc.boolean(),
        publicFrom: fc.option(fc.integer({ min: 0, max: now }), { nil: null }),
        position: fc.integer({ min: 0, max: 1000 }),
      }),
      { maxKeys: 3 },
    ),
  })
  .map(({ name, kps, teams, maps }) => ({
    version: 2,
    events: {
      name,
      starttime: now,
      endtime: now + 3_600_000,
      hidden: false,
      admins: { u1: 'owner' },
    },
    eventsdata: {
      data: { maxmarkingdistance: 50, rakoef: [null, 10, 20, 30], ajad: { normaalaeg: 180 } },
      conf: { enablewslocations: true },
      kp: Object.fromEntries(Object.entries(kps).map(([k, v], i) => [k, { nr: i + 1, ra: v.ra }])),
      kpdata: Object.fromEntries(
        Object.entries(kps).map(([k, v]) => [
          k,
          { desc: 'd', loc: v.loc, responses: { a: 'Yes', b: 'No' } },
        ]),
      ),
      kpanswer: Object.fromEntries(Object.keys(kps).map((k) => [k, 'a'])),
    },
    teams: {
      list: Object.fromEntries(Object.entries(teams).map(([k, v], i) => [k, { ...v, nr: i + 1 }])),
      kpanswers: Object.fromEntries(
        Object.keys(teams).map((t) => [
          t,
          Object.fromEntries(Object.keys(kps).map((k) => [k, { answer: 'a', t: now + 60_000 }])),
        ]),
      ),
    },
    evdoc: { speedareas: {} },
    mapimages: Object.fromEntries(
      Object.entries(maps).map(([k, { image, placed, ...m }]) => [
        k,
        {
          ...m,
          bytes: image.length,
          placement: placed
            ? { crs: 'EPSG:3301', h: [1, 0, 659000, 0, -1, 6474000, 0, 0, 1], source: 'worldfile' }
            : null,
          data: base64Of(image),
        },
      ]),
    ),
  }));

/** Sets `value` at a path picked by `steps` through the file's objects and arrays. */
function setSomewhere(root: Json, steps: number[], key: string, value: Json): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  let at = copy;
  for (const step of steps) {
    if (at === null || typeof at !== 'object') break;
    const keys = Object.keys(at);
    if (keys.length === 0) break;
    const next = (at as Record<string, Json>)[keys[step % keys.length]!]!;
    if (next === null || typeof next !== 'object') {
      (at as Record<string, Json>)[keys[step % keys.length]!] = value;
      return copy;
    }
    at = next;
  }
  if (at !== null && typeof at === 'object') (at as Record<string, Json>)[key] = value;
  return copy;
}

const mutatedValue = fc
  .tuple(
    validFile,
    fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    fc.oneof(
      id,
      fc.constantFrom(
        '__proto__',
        'constructor',
        'name',
        'nr',
        'loc',
        'admins',
        'list',
        '',
        'mapimages',
        'data',
        'bytes',
        'format',
        'placement',
        'publicFrom',
      ),
    ),
    odd,
  )
  .map(([file, steps, key, value]) => setSomewhere(file as Json, steps, key, value));
const fileTexts = fc.oneof(validFile, mutatedValue).map((v) => JSON.stringify(v));
const TOKENS = [
  '"mapimages":',
  '"data":"AAAA"',
  '{',
  '}',
  '[',
  ']',
  '"events":',
  '"eventsdata":',
  '"teams":',
  '"evdoc":',
  '"name":',
  ':',
  ',',
  '"__proto__":',
  'null',
];
const eventFileText = fc.oneof(
  { weight: 1, arbitrary: fileTexts },
  { weight: 4, arbitrary: mutatedValue.map((v) => JSON.stringify(v)) },
  { weight: 3, arbitrary: mutatedText(fileTexts, TOKENS) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: tokenSoup(TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(validFile, fc.integer({ min: 1000, max: 20_000 }))
      .map(([file, depth]) =>
        JSON.stringify({ ...file, deep: 0 }).replace(
          '"deep":0',
          `"deep":${'['.repeat(depth)}${']'.repeat(depth)}`,
        ),
      ),
  },
);

describe(
  'the event file reader never crashes on any input',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('parseEventFile answers a file or a refusal with a key', () => {
      fc.assert(
        fc.property(eventFileText, (text) => checkResult(timed(() => parseEventFile(text)))),
        fuzzOptions(),
      );
    });

    it('the valid files the mutations start from are accepted', () => {
      fc.assert(
        fc.property(validFile, (file) => {
          const result = parseEventFile(JSON.stringify(file));
          check(result.ok, 'refused', result);
        }),
        fuzzOptions(ROUND_TRIP_RUNS),
      );
    });

    it('checkEventFile answers a file or a refusal with a key for any value', () => {
      fc.assert(
        fc.property(fc.oneof(fc.anything(), mutatedValue), (value) =>
          checkResult(timed(() => checkEventFile(value))),
        ),
        fuzzOptions(),
      );
    });

    it('takes linear time on long runs', () => {
      checkLinear(parseEventFile, ['[', '{"a":', '1', ' ']);
      // A map image's base64 that goes wrong only at its end.
      checkLinear(
        parseEventFile,
        ['AAAA', 'A', '='],
        (run) =>
          `{"events":{"name":"x"},"eventsdata":{},"teams":{},"evdoc":{},"mapimages":{"m":` +
          `{"name":"m","format":"png","width":1,"height":1,"bytes":3,"placement":null,` +
          `"published":false,"publicFrom":null,"position":0,"data":"${run}!"}}}`,
      );
      checkLinear(
        parseEventFile,
        ['[]', '1', ' '],
        (run) =>
          `{"events":{"name":"${run}"},"eventsdata":{"data":{"x":[${run}]}},"teams":{},"evdoc":{}}`,
      );
    });
  },
);

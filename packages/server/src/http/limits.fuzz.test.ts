/**
 * Fuzz properties of jsonShapeOver, the scan every JSON body passes before it is parsed (the
 * server calls it with JSON_MAX_DEPTH and JSON_MAX_VALUES; here small limits reach both):
 * whatever the text, 'depth', 'values' or null and never an exception; on valid JSON its
 * verdicts are those of a reference computed from JSON.parse: the deepest nesting of arrays and
 * objects, and the values counted as the scan counts them (one, plus one for every value after
 * the first in an array or object: the commas between them). Strings holding brackets, commas,
 * quotes and backslashes count for nothing. FUZZ_RUNS inputs each.
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
} from '@rada/core/testing';
import { jsonShapeOver } from './limits.ts';

/** The reference shape of a parsed value: deepest nesting, and commas between values. */
function shape(value: unknown): { depth: number; commas: number } {
  if (value === null || typeof value !== 'object') return { depth: 0, commas: 0 };
  const children = Array.isArray(value) ? value : Object.values(value as object);
  let depth = 0;
  let commas = Math.max(0, children.length - 1);
  for (const child of children) {
    const s = shape(child);
    depth = Math.max(depth, s.depth);
    commas += s.commas;
  }
  return { depth: depth + 1, commas };
}

/** The verdicts jsonShapeOver must give at these limits for a text of this shape. */
const overDepth = (s: { depth: number }, maxDepth: number) => s.depth > maxDepth;
const overValues = (s: { commas: number }, maxValues: number) => s.commas + 1 > maxValues;

/** Strings made of what the scan must skip inside them. */
const trickyString = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({
    unit: fc.constantFrom('[', ']', '{', '}', ',', '"', '\\', ':', 'a', '\u2028', '\uD800'),
    maxLength: 12,
  }),
);
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1.5e300, 12),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    trickyString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(trickyString, tie('value'), { maxKeys: 5 }),
  ),
}));
/** Deep nesting and long flat arrays near the limits. */
const shapedValue = fc
  .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 14 }), jsonValue, fc.boolean())
  .map(([depth, width, inner, asObject]) => {
    let v: unknown = Array.from({ length: width }, (_, i) => (i === 0 ? inner : i));
    for (let d = 0; d < depth; d++) v = asObject ? { [`k${d}`]: v } : [v];
    return v;
  });
const anyValue = fc.oneof(jsonValue, shapedValue, fc.jsonValue({ maxDepth: 6 }));

/** Whitespace JSON allows between tokens. */
const space = fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n', '  ');

/** JSON text of a value: JSON.stringify with an indent, or with random whitespace between tokens. */
const jsonText = fc.oneof(
  fc.tuple(anyValue, fc.constantFrom(0, 1, 2, '\t')).map(([v, indent]) => ({
    value: v,
    text: JSON.stringify(v, null, indent),
  })),
  fc.tuple(anyValue, fc.array(space, { minLength: 1, maxLength: 16 })).map(([v, spaces]) => {
    let i = 0;
    const ws = () => spaces[i++ % spaces.length]!;
    const write = (x: unknown): string => {
      if (x === null || typeof x !== 'object') return ws() + JSON.stringify(x) + ws();
      if (Array.isArray(x)) return `${ws()}[${x.map(write).join(',')}${ws()}]${ws()}`;
      const members = Object.entries(x).map(([k, y]) => `${ws()}${JSON.stringify(k)}:${write(y)}`);
      return `${ws()}{${members.join(',')}${ws()}}${ws()}`;
    };
    return { value: v, text: write(v) };
  }),
);

const JSON_TOKENS = ['[', ']', '{', '}', ',', '"', '\\', '\\"', '\\\\', ':', '"a":', '[[', ']]'];
const anyText = fc.oneof(
  { weight: 2, arbitrary: randomText },
  { weight: 4, arbitrary: mutatedText(fc.json({ maxDepth: 4 }), JSON_TOKENS) },
  {
    weight: 4,
    arbitrary: mutatedText(
      jsonText.map((j) => j.text),
      JSON_TOKENS,
    ),
  },
  { weight: 2, arbitrary: tokenSoup(JSON_TOKENS) },
  { weight: 1, arbitrary: repeated(['[', '{', ',', '1,', '"', '\\', '\\"', '"a",', '[]']) },
);
const limits = fc.tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 16 }));

const scan = (text: string, maxDepth: number, maxValues: number) =>
  timed(() => jsonShapeOver(text, maxDepth, maxValues));

describe('jsonShapeOver on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it("answers 'depth', 'values' or null for any text", () => {
    fc.assert(
      fc.property(anyText, limits, (text, [maxDepth, maxValues]) => {
        const verdict = scan(text, maxDepth, maxValues);
        check(verdict === null || verdict === 'depth' || verdict === 'values', 'answer', text);
      }),
      fuzzOptions(),
    );
  });

  it('gives the verdicts of JSON.parse on valid JSON', () => {
    fc.assert(
      fc.property(jsonText, limits, ({ value, text }, [maxDepth, maxValues]) => {
        const s = shape(JSON.parse(text));
        check(shape(value).depth === s.depth, 'reference', text);
        const depth = overDepth(s, maxDepth);
        const values = overValues(s, maxValues);
        // Each limit alone, then both: the scan names the limit it passed first.
        check((scan(text, maxDepth, Infinity) === 'depth') === depth, 'depth', [text, s]);
        check((scan(text, Infinity, maxValues) === 'values') === values, 'values', [text, s]);
        const both = scan(text, maxDepth, maxValues);
        check(both === null ? !depth && !values : both === 'depth' ? depth : values, 'both', [
          text,
          s,
          both,
        ]);
      }),
      fuzzOptions(),
    );
  });

  it('refuses at least what JSON.parse shows over the limits, on mutated text that still parses', () => {
    // A mutation may repeat an object key, which JSON.parse keeps once and the scan counts
    // twice: the scan may count more than the parsed value holds, never less.
    fc.assert(
      fc.property(anyText, limits, (text, [maxDepth, maxValues]) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        const s = shape(parsed);
        if (overDepth(s, maxDepth))
          check(scan(text, maxDepth, Infinity) === 'depth', 'depth missed', [text, s]);
        if (overValues(s, maxValues))
          check(scan(text, Infinity, maxValues) === 'values', 'values missed', [text, s]);
        if (overDepth(s, maxDepth) || overValues(s, maxValues))
          check(scan(text, maxDepth, maxValues) !== null, 'missed', [text, s]);
      }),
      fuzzOptions(),
    );
  });

  it('takes linear time on long runs', () => {
    const all = (text: string) => jsonShapeOver(text, Infinity, Infinity);
    checkLinear(all, ['[', ']', '{"a":', '1,', ',', '[],', '"a",', '\\', '"\\"', '"\\\\",']);
    // Inside one string: escaped quotes and runs of backslashes before a quote.
    checkLinear(all, ['a', '\\"', '\\\\', '\\\\\\"', '[,'], (run) => `["${run}"]`);
  });
});

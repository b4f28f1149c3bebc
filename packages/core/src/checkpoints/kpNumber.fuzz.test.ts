/**
 * Fuzz properties of KP numbers as the API, the event file and the KP import read them
 * (isValidKpNr and the KpNr schema, spec 01 §3): whatever the value, the schema accepts a whole
 * number from 1 to KP_NR_MAX or a name (a trimmed text of 1 to 20 code points that does not read
 * as a number, or reads as one of those numbers), or refuses; a number, or a text of the right
 * length, out of bounds is refused with kp.error.badnumber, anything else with zod's own issues
 * (error.validation). Never an exception, never a hang. FUZZ_RUNS inputs each.
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
import { KP_NR_MAX, isValidKpNr } from './kpNumber.ts';
import { KpNr } from './types.ts';

/** The documented rule, written from the spec: a number is a whole 1..KP_NR_MAX. */
const inBounds = (n: number) => Number.isInteger(n) && n >= 1 && n <= KP_NR_MAX;
/** A name: not empty once trimmed, and a text that reads as a number reads as one in bounds. */
/** Zod measures texts in code points: a name is at most 20 of them, at most 40 UTF-16 units. */
const codePoints = (text: string) => [...text].length;
const isName = (text: string) => {
  const t = text.trim();
  return t !== '' && (Number.isNaN(Number(t)) || inBounds(Number(t)));
};

/** Numbers as JSON bodies and files carry them: near the bounds, fractions, huge, 1e309. */
const NUMBER_TEXTS = [
  '0',
  '-0',
  '1',
  '1.0',
  '1.5',
  '-1',
  `${KP_NR_MAX}`,
  `${KP_NR_MAX + 1}`,
  `${KP_NR_MAX}.0000000001`,
  '1e4',
  '9.999e3',
  '1e308',
  '1e309',
  '-1e309',
  '5e-324',
  '9007199254740993',
];
const anyNumber = fc.oneof(
  fc.integer({ min: -2, max: KP_NR_MAX + 2 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...NUMBER_TEXTS.map(Number), NaN, Infinity, -Infinity, Number.MAX_VALUE),
  fc.double({ min: 0, max: KP_NR_MAX + 1 }),
);

const KP_TOKENS = [
  ...NUMBER_TEXTS,
  'F',
  'S',
  '12a',
  'x',
  '0x1F',
  '0b1',
  '0o7',
  '1_000',
  'e',
  'E',
  '.',
  ' ',
  '\u00a0',
  '\u3000',
  '\uFEFF',
  '\t',
  '\n',
  '１',
  '٣',
];
const nrText = fc.oneof(
  fc.constantFrom(...KP_TOKENS),
  anyNumber.map(String),
  fc
    .tuple(
      fc.constantFrom('', ' ', '\t', '\u00a0', '\n '),
      anyNumber,
      fc.constantFrom('', ' ', '\r\n'),
    )
    .map(([a, n, b]) => a + String(n) + b),
);
const anyText = fc.oneof(
  { weight: 3, arbitrary: nrText },
  { weight: 3, arbitrary: mutatedText(nrText, KP_TOKENS) },
  { weight: 2, arbitrary: randomText },
  { weight: 2, arbitrary: tokenSoup(KP_TOKENS, 8) },
  { weight: 1, arbitrary: repeated(['1', '0', ' ', '9', 'a', '.', 'e', '1e']) },
);
const anyValue = fc.oneof(
  { weight: 3, arbitrary: anyNumber },
  { weight: 4, arbitrary: anyText },
  { weight: 1, arbitrary: fc.anything() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, undefined, true, [], {}, [1], { nr: 1 }, 1n, new Date(0)),
  },
);

describe('KP numbers on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('isValidKpNr answers the documented rule for any number or text', () => {
    fc.assert(
      fc.property(fc.oneof(anyNumber, anyText), (nr) => {
        const yes = timed(() => isValidKpNr(nr));
        check(yes === (typeof nr === 'number' ? inBounds(nr) : isName(nr)), 'rule', nr);
      }),
      fuzzOptions(),
    );
  });

  it('KpNr accepts a value within bounds or refuses with kp.error.badnumber or zod issues', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const parsed = timed(() => KpNr.safeParse(value));
        if (parsed.success) {
          const nr = parsed.data;
          if (typeof nr === 'number') {
            check(nr === value && inBounds(nr), 'number out of bounds', nr);
          } else {
            check(typeof value === 'string' && nr === value.trim(), 'not the trimmed text', nr);
            check(codePoints(nr) >= 1 && codePoints(nr) <= 20 && isName(nr), 'not a name', nr);
          }
          return;
        }
        const issues = parsed.error.issues;
        check(issues.length > 0, 'refused without issues', value);
        const keyed = issues.filter(
          (i) => i.code === 'custom' && i.params?.key === 'kp.error.badnumber',
        );
        // A number, or a text of 1 to 20 characters once trimmed, is judged by the rule: its
        // only issue is the key. NaN and ±Infinity (JSON's 1e309) are no numbers to zod:
        // error.validation, as for other types and texts empty or too long.
        const judged =
          (typeof value === 'number' && Number.isFinite(value)) ||
          (typeof value === 'string' &&
            codePoints(value.trim()) >= 1 &&
            codePoints(value.trim()) <= 20);
        if (judged) {
          check(issues.length === 1 && keyed.length === 1, 'not kp.error.badnumber', value);
          check(typeof value === 'number' ? !inBounds(value) : !isName(value), 'refused', value);
        } else {
          check(keyed.length === 0, 'kp.error.badnumber for a value not judged', value);
        }
      }),
      fuzzOptions(),
    );
  });

  it('take linear time on long texts', () => {
    checkLinear((t) => KpNr.safeParse(t), [' ', '1', 'a', '\u00a0', '1e']);
    checkLinear(isValidKpNr, [' ', '1', 'a', '0.', '\u3000'], (run) => `${run}x`);
  });
});

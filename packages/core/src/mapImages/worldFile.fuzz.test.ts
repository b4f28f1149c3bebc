/**
 * Fuzz properties of the world-file reader: whatever the text, it answers six finite numbers
 * that span a plane, or null; never throws, never hangs; six numbers written one a line read
 * back, and a placement's world file reads back to its numbers. FUZZ_RUNS inputs per property.
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
import { parseWorldFile, worldFilePlacement, worldFileText } from './worldFile.ts';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
const values = fc
  .tuple(finite, finite, finite, finite, finite, finite)
  .filter(([a, d, b, e]) => a * e - b * d !== 0);
const written = fc
  .tuple(values, fc.constantFrom('\n', '\r\n', ' \n', '\t\r\n'), fc.boolean())
  .map(([v, eol, last]) => v.map(String).join(eol) + (last ? eol : ''));
const TOKENS = ['0.5', '-0.5', '0', '657000.25', '6476999.75', '1e-7', '1E+02', ',5', '\n', '\r\n'];
const text = fc.oneof(
  { weight: 3, arbitrary: written },
  { weight: 4, arbitrary: mutatedText(written, TOKENS) },
  { weight: 2, arbitrary: tokenSoup(TOKENS) },
  { weight: 1, arbitrary: randomText },
  { weight: 1, arbitrary: repeated(['1', ' ', '\n', '1.', 'e', '-']) },
);

describe('world-file reader never crashes on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('answers six finite numbers that span a plane, or null', () => {
    fc.assert(
      fc.property(text, (t) => {
        const v = timed(() => parseWorldFile(t));
        if (v === null) return;
        check(v.length === 6 && v.every(Number.isFinite), 'not six finite numbers', { t, v });
        check(v[0] * v[3] - v[2] * v[1] !== 0, 'no area', { t, v });
      }),
      fuzzOptions(),
    );
  });

  it('six numbers written one a line read back, and so does a placement written out', () => {
    fc.assert(
      fc.property(values, fc.constantFrom('\n', '\r\n'), (v, eol) => {
        const back = parseWorldFile(v.map(String).join(eol));
        check(JSON.stringify(back) === JSON.stringify(v), 'numbers changed', { v, back });
        const again = parseWorldFile(worldFileText(worldFilePlacement(v, 'EPSG:3301')) ?? '');
        check(
          again !== null &&
            again.every((x, i) => Math.abs(x - v[i]!) <= 1e-6 * Math.max(1, Math.abs(v[i]!))),
          'placement written out changed',
          { v, again },
        );
      }),
      fuzzOptions(),
    );
  });

  it('takes linear time on long runs of any one piece', () => {
    checkLinear(parseWorldFile, ['1', ' ', '\n', '1.', '-', 'e'], undefined, 500);
  });
});

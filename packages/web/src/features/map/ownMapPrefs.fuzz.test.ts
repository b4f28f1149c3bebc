// @vitest-environment jsdom
/**
 * Fuzz property of the map image's stored choice (readOwnMapPrefs): whatever `localStorage`
 * holds under its key (another version's shape, a hand edit, any text), it reads an opacity in
 * 0–1 and a boolean, never throws and never hangs. FUZZ_RUNS inputs.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  fuzzOptions,
  mutatedText,
  randomText,
  timed,
  FUZZ_TEST_TIMEOUT_MS,
} from '@rada/core/testing';
import { readOwnMapPrefs } from './ownMapLayers.ts';

const SEEDS = ['{"opacity":0.4,"hidden":true}', '{"opacity":1,"hidden":false}', 'null', '[]'];

describe('readOwnMapPrefs fuzz', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('reads any stored text as an opacity in range and a flag', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          randomText,
          mutatedText(fc.constantFrom(...SEEDS), ['{', '}', '"', ':', ',', '-', 'e9']),
          fc.json(),
        ),
        (text) => {
          localStorage.setItem('rada.ownmap.fuzz', text);
          const prefs = timed(() => readOwnMapPrefs('fuzz'));
          check(
            prefs.opacity >= 0 && prefs.opacity <= 1 && typeof prefs.hidden === 'boolean',
            'bad prefs',
            text,
          );
        },
      ),
      fuzzOptions(),
    );
  });
});

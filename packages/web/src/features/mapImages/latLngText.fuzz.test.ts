/**
 * Fuzz property of the coordinates field's reader (parseLatLngText): whatever is typed or
 * pasted, it answers a point within range or null, never throws and never hangs; a formatted
 * point reads back to itself. FUZZ_RUNS inputs each.
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
import { formatLatLng, parseLatLngText } from './latLngText.ts';

const valid = (p: { lat: number; lng: number } | null) =>
  p === null ||
  (Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180);

const SEEDS = ['58.3776, 26.7290', 'N 58.3776 E 26.7290', '58,3776; 26,7290', '33.9S 70.1W'];

describe('parseLatLngText fuzz', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('answers a point in range or null for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          randomText,
          mutatedText(fc.constantFrom(...SEEDS), ['N', 'S', 'E', 'W', '°', ',', ';']),
        ),
        (text) => {
          const p = timed(() => parseLatLngText(text));
          check(valid(p), 'out of range', text);
        },
      ),
      fuzzOptions(),
    );
  });

  it('reads a formatted point back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const text = formatLatLng({ lat, lng });
          const p = parseLatLngText(text);
          check(
            p !== null && Math.abs(p.lat - lat) < 1e-6 && Math.abs(p.lng - lng) < 1e-6,
            'not read back',
            text,
          );
        },
      ),
      fuzzOptions(),
    );
  });
});

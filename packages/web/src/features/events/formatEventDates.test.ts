import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/et';
import { formatEventDates } from './formatEventDates.ts';

const at = (iso: string) => dayjs(iso).valueOf();

describe('formatEventDates', () => {
  it('shows one date for a one-day event or one without an end', () => {
    expect(formatEventDates(at('2026-05-01T00:00'), at('2026-05-01T23:59'), 'en')).toBe(
      '01 May 2026',
    );
    expect(formatEventDates(at('2026-05-01T10:00'), null, 'en')).toBe('01 May 2026');
  });
  it('shows a range for a longer event, in the language asked for', () => {
    expect(formatEventDates(at('2026-05-01T10:00'), at('2026-05-03T12:00'), 'et')).toBe(
      '01 mai 2026 – 03 mai 2026',
    );
  });
  it('gives null without a start', () => {
    expect(formatEventDates(null, null)).toBeNull();
  });
});

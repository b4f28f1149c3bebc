import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/et';
import { formatDateTime, formatEventDates } from './formatEventDates.ts';

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
      '1. mai 2026 – 3. mai 2026',
    );
  });
  it('writes Estonian dates the Estonian way', () => {
    expect(formatEventDates(at('2026-11-23T10:00'), null, 'et')).toBe('23. november 2026');
    expect(formatDateTime(at('2026-11-23T10:05'), 'et')).toBe('23. november 2026 10:05');
    expect(formatDateTime(at('2026-11-23T10:05'), 'en')).toBe('23 November 2026 10:05');
  });
  it('gives null without a start', () => {
    expect(formatEventDates(null, null)).toBeNull();
  });
});

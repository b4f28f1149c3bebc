import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  addDays,
  addMonths,
  endOfZonedDay,
  eventTimeZone,
  isEndOfZonedDay,
  isTimeZone,
  startOfZonedDay,
  zonedClock,
  zonedDate,
} from './timeZone.ts';

describe('time zones', () => {
  it('knows zone names and nothing else', () => {
    expect(isTimeZone('Europe/Tallinn')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Nowhere')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('gives the date and clock of a moment in a zone', () => {
    const t = Date.parse('2026-12-31T22:30:05Z');
    expect(zonedDate(t, 'Europe/Tallinn')).toEqual({ year: 2027, month: 1, day: 1 });
    expect(zonedClock(t, 'Europe/Tallinn')).toEqual({ hour: 0, minute: 30, second: 5 });
    expect(zonedDate(t, 'UTC')).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it('starts and ends days at local midnight across summer time', () => {
    const zone = 'Europe/Tallinn';
    // 29 March 2026 is 23 hours long in Tallinn, 25 October 25 hours.
    const march = { year: 2026, month: 3, day: 29 };
    expect(startOfZonedDay(march, zone)).toBe(Date.parse('2026-03-28T22:00:00Z'));
    expect(endOfZonedDay(march, zone)).toBe(Date.parse('2026-03-29T20:59:59.999Z'));
    const october = { year: 2026, month: 10, day: 25 };
    expect(startOfZonedDay(october, zone)).toBe(Date.parse('2026-10-24T21:00:00Z'));
    expect(endOfZonedDay(october, zone)).toBe(Date.parse('2026-10-25T21:59:59.999Z'));
  });

  it('starts a day whose midnight the clocks skip where the jump ends', () => {
    // Chile moves to summer time at 00:00 on 6 September 2026: the day begins at 01:00 (-03).
    const day = { year: 2026, month: 9, day: 6 };
    expect(startOfZonedDay(day, 'America/Santiago')).toBe(Date.parse('2026-09-06T04:00:00Z'));
    expect(endOfZonedDay({ year: 2026, month: 9, day: 5 }, 'America/Santiago')).toBe(
      Date.parse('2026-09-06T03:59:59.999Z'),
    );
  });

  it('tells the last second of a day', () => {
    const zone = 'Europe/Tallinn';
    expect(isEndOfZonedDay(Date.parse('2026-12-04T23:59:59.999+02:00'), zone)).toBe(true);
    expect(isEndOfZonedDay(Date.parse('2026-12-04T23:59:59+02:00'), zone)).toBe(true);
    expect(isEndOfZonedDay(Date.parse('2026-12-04T20:59:00+02:00'), zone)).toBe(false);
    expect(isEndOfZonedDay(Date.parse('2026-12-04T23:59:59.999Z'), zone)).toBe(false);
  });

  it('adds days and months on the calendar', () => {
    expect(addDays({ year: 2026, month: 12, day: 28 }, 7)).toEqual({
      year: 2027,
      month: 1,
      day: 4,
    });
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
    expect(addMonths({ year: 2028, month: 1, day: 31 }, 1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
    expect(addMonths({ year: 2026, month: 11, day: 21 }, 2)).toEqual({
      year: 2027,
      month: 1,
      day: 21,
    });
  });

  it("takes an event's zone from its setting, else the platform's", () => {
    expect(eventTimeZone({ timezone: 'Europe/Helsinki' })).toBe('Europe/Helsinki');
    expect(eventTimeZone({ timezone: 'Mars/Olympus' })).toBe(DEFAULT_TIME_ZONE);
    expect(eventTimeZone({})).toBe('Europe/Tallinn');
  });
});

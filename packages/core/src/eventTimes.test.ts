import { describe, expect, it } from 'vitest';
import { defaultEventTimes, isEndTimeValid } from './eventTimes.ts';

describe('defaultEventTimes', () => {
  it('is today from 00:00 to 23:59 local time', () => {
    const times = defaultEventTimes(new Date(2026, 4, 15, 14, 37, 12, 345));
    expect(times).toEqual({
      starttime: new Date(2026, 4, 15, 0, 0, 0, 0).getTime(),
      endtime: new Date(2026, 4, 15, 23, 59, 0, 0).getTime(),
    });
    const start = new Date(times.starttime);
    const end = new Date(times.endtime);
    expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 0]);
  });

  it('stays on the same day at its very first and last moment', () => {
    const first = defaultEventTimes(new Date(2026, 0, 1, 0, 0, 0, 0));
    const last = defaultEventTimes(new Date(2026, 0, 1, 23, 59, 59, 999));
    expect(last).toEqual(first);
    expect(new Date(first.starttime).getDate()).toBe(1);
  });

  it('crosses month and year ends correctly', () => {
    const times = defaultEventTimes(new Date(2025, 11, 31, 12, 0));
    expect(new Date(times.starttime).getFullYear()).toBe(2025);
    expect(new Date(times.endtime).getMonth()).toBe(11);
    expect(new Date(times.endtime).getDate()).toBe(31);
  });
});

describe('isEndTimeValid', () => {
  it('accepts an end after or at the start, refuses one before it', () => {
    expect(isEndTimeValid(1000, 2000)).toBe(true);
    expect(isEndTimeValid(1000, 1000)).toBe(true);
    expect(isEndTimeValid(1000, 999)).toBe(false);
  });

  it('accepts a cleared end, or no start to compare with', () => {
    expect(isEndTimeValid(1000, null)).toBe(true);
    expect(isEndTimeValid(null, 5)).toBe(true);
    expect(isEndTimeValid(null, null)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { advanceReplay, ageText, lastSeenText, stepSpeed } from './replay.ts';

describe('replay speed', () => {
  it('steps through 1×, 2×, 5×, 10×, 30×, 60× and stays at the ends', () => {
    expect(stepSpeed(1, 1)).toBe(2);
    expect(stepSpeed(10, 1)).toBe(30);
    expect(stepSpeed(60, 1)).toBe(60);
    expect(stepSpeed(5, -1)).toBe(2);
    expect(stepSpeed(1, -1)).toBe(1);
  });

  it('advances the clock by real time times the speed and stops at the end', () => {
    expect(advanceReplay(1000, 100, 30, 10_000)).toEqual({ t: 4000, done: false });
    expect(advanceReplay(9000, 100, 60, 10_000)).toEqual({ t: 10_000, done: true });
    expect(advanceReplay(1000, -50, 2, 10_000)).toEqual({ t: 1000, done: false });
  });
});

describe('ageText', () => {
  const now = 1_000_000_000;
  it('says never without a point and now for under two seconds or the future', () => {
    expect(ageText(null, now)).toEqual({ key: 'live.age.never', count: 0 });
    expect(ageText(now - 1500, now)).toEqual({ key: 'live.age.now', count: 0 });
    expect(ageText(now + 60_000, now)).toEqual({ key: 'live.age.now', count: 0 });
  });

  it('counts seconds, minutes, hours and days', () => {
    expect(ageText(now - 12_000, now)).toEqual({ key: 'live.age.s', count: 12 });
    expect(ageText(now - 59_999, now)).toEqual({ key: 'live.age.s', count: 59 });
    expect(ageText(now - 60_000, now)).toEqual({ key: 'live.age.min', count: 1 });
    expect(ageText(now - 3_599_000, now)).toEqual({ key: 'live.age.min', count: 59 });
    expect(ageText(now - 3_600_000, now)).toEqual({ key: 'live.age.h', count: 1 });
    expect(ageText(now - 47 * 3_600_000, now)).toEqual({ key: 'live.age.h', count: 47 });
    expect(ageText(now - 72 * 3_600_000, now)).toEqual({ key: 'live.age.d', count: 3 });
  });
});

describe('lastSeenText', () => {
  const now = 1_000_000_000;
  const MIN = 60_000;
  it('is the age up to the gap threshold, then says there is no position', () => {
    expect(lastSeenText(now - 5 * MIN, now)).toEqual({ key: 'live.age.min', count: 5, gap: false });
    expect(lastSeenText(now - 14 * MIN, now)).toEqual({
      key: 'live.nopos.min',
      count: 14,
      gap: true,
    });
    expect(lastSeenText(now - 3 * 3_600_000, now)).toEqual({
      key: 'live.nopos.h',
      count: 3,
      gap: true,
    });
    expect(lastSeenText(now - 72 * 3_600_000, now).key).toBe('live.nopos.d');
    expect(lastSeenText(null, now)).toEqual({ key: 'live.age.never', count: 0, gap: false });
    expect(lastSeenText(now - 2 * MIN, now, MIN)).toMatchObject({ key: 'live.nopos.min' });
  });
});

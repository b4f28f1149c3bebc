import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JOIN_START_INTERVAL_MIN,
  joinStartInterval,
  massStartOf,
  newTeamStart,
  nextFreeStart,
  startRule,
} from './startRule.ts';

const T = Date.UTC(2026, 4, 16, 10, 0, 0);
const MIN = 60_000;

describe('startRule', () => {
  it('is the mass start when one is set, whatever else the event says', () => {
    expect(startRule({ massstarttimems: T }, [])).toBe('mass');
    expect(startRule({ massstarttimems: T, clientstart: true }, [T + MIN])).toBe('mass');
  });

  it('is the team’s own start in the app with clientstart', () => {
    expect(startRule({ clientstart: true }, [])).toBe('self');
    expect(startRule({ clientstart: true, massstarttimems: null }, [T])).toBe('self');
  });

  it('is individual once any team has a start time of its own, else none', () => {
    expect(startRule({}, [null, T, null])).toBe('individual');
    expect(startRule({}, [null, null])).toBe('none');
    expect(startRule({ clientstart: false }, [])).toBe('none');
  });

  it('reads only a number as a mass start, as the results do', () => {
    expect(massStartOf({ massstarttimems: '1779000000000' })).toBeNull();
    expect(massStartOf({ massstarttimems: Number.NaN })).toBeNull();
    expect(startRule({ massstarttimems: '' }, [])).toBe('none');
    expect(startRule({ clientstart: 'true' }, [])).toBe('none');
  });
});

describe('joinStartInterval', () => {
  it('takes the setting in minutes, as a number or a numeric text', () => {
    expect(joinStartInterval({ joinstartinterval: 2 })).toBe(2);
    expect(joinStartInterval({ joinstartinterval: '1.5' })).toBe(1.5);
  });

  it('falls back to the default when unset, zero, negative or not a number', () => {
    for (const v of [undefined, null, 0, -3, '', 'abc', Number.POSITIVE_INFINITY]) {
      expect(joinStartInterval({ joinstartinterval: v })).toBe(DEFAULT_JOIN_START_INTERVAL_MIN);
    }
  });
});

describe('nextFreeStart', () => {
  it('is the last given start plus the interval while that is still ahead', () => {
    expect(nextFreeStart([T, T + 2 * MIN, null, T + MIN], T - 60 * MIN, 2)).toBe(T + 4 * MIN);
    expect(nextFreeStart([T], T + 2 * MIN, 2)).toBe(T + 2 * MIN);
  });

  it('is never in the past: the first time on the interval grid at or after now', () => {
    // Starts 10:00 … 10:10 every 2 min; a team joining at 14:24:05 gets 14:26.
    const starts = [0, 1, 2, 3, 4, 5].map((i) => T + i * 2 * MIN);
    const now = T + 4 * 60 * MIN + 24 * MIN + 5_000;
    expect(nextFreeStart(starts, now, 2)).toBe(T + 4 * 60 * MIN + 26 * MIN);
    expect(nextFreeStart(starts, T + 4 * 60 * MIN, 2)).toBe(T + 4 * 60 * MIN);
  });

  it('is null when no team has a start', () => {
    expect(nextFreeStart([], T, 1)).toBeNull();
    expect(nextFreeStart([null, null], T, 1)).toBeNull();
  });

  it('gives each team joining in turn its own start', () => {
    const starts: (number | null)[] = [T];
    for (let i = 0; i < 5; i++) starts.push(nextFreeStart(starts, T + 30 * MIN, 3));
    expect(starts.slice(1)).toEqual([30, 33, 36, 39, 42].map((m) => T + m * MIN));
  });
});

describe('newTeamStart', () => {
  const now = T + 90 * MIN;
  it('gives the next free start when the event gives individual starts', () => {
    expect(newTeamStart({ joinstartinterval: 5 }, [T, T + 5 * MIN], now)).toBe(T + 90 * MIN);
    expect(newTeamStart({ joinstartinterval: 5 }, [T, T + 120 * MIN], now)).toBe(T + 125 * MIN);
  });

  it('gives none with a mass start, with clientstart, or before any start time was given', () => {
    expect(newTeamStart({ massstarttimems: T }, [T + MIN], now)).toBeNull();
    expect(newTeamStart({ clientstart: true }, [T + MIN], now)).toBeNull();
    expect(newTeamStart({}, [null], now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  beepBetween,
  beepForList,
  cardColour,
  formatCountdown,
  secondsLeft,
  startBoard,
  startList,
  startTimes,
} from './startOrder.ts';
import type { Beep, StartListEntry } from './startOrder.ts';
import { START_CARD_KEEP_MS } from './limits.ts';

const T = Date.UTC(2026, 4, 16, 10, 0, 0);
const team = (id: string, starttime: number, nr: string | null = null): StartListEntry => ({
  id,
  name: id.toUpperCase(),
  nr,
  klass: null,
  starttime,
});

describe('startList', () => {
  it('keeps enabled teams with a start time, earliest first, then by number (numberless last) and name', () => {
    const list = startList([
      { id: 'late', name: 'Late', nr: '1', starttime: T + 60_000, disabled: false },
      { id: 'off', name: 'Off', nr: '2', starttime: T, disabled: true },
      { id: 'none', name: 'None', nr: '3', starttime: null, disabled: false },
      { id: 'ten', name: 'Ten', nr: '10', starttime: T, disabled: false },
      { id: 'nine', name: 'Nine', nr: '9', starttime: T, disabled: false },
      { id: 'nonr', name: 'Aaron', nr: null, starttime: T, disabled: false },
      { id: 'b', name: 'Bravo', nr: null, starttime: T + 30_000, disabled: false },
      { id: 'a', name: 'Alpha', nr: null, starttime: T + 30_000, disabled: false },
    ]);
    expect(list.map((t) => t.id)).toEqual(['nine', 'ten', 'nonr', 'a', 'b', 'late']);
    expect(list[0]).toEqual({ id: 'nine', name: 'Nine', nr: '9', klass: null, starttime: T });
  });
});

describe('cardColour', () => {
  it.each([
    [90_000, 'neutral'],
    [60_001, 'neutral'],
    [60_000, 'yellow'],
    [59_900, 'yellow'],
    [10_001, 'yellow'],
    [10_000, 'red'],
    [9_900, 'red'],
    [1, 'red'],
    [0, 'green'],
    [-3_000, 'green'],
    [-60_000, 'green'],
  ])('is %i ms before the start: %s', (left, colour) => {
    expect(cardColour(T, T - left)).toBe(colour);
  });
});

describe('countdown', () => {
  it('rounds the seconds left up', () => {
    expect(secondsLeft(T, T - 200)).toBe(1);
    expect(secondsLeft(T, T - 1000)).toBe(1);
    expect(secondsLeft(T, T - 1001)).toBe(2);
    expect(secondsLeft(T, T + 5000)).toBe(0);
  });

  it('is m:ss under an hour and h:mm:ss from an hour, null once started', () => {
    expect(formatCountdown(T, T - 200)).toBe('0:01');
    expect(formatCountdown(T, T - 9_900)).toBe('0:10');
    expect(formatCountdown(T, T - 59_001)).toBe('1:00');
    expect(formatCountdown(T, T - 90_000)).toBe('1:30');
    expect(formatCountdown(T, T - 3_599_500)).toBe('1:00:00');
    expect(formatCountdown(T, T - (2 * 3600 + 5 * 60 + 7) * 1000)).toBe('2:05:07');
    expect(formatCountdown(T, T)).toBeNull();
    expect(formatCountdown(T, T + 1)).toBeNull();
  });
});

describe('startBoard', () => {
  const list = [team('a', T, '1'), team('b', T + 60_000, '2'), team('c', T + 120_000, '3')];

  it('shows the next team on the card and the later ones in the table', () => {
    const board = startBoard(list, T - 90_000);
    expect(board.current).toMatchObject({ id: 'a', colour: 'neutral', countdown: '1:30' });
    expect(board.alsoNow).toEqual([]);
    expect(board.upcoming.map((t) => t.id)).toEqual(['b', 'c']);
  });

  it('keeps a started team on the card, green, until 10 000 ms after its start', () => {
    const started = startBoard(list, T + 3_000);
    expect(started.current).toMatchObject({ id: 'a', colour: 'green', countdown: null });
    const last = startBoard(list, T + START_CARD_KEEP_MS - 1);
    expect(last.current?.id).toBe('a');
    const moved = startBoard(list, T + START_CARD_KEEP_MS);
    expect(moved.current).toMatchObject({ id: 'b', colour: 'yellow', countdown: '0:50' });
    expect(moved.upcoming.map((t) => t.id)).toEqual(['c']);
  });

  it('drops rows whose start time has passed from the table', () => {
    // B starts 5 s after A: while A is still on the card, B's row goes once B has started.
    const close = [team('a', T), team('b', T + 5_000), team('c', T + 60_000)];
    expect(startBoard(close, T + 4_999).upcoming.map((t) => t.id)).toEqual(['b', 'c']);
    expect(startBoard(close, T + 5_000).upcoming.map((t) => t.id)).toEqual(['c']);
    const board = startBoard(close, T + 10_000);
    expect(board.current).toMatchObject({ id: 'b', colour: 'green' });
    expect(board.upcoming.map((t) => t.id)).toEqual(['c']);
  });

  it('shows teams sharing the start time together on the card', () => {
    const shared = [team('a', T, '1'), team('b', T, '2'), team('c', T + 60_000, '3')];
    const board = startBoard(shared, T - 5_000);
    expect(board.current?.id).toBe('a');
    expect(board.current?.colour).toBe('red');
    expect(board.alsoNow.map((t) => t.id)).toEqual(['b']);
    expect(board.upcoming.map((t) => t.id)).toEqual(['c']);
  });

  it('is empty when no starts are left', () => {
    expect(startBoard(list, T + 120_000 + START_CARD_KEEP_MS)).toEqual({
      current: null,
      alsoNow: [],
      upcoming: [],
    });
    expect(startBoard([], T).current).toBeNull();
  });
});

describe('beeps', () => {
  /** The beeps of a screen ticking every `step` ms from `from` to `to`. */
  const ticks = (starttime: number, from: number, to: number, step: number) => {
    const out: { at: number; beep: Beep }[] = [];
    for (let now = from + step; now <= to; now += step) {
      const beep = beepBetween(starttime, now - step, now);
      if (beep) out.push({ at: now - starttime, beep });
    }
    return out;
  };

  it('gives exactly 4 short beeps then one final across the last 5 s at 250 ms ticks', () => {
    expect(ticks(T, T - 5_000, T + 2_000, 250)).toEqual([
      { at: -4000, beep: 'short' },
      { at: -3000, beep: 'short' },
      { at: -2000, beep: 'short' },
      { at: -1000, beep: 'short' },
      { at: 0, beep: 'final' },
    ]);
  });

  it('beeps the same with uneven ticks', () => {
    const beeps = ticks(T + 37, T - 6_000, T + 3_000, 170).map((b) => b.beep);
    expect(beeps).toEqual(['short', 'short', 'short', 'short', 'final']);
  });

  it('is silent before the last 4 s, for a clock standing still or going back', () => {
    expect(beepBetween(T, T - 5_500, T - 5_000)).toBeNull();
    expect(beepBetween(T, T - 4_000, T - 4_000)).toBeNull();
    expect(beepBetween(T, T - 3_000, T - 4_500)).toBeNull();
  });

  it('gives only the latest beep for a late tick, and none a second after its moment', () => {
    expect(beepBetween(T, T - 4_500, T - 1_500)).toBe('short');
    expect(beepBetween(T, T - 1_500, T + 200)).toBe('final');
    expect(beepBetween(T, T - 1_500, T + 1_000)).toBeNull();
    expect(beepBetween(T, T - 3_600_000, T + 600_000)).toBeNull();
  });

  it('beeps once for a list, the final tone winning', () => {
    const list = [team('a', T), team('b', T), team('c', T + 3_000)];
    expect(beepForList(list, T - 250, T)).toBe('final');
    expect(beepForList(list, T - 1_250, T - 1_000)).toBe('short');
    expect(beepForList(list, T - 5_250, T - 5_000)).toBeNull();
    expect(beepForList([], T - 250, T)).toBeNull();
  });

  it('excludes disabled and timeless teams, which never reach the list', () => {
    const list = startList([
      { id: 'off', name: 'Off', nr: null, starttime: T, disabled: true },
      { id: 'none', name: 'None', nr: null, starttime: null, disabled: false },
    ]);
    expect(list).toEqual([]);
    expect(beepForList(list, T - 250, T)).toBeNull();
    expect(startBoard(list, T - 5_000).current).toBeNull();
  });
});

describe('startTimes', () => {
  it('spaces teams by the interval in minutes', () => {
    expect(startTimes(T, 2, 3)).toEqual([T, T + 120_000, T + 240_000]);
    expect(startTimes(T, 0.5, 2)).toEqual([T, T + 30_000]);
    expect(startTimes(T, 1, 0)).toEqual([]);
  });
});

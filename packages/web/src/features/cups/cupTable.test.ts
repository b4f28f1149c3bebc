import { describe, expect, it } from 'vitest';
import type { CupStandingsRow } from '@rada/core';
import { canJoin, cupCellState, cupClasses, nearNames, sortRows } from './cupTable.ts';

const row = (key: string, name: string, over: Partial<CupStandingsRow> = {}): CupStandingsRow => ({
  class: '',
  key,
  name,
  allnames: [name],
  place: null,
  placeLabel: '',
  scores: [null, null],
  used: [false, false],
  own: [false, false],
  total: 0,
  ...over,
});

describe('cup table helpers', () => {
  it('lists classes in the order of the rows', () => {
    expect(
      cupClasses([row('a', 'A', { class: 'M' }), row('b', 'B'), row('c', 'C', { class: 'M' })]),
    ).toEqual(['M', '']);
  });

  it('finds names near each other within a class only', () => {
    const near = nearNames([
      row('1', 'Kiired Jalad'),
      row('2', 'kiired  jalad!'),
      row('3', 'Bravo'),
      row('4', 'Bravoo'),
      row('5', 'Bravo', { class: 'W' }),
      row('6', 'Tree'),
      row('7', 'Free'),
      row('8', 'Zulu'),
    ]);
    expect(near.get('1')).toEqual(['kiired  jalad!']);
    expect(near.get('3')).toEqual(['Bravoo']);
    expect(near.get('5')).toBeUndefined();
    expect(near.get('6')).toEqual(['Free']);
    expect(near.has('8')).toBe(false);
  });

  it('joins only two teams of one class that never scored in the same event', () => {
    const a = row('a', 'A', { own: [true, false] });
    expect(canJoin(a, row('b', 'B', { own: [false, true] }))).toBe(true);
    expect(canJoin(a, row('b', 'B', { own: [true, true] }))).toBe(false);
    expect(canJoin(a, row('b', 'B', { own: [false, true], class: 'M' }))).toBe(false);
    expect(canJoin(a, a)).toBe(false);
  });

  it('sorts by place with unplaced last, by name, by an event and by total', () => {
    const rows = [
      row('x', 'bravo', { place: null, scores: [5, null], total: 5 }),
      row('y', 'Alpha', { place: 2, scores: [null, 3], total: 3 }),
      row('z', 'charlie', { place: 1, scores: [9, 1], total: 10 }),
    ];
    const keys = (column: 'place' | 'name' | 'total' | number, asc: boolean) =>
      sortRows(rows, { column, asc }).map((r) => r.key);
    expect(keys('place', true)).toEqual(['z', 'y', 'x']);
    expect(keys('name', true)).toEqual(['y', 'x', 'z']);
    expect(keys('total', false)).toEqual(['z', 'x', 'y']);
    expect(keys(0, false)).toEqual(['z', 'x', 'y']);
  });

  it('tells a counted, an unused, a missed and an empty cell apart', () => {
    const r = row('a', 'A', {
      scores: [10, 4, 0, null],
      used: [true, false, true, false],
      own: [true, true, false, false],
    });
    expect([0, 1, 2, 3].map((i) => cupCellState(r, i))).toEqual([
      'counted',
      'unused',
      'missed',
      'none',
    ]);
  });
});

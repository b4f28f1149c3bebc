import { describe, expect, it } from 'vitest';
import type { CupStandingsRow } from '@rada/core';
import {
  canJoin,
  cellEdit,
  cupCellState,
  cupClasses,
  joinBlock,
  nearNames,
  sortRows,
} from './cupTable.ts';

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

  it('says why ticked rows cannot be joined', () => {
    const a = row('a', 'A', { class: 'M', own: [true, false] });
    const b = row('b', 'B', { class: 'M', own: [false, true] });
    const c = row('c', 'C', { class: 'M', own: [true, true] });
    const w = row('w', 'W', { class: 'W', own: [false, true] });
    expect(joinBlock([])).toEqual({ key: 'cup.join.why.none' });
    expect(joinBlock([a])).toEqual({ key: 'cup.join.why.one' });
    expect(joinBlock([a, b, c])).toEqual({ key: 'cup.join.why.many' });
    expect(joinBlock([a, w])).toEqual({ key: 'cup.join.why.class' });
    expect(joinBlock([b, c])).toEqual({
      key: 'cup.join.why.clash',
      values: { events: '2', count: 1 },
    });
    expect(joinBlock([c, { ...c, key: 'd' }])?.values).toEqual({ events: '1, 2', count: 2 });
    expect(joinBlock([a, b])).toBeNull();
    expect(canJoin(a, b)).toBe(true);
  });

  it('tells a cell changed by hand, with the value it replaced', () => {
    const r = row('a', 'A', { scores: [9, 5], edited: { 0: 22 } });
    expect(cellEdit(r, 0)).toEqual({ before: 22 });
    expect(cellEdit(r, 1)).toBeUndefined();
    expect(cellEdit(row('b', 'B', { edited: { 1: null } }), 1)).toEqual({ before: null });
    // Stored as JSON, the indexes are strings: read the same.
    const stored = JSON.parse(JSON.stringify(r)) as typeof r;
    expect(cellEdit(stored, 0)).toEqual({ before: 22 });
  });
});

import { describe, expect, it } from 'vitest';
import { shownPoints } from '@rada/core';
import type { TeamResult } from '@rada/core';
import { NO_CLASS, OVERALL, className, resultsTabs, tabRows } from './resultsTable.ts';

const result = (teamId: string, over: Partial<TeamResult>): TeamResult =>
  ({
    teamId,
    name: teamId,
    klassid: null,
    place: null,
    overallplace: null,
    dsq: false,
    katk: false,
    sum: 0,
    ...over,
  }) as TeamResult;

describe('results tabs and rows', () => {
  const results = [
    result('a', { klassid: 'men', place: 1, overallplace: 2 }),
    result('b', { klassid: 'men', place: null, overallplace: null, dsq: true }),
    result('c', { klassid: 'women', place: 1, overallplace: 1 }),
    result('d', { klassid: null, place: 1, overallplace: 3 }),
  ];

  it('has overall first, then the classes in the order the results come', () => {
    expect(resultsTabs(results, { men: { name: 'Men' }, women: 'Women' })).toEqual([
      { key: OVERALL, label: null },
      { key: 'men', label: 'Men' },
      { key: 'women', label: 'Women' },
      { key: NO_CLASS, label: null },
    ]);
    expect(resultsTabs([results[0]!], {})).toEqual([{ key: OVERALL, label: null }]);
  });

  it('orders overall by overall place with the unranked last; a class keeps its order', () => {
    expect(tabRows(results, OVERALL).map((r) => [r.result.teamId, r.place])).toEqual([
      ['c', 1],
      ['a', 2],
      ['d', 3],
      ['b', null],
    ]);
    expect(tabRows(results, 'men').map((r) => r.result.teamId)).toEqual(['a', 'b']);
    expect(tabRows(results, NO_CLASS).map((r) => r.result.teamId)).toEqual(['d']);
  });

  it('names classes and formats points', () => {
    expect(className({ x: 7 }, 'x')).toBe('x');
    expect(shownPoints(12, 'p')).toBe('12 p');
    expect(shownPoints(2.5)).toBe('2.50');
  });
});

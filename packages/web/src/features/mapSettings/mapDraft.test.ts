import { describe, expect, it } from 'vitest';
import { draftOfMap, mapOfDraft, moved, setField } from './mapDraft.ts';

describe('the map being edited', () => {
  it('reads a draft, keeping incomplete layers and unknown keys, dropping unknown types', () => {
    const map = mapOfDraft(
      JSON.stringify({
        default: { type: 'maaamet', conf: {} },
        userlayers: [{ type: 'wms', title: 'A', conf: { url: 'https://x' } }, { type: 'esri' }],
        legacy: 1,
      }),
    );
    expect(map.default).toEqual({ type: 'maaamet', conf: {} });
    expect(map.userlayers?.map((l) => l.title)).toEqual(['A']);
    expect(map.legacy).toBe(1);
    expect(mapOfDraft('not json')).toEqual({ default: undefined, userlayers: [] });
    expect(mapOfDraft(draftOfMap(map))).toEqual(map);
  });

  it('sets and clears fields, and moves layers within the list', () => {
    expect(setField({ a: 1 }, 'b', 'x')).toEqual({ a: 1, b: 'x' });
    expect(setField({ a: 1, b: 'x' }, 'b', '')).toEqual({ a: 1 });
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -2)).toEqual(['c', 'a', 'b']);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesSearch } from './settingsSearch.ts';

describe('matchesSearch', () => {
  it('matches every word in any order, ignoring case and accents', () => {
    expect(matchesSearch('PUNKTID klass', ['Punktid väärtusklassi järgi'])).toBe(true);
    expect(matchesSearch('väärtus', ['Punktid vaartusklassi'])).toBe(true);
    expect(matchesSearch('start time', ['Time of the start'])).toBe(true);
    expect(matchesSearch('start finish', ['Time of the start'])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });
});

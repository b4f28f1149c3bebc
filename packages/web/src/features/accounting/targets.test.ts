import { describe, expect, it } from 'vitest';
import { changeDifference, changedTargets, parseAmount, targetTotal } from './targets.ts';

const accounts = [
  { accountId: 1100, dimensionId: 501, name: 'Kaardid', balance: 1250.5 },
  { accountId: 1100, dimensionId: 502, name: 'Kompassid', balance: 480.25 },
];

describe('stock targets', () => {
  it('reads sums the way people type them', () => {
    expect(parseAmount('1250.50')).toBe(1250.5);
    expect(parseAmount('1 250,5')).toBe(1250.5);
    expect(parseAmount('-3')).toBe(-3);
    expect(parseAmount('0.105')).toBe(0.11);
    for (const bad of ['', 'abc', '1.2.3', '1e5', '2000000000'])
      expect(parseAmount(bad), bad).toBe(null);
  });

  it('sends only the targets that change a balance, and totals the rest as they are', () => {
    const typed = { '501': '1200', '502': '480.25' };
    expect(changedTargets(accounts, typed)).toEqual([{ dimensionId: 501, target: 1200 }]);
    expect(changedTargets(accounts, { '501': 'x' })).toEqual([]);
    expect(targetTotal(accounts, typed)).toBe(1680.25);
    expect(targetTotal(accounts, {})).toBe(1730.75);
    expect(changeDifference(accounts, { '501': '1200', '502': '500' })).toBe(-30.75);
  });
});

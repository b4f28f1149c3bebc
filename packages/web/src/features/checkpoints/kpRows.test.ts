import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import { applyPatch, formatLoc, nrTaken, parseLoc, parseNr, rowPatch, toRow } from './kpRows.ts';

const cp: Checkpoint = {
  id: 'k1',
  kp: { nr: 12, ra: 2, inwork: true, extra: 'kept' },
  data: { desc: 'Kivi', loc: { lat: 58.3776, lng: 26.729 }, responses: { A: 'a' } },
  answer: 'A',
};

describe('grid rows', () => {
  it('reads and writes locations', () => {
    expect(parseLoc('58.1, 26.2')).toEqual({ lat: 58.1, lng: 26.2 });
    expect(parseLoc('58.1 26.2')).toEqual({ lat: 58.1, lng: 26.2 });
    expect(parseLoc(' ')).toBeNull();
    expect(parseLoc('95, 26')).toBe('invalid');
    expect(parseLoc('58.1')).toBe('invalid');
    expect(parseLoc('a, b')).toBe('invalid');
    expect(formatLoc({ lat: 58.123456789, lng: 26 })).toBe('58.1234568, 26');
    expect(formatLoc(undefined)).toBe('');
  });

  it('reads numbers: digits become numbers, the rest stays text', () => {
    expect(parseNr(' 12 ')).toBe(12);
    expect(parseNr('F')).toBe('F');
    expect(parseNr('12a')).toBe('12a');
    expect(parseNr('')).toBeNull();
    expect(nrTaken([cp], 'other', '12')).toBe(true);
    expect(nrTaken([cp], 'k1', 12)).toBe(false);
  });

  it('patches only what changed, null removing keys', () => {
    const row = toRow(cp);
    expect(rowPatch(cp, row)).toBeNull();
    expect(rowPatch(cp, { ...row, nr: '12' })).toBeNull();
    expect(rowPatch(cp, { ...row, desc: '  ', inwork: false, ra: null, grp: 3 })).toEqual({
      kp: { ra: null, grp: 3, inwork: null },
      data: { desc: null },
    });
    expect(rowPatch(cp, { ...row, loc: '', answer: '' })).toEqual({
      data: { loc: null },
      answer: null,
    });
    expect(rowPatch(cp, { ...row, nr: 'F', kohustuslik: true })).toEqual({
      kp: { nr: 'F', kohustuslik: true },
    });
    expect(() => rowPatch(cp, { ...row, loc: '1' })).toThrow('kp.error.badloc');
  });

  it('applies a patch the way the server merges it', () => {
    const next = applyPatch(cp, { kp: { ra: null, grp: 2 }, data: { desc: 'Uus' }, answer: null });
    expect(next.kp).toEqual({ nr: 12, inwork: true, extra: 'kept', grp: 2 });
    expect(next.data.desc).toBe('Uus');
    expect(next.answer).toBeNull();
    expect(applyPatch(cp, {}).answer).toBe('A');
  });
});

import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import dayjs from 'dayjs';
import {
  answerRows,
  extrasNames,
  fromLocalInput,
  startFinishText,
  toLocalInput,
} from './teamAnswers.ts';

const cp = (id: string, nr: number | string, responses?: Record<string, string>): Checkpoint => ({
  id,
  kp: { nr } as Checkpoint['kp'],
  data: (responses ? { responses } : {}) as Checkpoint['data'],
});

describe('answerRows', () => {
  it('lists every checkpoint by number with the response text or a placeholder', () => {
    const rows = answerRows(
      [cp('f', 'F'), cp('b', 10, { r1: 'Yes' }), cp('a', 2, { r1: 'Yes', r2: 'No' })],
      [
        { kpId: 'a', answer: 'r2', ok: null, aeg: 1000 },
        { kpId: 'b', answer: 'zz', ok: null, aeg: null },
        { kpId: 'gone', answer: 'r1', ok: true, aeg: null },
      ],
    );
    expect(rows.map((r) => [r.kpId, r.shown])).toEqual([
      ['a', { kind: 'text', text: 'No' }],
      ['b', { kind: 'bad', id: 'zz' }],
      ['f', { kind: 'missing' }],
    ]);
    expect(rows[0]?.answer?.aeg).toBe(1000);
  });

  it('shows an ok-only answer as a missing response', () => {
    const [row] = answerRows(
      [cp('a', 1, { r1: 'Yes' })],
      [{ kpId: 'a', answer: null, ok: true, aeg: null }],
    );
    expect(row?.shown).toEqual({ kind: 'missing' });
    expect(row?.answer?.ok).toBe(true);
  });
});

describe('time inputs', () => {
  it('round-trips a time with seconds through the local input value', () => {
    const t = new Date(2026, 4, 17, 10, 20, 33).getTime();
    expect(toLocalInput(t)).toBe('2026-05-17T10:20:33');
    expect(fromLocalInput(toLocalInput(t))).toBe(t);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});

describe('extrasNames', () => {
  it('reads the names of the ly setting, else none', () => {
    expect(extrasNames({ Bonus: { ispenalty: false }, Late: { ispenalty: true } })).toEqual([
      'Bonus',
      'Late',
    ]);
    expect(extrasNames(undefined)).toEqual([]);
    expect(extrasNames([])).toEqual([]);
  });
});

describe('startFinishText', () => {
  const at = (s: string) => dayjs(s).valueOf();
  it('writes the finish as a time of day when it is on the start day', () => {
    expect(startFinishText(at('2030-05-01T10:00:00'), at('2030-05-01T13:02:07'))).toBe(
      '01.05.2030 10:00:00 / 13:02:07',
    );
  });
  it('writes both in full across midnight, and a dash for a missing time', () => {
    expect(startFinishText(at('2030-05-01T22:00:00'), at('2030-05-02T01:00:00'))).toBe(
      '01.05.2030 22:00:00 / 02.05.2030 01:00:00',
    );
    expect(startFinishText(at('2030-05-01T10:00:00'), null)).toBe('01.05.2030 10:00:00 / –');
    expect(startFinishText(null, null)).toBe('– / –');
  });
});

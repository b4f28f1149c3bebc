import { describe, expect, it } from 'vitest';
import { KP_NR_MAX, isValidKpNr } from './kpNumber.ts';
import { KpNr } from './types.ts';
import { parseCheckpointCsv } from './csv.ts';

describe('KP numbers', () => {
  it('are whole numbers from 1 to KP_NR_MAX, or names; numeric text is a number', () => {
    for (const nr of [1, 31, KP_NR_MAX, '1', '007', ' 12 ', 'F', '12a', 'S1', '1,5'])
      expect(isValidKpNr(nr), JSON.stringify(nr)).toBe(true);
    for (const nr of [0, -1, 1.5, 1e308, KP_NR_MAX + 1, NaN, Infinity, '0', '-1', '1.5', '1e308'])
      expect(isValidKpNr(nr), JSON.stringify(nr)).toBe(false);
    for (const nr of ['', '  ', 'Infinity', '10000']) expect(isValidKpNr(nr), nr).toBe(false);
  });

  it('name their error key in the schema, and leave missing and wrong types to zod', () => {
    const bad = KpNr.safeParse(1.5);
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', params: { key: 'kp.error.badnumber' } }),
    ]);
    expect(KpNr.safeParse(' ').error?.issues.map((i) => i.code)).toEqual(['too_small']);
    expect(KpNr.safeParse('F').data).toBe('F');
  });

  it('refuse an import row with a number out of range, with its own key', () => {
    const preview = parseCheckpointCsv(
      'nr;lat;lng;desc\n1.5;58.3;26.7;a\n-1;58.3;26.7;b\n0;58.3;26.7;c\n3;58.3;26.7;d\n',
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [{ key: 'kpimport.err.badnumber', field: 'nr', value: '1.5', max: KP_NR_MAX }],
      [{ key: 'kpimport.err.badnumber', field: 'nr', value: '-1', max: KP_NR_MAX }],
      [{ key: 'kpimport.err.badnumber', field: 'nr', value: '0', max: KP_NR_MAX }],
      [],
    ]);
  });
});

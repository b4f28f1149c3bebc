import { describe, expect, it } from 'vitest';
import { kpCsvTemplate } from './kpTemplate.ts';
import { parseCheckpointCsv } from './csv.ts';

describe('kpCsvTemplate', () => {
  it.each(['en', 'et'] as const)('imports back without errors (%s)', (lang) => {
    const preview = parseCheckpointCsv(kpCsvTemplate(lang));
    expect(preview.fileError).toBeNull();
    expect(preview.rows.map((r) => r.errors)).toEqual([[], []]);
    const [stone, bridge] = preview.rows.map((r) => r.input!);
    expect(stone?.kp.nr).toBe(1);
    expect(bridge?.kp).toMatchObject({ nr: 2, ra: 2, kohustuslik: true });
    expect(bridge?.data.responses).toEqual(
      lang === 'en' ? { '1': 'Red', '2': 'Green' } : { '1': 'Punane', '2': 'Roheline' },
    );
    // The correct answer, named by its text, is the first response.
    expect(bridge?.answer).toBe('1');
    expect(stone?.answer).toBeNull();
  });

  it('shows the text of a refused row', () => {
    const preview = parseCheckpointCsv('1;58.1;26.1;Stone\n2;north;26.2;Tree\n');
    expect(preview.rows[0]?.raw).toBeUndefined();
    expect(preview.rows[1]?.raw).toBe('2;north;26.2;Tree');
  });
});

import { describe, expect, it } from 'vitest';
import { readCsv } from './checkpoints/csvText.ts';
import { csvDateTime } from './csv.ts';
import { teamsCsv } from './teams.ts';
import { teamListEntry } from './testing/teamEntry.ts';

describe('teamsCsv', () => {
  it('writes every team with its class name, ISO times, flags, counts and extras', () => {
    const text = teamsCsv(
      [
        teamListEntry('a', {
          name: '@Karud',
          nr: '7',
          klassid: 'm',
          starttime: 1_767_261_600_000,
          dsq: true,
          answers: 3,
          members: 2,
          registered: true,
          devs: ['d1', 'd2'],
          lypoints: { Photo: -5 },
        }),
        teamListEntry('b', { name: 'Õunad', allowed: false, klassid: 'x' }),
      ],
      {
        label: (key) => `[${key}]`,
        className: (id) => (id === 'm' ? 'Mehed' : id),
        extras: ['Photo'],
      },
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [head, first, second] = readCsv(text.slice(1), ';');
    expect(head!.cells).toEqual([
      '[col.nr]',
      '[col.name]',
      '[col.klass]',
      '[col.starttime]',
      '[col.finishtime]',
      '[col.dsq]',
      '[col.katk]',
      '[col.disabled]',
      '[col.allowed]',
      '[col.answers]',
      '[col.members]',
      '[col.registered]',
      '[col.devs]',
      'Photo',
    ]);
    expect(first!.cells).toEqual([
      '7',
      "'@Karud",
      'Mehed',
      csvDateTime(1_767_261_600_000),
      '',
      '[yes]',
      '',
      '',
      '[yes]',
      '3',
      '2',
      '[yes]',
      'd1 d2',
      '-5',
    ]);
    expect(second!.cells.slice(0, 3)).toEqual(['', 'Õunad', 'x']);
    expect(second!.cells[8]).toBe('');
  });
});

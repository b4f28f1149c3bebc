import { describe, expect, it } from 'vitest';
declare const performance: { now(): number };
import { planTeamImport, type ImportTeamState } from './plan.ts';

const team = (
  id: string,
  name: string,
  nr: string | null,
  extra: Partial<ImportTeamState> = {},
) => ({
  id,
  name,
  nr,
  klassid: null,
  starttime: null,
  members: [],
  club: null,
  email: null,
  phone: null,
  ...extra,
});

const existing: ImportTeamState[] = [
  team('t1', 'Mari Tamm', '1', { klassid: 'w21' }),
  team('t2', 'Karud', '2', { club: 'OK Ilves' }),
];
const classes = new Map([['w21', 'W21']]);

describe('planTeamImport', () => {
  it('add: only new numbers and names; the rest skipped as exists; new teams numbered after the highest', () => {
    const plan = planTeamImport(
      existing,
      classes,
      [
        { name: 'mari  TAMM' },
        { name: 'Someone', nr: '2' },
        { name: 'New One', className: ' w21 ' },
        { name: 'New Two', nr: '10', className: 'Open' },
      ],
      'add',
    );
    expect(plan.skipped).toEqual([
      { index: 0, name: 'mari  TAMM', reason: 'exists' },
      { index: 1, name: 'Someone', reason: 'exists' },
    ]);
    expect(plan.add).toEqual([
      { index: 2, name: 'New One', nr: '11', klassid: 'w21' },
      { index: 3, name: 'New Two', nr: '10', klassid: 'Open' },
    ]);
    expect(plan.newClasses).toEqual([{ id: 'Open', name: 'Open' }]);
    expect(plan.update).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it('merge: fills blanks only, matched by number else name; nothing to fill is skipped', () => {
    const plan = planTeamImport(
      existing,
      classes,
      [
        {
          name: 'Mari Tamm',
          className: 'M21',
          starttime: 1_700_000_000_000,
          members: ['Mari Tamm'],
        },
        { name: 'Karud', nr: '2', club: 'Other club' },
        { name: 'Fresh', email: 'a@b.ee' },
      ],
      'merge',
    );
    expect(plan.update).toEqual([
      {
        index: 0,
        id: 't1',
        name: 'Mari Tamm',
        fill: { starttime: 1_700_000_000_000, members: ['Mari Tamm'] },
      },
    ]);
    expect(plan.skipped).toEqual([{ index: 1, name: 'Karud', reason: 'exists' }]);
    expect(plan.add).toEqual([{ index: 2, name: 'Fresh', nr: '3', email: 'a@b.ee' }]);
    expect(plan.newClasses).toEqual([]);
  });

  it("merge: a start list's bib that is another team's number matches the team by name", () => {
    const plan = planTeamImport(
      existing,
      classes,
      [{ name: 'Karud', nr: '1', starttime: 5 }],
      'merge',
    );
    expect(plan.update).toEqual([{ index: 0, id: 't2', name: 'Karud', fill: { starttime: 5 } }]);
  });

  it('replace: removes every team and adds every row; repeated rows are duplicates', () => {
    const plan = planTeamImport(
      existing,
      classes,
      [{ name: 'A', nr: '1' }, { name: 'B', nr: '1' }, { name: 'C' }, { name: 'c ' }],
      'replace',
    );
    expect(plan.remove).toEqual(['t1', 't2']);
    expect(plan.add.map((a) => [a.name, a.nr])).toEqual([
      ['A', '1'],
      ['C', '2'],
    ]);
    expect(plan.skipped.map((s) => [s.index, s.reason])).toEqual([
      [1, 'duplicate'],
      [3, 'duplicate'],
    ]);
  });

  it('a new class whose name is an existing id gets another id', () => {
    const plan = planTeamImport(
      [],
      new Map([['Open', 'Men']]),
      [{ name: 'X', className: 'Open' }],
      'add',
    );
    expect(plan.newClasses).toEqual([{ id: 'Open 2', name: 'Open' }]);
    expect(plan.add[0]!.klassid).toBe('Open 2');
  });

  it('plans 5,000 rows against 2,000 teams quickly', () => {
    const many = Array.from({ length: 2000 }, (_, i) => team(`t${i}`, `Team ${i}`, String(i + 1)));
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Row ${i}`,
      className: `C${i % 20}`,
    }));
    const t0 = performance.now();
    const plan = planTeamImport(many, new Map(), rows, 'merge');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(plan.add).toHaveLength(5000);
    expect(plan.add.at(-1)!.nr).toBe('7000');
  });
});

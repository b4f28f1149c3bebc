import { describe, expect, it } from 'vitest';
import { nextKpNumber, planImport, planRenumber, validateCheckpointAnswer } from './plan.ts';
import type { Checkpoint, CheckpointInput } from './types.ts';

const cp = (id: string, nr: number | string, extra: Partial<Checkpoint> = {}): Checkpoint => ({
  id,
  kp: { nr },
  data: {},
  answer: null,
  ...extra,
});

describe('nextKpNumber', () => {
  it('is 1 when there are no numeric KPs', () => {
    expect(nextKpNumber([])).toBe(1);
    expect(nextKpNumber([{ nr: 'F' }, { nr: '12a' }])).toBe(1);
  });
  it('is the highest numeric nr plus 1, digit strings included, F ignored', () => {
    expect(nextKpNumber([{ nr: 3 }, { nr: '41' }, { nr: 'F' }, { nr: 7 }])).toBe(42);
    expect(nextKpNumber([{ nr: 9 }, { nr: '99b' }])).toBe(10);
  });
});

describe('planImport', () => {
  const existing = [
    cp('a', 1, {
      kp: { nr: 1, ra: 2, inwork: false },
      data: { desc: '', responses: { r1: 'A', r2: '' } },
    }),
    cp('b', 'F', { data: { desc: 'Finish', loc: { lat: 58, lng: 26 } }, answer: 'x' }),
  ];

  it('add: skips used nrs (1 and "1" match) and adds the rest', () => {
    const inputs: CheckpointInput[] = [
      { kp: { nr: '1' }, data: { desc: 'x' } },
      { kp: { nr: 2 }, data: { desc: 'two' }, answer: 'r1' },
      { kp: { nr: 'F' } },
    ];
    const plan = planImport(existing, inputs, 'add');
    expect(plan.add).toEqual([{ kp: { nr: 2 }, data: { desc: 'two' }, answer: 'r1' }]);
    expect(plan.update).toEqual([]);
    expect(plan.remove).toEqual([]);
    expect(plan.skipped).toEqual([
      { index: 0, nr: '1', reason: 'exists' },
      { index: 2, nr: 'F', reason: 'exists' },
    ]);
  });

  it('merge: fills only blanks, responses by id, loc as a whole, answer when none', () => {
    const inputs: CheckpointInput[] = [
      {
        kp: { nr: 1, ra: 3, grp: 2, inwork: true },
        data: {
          desc: 'Stone',
          loc: { lat: 1, lng: 2 },
          responses: { r1: 'changed', r2: 'B', r3: 'C' },
        },
        answer: 'r3',
      },
      { kp: { nr: 'F' }, data: { desc: 'Other', loc: { lat: 1, lng: 1 } }, answer: 'y' },
      { kp: { nr: 5 } },
    ];
    const plan = planImport(existing, inputs, 'merge');
    expect(plan.update).toEqual([
      {
        id: 'a',
        kp: { nr: 1, ra: 2, inwork: false, grp: 2 },
        data: { desc: 'Stone', loc: { lat: 1, lng: 2 }, responses: { r1: 'A', r2: 'B', r3: 'C' } },
        answer: 'r3',
      },
    ]);
    expect(plan.add).toEqual([{ kp: { nr: 5 }, data: {}, answer: null }]);
    expect(plan.skipped).toEqual([{ index: 1, nr: 'F', reason: 'exists' }]);
    // The existing documents are not mutated.
    expect(existing[0]!.data.desc).toBe('');
  });

  it('replace: removes every existing KP and adds every input', () => {
    const plan = planImport(existing, [{ kp: { nr: 1 } }, { kp: { nr: 'F' } }], 'replace');
    expect(plan.remove).toEqual(['a', 'b']);
    expect(plan.add.map((a) => a.kp.nr)).toEqual([1, 'F']);
    expect(plan.skipped).toEqual([]);
  });

  it('replace: keeps the ids of re-imported checkpoints, since all existing ones go first', () => {
    const plan = planImport(
      existing,
      [
        { id: 'a', kp: { nr: 1 } },
        { id: 'z', kp: { nr: 2 } },
      ],
      'replace',
    );
    expect(plan.remove).toEqual(['a', 'b']);
    expect(plan.add.map((a) => a.id)).toEqual(['a', 'z']);
  });

  it('skips the later of two inputs with the same nr, in every mode', () => {
    for (const mode of ['add', 'merge', 'replace'] as const) {
      const plan = planImport([], [{ kp: { nr: 4 } }, { kp: { nr: '4' } }], mode);
      expect(plan.add).toHaveLength(1);
      expect(plan.skipped).toEqual([{ index: 1, nr: '4', reason: 'duplicate' }]);
    }
  });

  it('keeps an input id unless an existing checkpoint or an earlier input uses it', () => {
    const plan = planImport(
      existing,
      [
        { id: 'a', kp: { nr: 10 } },
        { id: 'new', kp: { nr: 11 } },
        { id: 'new', kp: { nr: 12 } },
      ],
      'add',
    );
    expect(plan.add.map((a) => a.id)).toEqual([undefined, 'new', undefined]);
    expect('id' in plan.add[0]!).toBe(false);
  });
});

describe('planRenumber', () => {
  const kps = [
    { id: 'a', kp: { nr: 1 } },
    { id: 'b', kp: { nr: '2' } },
    { id: 'c', kp: { nr: 3 } },
    { id: 'd', kp: { nr: 10 } },
    { id: 'f', kp: { nr: 'F' } },
    { id: 'x', kp: { nr: '2a' } },
  ];

  it('moves numeric nrs in [start, end] inclusive by add; F and 2a never move', () => {
    expect(planRenumber(kps, 2, 3, 100)).toEqual({
      changes: [
        { id: 'b', from: '2', to: 102 },
        { id: 'c', from: 3, to: 103 },
      ],
      conflicts: [],
    });
  });

  it('reports a conflict with a KP that stays', () => {
    const plan = planRenumber(kps, 1, 3, 7);
    expect(plan.changes).toHaveLength(3);
    expect(plan.conflicts).toEqual([{ id: 'c', nr: 10 }]);
  });

  it('does not count a KP that moves away as a conflict', () => {
    expect(planRenumber(kps, 1, 3, 1).conflicts).toEqual([]);
  });

  it('reports two moving KPs landing on the same number', () => {
    const plan = planRenumber(
      [
        { id: 'a', kp: { nr: 5 } },
        { id: 'b', kp: { nr: '5' } },
      ],
      1,
      9,
      1,
    );
    expect(plan.conflicts).toEqual([
      { id: 'a', nr: 6 },
      { id: 'b', nr: 6 },
    ]);
  });

  it('moves nothing when end < start or add is 0', () => {
    expect(planRenumber(kps, 3, 2, 5)).toEqual({ changes: [], conflicts: [] });
    expect(planRenumber(kps, 1, 3, 0)).toEqual({ changes: [], conflicts: [] });
  });
});

describe('validateCheckpointAnswer', () => {
  it('accepts no answer and an answer that is a response id', () => {
    expect(validateCheckpointAnswer({}, null)).toBeNull();
    expect(validateCheckpointAnswer({ responses: { r1: 'A' } }, 'r1')).toBeNull();
  });
  it('refuses an answer that is not a response id', () => {
    expect(validateCheckpointAnswer({ responses: { r1: 'A' } }, 'r2')).toBe('kpdata.badresponse');
    expect(validateCheckpointAnswer({}, 'r1')).toBe('kpdata.badresponse');
    expect(validateCheckpointAnswer({ responses: {} }, 'toString')).toBe('kpdata.badresponse');
  });
});

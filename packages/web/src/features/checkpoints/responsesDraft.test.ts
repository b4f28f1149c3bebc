import { describe, expect, it } from 'vitest';
import {
  addResponse,
  draftChanged,
  draftFromCheckpoint,
  draftValue,
  editResponse,
  nextResponseId,
  removeResponse,
  responseErrors,
  setCorrect,
  validateDraft,
} from './responsesDraft.ts';

const cp = {
  data: { responses: { A: 'punane', B: 'sinine', C: 'roheline' }, scores: { B: 5 } },
  answer: 'B',
};
const keyOf = (d: ReturnType<typeof draftFromCheckpoint>, id: string) =>
  d.rows.find((r) => r.id === id)!.key;

describe('responses editing rules', () => {
  it('reads responses, points and the correct one', () => {
    const d = draftFromCheckpoint(cp);
    expect(d.rows.map((r) => [r.id, r.text, r.score])).toEqual([
      ['A', 'punane', null],
      ['B', 'sinine', 5],
      ['C', 'roheline', null],
    ]);
    expect(d.correctKey).toBe(keyOf(d, 'B'));
    expect(draftChanged(cp, d)).toBe(false);
  });

  it('never unsets the correct row directly', () => {
    const d = draftFromCheckpoint(cp);
    const b = keyOf(d, 'B');
    expect(setCorrect(d, b)).toBe(d);
    expect(editResponse(d, b, { correct: false }).correctKey).toBe(b);
    expect(draftValue(editResponse(d, b, { correct: false, text: 'blue' })).answer).toBe('B');
  });

  it('moves the correct mark when another row is chosen', () => {
    const d = draftFromCheckpoint(cp);
    const a = keyOf(d, 'A');
    expect(setCorrect(d, a).correctKey).toBe(a);
    expect(editResponse(d, a, { correct: true }).correctKey).toBe(a);
    expect(setCorrect(d, 'nope')).toBe(d);
  });

  it('clears the answer when the correct row is removed, not otherwise', () => {
    const d = draftFromCheckpoint(cp);
    const afterB = removeResponse(d, keyOf(d, 'B'));
    expect(afterB.correctKey).toBeNull();
    expect(draftValue(afterB)).toEqual({
      responses: { A: 'punane', C: 'roheline' },
      scores: null,
      answer: null,
    });
    expect(removeResponse(d, keyOf(d, 'A')).correctKey).toBe(keyOf(d, 'B'));
  });

  it('keeps the correct row when its id is retyped', () => {
    const d = draftFromCheckpoint(cp);
    const next = editResponse(d, keyOf(d, 'B'), { id: ' X ' });
    expect(draftValue(next).answer).toBe('X');
    expect(draftValue(next).scores).toEqual({ X: 5 });
  });

  it('adds rows with the next free id and without making them correct', () => {
    const d = addResponse(draftFromCheckpoint(cp));
    expect(d.rows.at(-1)).toMatchObject({ id: 'D', text: '', score: null });
    expect(d.correctKey).toBe(keyOf(d, 'B'));
    expect(nextResponseId([])).toBe('A');
    const all = Array.from({ length: 26 }, (_, i) => ({
      key: String(i),
      id: String.fromCharCode(65 + i),
      text: '',
      score: null,
    }));
    expect(nextResponseId(all)).toBe('27');
  });

  it('refuses blank and repeated ids, and says which row', () => {
    const d = draftFromCheckpoint(cp);
    const dup = editResponse(d, keyOf(d, 'C'), { id: 'A' });
    expect([...responseErrors(dup).values()]).toEqual([
      'kp.responses.error.dupid',
      'kp.responses.error.dupid',
    ]);
    expect(validateDraft(dup)).toBe('kp.responses.error.dupid');
    const blank = editResponse(d, keyOf(d, 'A'), { id: '  ' });
    expect(responseErrors(blank).get(keyOf(d, 'A'))).toBe('kp.responses.error.noid');
    expect(validateDraft(d)).toBeNull();
  });

  it('stores an empty list as removed keys', () => {
    const d = draftFromCheckpoint({ data: {}, answer: null });
    expect(d.rows).toEqual([]);
    expect(draftValue(d)).toEqual({ responses: null, scores: null, answer: null });
    expect(validateDraft(d)).toBeNull();
  });
});

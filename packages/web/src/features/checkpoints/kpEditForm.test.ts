import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import { editDraft, editErrors, editPatch } from './kpEditForm.ts';
import { addResponse, draftFromCheckpoint, editResponse, setCorrect } from './responsesDraft.ts';

const cp: Checkpoint = {
  id: 'k1',
  kp: { nr: 4, ra: 2, allok: true },
  data: { desc: 'Kivi', loc: { lat: 58.1, lng: 26.2 } },
  answer: null,
};
const others: Checkpoint[] = [cp, { id: 'k2', kp: { nr: 5 }, data: {}, answer: null }];

describe('one-KP editor form', () => {
  it('starts from the checkpoint and changes nothing untouched', () => {
    const d = editDraft(cp);
    expect(d).toMatchObject({ nr: '4', desc: 'Kivi', lat: '58.1', lng: '26.2' });
    expect(d.numbers.ra).toBe('2');
    expect(d.flags.allok).toBe(true);
    expect(editErrors(d, 'k1', others)).toEqual({});
    expect(editPatch(cp, d, draftFromCheckpoint(cp))).toBeNull();
  });

  it('checks number clashes, numbers and coordinates', () => {
    const d = editDraft(cp);
    expect(editErrors({ ...d, nr: '5' }, 'k1', others).nr).toBe('error.cpnumconflict');
    expect(editErrors({ ...d, nr: '' }, 'k1', others).nr).toBe('kp.error.nr');
    expect(editErrors({ ...d, nr: '1.5' }, 'k1', others).nr).toBe('kp.error.badnumber');
    const numbers = { ...d.numbers, grp: 'x', maxanswerdistance: '-1' };
    expect(editErrors({ ...d, numbers }, 'k1', others)).toEqual({
      grp: 'kp.error.number',
      maxanswerdistance: 'kp.error.number',
    });
    expect(editErrors({ ...d, lat: '' }, 'k1', others).lat).toBe('kp.error.bothcoords');
    expect(editErrors({ ...d, lng: '181' }, 'k1', others).lng).toBe('kp.error.badloc');
  });

  it('patches every kind of field with only the changes', () => {
    const d = editDraft(cp);
    let responses = addResponse(draftFromCheckpoint(cp));
    const key = responses.rows[0]!.key;
    responses = setCorrect(editResponse(responses, key, { text: 'jah', score: 2 }), key);
    const patch = editPatch(
      cp,
      {
        ...d,
        nr: '4a',
        numbers: { ...d.numbers, ra: '', wrongpenalty: '1,5' },
        flags: { ...d.flags, allok: false, noopenwhennotclose: true },
        dependkp: ' 3 ',
        desc: '',
        a: 'Kivi',
        lat: '',
        lng: '',
        anycross: true,
      },
      responses,
    );
    expect(patch).toEqual({
      kp: {
        nr: '4a',
        ra: null,
        wrongpenalty: 1.5,
        allok: null,
        noopenwhennotclose: true,
        dependkp: '3',
      },
      data: {
        desc: null,
        a: 'Kivi',
        loc: null,
        anycross: true,
        responses: { A: 'jah' },
        scores: { A: 2 },
      },
      answer: 'A',
    });
  });
});

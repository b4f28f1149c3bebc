import { describe, expect, it } from 'vitest';
import { regFields } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import { draftOf, fieldErrors, initialDraft, missingRequired, valuesOf } from './regForm.ts';

const fields = regFields({
  fields: {
    f1: { label: 'Club', muitype: 'text', required: true },
    size: { label: 'Size', muitype: 'number' },
    night: { label: 'Night', muitype: 'boolean' },
    course: { label: 'Course', muitype: 'single', selectvalues: 'A, B' },
    meals: { label: 'Meals', muitype: 'multiple', selectvalues: 'lunch, dinner, breakfast' },
  },
}).filter((f) => !f.deleted);

describe('registration form state', () => {
  it('starts from stored values, the team name from the team', () => {
    const draft = initialDraft(
      fields,
      { f1: 'OK Ilves', size: 4, meals: 'dinner, lunch' },
      'Hundid',
    );
    expect(draft).toEqual({
      teamname: 'Hundid',
      email: '',
      phone: '',
      f1: 'OK Ilves',
      size: '4',
      night: false,
      course: '',
      meals: ['dinner', 'lunch'],
    });
  });

  it('sends typed values: numbers as numbers, choices in their order, ticks as booleans', () => {
    const draft = {
      ...initialDraft(fields),
      teamname: 'Hundid',
      size: '3,5',
      night: true,
      course: 'B',
      meals: ['breakfast', 'lunch'],
    };
    expect(valuesOf(fields, draft)).toEqual({
      teamname: 'Hundid',
      email: '',
      phone: '',
      f1: '',
      size: 3.5,
      night: true,
      course: 'B',
      meals: ['lunch', 'breakfast'],
    });
  });

  it('leaves a bad number for the server to refuse and an empty one empty', () => {
    const size = fields.find((f) => f.id === 'size');
    if (!size) throw new Error('no size');
    expect(valuesOf([size], { size: 'many' })).toEqual({ size: 'many' });
    expect(valuesOf([size], { size: ' ' })).toEqual({ size: '' });
    expect(draftOf(size, 'x')).toBe('x');
  });

  it('names the required fields left empty', () => {
    const draft = initialDraft(fields);
    expect(missingRequired(fields, draft)).toEqual(['teamname', 'f1']);
    expect(missingRequired(fields, { ...draft, teamname: 'A', f1: ' x ' })).toEqual([]);
  });

  it("maps the server's per-field problems to field ids", () => {
    const error = new ApiError(400, 'reg.error.invalid', 'bad', [
      { path: 'f1', message: 'reg.error.required' },
      { path: 'values.course', message: 'reg.error.choice' },
      { path: 'f1', message: 'reg.error.toolong' },
    ]);
    expect(fieldErrors(error)).toEqual({
      f1: 'reg.error.required',
      course: 'reg.error.choice',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

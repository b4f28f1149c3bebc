import { describe, expect, it } from 'vitest';
import { RegConfig, regFields } from '@rada/core';
import {
  addField,
  configOfDraft,
  draftOfConfig,
  nextFieldId,
  orderOfText,
  patchField,
  setDeleted,
} from './regConfigEdit.ts';

describe('registration form editor', () => {
  it('reads a draft, treating unreadable text as an empty form', () => {
    expect(configOfDraft('')).toEqual({ fields: {} });
    expect(configOfDraft('{oops')).toEqual({ fields: {} });
    expect(configOfDraft('{"fields":{"f1":{"label":"Club"}}}')).toEqual({
      fields: { f1: { label: 'Club' } },
    });
    const config = { fields: { email: { required: true } } };
    expect(configOfDraft(draftOfConfig(config))).toEqual(config);
  });

  it('adds fields f1, f2 after the others, past deleted ids too', () => {
    const first = addField({ fields: {} }, 'New');
    expect(first.id).toBe('f1');
    expect(first.config.fields.f1).toMatchObject({ label: 'New', muitype: 'text', s: 100 });
    const second = addField(setDeleted(first.config, 'f1', true), 'New');
    expect(second.id).toBe('f2');
    expect(second.config.fields.f2?.s).toBe(110);
    expect(nextFieldId({ fields: { f9: {}, club: {} } })).toBe('f10');
    expect(RegConfig.safeParse(second.config).success).toBe(true);
  });

  it('deletes by marking, keeps the rest of the field and restores it', () => {
    const config = { fields: { f1: { label: 'Club', required: true } } };
    const deleted = setDeleted(config, 'f1', true);
    expect(deleted.fields.f1).toEqual({ label: 'Club', required: true, deleted: true });
    expect(regFields(deleted).find((f) => f.id === 'f1')?.deleted).toBe(true);
    expect(setDeleted(deleted, 'f1', false).fields.f1?.deleted).toBe(false);
  });

  it('shows a built-in field by clearing its deleted flag; a cleared order falls back', () => {
    const shown = patchField({ fields: {} }, 'car', { deleted: false });
    expect(regFields(shown).find((f) => f.id === 'car')?.deleted).toBe(false);
    const ordered = patchField({ fields: { f1: { s: 7 } } }, 'f1', { s: undefined });
    expect(ordered.fields.f1).toEqual({});
    expect(orderOfText(' 15 ')).toBe(15);
    expect(orderOfText('')).toBeUndefined();
    expect(orderOfText('x')).toBe('bad');
  });
});

import { describe, expect, it } from 'vitest';
import { isNewEntry, placeholdersOf, translationEntries } from './translationKeys.ts';
import { resources } from '../../i18n/resources.ts';

describe('the translation editor keys', () => {
  const en = { 'b.key': 'Save', 'a.key': 'Cancel', 'c.key': 'Rada', 'd.key': 'Hello {{name}}' };
  const et = { 'b.key': 'Salvesta', 'a.key': 'Cancel', 'c.key': 'Rada' };

  it('lists every bundled key, sorted, with the overrides laid over the bundled texts', () => {
    const entries = translationEntries(en, et, { en: { 'b.key': 'Store' }, et: {} });
    expect(entries.map((e) => e.key)).toEqual(['a.key', 'b.key', 'c.key', 'd.key']);
    expect(entries[1]).toEqual({
      key: 'b.key',
      en: 'Store',
      et: 'Salvesta',
      bundledEn: 'Save',
      bundledEt: 'Salvesta',
      overridden: true,
    });
    expect(entries[3]).toMatchObject({ et: '', bundledEt: null, overridden: false });
  });

  it("'only new' keeps keys whose Estonian text is missing or equal to the English", () => {
    const all = translationEntries(en, et, {});
    expect(all.filter(isNewEntry).map((e) => e.key)).toEqual(['a.key', 'c.key', 'd.key']);
    // Once translated (an override), a key is no longer new.
    const done = translationEntries(en, et, {
      en: { 'a.key': 'Cancel' },
      et: { 'a.key': 'Loobu' },
    });
    expect(done.filter(isNewEntry).map((e) => e.key)).toEqual(['c.key', 'd.key']);
  });

  it('works over the real bundles: a few keys are new, most are translated', () => {
    const all = translationEntries(resources.en.translation, resources.et.translation, {});
    const fresh = all.filter(isNewEntry);
    expect(all.length).toBeGreaterThan(1000);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length).toBeLessThan(all.length * 0.05);
  });

  it('finds the placeholders of a text', () => {
    expect(placeholdersOf('Hi {{name}}, {{count}} left; {{ name }}')).toEqual(['name', 'count']);
    expect(placeholdersOf('Plain')).toEqual([]);
  });
});

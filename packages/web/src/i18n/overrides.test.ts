import { afterEach, describe, expect, it } from 'vitest';
import i18n, { applyTranslationOverrides, setLanguage } from './index.ts';
import { historyEn } from './historyEn.ts';

const LOG_TITLE = historyEn['log.title'];

describe('translation overrides', () => {
  afterEach(async () => {
    await applyTranslationOverrides({});
    await setLanguage('en');
  });

  it('replace bundled texts of every loaded language, and removed ones bring the bundled back', async () => {
    await setLanguage('en');
    expect(i18n.t('home.upcoming')).toBe('Upcoming events');
    await applyTranslationOverrides({
      en: { 'home.upcoming': 'Coming up', 'log.title': 'History' },
      et: { 'home.upcoming': 'Tulekul' },
    });
    expect(i18n.t('home.upcoming')).toBe('Coming up');
    // An organiser's text too (loaded in a part of its own).
    expect(i18n.t('log.title')).toBe('History');

    // A language loaded later gets them as it loads.
    await setLanguage('et');
    expect(i18n.t('home.upcoming')).toBe('Tulekul');

    await applyTranslationOverrides({ en: { 'log.title': 'History' }, et: {} });
    expect(i18n.t('home.upcoming')).toBe('Eelseisvad üritused');
    await setLanguage('en');
    expect(i18n.t('home.upcoming')).toBe('Upcoming events');
    expect(i18n.t('log.title')).toBe('History');
    await applyTranslationOverrides({});
    expect(i18n.t('log.title')).toBe(LOG_TITLE);
  });
});

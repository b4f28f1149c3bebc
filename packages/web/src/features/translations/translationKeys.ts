import type { TranslationOverrides } from '@rada/core';

/** One key as the translation editor lists it: its texts now and the bundled ones under them. */
export interface TranslationEntry {
  key: string;
  /** What readers see now: the stored override, else the bundled text ('' for none). */
  en: string;
  et: string;
  bundledEn: string;
  bundledEt: string | null;
  /** Whether a stored text overrides the bundled one. */
  overridden: boolean;
}

/**
 * Every bundled key (English has them all), sorted, with the texts readers see now (the
 * overrides laid over the bundled texts, as i18n/index.ts does).
 */
export function translationEntries(
  en: Readonly<Record<string, string>>,
  et: Readonly<Record<string, string>>,
  overrides: Partial<TranslationOverrides>,
): TranslationEntry[] {
  return Object.keys(en)
    .sort()
    .map((key) => {
      const bundledEn = en[key] ?? '';
      const bundledEt = et[key] ?? null;
      const overEn = overrides.en?.[key];
      const overEt = overrides.et?.[key];
      return {
        key,
        en: overEn ?? bundledEn,
        et: overEt ?? bundledEt ?? '',
        bundledEn,
        bundledEt,
        overridden: overEn !== undefined || overEt !== undefined,
      };
    });
}

/**
 * The 'only new' filter (spec 02 §2): a key whose Estonian text is missing or the same as the
 * English one, as readers see them now.
 */
export const isNewEntry = (entry: TranslationEntry): boolean =>
  entry.et.trim() === '' || entry.et === entry.en;

/** The `{{placeholders}}` of a text, each once, in order. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!))];
}

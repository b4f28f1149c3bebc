import { z } from 'zod';

/*
 * Translation overrides (spec 01 §3 translations, §5; spec 02 §2 "Translation editor"): the
 * platform owner and super admins replace a bundled interface text in English and Estonian; the
 * stored texts (locales/{lang}/translation/{key path}) override the bundled ones for everyone.
 */

/** The languages whose texts are edited (spec 01 §5: English and et-EE). */
export const TRANSLATION_LANGUAGES = ['en', 'et'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const TRANSLATION_KEY_MAX = 100;
export const TRANSLATION_TEXT_MAX = 2000;

/**
 * The form of an interface text's key: the product's dotted keys ('createevent.err.exists'),
 * a few with spaces ('debug.issue.GPS for unknown device'); never a slash, which separates the
 * parts of the stored key path.
 */
export const TRANSLATION_KEY_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_. -]*$/;

/** A key in the form of the interface's keys (PUT/DELETE /api/translations/:key). */
export const TranslationKey = z
  .string()
  .min(1)
  .max(TRANSLATION_KEY_MAX)
  .regex(TRANSLATION_KEY_PATTERN)
  .refine((key) => key.trim() === key, 'No space at either end');

/** A control character other than a line break (tabs included: a text is one run of words). */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== '\n') || code === 0x7f;
}

const TranslationText = z
  .string()
  .max(TRANSLATION_TEXT_MAX)
  .refine((text) => text.trim() !== '', 'A text is needed')
  // A text is shown as text; control characters other than line breaks have no place in it.
  .refine((text) => ![...text].some(isControl), 'No control characters');

/** PUT /api/translations/:key: both languages' texts, saved together. */
export const TranslationBody = z.object({ en: TranslationText, et: TranslationText }).strict();
export type TranslationBody = z.infer<typeof TranslationBody>;

/** GET /api/translations: every stored text by language and key. */
export type TranslationOverrides = Record<TranslationLanguage, Record<string, string>>;

/** The stored path of a key's text (spec 02 §7): locales/{lang}/translation/{key path}. */
export const translationPath = (lang: TranslationLanguage, key: string): string =>
  `locales/${lang}/translation/${key.split('.').join('/')}`;

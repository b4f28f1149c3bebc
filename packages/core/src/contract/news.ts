import { z } from 'zod';
import { NewsBody, NewsTimeParam } from '../news.ts';
import type { NewsItem } from '../news.ts';
import { TranslationBody, TranslationKey, TRANSLATION_LANGUAGES } from '../translations.ts';
import type { TranslationOverrides } from '../translations.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const NewsText = z.object({
  title: z.string(),
  content: z.string().describe('Sanitised rich text (HTML), or empty'),
});
const NewsItemSchema = z
  .object({
    time: z.number().int().describe("Unix seconds: the item's time and its key"),
    et: NewsText.nullable().describe('null: not written in Estonian'),
    en: NewsText.nullable().describe('null: not written in English'),
  })
  .meta({ id: 'NewsItem' }) satisfies z.ZodType<NewsItem>;

const TimeParams = z.object({ time: NewsTimeParam.describe("The item's time (unix seconds)") });
const KeyParams = z.object({ key: TranslationKey.describe('An interface text key') });

const Overrides = z
  .object(
    Object.fromEntries(
      TRANSLATION_LANGUAGES.map((lang) => [lang, z.record(z.string(), z.string())]),
    ) as Record<(typeof TRANSLATION_LANGUAGES)[number], z.ZodRecord<z.ZodString, z.ZodString>>,
  )
  .describe('Every stored text by language and key') satisfies z.ZodType<TranslationOverrides>;

const OWNER = 'The platform owner';

/** News on the front page (spec 02 §7). */
export const newsContract = {
  news: {
    summary: 'Every news item, newest first',
    access: 'Anyone',
    answer: z.array(NewsItemSchema),
  },
  createNews: {
    summary: 'Adds a news item',
    access: OWNER,
    body: NewsBody,
    answer: NewsItemSchema,
    status: 201,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 409: ['news.error.exists'] },
  },
  updateNews: {
    summary: "Changes a news item's texts",
    access: OWNER,
    params: TimeParams,
    body: NewsBody,
    answer: NewsItemSchema,
    errors: {
      400: ['error.validation'],
      ...CALLER_ERRORS,
      404: ['error.notfound'],
      409: ['news.error.exists'],
    },
  },
  deleteNews: {
    summary: 'Removes a news item',
    access: OWNER,
    params: TimeParams,
    answer: null,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
} as const satisfies Declarations<'news' | 'createNews' | 'updateNews' | 'deleteNews'>;

/** Overrides of the interface's texts (spec 02 §7). */
export const translationsContract = {
  translations: {
    summary: "The interface's text overrides, by language and key",
    description:
      'Every app asks for these as it loads; the answer carries an ETag, and an unchanged set ' +
      'answers 304 to If-None-Match.',
    access: 'Anyone',
    answer: Overrides,
  },
  putTranslation: {
    summary: "Sets a key's text in both languages",
    access: 'The platform owner and super admins',
    params: KeyParams,
    body: TranslationBody,
    answer: TranslationBody,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS },
  },
  deleteTranslation: {
    summary: "Removes a key's override (the built-in text shows again)",
    access: 'The platform owner and super admins',
    params: KeyParams,
    answer: null,
    errors: { 400: ['error.validation'], ...CALLER_ERRORS, 404: ['error.notfound'] },
  },
} as const satisfies Declarations<'translations' | 'putTranslation' | 'deleteTranslation'>;

import { z } from 'zod';
import { RICH_TEXT_SETTING_MAX } from './richText.ts';

/*
 * News (spec 02 §2 "News screen", §3 "News item"): items keyed by the unix seconds of their
 * time, each with a title and rich content per language (stored as news/{lang}/{unixSeconds}).
 * The platform owner adds and edits them; everyone reads them on the home page.
 */

/** The languages a news item is written in. */
export const NEWS_LANGUAGES = ['et', 'en'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

export const NEWS_TITLE_MAX = 200;
/** The longest content (the editor's HTML with its markup). */
export const NEWS_CONTENT_MAX = RICH_TEXT_SETTING_MAX;
/** The latest time an item may carry (the end of year 9999), in unix seconds. */
export const NEWS_TIME_MAX = 253_402_300_799;
/** The news editor's height (spec 02 §9; the other rich texts' editor is 600). */
export const NEWS_EDITOR_HEIGHT = 300;

/** One language's text of a news item. */
export interface NewsText {
  title: string;
  /** Sanitised rich text (HTML), or '' for none. */
  content: string;
}

/** GET /api/news: one item; a language it is not written in is null. */
export interface NewsItem {
  /** Unix seconds: the item's time and its key. */
  time: number;
  et: NewsText | null;
  en: NewsText | null;
}

const LanguageText = z
  .object({
    title: z.string().trim().max(NEWS_TITLE_MAX),
    content: z.string().max(NEWS_CONTENT_MAX),
  })
  .strict();

/** A news item's time: unix seconds. */
const NewsTime = z.number().int().min(0).max(NEWS_TIME_MAX);

/** A news item's time as its path has it (PUT/DELETE /api/news/:time). */
export const NewsTimeParam = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number)
  .pipe(NewsTime);

/**
 * POST /api/news and PUT /api/news/:time: the item's time and both languages' texts. A language
 * is written in when it has a title; content without a title is refused, and so is an item with
 * no title at all.
 */
export const NewsBody = z
  .object({ time: NewsTime, et: LanguageText, en: LanguageText })
  .strict()
  .superRefine((body, ctx) => {
    for (const lang of NEWS_LANGUAGES) {
      if (body[lang].title === '' && body[lang].content.trim() !== '') {
        ctx.addIssue({ code: 'custom', path: [lang, 'title'], message: 'A title is needed' });
      }
    }
    if (NEWS_LANGUAGES.every((lang) => body[lang].title === '')) {
      ctx.addIssue({ code: 'custom', path: ['et', 'title'], message: 'A title is needed' });
    }
  });
export type NewsBody = z.infer<typeof NewsBody>;

/**
 * The text of `item` for a reader of `lang`: that language's, else the other one's (an item
 * always has at least one).
 */
export function newsTextFor(item: NewsItem, lang: string | null | undefined): NewsText {
  const own = lang === 'et' || lang === 'en' ? item[lang] : null;
  return own ?? item.et ?? item.en ?? { title: '', content: '' };
}

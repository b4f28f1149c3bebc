import { NEWS_LANGUAGES } from '@rada/core';
import type { NewsBody, NewsItem, NewsLanguage } from '@rada/core';

/** What the news dialog edits: the time (epoch ms, null while unset) and each language's text. */
export interface NewsForm {
  time: number | null;
  et: { title: string; content: string };
  en: { title: string; content: string };
}

/** The form of a new item (now, to the second) or of `item`. */
export function newsForm(item: NewsItem | null, now: number): NewsForm {
  return {
    time: item ? item.time * 1000 : Math.floor(now / 1000) * 1000,
    et: { title: item?.et?.title ?? '', content: item?.et?.content ?? '' },
    en: { title: item?.en?.title ?? '', content: item?.en?.content ?? '' },
  };
}

/** What is wrong with the form: no title at all, content without a title, no valid time. */
export interface NewsFormProblems {
  noTitle: boolean;
  /** Languages with content but no title. */
  untitled: NewsLanguage[];
  noTime: boolean;
}

export function newsFormProblems(form: NewsForm): NewsFormProblems {
  return {
    noTitle: NEWS_LANGUAGES.every((l) => form[l].title.trim() === ''),
    untitled: NEWS_LANGUAGES.filter(
      (l) => form[l].title.trim() === '' && form[l].content.trim() !== '',
    ),
    noTime: form.time === null || !Number.isFinite(form.time) || form.time < 0,
  };
}

/** The request body of a valid form (newsFormProblems found nothing). */
export function newsBody(form: NewsForm): NewsBody {
  const text = (l: NewsLanguage) => ({
    title: form[l].title.trim(),
    content: form[l].title.trim() === '' ? '' : form[l].content,
  });
  return { time: Math.floor((form.time ?? 0) / 1000), et: text('et'), en: text('en') };
}

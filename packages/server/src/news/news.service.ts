import { NEWS_LANGUAGES } from '@rada/core';
import type { NewsBody, NewsItem, NewsLanguage, NewsText } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Repos, Store } from '../db/store.ts';
import { auditRow } from '../db/audit.ts';
import type { AuditRow } from '../db/audit.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canManageNews } from '../policies/platform.policy.ts';
import { sanitizeRichText } from '../richText/sanitize.ts';

export interface NewsDeps {
  store: Store;
  now: () => number;
}

type Row = Awaited<ReturnType<Repos['news']['list']>>[number];
type Texts = Partial<Record<NewsLanguage, NewsText>>;

const isLanguage = (lang: string): lang is NewsLanguage =>
  (NEWS_LANGUAGES as readonly string[]).includes(lang);

/** Rows (newest first) as items: one per time, each language's text or null. */
export function presentNews(rows: readonly Row[]): NewsItem[] {
  const items = new Map<number, NewsItem>();
  for (const row of rows) {
    if (!isLanguage(row.lang)) continue;
    const time = Math.floor(row.ts / 1000);
    let item = items.get(time);
    if (!item) items.set(time, (item = { time, et: null, en: null }));
    item[row.lang] = { title: row.title, content: row.content };
  }
  return [...items.values()];
}

/** The languages a body is written in (those with a title), content sanitised. */
function textsOf(body: NewsBody): Texts {
  const texts: Texts = {};
  for (const lang of NEWS_LANGUAGES) {
    const { title, content } = body[lang];
    if (title !== '') texts[lang] = { title, content: sanitizeRichText(content.trim()) };
  }
  return texts;
}

/**
 * News (spec 02 §2, §3): anyone reads the list, newest first; the platform owner alone adds,
 * edits (its time too) and deletes items. Every change writes audit rows (news/{lang}/{time})
 * in its transaction.
 */
export function newsService({ store, now }: NewsDeps) {
  function guard(actor: Actor | null): Actor {
    if (!canManageNews(actor)) throw actor ? forbidden() : unauthorized();
    return actor;
  }

  /** One audit row per language the change touched. */
  function audit(by: Actor, action: string, time: number, old: Texts, next: Texts): AuditRow[] {
    const at = now();
    return NEWS_LANGUAGES.filter((l) => old[l] || next[l]).map((lang) => ({
      ...auditRow(
        at,
        by,
        '',
        action,
        `news/${lang}/${time}`,
        old[lang] ?? null,
        next[lang] ?? null,
      ),
      // A platform change, of no event.
      event_id: null,
    }));
  }

  const textsOfRows = (rows: readonly Row[]): Texts => {
    const [item] = presentNews(rows);
    const texts: Texts = {};
    for (const lang of NEWS_LANGUAGES) if (item?.[lang]) texts[lang] = item[lang];
    return texts;
  };

  /** Writes `texts` at `time` or answers 409 when an item is there. */
  async function insert(repos: Repos, time: number, texts: Texts) {
    const taken = (await repos.news.find(time)).length > 0;
    if (taken || !(await repos.news.insert(time, texts))) {
      throw new AppError('news.error.exists', 409);
    }
  }

  const item = (time: number, texts: Texts): NewsItem => ({
    time,
    et: texts.et ?? null,
    en: texts.en ?? null,
  });

  return {
    /** Every item, newest first. */
    async list(): Promise<NewsItem[]> {
      return presentNews(await store.news.list());
    },

    /** Adds an item (the owner); 409 news.error.exists when one has the same second. */
    async create(actor: Actor | null, body: NewsBody): Promise<NewsItem> {
      const by = guard(actor);
      const texts = textsOf(body);
      await store.transaction(async (repos) => {
        await insert(repos, body.time, texts);
        await repos.audit.insert(audit(by, 'news.create', body.time, {}, texts));
      });
      return item(body.time, texts);
    },

    /**
     * Replaces the item at `time` (the owner) with `body`, which may move it to another time;
     * 404 when there is none, 409 when the new time has another item.
     */
    async update(actor: Actor | null, time: number, body: NewsBody): Promise<NewsItem> {
      const by = guard(actor);
      const texts = textsOf(body);
      await store.transaction(async (repos) => {
        const old = await repos.news.find(time);
        if (old.length === 0) throw notFound();
        await repos.news.remove(time);
        await insert(repos, body.time, texts);
        const rows =
          body.time === time
            ? audit(by, 'news.update', time, textsOfRows(old), texts)
            : [
                ...audit(by, 'news.delete', time, textsOfRows(old), {}),
                ...audit(by, 'news.create', body.time, {}, texts),
              ];
        await repos.audit.insert(rows);
      });
      return item(body.time, texts);
    },

    /** Deletes the item at `time` (the owner); 404 when there is none. */
    async remove(actor: Actor | null, time: number): Promise<void> {
      const by = guard(actor);
      await store.transaction(async (repos) => {
        const old = await repos.news.find(time);
        if (old.length === 0) throw notFound();
        await repos.news.remove(time);
        await repos.audit.insert(audit(by, 'news.delete', time, textsOfRows(old), {}));
      });
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;

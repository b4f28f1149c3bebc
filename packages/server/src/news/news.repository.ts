import type { Kysely } from 'kysely';
import type { NewsLanguage, NewsText } from '@rada/core';
import type { Database } from '../db/schema.ts';

/** A news row's id: its language and time, as the item's stored path (news/{lang}/{seconds}). */
const rowId = (lang: string, time: number) => `${lang}/${time}`;

/**
 * News rows (table `news`, migration 0001): one per item and language, `ts` the item's time in
 * epoch milliseconds (whole seconds: an item is keyed by its unix seconds).
 */
export function newsRepository(db: Kysely<Database>) {
  return {
    /** Every row, newest item first. */
    list() {
      return db
        .selectFrom('news')
        .select(['lang', 'ts', 'title', 'content'])
        .orderBy('ts', 'desc')
        .orderBy('lang')
        .execute();
    },

    /** The rows of the item at `time` (unix seconds), one per language it is written in. */
    find(time: number) {
      return db
        .selectFrom('news')
        .select(['lang', 'ts', 'title', 'content'])
        .where('ts', '=', time * 1000)
        .orderBy('lang')
        .execute();
    },

    /**
     * Writes the item at `time` in the languages of `texts`; false when a row of it exists
     * already (another writer got there first), and then nothing is written by this call.
     */
    async insert(time: number, texts: Partial<Record<NewsLanguage, NewsText>>): Promise<boolean> {
      const rows = Object.entries(texts).map(([lang, text]) => ({
        id: rowId(lang, time),
        lang,
        ts: time * 1000,
        title: text.title,
        content: text.content,
      }));
      if (rows.length === 0) return true;
      const result = await db
        .insertInto('news')
        .values(rows)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === rows.length;
    },

    /** Deletes the item at `time`; the number of rows removed. */
    async remove(time: number): Promise<number> {
      const result = await db
        .deleteFrom('news')
        .where('ts', '=', time * 1000)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

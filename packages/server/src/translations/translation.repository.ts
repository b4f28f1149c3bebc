import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Translation overrides (table `translations`, migration 0001): one row per language and key. */
export function translationRepository(db: Kysely<Database>) {
  return {
    /** Every stored text. */
    all() {
      return db.selectFrom('translations').select(['lang', 'key', 'value']).execute();
    },

    /** The stored texts of `key`, one per language. */
    ofKey(key: string) {
      return db
        .selectFrom('translations')
        .select(['lang', 'value'])
        .where('key', '=', key)
        .execute();
    },

    /** Stores the text of `key` in `lang`, replacing the one there. */
    async set(lang: string, key: string, value: string): Promise<void> {
      await db
        .insertInto('translations')
        .values({ lang, key, value })
        .onConflict((oc) => oc.columns(['lang', 'key']).doUpdateSet({ value }))
        .execute();
    },

    /** Removes every language's text of `key`; the number of rows removed. */
    async remove(key: string): Promise<number> {
      const result = await db.deleteFrom('translations').where('key', '=', key).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

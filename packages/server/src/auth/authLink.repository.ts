import type { Kysely, Selectable } from 'kysely';
import type { AuthLinksTable, Database } from '../db/schema.ts';

export type AuthLinkRow = Selectable<AuthLinksTable>;

/** Links sent by email (sign-in, password reset), stored by their token's SHA-256. */
export function authLinkRepository(db: Kysely<Database>) {
  return {
    insert: (row: AuthLinkRow) => db.insertInto('auth_links').values(row).execute(),

    /** How many links were sent to `email` since `since`. */
    countSince: async (email: string, since: number): Promise<number> => {
      const row = await db
        .selectFrom('auth_links')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Uses the link: marks it used if it is of `purpose`, unused and not expired at `now`, and
     * returns it; undefined otherwise. A conditional UPDATE, so of two uses at once one wins.
     */
    consume: async (
      id: string,
      purpose: AuthLinkRow['purpose'],
      now: number,
    ): Promise<AuthLinkRow | undefined> => {
      const done = await db
        .updateTable('auth_links')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('auth_links').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Forgets links that expired before `before`. */
    deleteExpired: (before: number) =>
      db.deleteFrom('auth_links').where('expires_at', '<', before).execute(),
  };
}

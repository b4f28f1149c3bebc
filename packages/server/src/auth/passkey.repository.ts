import type { Kysely, Selectable } from 'kysely';
import type { AuthChallengesTable, Database, PasskeysTable } from '../db/schema.ts';

export type PasskeyRow = Selectable<PasskeysTable>;
export type ChallengeRow = Selectable<AuthChallengesTable>;

/** Passkeys of accounts and the one-time challenges of their ceremonies. */
export function passkeyRepository(db: Kysely<Database>) {
  return {
    insert: (row: PasskeyRow) => db.insertInto('passkeys').values(row).execute(),
    find: (id: string) =>
      db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst(),
    listOf: (userId: string) =>
      db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),
    /** Records a use: the new signature counter and when. */
    /**
     * Notes a sign-in with the passkey; false when it is gone (removed, or its account claimed
     * by the address's owner, since it was read): the sign-in then makes no session. Its row
     * stays locked to the end of the transaction, so a removal under way is waited for.
     */
    used: async (id: string, counter: number, at: number): Promise<boolean> => {
      const res = await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    /** Removes one of `userId`'s passkeys; whether there was one. */
    deleteOwn: async (userId: string, id: string): Promise<boolean> => {
      const done = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(done.numDeletedRows) === 1;
    },

    addChallenge: (row: ChallengeRow) => db.insertInto('auth_challenges').values(row).execute(),
    /**
     * Uses a challenge: deletes it and answers it when it was of `purpose`, not expired at `now`
     * and (for a registration) `userId`'s. A challenge answers once, on any server.
     */
    takeChallenge: async (
      id: string,
      purpose: ChallengeRow['purpose'],
      userId: string | null,
      now: number,
    ): Promise<boolean> => {
      let q = db
        .deleteFrom('auth_challenges')
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now);
      q = userId === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', userId);
      return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
    },
    deleteExpiredChallenges: (now: number) =>
      db.deleteFrom('auth_challenges').where('expires_at', '<=', now).execute(),
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';

export type SessionRow = Database['sessions'];

const findSession = prepared((db, id: string) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id),
);

/** Storage of browser sessions and API tokens (one table, `kind` tells them apart). */
export function sessionRepository(db: Kysely<Database>) {
  return {
    create: (row: SessionRow) => db.insertInto('sessions').values(row).execute(),

    /** The session of a token hash, expired or not (the caller decides what expiry means). */
    find: async (id: string): Promise<SessionRow | undefined> =>
      (await findSession(db, id)).rows[0],

    /**
     * Whether the session `id` is still `userId`'s, its row locked to the end of the transaction
     * (an UPDATE that changes nothing: on PostgreSQL it waits for a removal under way). A
     * credential added to the account (a passkey) is stored in the same transaction only if so:
     * the session that asked may have ended meanwhile, by the address owner's claim of the
     * account, which removes every credential it finds.
     */
    stillOpen: async (id: string, userId: string): Promise<boolean> => {
      const res = await db
        .updateTable('sessions')
        .set({ user_id: userId })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    touch: (id: string, now: number, expiresAt: number | null) =>
      db
        .updateTable('sessions')
        .set({ last_used_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .execute(),

    delete: (id: string) => db.deleteFrom('sessions').where('id', '=', id).execute(),

    /** The user's sessions and tokens, last used first. */
    listOf: (userId: string) =>
      db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute(),

    /** Deletes the user's session with this public id; false when the user has none such. */
    deleteOwn: async (userId: string, publicId: string) => {
      const r = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Sets a new expiry on the user's token with this public id; false when there is none. */
    renewOwnToken: async (userId: string, publicId: string, expiresAt: number) => {
      const r = await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt })
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .where('kind', '=', 'token')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * Stores a new password hash and ends the user's other browser sessions in one transaction
     * (API tokens stay: they are listed, and revoked one by one), if the password is still
     * `current` (null: none) and the session `keepSessionId` still the user's; false, and
     * nothing changes, otherwise: the password was checked before the slow hashing, and an
     * address owner's claim (or another change) meanwhile must not be undone by this one. The
     * user's row is written first, as the claim does, so the two wait for each other.
     */
    replacePassword: async (
      userId: string,
      passwordHash: string,
      keepSessionId: string,
      current: string | null,
    ): Promise<boolean> => {
      const stale = new Error('password or session changed meanwhile');
      try {
        await db.transaction().execute(async (trx) => {
          const user = await trx
            .updateTable('users')
            .set({ password_hash: passwordHash })
            .where('id', '=', userId)
            .where('password_hash', current === null ? 'is' : '=', current)
            .executeTakeFirst();
          const session = await trx
            .updateTable('sessions')
            .set({ user_id: userId })
            .where('id', '=', keepSessionId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (Number(user.numUpdatedRows) === 0 || Number(session.numUpdatedRows) === 0) {
            throw stale;
          }
          await setPassword(trx, userId, passwordHash, keepSessionId);
        });
        return true;
      } catch (e) {
        if (e === stale) return false;
        throw e;
      }
    },

    /** replacePassword for repositories already bound to a transaction (Store.transaction). */
    replacePasswordInTransaction: (userId: string, passwordHash: string, keepSessionId: string) =>
      setPassword(db, userId, passwordHash, keepSessionId),
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;

async function setPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('kind', '=', 'browser')
    .where('id', '!=', keepSessionId)
    .execute();
}

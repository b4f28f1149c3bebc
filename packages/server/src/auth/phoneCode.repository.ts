import type { Kysely, Selectable } from 'kysely';
import type { Database, PhoneCodesTable } from '../db/schema.ts';

export type PhoneCodeRow = Selectable<PhoneCodesTable>;

/** Sign-in codes sent by SMS, stored hashed (auth/phoneSignIn.service.ts). */
export function phoneCodeRepository(db: Kysely<Database>) {
  return {
    insert: (row: PhoneCodeRow) => db.insertInto('phone_codes').values(row).execute(),

    /**
     * The newest code sent to `phone` (only it may be used) to sign in (`userId` null) or to add
     * the number to `userId`'s account, or undefined.
     */
    latest: (phone: string, userId: string | null) =>
      db
        .selectFrom('phone_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('user_id', userId === null ? 'is' : '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** How many codes were sent to `phone` since `since`. */
    countSince: async (phone: string, since: number): Promise<number> => {
      const row = await db
        .selectFrom('phone_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('phone', '=', phone)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Takes one of the code's `max` attempts when it is unused and not expired at `now`; false
     * when none is left. A conditional UPDATE, so attempts at once cannot pass the limit.
     */
    takeAttempt: async (id: string, max: number, now: number): Promise<boolean> => {
      const done = await db
        .updateTable('phone_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', max)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** Marks the code used unless it already is; true for the one use that wins. */
    consume: async (id: string, now: number): Promise<boolean> => {
      const done = await db
        .updateTable('phone_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** The account whose phone is `phone` (E.164), if any. */
    userIdByPhone: async (phone: string): Promise<string | undefined> => {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', phone)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** Sets (or with null removes) `userId`'s phone. */
    setPhone: (userId: string, phone: string | null) =>
      db.updateTable('users').set({ phone }).where('id', '=', userId).execute(),

    /** Forgets codes that expired before `before`. */
    deleteExpired: (before: number) =>
      db.deleteFrom('phone_codes').where('expires_at', '<', before).execute(),
  };
}

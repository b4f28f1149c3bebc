import type { Kysely } from 'kysely';

/**
 * Issue 18, guest accounts: `users.guest` is 1 for an account made by "continue as a guest"
 * (a reserved email, a device secret for a password) until it is upgraded to a full account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('guest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

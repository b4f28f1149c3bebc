import type { Kysely } from 'kysely';

/**
 * Issue 18, the account's email and phone at /account:
 * - `phone_codes.user_id` is the account a code adds its number to; null for a sign-in code.
 *   Each kind counts only its own newest code.
 * - `users.email_verified` is 1 once a link mailed to the address was opened (a sign-in link, a
 *   reset, a change of address) or a provider vouched for it when making the account. Only such
 *   an account is joined by a provider's verified email: anyone may sign up with any address.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phone_codes').addColumn('user_id', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 18, changing the phone at /account: `phone_codes.user_id` is the account a code adds
 * its number to; null for a sign-in code. Each kind counts only its own newest code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phone_codes').addColumn('user_id', 'text').execute();
}

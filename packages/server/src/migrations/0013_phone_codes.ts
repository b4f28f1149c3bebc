import type { Kysely } from 'kysely';

/**
 * Issue 18, sign-in with a code by SMS. `phone_codes`: a code sent to a number (E.164), kept as
 * the SHA-256 of its row id and the code, never the code; it expires after 5 minutes, allows 5
 * attempts and works once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'double precision';
  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', ms)
    .execute();
  await db.schema
    .createIndex('phone_codes_phone')
    .on('phone_codes')
    .columns(['phone', 'created_at'])
    .execute();
}

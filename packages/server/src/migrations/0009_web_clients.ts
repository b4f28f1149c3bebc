import type { Kysely } from 'kysely';

/**
 * Issue 16: each server process reports its connected web clients (the app's live socket and
 * /listen viewers) every half minute, so the super admin's debug tools list those of every
 * process.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_clients')
    .addColumn('server_id', 'text', (c) => c.primaryKey())
    .addColumn('clients', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'double precision', (c) => c.notNull())
    .execute();
}

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/** 90 days (core's API_TOKEN_TTL_MS; migrations keep their own copy of what they wrote). */
const TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Issue 10: sessions and tokens get a public id (the list and revoke endpoints never expose the
 * token's hash) and the browser's User-Agent; tokens made before this expire 90 days from now.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  const rows = (await db.selectFrom('sessions').select('id').execute()) as { id: string }[];
  for (const row of rows) {
    await db
      .updateTable('sessions')
      .set({ public_id: randomBytes(15).toString('base64url') })
      .where('id', '=', row.id)
      .execute();
  }
  await db
    .updateTable('sessions')
    .set({ expires_at: Date.now() + TOKEN_TTL_MS })
    .where('kind', '=', 'token')
    .where('expires_at', 'is', null)
    .execute();
  await db.schema
    .createIndex('sessions_public_id')
    .on('sessions')
    .column('public_id')
    .unique()
    .execute();
}

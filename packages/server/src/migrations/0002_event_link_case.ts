import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Short links are unique regardless of letter case (`/Spring` and `/spring` name one event).
 * The service checks before inserting; this index makes the database refuse the second of two
 * requests that race past that check.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_id_lower')
    .on('events')
    .unique()
    .expression(sql`lower(id)`)
    .execute();
}

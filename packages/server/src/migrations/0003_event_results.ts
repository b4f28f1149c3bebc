import type { Kysely } from 'kysely';

/**
 * The computed results of each event, stored so that the public results page is served without
 * recomputing for every viewer. One row per event; `version` counts recalculations.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_results')
    .addColumn('event_id', 'text', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'double precision', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

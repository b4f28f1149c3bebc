import type { Kysely } from 'kysely';

/**
 * Issue 17: the wheel of names' draws. The wheel itself (options, ignored names, added events,
 * the external wheel's path) lives in the event's conf document (conf.wheelofnames), which the
 * event file carries; each draw is a row here, so the outcome stays on record.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wheel_draws')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('drawn_at', 'double precision', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('winner', 'text', (c) => c.notNull())
    .addColumn('winner_index', 'integer', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('wheel_draws_event_seq')
    .on('wheel_draws')
    .columns(['event_id', 'seq'])
    .unique()
    .execute();
}

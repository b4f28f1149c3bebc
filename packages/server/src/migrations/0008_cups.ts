import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 12: series (cups). A cup admin's edited cells, joined teams (with the other team's record)
 * and undo entries; cup membership found by event; `cup_data` holds the stored standings.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cup_edits')
    .addColumn('cup_id', 'text', (c) => c.notNull().references('cups.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('team_key', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('cup_edits_pk', ['cup_id', 'event_id', 'team_key'])
    .execute();
  await db.schema
    .createTable('cup_joins')
    .addColumn('cup_id', 'text', (c) => c.notNull().references('cups.id').onDelete('cascade'))
    .addColumn('other', 'text', (c) => c.notNull())
    .addColumn('keep', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('cup_joins_pk', ['cup_id', 'other'])
    .execute();
  await db.schema
    .createTable('cup_undo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cup_id', 'text', (c) => c.notNull().references('cups.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('backup', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cup_undo_cup').on('cup_undo').columns(['cup_id', 'at']).execute();
  await db.schema.createIndex('cup_events_event').on('cup_events').column('event_id').execute();
  await db.schema.createIndex('cup_admins_user').on('cup_admins').column('user_id').execute();
}

import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 10: the device clock as last estimated per team (device time minus server receive time
 * of marks, starts, finishes and location points), so the organiser sees teams whose device
 * clock is off by more than a minute.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team_clocks')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('offset_ms', ms, (c) => c.notNull())
    .addColumn('observed_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_clocks_pk', ['event_id', 'team_id'])
    .execute();
}

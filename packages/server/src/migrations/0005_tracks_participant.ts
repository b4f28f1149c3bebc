import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 6: the last stored point time per device (so a retried batch never duplicates), the
 * files devices send back for commands (sendLog, sendGPX, sendDB), and a device index of tracks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('last_t', ms).execute();
  await db.schema
    .createIndex('track_chunks_device')
    .on('track_chunks')
    .columns(['event_id', 'device_id', 't_from'])
    .execute();
  await db.schema
    .createTable('device_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_uploads_event')
    .on('device_uploads')
    .columns(['event_id', 'created_at'])
    .execute();
}

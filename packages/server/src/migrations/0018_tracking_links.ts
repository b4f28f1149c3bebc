import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 35: tracking with the phone in a pocket. A tracking link gives a background app (Traccar
 * Client, OsmAnd, OwnTracks, GPSLogger) a secret URL that stores its points under a team's device;
 * a 'tracker' link maps a GPS tracker's unique id in the event's Traccar server to a team's device.
 * An event's tracker feed is the secret of its Traccar server's position forwarding URL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tracking_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('app', 'text', (c) => c.notNull())
    // The secret of an app link's URL; null for a tracker (its points come through the feed).
    .addColumn('secret', 'text')
    .addColumn('tracker_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Each ingest request finds its link by the secret, each forwarded position by the tracker id.
  await db.schema
    .createIndex('tracking_links_secret')
    .on('tracking_links')
    .column('secret')
    .unique()
    .execute();
  await db.schema
    .createIndex('tracking_links_tracker')
    .on('tracking_links')
    .columns(['event_id', 'tracker_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('tracking_links_team')
    .on('tracking_links')
    .columns(['event_id', 'team_id'])
    .execute();
  await db.schema
    .createTable('tracker_feeds')
    .addColumn('event_id', 'text', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 37: the event's own map images. A map image is an uploaded image with its placement on
 * the earth and the tiles cut from it (files under MAPS_DIR); it belongs to its uploader, whose
 * library may keep it for later events. An event links the map images it shows, each with its
 * order and whether (and from when) others than its admins see it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('map_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The uploader, whose library it is in; null once the account is gone.
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', ms, (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // MapPlacement as JSON; null until placed.
    .addColumn('placement', 'text')
    // Bumped at every new placement: the tiles' URLs carry it, so they never change their bytes.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    // Partial<Record<TileGrid, MapTileSet>> as JSON once cut.
    .addColumn('tiles', 'text')
    .addColumn('in_library', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('map_images_owner').on('map_images').column('owner_id').execute();
  await db.schema
    .createTable('event_maps')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('map_id', 'text', (c) => c.notNull().references('map_images.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('public_from', ms)
    .addPrimaryKeyConstraint('event_maps_pk', ['event_id', 'map_id'])
    .execute();
  // Whether a map image is still used (its files go when no event links it).
  await db.schema.createIndex('event_maps_map').on('event_maps').column('map_id').execute();
}

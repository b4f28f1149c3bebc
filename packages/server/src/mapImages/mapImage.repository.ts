import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';

export type MapImageRow = Selectable<Database['map_images']>;
export type EventMapRow = Selectable<Database['event_maps']>;
/** A map image as one event shows it: the image's row and the event's link to it. */
export type LinkedMapRow = MapImageRow & Omit<EventMapRow, 'map_id'>;
/** What the tile route reads of a link: the visibility and the current tiles. */
export type TileAccessRow = Pick<
  MapImageRow,
  'version' | 'state' | 'tiles' | 'placement' | 'width' | 'height'
> &
  Pick<EventMapRow, 'published' | 'public_from'>;

/** Map images and the events that show them (migration 0019). */
export function mapImageRepository(db: Kysely<Database>) {
  const linked = () =>
    db
      .selectFrom('event_maps')
      .innerJoin('map_images', 'map_images.id', 'event_maps.map_id')
      .selectAll('map_images')
      .select([
        'event_maps.event_id',
        'event_maps.position',
        'event_maps.published',
        'event_maps.public_from',
      ]);
  return {
    /** The event's map images in their order (position, then age). */
    linksOf: (eventId: string): Promise<LinkedMapRow[]> =>
      linked()
        .where('event_maps.event_id', '=', eventId)
        .orderBy('event_maps.position')
        .orderBy('map_images.created_at')
        .orderBy('map_images.id')
        .execute(),

    /** One map image of the event, or undefined when the event does not show it. */
    link: (eventId: string, mapId: string): Promise<LinkedMapRow | undefined> =>
      linked()
        .where('event_maps.event_id', '=', eventId)
        .where('event_maps.map_id', '=', mapId)
        .executeTakeFirst(),

    /** What a tile request needs of the link, in one indexed read. */
    tileAccess: (eventId: string, mapId: string): Promise<TileAccessRow | undefined> =>
      db
        .selectFrom('event_maps')
        .innerJoin('map_images', 'map_images.id', 'event_maps.map_id')
        .select([
          'map_images.version',
          'map_images.state',
          'map_images.tiles',
          'map_images.placement',
          'map_images.width',
          'map_images.height',
          'event_maps.published',
          'event_maps.public_from',
        ])
        .where('event_maps.event_id', '=', eventId)
        .where('event_maps.map_id', '=', mapId)
        .executeTakeFirst(),

    /** How many map images the event shows, and the last position among them (-1: none). */
    async countOf(eventId: string): Promise<{ count: number; lastPosition: number }> {
      const row = await db
        .selectFrom('event_maps')
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(position)`.as('last')])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), lastPosition: row.last === null ? -1 : Number(row.last) };
    },

    find: (mapId: string): Promise<MapImageRow | undefined> =>
      db.selectFrom('map_images').selectAll().where('id', '=', mapId).executeTakeFirst(),

    async insertMap(row: Database['map_images']): Promise<void> {
      await db.insertInto('map_images').values(row).execute();
    },

    async insertLink(row: Database['event_maps']): Promise<void> {
      await db.insertInto('event_maps').values(row).execute();
    },

    async updateMap(
      mapId: string,
      patch: Partial<Omit<Database['map_images'], 'id'>>,
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('map_images').set(patch).where('id', '=', mapId).execute();
    },

    /**
     * Stores a finished (or failed) cut, only while the map is still at `version` (a new
     * placement since then makes its own cut); true when stored.
     */
    async finishCut(
      mapId: string,
      version: number,
      patch: Pick<Database['map_images'], 'state' | 'error' | 'tiles'>,
    ): Promise<boolean> {
      const res = await db
        .updateTable('map_images')
        .set(patch)
        .where('id', '=', mapId)
        .where('version', '=', version)
        .where('state', '=', 'cutting')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async updateLink(
      eventId: string,
      mapId: string,
      patch: Partial<Pick<Database['event_maps'], 'position' | 'published' | 'public_from'>>,
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db
        .updateTable('event_maps')
        .set(patch)
        .where('event_id', '=', eventId)
        .where('map_id', '=', mapId)
        .execute();
    },

    /** Numbers the event's map images 0, 1, 2… in the order of `mapIds`. */
    async setOrder(eventId: string, mapIds: readonly string[]): Promise<void> {
      for (const [position, mapId] of mapIds.entries()) {
        await db
          .updateTable('event_maps')
          .set({ position })
          .where('event_id', '=', eventId)
          .where('map_id', '=', mapId)
          .execute();
      }
    },

    /** Takes the map image out of the event; true when the event showed it. */
    async deleteLink(eventId: string, mapId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('event_maps')
        .where('event_id', '=', eventId)
        .where('map_id', '=', mapId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Takes every map image out of the event (it is being deleted); the map ids it showed. */
    async unlinkEvent(eventId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('event_maps')
        .select('map_id')
        .where('event_id', '=', eventId)
        .execute();
      await db.deleteFrom('event_maps').where('event_id', '=', eventId).execute();
      return rows.map((r) => r.map_id);
    },

    /** The events that show the map image. */
    eventsOf: async (mapId: string): Promise<string[]> =>
      (
        await db.selectFrom('event_maps').select('event_id').where('map_id', '=', mapId).execute()
      ).map((r) => r.event_id),

    /** The user's library: their kept map images, with how many events show each, newest first. */
    libraryOf: (ownerId: string): Promise<(MapImageRow & { events: number })[]> =>
      db
        .selectFrom('map_images')
        .selectAll('map_images')
        .select((eb) =>
          eb
            .selectFrom('event_maps')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('event_maps.map_id', '=', 'map_images.id')
            .as('events'),
        )
        .where('owner_id', '=', ownerId)
        .where('in_library', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, events: Number(r.events ?? 0) }))),

    /**
     * Deletes the rows of those of `mapIds` that no event shows and no library keeps; the ids
     * deleted (their files are the caller's to remove, after the commit).
     */
    async deleteUnused(mapIds: readonly string[]): Promise<string[]> {
      if (mapIds.length === 0) return [];
      // One statement, so a link made meanwhile keeps its map (the check and the delete agree).
      const rows = await db
        .deleteFrom('map_images')
        .where('id', 'in', mapIds)
        .where('in_library', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('event_maps')
                .select('event_maps.map_id')
                .whereRef('event_maps.map_id', '=', 'map_images.id'),
            ),
          ),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Map images left mid-cut (by a stopped server), oldest first. */
    cutting: (): Promise<MapImageRow[]> =>
      db
        .selectFrom('map_images')
        .selectAll()
        .where('state', '=', 'cutting')
        .orderBy('created_at')
        .execute(),

    /** Every map image id (to find folders of MAPS_DIR no row owns). */
    allIds: async (): Promise<string[]> =>
      (await db.selectFrom('map_images').select('id').execute()).map((r) => r.id),
  };
}
export type MapImageRepository = ReturnType<typeof mapImageRepository>;

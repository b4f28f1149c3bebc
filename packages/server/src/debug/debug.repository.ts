import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Most rows a debug list answers. */
const LIMIT = 1000;

/** The super admin's debug tools' reads over the whole platform. */
export function debugRepository(db: Kysely<Database>) {
  return {
    /** Every join code with its event's name (null when the event is gone), newest first. */
    codes() {
      return db
        .selectFrom('join_codes as j')
        .leftJoin('events as e', 'e.id', 'j.event_id')
        .select([
          'j.code',
          'j.event_id',
          'j.singleteam',
          'j.valid',
          'j.used_by',
          'e.name as event_name',
        ])
        .orderBy('j.created_at', 'desc')
        .limit(LIMIT)
        .execute();
    },

    /** Every checkpoint's data (where its location is) with its event. */
    checkpointPlaces() {
      return db
        .selectFrom('checkpoints as c')
        .innerJoin('events as e', 'e.id', 'c.event_id')
        .select(['c.event_id', 'c.data', 'e.name', 'e.starttime'])
        .execute();
    },

    /** Devices that sent points (a last point time) but have no team of their event. */
    orphanDevices() {
      return db
        .selectFrom('devices as d')
        .leftJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'd.event_id').onRef('t.id', '=', 'd.team_id'),
        )
        .where('d.last_t', 'is not', null)
        .where('t.id', 'is', null)
        .select([
          'd.id',
          'd.event_id',
          'd.user_id',
          'd.last_seen',
          'd.last_t',
          'd.info',
          (s) =>
            s
              .selectFrom('track_chunks as c')
              .whereRef('c.device_id', '=', 'd.id')
              .select(sql<number | string>`coalesce(sum(c.points), 0)`.as('n'))
              .as('points'),
        ])
        .orderBy('d.last_t', 'desc')
        .limit(LIMIT)
        .execute();
    },

    /** Devices seen since `since`, with their info. */
    devicesSeen(since: number) {
      return db
        .selectFrom('devices')
        .select(['id', 'info'])
        .where('last_seen', '>=', since)
        .orderBy('last_seen', 'desc')
        .execute();
    },

    /** The event's devices with their team, its track stats and the points since `since`. */
    eventDevices(eventId: string, since: number) {
      return db
        .selectFrom('devices as d')
        .leftJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'd.event_id').onRef('t.id', '=', 'd.team_id'),
        )
        .where('d.event_id', '=', eventId)
        .select([
          'd.id',
          'd.team_id',
          'd.last_seen',
          'd.last_t',
          't.name as team_name',
          't.trackstat',
          (s) =>
            s
              .selectFrom('track_chunks as c')
              .whereRef('c.device_id', '=', 'd.id')
              .where('c.event_id', '=', eventId)
              .where('c.t_to', '>=', since)
              .select(sql<number | string>`coalesce(sum(c.points), 0)`.as('n'))
              .as('recent'),
        ])
        .orderBy('d.last_t', 'desc')
        .execute();
    },

    /** Events whose extra document holds issues (extra.eventsdata.issues), with that document. */
    eventsWithIssues(eventId?: string) {
      let q = db
        .selectFrom('events as e')
        .innerJoin('event_data as d', 'd.event_id', 'e.id')
        .select(['e.id', 'e.name', 'd.extra'])
        .where('d.extra', 'like', '%"issues"%');
      if (eventId !== undefined) q = q.where('e.id', '=', eventId);
      return q.orderBy('e.id').execute();
    },

    /** Every stored track chunk of an event, oldest id first. */
    chunksOf(eventId: string) {
      return db
        .selectFrom('track_chunks')
        .select(['id', 'data', 'points'])
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute();
    },

    async setChunkData(eventId: string, id: string, data: string): Promise<void> {
      await db
        .updateTable('track_chunks')
        .set({ data })
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .execute();
    },

    /** Replaces a server process's report of its web clients. */
    async saveClients(serverId: string, clients: string, seenAt: number): Promise<void> {
      await db
        .insertInto('web_clients')
        .values({ server_id: serverId, clients, seen_at: seenAt })
        .onConflict((oc) => oc.column('server_id').doUpdateSet({ clients, seen_at: seenAt }))
        .execute();
    },

    /** The reports made since `t`; older ones (and those of stopped processes) are dropped. */
    async clientsSince(t: number) {
      await db.deleteFrom('web_clients').where('seen_at', '<', t).execute();
      return db.selectFrom('web_clients').selectAll().orderBy('server_id').execute();
    },

    async deleteClients(serverId: string): Promise<void> {
      await db.deleteFrom('web_clients').where('server_id', '=', serverId).execute();
    },
  };
}

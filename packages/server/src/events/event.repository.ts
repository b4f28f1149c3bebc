import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, EventsTable } from '../db/schema.ts';

export type EventRow = EventsTable;
export type AdminRole = 'owner' | 'admin';

/** Storage of event records, their admins and their settings blobs. */
export function eventRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) =>
      db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Short links are unique regardless of letter case. */
    exists: async (id: string) =>
      (await db
        .selectFrom('events')
        .select('id')
        .where(sql<string>`lower(id)`, '=', id.toLowerCase())
        .executeTakeFirst()) !== undefined,

    insert: (row: EventRow) => db.insertInto('events').values(row).execute(),

    update: (id: string, changes: Partial<Omit<EventRow, 'id'>>) =>
      db.updateTable('events').set(changes).where('id', '=', id).execute(),

    delete: (id: string) => db.deleteFrom('events').where('id', '=', id).execute(),

    /** Events where the user is owner or admin, newest start first. */
    listForUser: (uid: string) =>
      db
        .selectFrom('events')
        .innerJoin('event_admins', 'event_admins.event_id', 'events.id')
        .innerJoin('event_data', 'event_data.event_id', 'events.id')
        .selectAll('events')
        .select(['event_admins.role', 'event_data.settings'])
        .where('event_admins.user_id', '=', uid)
        .orderBy('events.starttime', 'desc')
        .limit(500)
        .execute(),

    /** The events `uid` takes part in (is a member of a team), with that team, newest first. */
    listTakingPart: (uid: string) =>
      db
        .selectFrom('team_members')
        .innerJoin('events', 'events.id', 'team_members.event_id')
        .innerJoin('event_data', 'event_data.event_id', 'events.id')
        .innerJoin('teams', (join) =>
          join
            .onRef('teams.event_id', '=', 'team_members.event_id')
            .onRef('teams.id', '=', 'team_members.team_id'),
        )
        .selectAll('events')
        .select(['event_data.settings', 'teams.id as team_id', 'teams.name as team_name'])
        .where('team_members.user_id', '=', uid)
        .orderBy('events.starttime', 'desc')
        .orderBy('team_members.joined_at')
        .limit(500)
        .execute(),

    /** Public events that have not ended, soonest first. */
    listUpcoming: (now: number, limit: number) =>
      db
        .selectFrom('events')
        .innerJoin('event_data', 'event_data.event_id', 'events.id')
        .selectAll('events')
        .select('event_data.settings')
        .where('hidden', '=', 0)
        .where('arch', 'is', null)
        .where((eb) =>
          eb.or([
            eb('endtime', '>=', now),
            eb.and([eb('endtime', 'is', null), eb('starttime', '>=', now - 86_400_000)]),
          ]),
        )
        .orderBy('starttime', 'asc')
        .limit(limit)
        .execute(),

    admins: (eventId: string) =>
      db
        .selectFrom('event_admins')
        .select(['user_id', 'role'])
        .where('event_id', '=', eventId)
        .execute(),

    roleOf: async (eventId: string, uid: string): Promise<AdminRole | null> => {
      const row = await db
        .selectFrom('event_admins')
        .select('role')
        .where('event_id', '=', eventId)
        .where('user_id', '=', uid)
        .executeTakeFirst();
      return row ? (row.role === 'owner' ? 'owner' : 'admin') : null;
    },

    setAdmin: (eventId: string, uid: string, role: string) =>
      db
        .insertInto('event_admins')
        .values({ event_id: eventId, user_id: uid, role })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ role }))
        .execute(),

    removeAdmin: (eventId: string, uid: string) =>
      db
        .deleteFrom('event_admins')
        .where('event_id', '=', eventId)
        .where('user_id', '=', uid)
        .execute(),

    findData: (eventId: string) =>
      db.selectFrom('event_data').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

    updateData: (eventId: string, changes: Partial<Omit<Database['event_data'], 'event_id'>>) =>
      db.updateTable('event_data').set(changes).where('event_id', '=', eventId).execute(),
  };
}
export type EventRepository = ReturnType<typeof eventRepository>;

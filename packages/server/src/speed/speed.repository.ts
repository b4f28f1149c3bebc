import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type SpeedTicketRowDb = Database['speed_tickets'];

/**
 * Speed tickets (speed_tickets) and the event's teams. A team's track is read through the track
 * repository (chunksOf). Speed areas live in the event document (event_data.evdoc), read and
 * written through the event repository's findData/updateData.
 */
export function speedRepository(db: Kysely<Database>) {
  return {
    /** Every ticket of the event, by team then id. */
    tickets: (eventId: string) =>
      db
        .selectFrom('speed_tickets')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('team_id')
        .orderBy('id')
        .execute(),

    ticketsOfTeam: (eventId: string, teamId: string) =>
      db
        .selectFrom('speed_tickets')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute(),

    deleteTickets: async (eventId: string, teamId: string, ids: readonly string[]) => {
      if (ids.length === 0) return;
      await db
        .deleteFrom('speed_tickets')
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('id', 'in', ids)
        .execute();
    },

    insertTickets: async (rows: readonly SpeedTicketRowDb[]) => {
      if (rows.length === 0) return;
      // Chunks keep each statement under SQLite's and PostgreSQL's parameter limits.
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('speed_tickets')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    },

    /** The event's team ids and names. */
    teams: (eventId: string) =>
      db
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute(),
  };
}

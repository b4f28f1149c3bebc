import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertChunked } from '../eventFile/eventFile.repository.ts';

/**
 * The tables whose rows an archive holds (evdata.json and tracks.dat), children first. The event's
 * own row, settings and admins stay, so the archived event is still listed and readable; the rows
 * of each team's tables go with their team (foreign keys cascade).
 */
const ARCHIVED_TABLES = [
  'team_answers',
  'registrations',
  'speed_tickets',
  'team_members',
  'teams',
  'deleted_teams',
  'checkpoints',
  'deleted_checkpoints',
  'print_items',
  'track_chunks',
] as const;

/** What archiving reads and removes, and unarchiving puts back. */
export function archiveRepository(db: Kysely<Database>) {
  return {
    /** Every stored track chunk of the event, in time order. */
    trackChunks: (eventId: string) =>
      db
        .selectFrom('track_chunks')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('t_from')
        .orderBy('id')
        .execute(),

    /** How many rows the event has in the archived tables (0: nothing live to overwrite). */
    async liveRows(eventId: string): Promise<number> {
      let total = 0;
      for (const table of ARCHIVED_TABLES) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow();
        total += Number(row.n);
      }
      return total;
    },

    /** Removes the event's rows of the archived tables. Call inside a transaction. */
    async removeLive(eventId: string): Promise<void> {
      for (const table of ARCHIVED_TABLES) {
        await db.deleteFrom(table).where('event_id', '=', eventId).execute();
      }
    },

    insertChunks: (rows: Database['track_chunks'][]) => insertChunked(db, 'track_chunks', rows),

    setArch: (eventId: string, arch: string | null, at: number) =>
      db.updateTable('events').set({ arch, updated_at: at }).where('id', '=', eventId).execute(),
  };
}

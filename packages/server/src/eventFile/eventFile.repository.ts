import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventRows } from './eventFileMapping.ts';

const CHUNK = 200;

/** Inserts `rows` into `table` a few hundred at a time (the databases' parameter limits). */
export async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Database[T][],
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + CHUNK) as any)
      .execute();
  }
}

/** Reads and writes a whole event's rows (export, import, duplicate). */
export function eventFileRepository(db: Kysely<Database>) {
  return {
    /** Writes every row of a new event. Call inside a transaction. */
    async insertAll(rows: EventRows): Promise<void> {
      await db.insertInto('events').values(rows.event).execute();
      await db.insertInto('event_data').values(rows.data).execute();
      await insertChunked(db, 'event_admins', rows.admins);
      await this.insertArchived(rows);
    },

    /**
     * Writes the rows of an event that archiving removes (all but the event's own row, settings
     * and admins). Call inside a transaction.
     */
    async insertArchived(rows: EventRows): Promise<void> {
      await insertChunked(db, 'checkpoints', rows.checkpoints);
      await insertChunked(db, 'deleted_checkpoints', rows.deletedCheckpoints);
      await insertChunked(db, 'print_items', rows.printItems);
      await insertChunked(db, 'teams', rows.teams);
      await insertChunked(db, 'registrations', rows.registrations);
      await insertChunked(db, 'team_answers', rows.answers);
      await insertChunked(db, 'speed_tickets', rows.speedTickets);
      await insertChunked(db, 'team_members', rows.members);
      await insertChunked(db, 'deleted_teams', rows.deletedTeams);
    },

    /** Which of `uids` have an account here (an event file's admins may come from elsewhere). */
    async existingUsers(uids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < uids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', uids.slice(i, i + CHUNK))
          .execute();
        for (const r of rows) found.add(r.id);
      }
      return found;
    },

    /** Reads every row of an event, or undefined when there is no such event. */
    async readAll(eventId: string): Promise<EventRows | undefined> {
      const event = await db
        .selectFrom('events')
        .selectAll()
        .where('id', '=', eventId)
        .executeTakeFirst();
      const data = await db
        .selectFrom('event_data')
        .selectAll()
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      if (!event || !data) return undefined;
      const of = <T extends keyof Database & string>(table: T) =>
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (db.selectFrom(table as any).selectAll() as any)
          .where('event_id', '=', eventId)
          .execute() as Promise<Database[T][]>;
      const [
        admins,
        checkpoints,
        deletedCheckpoints,
        printItems,
        teams,
        registrations,
        answers,
        speedTickets,
        members,
        deletedTeams,
      ] = await Promise.all([
        of('event_admins'),
        of('checkpoints'),
        of('deleted_checkpoints'),
        of('print_items'),
        of('teams'),
        of('registrations'),
        of('team_answers'),
        of('speed_tickets'),
        of('team_members'),
        of('deleted_teams'),
      ]);
      admins.sort((a, b) => (a.role === 'owner' ? -1 : 0) - (b.role === 'owner' ? -1 : 0));
      return {
        event,
        data,
        admins,
        checkpoints,
        deletedCheckpoints,
        printItems,
        teams,
        registrations,
        answers,
        speedTickets,
        members,
        deletedTeams,
      };
    },
  };
}

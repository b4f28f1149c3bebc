import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type CupRowDb = Database['cups'];
export type CupEditRow = Database['cup_edits'];
export type CupJoinRow = Database['cup_joins'];
export type CupUndoRow = Database['cup_undo'];

/** Series (cups): the cup, its admins, events, edited cells, joins, undo entries, standings. */
export function cupRepository(db: Kysely<Database>) {
  return {
    find: (id: string) => db.selectFrom('cups').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Whether a link is taken, compared case-insensitively (as event links are). */
    async linkTaken(link: string): Promise<boolean> {
      const row = await db
        .selectFrom('cups')
        .select('id')
        .where(sql<string>`lower(id)`, '=', link.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Every cup, year descending, then name (the dropdown's order). */
    list: () =>
      db
        .selectFrom('cups')
        .selectAll()
        .orderBy('year', 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** The cups `userId` administers, in the dropdown's order. */
    listOf: (userId: string) =>
      db
        .selectFrom('cups as c')
        .innerJoin('cup_admins as a', 'a.cup_id', 'c.id')
        .selectAll('c')
        .where('a.user_id', '=', userId)
        .orderBy('c.year', 'desc')
        .orderBy('c.name')
        .orderBy('c.id')
        .execute(),

    async insert(row: CupRowDb, ownerId: string): Promise<void> {
      await db.insertInto('cups').values(row).execute();
      await db
        .insertInto('cup_admins')
        .values({ cup_id: row.id, user_id: ownerId, role: 'owner' })
        .execute();
    },

    async update(
      id: string,
      changes: Partial<Pick<CupRowDb, 'name' | 'year' | 'config'>>,
    ): Promise<void> {
      await db.updateTable('cups').set(changes).where('id', '=', id).execute();
    },

    /** The admins with their display names, the owner first. */
    admins: (cupId: string) =>
      db
        .selectFrom('cup_admins as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.user_id', 'a.role', 'u.display_name'])
        .where('a.cup_id', '=', cupId)
        .orderBy(sql`case when a.role = 'owner' then 0 else 1 end`)
        .orderBy('u.display_name')
        .execute(),

    async roleOf(cupId: string, userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('cup_admins')
        .select('role')
        .where('cup_id', '=', cupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role ?? null;
    },

    async addAdmin(cupId: string, userId: string): Promise<void> {
      await db
        .insertInto('cup_admins')
        .values({ cup_id: cupId, user_id: userId, role: 'admin' })
        .onConflict((oc) => oc.columns(['cup_id', 'user_id']).doNothing())
        .execute();
    },

    async removeAdmin(cupId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('cup_admins')
        .where('cup_id', '=', cupId)
        .where('user_id', '=', userId)
        .where('role', '!=', 'owner')
        .execute();
    },

    /** The cup's events with their name and times, in no particular order. */
    events: (cupId: string) =>
      db
        .selectFrom('cup_events as ce')
        .innerJoin('events as e', 'e.id', 'ce.event_id')
        .select(['ce.event_id', 'ce.main', 'e.name', 'e.starttime'])
        .where('ce.cup_id', '=', cupId)
        .execute(),

    /** The cups an event belongs to (main or secondary). */
    cupsOfEvent: async (eventId: string): Promise<string[]> =>
      (
        await db.selectFrom('cup_events').select('cup_id').where('event_id', '=', eventId).execute()
      ).map((r) => r.cup_id),

    /** Whether the event already has a main series. */
    async hasMain(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('cup_events')
        .select('cup_id')
        .where('event_id', '=', eventId)
        .where('main', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds an event; false when it was in the cup already. */
    async addEvent(cupId: string, eventId: string, main: boolean): Promise<boolean> {
      const res = await db
        .insertInto('cup_events')
        .values({ cup_id: cupId, event_id: eventId, main: main ? 1 : 0 })
        .onConflict((oc) => oc.columns(['cup_id', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Removes an event; false when it was not in the cup. */
    async removeEvent(cupId: string, eventId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('cup_events')
        .where('cup_id', '=', cupId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    edits: (cupId: string) =>
      db.selectFrom('cup_edits').selectAll().where('cup_id', '=', cupId).execute(),

    async putEdit(row: CupEditRow): Promise<void> {
      await db
        .insertInto('cup_edits')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['cup_id', 'event_id', 'team_key']).doUpdateSet({
            value: row.value,
            note: row.note,
            user_id: row.user_id,
            at: row.at,
          }),
        )
        .execute();
    },

    async removeEdit(cupId: string, eventId: string, teamKey: string): Promise<void> {
      await db
        .deleteFrom('cup_edits')
        .where('cup_id', '=', cupId)
        .where('event_id', '=', eventId)
        .where('team_key', '=', teamKey)
        .execute();
    },

    joins: (cupId: string) =>
      db.selectFrom('cup_joins').selectAll().where('cup_id', '=', cupId).orderBy('at').execute(),

    async addJoin(row: CupJoinRow): Promise<void> {
      await db.insertInto('cup_joins').values(row).execute();
    },

    /** Replaces every edit and join of the cup (an undo). */
    async restore(cupId: string, edits: CupEditRow[], joins: CupJoinRow[]): Promise<void> {
      await db.deleteFrom('cup_edits').where('cup_id', '=', cupId).execute();
      await db.deleteFrom('cup_joins').where('cup_id', '=', cupId).execute();
      if (edits.length > 0) await db.insertInto('cup_edits').values(edits).execute();
      if (joins.length > 0) await db.insertInto('cup_joins').values(joins).execute();
    },

    /** The stored standings (JSON), or undefined before the first computation. */
    async standings(cupId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('cup_data')
        .select('result')
        .where('cup_id', '=', cupId)
        .executeTakeFirst();
      return row?.result;
    },

    async saveStandings(cupId: string, result: string): Promise<void> {
      await db
        .insertInto('cup_data')
        .values({ cup_id: cupId, result, teams: '{}', backup: null })
        .onConflict((oc) => oc.column('cup_id').doUpdateSet({ result }))
        .execute();
    },

    async pushUndo(row: CupUndoRow): Promise<void> {
      await db.insertInto('cup_undo').values(row).execute();
    },

    latestUndo: (cupId: string) =>
      db
        .selectFrom('cup_undo')
        .selectAll()
        .where('cup_id', '=', cupId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    async removeUndo(id: string): Promise<void> {
      await db.deleteFrom('cup_undo').where('id', '=', id).execute();
    },
  };
}

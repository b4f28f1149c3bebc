import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type CheckpointRow = Database['checkpoints'];
export type DeletedCheckpointRow = Database['deleted_checkpoints'];
export type PrintItemRow = Database['print_items'];

/** A team's answer to a KP id that has no checkpoint row, with the team's name. */
export interface OrphanAnswerRow {
  team_id: string;
  team_name: string;
  kp_id: string;
  answer: string | null;
  ok: number | null;
  aeg: number | null;
}

/**
 * Storage of an event's checkpoints, its deleted-KP store, its print items and the team answers
 * that refer to checkpoints. Rows hold the product documents as JSON text (kp, data, the deleted
 * record `{id: kpId, kp, data, answer}`, the print item), exactly as the event file maps them.
 */
export function checkpointRepository(db: Kysely<Database>) {
  return {
    list: (eventId: string) =>
      db.selectFrom('checkpoints').selectAll().where('event_id', '=', eventId).execute(),

    findById: (eventId: string, id: string) =>
      db
        .selectFrom('checkpoints')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .executeTakeFirst(),

    insert: (row: CheckpointRow) => db.insertInto('checkpoints').values(row).execute(),

    /** Inserts many checkpoints in chunks. Call inside a transaction. */
    async insertMany(rows: CheckpointRow[]): Promise<void> {
      for (const chunk of chunks(rows)) await db.insertInto('checkpoints').values(chunk).execute();
    },

    /** Replaces the stored documents of one checkpoint. */
    update: (row: CheckpointRow) =>
      db
        .updateTable('checkpoints')
        .set({ nr: row.nr, kp: row.kp, data: row.data, answer: row.answer })
        .where('event_id', '=', row.event_id)
        .where('id', '=', row.id)
        .execute(),

    /** Deletes the checkpoints with these ids. Call inside a transaction. */
    async deleteMany(eventId: string, ids: string[]): Promise<void> {
      for (const chunk of chunks(ids)) {
        await db
          .deleteFrom('checkpoints')
          .where('event_id', '=', eventId)
          .where('id', 'in', chunk)
          .execute();
      }
    },

    listDeleted: (eventId: string) =>
      db
        .selectFrom('deleted_checkpoints')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .execute(),

    findDeleted: (eventId: string, id: string) =>
      db
        .selectFrom('deleted_checkpoints')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Inserts deleted-KP records in chunks. Call inside a transaction. */
    async insertDeleted(rows: DeletedCheckpointRow[]): Promise<void> {
      for (const chunk of chunks(rows))
        await db.insertInto('deleted_checkpoints').values(chunk).execute();
    },

    removeDeleted: (eventId: string, id: string) =>
      db
        .deleteFrom('deleted_checkpoints')
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .execute(),

    listPrintItems: (eventId: string) =>
      db
        .selectFrom('print_items')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute(),

    /** Replaces the whole set of print items. Call inside a transaction. */
    async replacePrintItems(eventId: string, rows: PrintItemRow[]): Promise<void> {
      await db.deleteFrom('print_items').where('event_id', '=', eventId).execute();
      for (const chunk of chunks(rows)) await db.insertInto('print_items').values(chunk).execute();
    },

    /** Team answers whose KP id is not an existing checkpoint of the event. */
    orphanAnswers: (eventId: string): Promise<OrphanAnswerRow[]> =>
      db
        .selectFrom('team_answers as a')
        .innerJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'a.event_id').onRef('t.id', '=', 'a.team_id'),
        )
        .select(['a.team_id', 't.name as team_name', 'a.kp_id', 'a.answer', 'a.ok', 'a.aeg'])
        .where('a.event_id', '=', eventId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('checkpoints as c')
                .select('c.id')
                .whereRef('c.event_id', '=', 'a.event_id')
                .whereRef('c.id', '=', 'a.kp_id'),
            ),
          ),
        )
        .orderBy('t.name')
        .orderBy('a.team_id')
        .orderBy('a.kp_id')
        .execute(),

    /** Deletes one team's answer to one KP; true when there was one. */
    deleteAnswer: async (eventId: string, teamId: string, kpId: string): Promise<boolean> => {
      const result = await db
        .deleteFrom('team_answers')
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('kp_id', '=', kpId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
/** Rows per statement: well under every dialect's limit on bound parameters. */
const CHUNK = 200;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export type CheckpointRepository = ReturnType<typeof checkpointRepository>;

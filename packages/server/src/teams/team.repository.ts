import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { teamBackupRepository } from './teamBackup.repository.ts';

export type TeamRow = Database['teams'];
export type TeamAnswerRow = Database['team_answers'];
export type AuditRow = Database['audit_log'];

/** An event's teams and their answers (the teams service's storage). */
export function teamRepository(db: Kysely<Database>) {
  return {
    list: (eventId: string) =>
      db.selectFrom('teams').selectAll().where('event_id', '=', eventId).execute(),

    findById: (eventId: string, teamId: string) =>
      db
        .selectFrom('teams')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .executeTakeFirst(),

    /** Team id → how many answers it has stored. */
    async answerCounts(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('team_answers')
        .select(['team_id', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
        .where('event_id', '=', eventId)
        .groupBy('team_id')
        .execute();
      return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
    },

    answers: (eventId: string, teamId: string) =>
      db
        .selectFrom('team_answers')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute(),

    /** Replaces the team's list entry, name and number (the columns mirror the entry). */
    async updateList(
      eventId: string,
      teamId: string,
      name: string,
      list: string,
      nr?: string | null,
    ): Promise<void> {
      await db
        .updateTable('teams')
        .set({ name, list, ...(nr !== undefined ? { nr } : {}) })
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .execute();
    },

    /** Replaces the team's data node (contact, device info). */
    async updateData(eventId: string, teamId: string, data: string): Promise<void> {
      await db
        .updateTable('teams')
        .set({ data })
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .execute();
    },

    async insert(row: TeamRow): Promise<void> {
      await db.insertInto('teams').values(row).execute();
    },

    /** Team id → registration time (the registrations row's regtime), for teams that have one. */
    async regtimes(eventId: string): Promise<Map<string, number | null>> {
      const rows = await db
        .selectFrom('registrations')
        .select(['team_id', 'regtime'])
        .where('event_id', '=', eventId)
        .execute();
      return new Map(rows.map((r) => [r.team_id, r.regtime]));
    },

    ...teamBackupRepository(db),

    async insertAudit(rows: AuditRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('audit_log').values(rows).execute();
    },
  };
}

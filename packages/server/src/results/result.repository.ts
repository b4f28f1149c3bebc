import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type StoredResultsRow = Database['event_results'];
export type TeamAnswerRow = Database['team_answers'];
export type AuditRow = Database['audit_log'];

/** Stored results, single team answers and the audit log (the results service's storage). */
export function resultRepository(db: Kysely<Database>) {
  return {
    /** The stored results of an event, or undefined before the first computation. */
    find: (eventId: string) =>
      db.selectFrom('event_results').selectAll().where('event_id', '=', eventId).executeTakeFirst(),

    /** The version and time of the stored results without the results themselves (cheap). */
    findMeta: (eventId: string) =>
      db
        .selectFrom('event_results')
        .select(['version', 'computed_at'])
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    /**
     * In one query, what a results read needs besides the results: the event's flag and record,
     * its settings and the stored results' version and time (null before the first computation).
     */
    readHead: (eventId: string) =>
      db
        .selectFrom('events')
        .leftJoin('event_data', 'event_data.event_id', 'events.id')
        .leftJoin('event_results', 'event_results.event_id', 'events.id')
        .select([
          'events.hidden',
          'events.record',
          'event_data.settings',
          'event_results.version',
          'event_results.computed_at',
        ])
        .where('events.id', '=', eventId)
        .executeTakeFirst(),

    /** Only the settings column of the event's data (the rest may be large). */
    async settingsOf(eventId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('event_data')
        .select('settings')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row?.settings;
    },

    /**
     * What scoring reads of some teams (results/scoringCache.ts): their rows, answers and speed
     * tickets; a team that is gone has no row.
     */
    async teamScoringRows(eventId: string, teamIds: readonly string[]) {
      const ids = [...teamIds];
      const [teams, answers, speedTickets] = await Promise.all([
        db
          .selectFrom('teams')
          .selectAll()
          .where('event_id', '=', eventId)
          .where('id', 'in', ids)
          .execute(),
        db
          .selectFrom('team_answers')
          .selectAll()
          .where('event_id', '=', eventId)
          .where('team_id', 'in', ids)
          // The primary key's order, as a read of the whole event gets them: the engine adds a
          // team's points in its answers' order, and floating-point sums follow the order.
          .orderBy('team_id')
          .orderBy('kp_id')
          .execute(),
        db
          .selectFrom('speed_tickets')
          .selectAll()
          .where('event_id', '=', eventId)
          .where('team_id', 'in', ids)
          .execute(),
      ]);
      return { teams, answers, speedTickets };
    },

    /** Stores new results; `version` counts up from 1. Answers the stored row's version and time. */
    async save(
      eventId: string,
      results: string,
      computedAt: number,
    ): Promise<{ version: number; computed_at: number }> {
      await db
        .insertInto('event_results')
        .values({ event_id: eventId, results, computed_at: computedAt, version: 1 })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({
            results,
            computed_at: computedAt,
            version: sql<number>`event_results.version + 1`,
          }),
        )
        .execute();
      return db
        .selectFrom('event_results')
        .select(['version', 'computed_at'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
    },

    /** Whether the event has a team with this id. */
    async teamExists(eventId: string, teamId: string): Promise<boolean> {
      const row = await db
        .selectFrom('teams')
        .select('id')
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the event has a checkpoint with this id. */
    async checkpointExists(eventId: string, kpId: string): Promise<boolean> {
      const row = await db
        .selectFrom('checkpoints')
        .select('id')
        .where('event_id', '=', eventId)
        .where('id', '=', kpId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findAnswer: (eventId: string, teamId: string, kpId: string) =>
      db
        .selectFrom('team_answers')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('kp_id', '=', kpId)
        .executeTakeFirst(),

    /** Writes one team answer, replacing the stored one. */
    async putAnswer(row: TeamAnswerRow, exists: boolean): Promise<void> {
      if (exists) {
        await db
          .updateTable('team_answers')
          .set({ answer: row.answer, ok: row.ok, aeg: row.aeg, extra: row.extra })
          .where('event_id', '=', row.event_id)
          .where('team_id', '=', row.team_id)
          .where('kp_id', '=', row.kp_id)
          .execute();
      } else {
        await db.insertInto('team_answers').values(row).execute();
      }
    },

    async insertAudit(row: AuditRow): Promise<void> {
      await db.insertInto('audit_log').values(row).execute();
    },
  };
}

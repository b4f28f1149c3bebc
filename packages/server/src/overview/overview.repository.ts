import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The reads of an event's overview: small columns and counts, never the whole event. */
export function overviewRepository(db: Kysely<Database>) {
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  return {
    settings: async (eventId: string) =>
      (
        await db
          .selectFrom('event_data')
          .select('settings')
          .where('event_id', '=', eventId)
          .executeTakeFirst()
      )?.settings,

    checkpoints: (eventId: string) =>
      db
        .selectFrom('checkpoints')
        .select(['kp', 'data', 'answer'])
        .where('event_id', '=', eventId)
        .execute(),

    teams: (eventId: string) =>
      db.selectFrom('teams').select('list').where('event_id', '=', eventId).execute(),

    /** Join codes of the event still valid at `now`. */
    validJoinCodes: async (eventId: string, now: number) =>
      count(
        await db
          .selectFrom('join_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('valid', '>=', now)
          .executeTakeFirst(),
      ),

    /** Answers stored with a mark time at or after `since`. */
    marksSince: async (eventId: string, since: number) =>
      count(
        await db
          .selectFrom('team_answers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('aeg', '>=', since)
          .executeTakeFirst(),
      ),

    /** Devices of the event whose last stored point is at or after `since`. */
    devicesSendingSince: async (eventId: string, since: number) =>
      count(
        await db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event_id', '=', eventId)
          .where('last_t', '>=', since)
          .executeTakeFirst(),
      ),
  };
}

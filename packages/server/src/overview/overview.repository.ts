import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The reads of an event's overview: small columns and counts, never the whole event. */
export function overviewRepository(db: Kysely<Database>) {
  /** Rows of `table` of the event whose `column` is at or after `since`. */
  const countSince = async (
    table: 'join_codes' | 'team_answers' | 'devices',
    column: 'valid' | 'aeg' | 'last_t',
    eventId: string,
    since: number,
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event_id', '=', eventId)
      .where(db.dynamic.ref(column), '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return {
    checkpoints: (eventId: string) =>
      db
        .selectFrom('checkpoints')
        .select(['id', 'kp', 'data', 'answer'])
        .where('event_id', '=', eventId)
        .execute(),

    teams: (eventId: string) =>
      db.selectFrom('teams').select('list').where('event_id', '=', eventId).execute(),

    /** Join codes of the event still valid at `now`. */
    validJoinCodes: (eventId: string, now: number) =>
      countSince('join_codes', 'valid', eventId, now),

    /** Answers stored with a mark time at or after `since`. */
    marksSince: (eventId: string, since: number) =>
      countSince('team_answers', 'aeg', eventId, since),

    /** Devices of the event whose last stored point is at or after `since`. */
    devicesSendingSince: (eventId: string, since: number) =>
      countSince('devices', 'last_t', eventId, since),
  };
}

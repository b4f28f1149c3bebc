import type { Kysely, QueryCreator } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';

export type UploadRow = Database['device_uploads'];
/** An upload without its content, with its team's name (null when the team is gone). */
export type UploadListRow = Omit<UploadRow, 'content'> & { team_name: string | null };

/**
 * Records a team's clock observation unless a newer one within the window is larger (every
 * stored batch). Plain values only (db/prepared.ts): the ingest runs it as one of its batch
 * statement's parts (tracks/track.repository.ts).
 */
export const clockUpsert = (
  qc: QueryCreator<Database>,
  eventId: string,
  teamId: string,
  offset: number,
  observedAt: number,
  staleBefore: number,
) =>
  qc
    .insertInto('team_clocks')
    .values({ event_id: eventId, team_id: teamId, offset_ms: offset, observed_at: observedAt })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'team_id'])
        .doUpdateSet({ offset_ms: offset, observed_at: observedAt })
        .where((eb) =>
          eb.or([
            eb('team_clocks.observed_at', '<', staleBefore),
            eb('team_clocks.offset_ms', '<', offset),
          ]),
        ),
    );

export const observeClock = prepared(
  (db, eventId: string, teamId: string, offset: number, observedAt: number, staleBefore: number) =>
    clockUpsert(db, eventId, teamId, offset, observedAt, staleBefore),
);

/** What the participant app reads and writes: KPs without answers, a team's marks, uploads. */
export function participantRepository(db: Kysely<Database>) {
  return {
    /** The event's settings and conf columns (JSON text). */
    eventData: (eventId: string) =>
      db
        .selectFrom('event_data')
        .select(['settings', 'conf'])
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    /** The event's checkpoints without their correct answers. */
    checkpoints: (eventId: string) =>
      db
        .selectFrom('checkpoints')
        .select(['id', 'nr', 'kp', 'data'])
        .where('event_id', '=', eventId)
        .execute(),

    checkpoint: (eventId: string, kpId: string) =>
      db
        .selectFrom('checkpoints')
        .select(['id', 'nr', 'kp', 'data'])
        .where('event_id', '=', eventId)
        .where('id', '=', kpId)
        .executeTakeFirst(),

    answers: (eventId: string, teamId: string) =>
      db
        .selectFrom('team_answers')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute(),

    answer: (eventId: string, teamId: string, kpId: string) =>
      db
        .selectFrom('team_answers')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('kp_id', '=', kpId)
        .executeTakeFirst(),

    async insertAnswer(row: Database['team_answers']): Promise<void> {
      await db.insertInto('team_answers').values(row).execute();
    },

    /** The team's device clock estimate (participant/deviceClock.ts). */
    clockOf: (eventId: string, teamId: string) =>
      db
        .selectFrom('team_clocks')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .executeTakeFirst(),

    /** The device clock estimates of the event's teams. */
    clocksOf: (eventId: string) =>
      db.selectFrom('team_clocks').selectAll().where('event_id', '=', eventId).execute(),

    /**
     * Records a clock observation as core nextClockObservation decides, in one statement: it
     * replaces the stored one when there is none, when that is older than `windowMs` or when the
     * new offset is larger (every location batch calls this).
     */
    async observeClock(row: Database['team_clocks'], windowMs: number): Promise<void> {
      const { event_id, team_id, offset_ms, observed_at } = row;
      await observeClock(db, event_id, team_id, offset_ms, observed_at, observed_at - windowMs);
    },

    async insertUpload(row: UploadRow): Promise<void> {
      await db.insertInto('device_uploads').values(row).execute();
    },

    /** The upload that answered a command, if any. */
    uploadFor: (messageId: string) =>
      db
        .selectFrom('device_uploads')
        .select(['id', 'device_id'])
        .where('message_id', '=', messageId)
        .executeTakeFirst(),

    /** The bytes a team's devices have uploaded in the event. */
    async teamUploadBytes(eventId: string, teamId: string): Promise<number> {
      const row = await db
        .selectFrom('device_uploads')
        .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** An event's uploads without their content, newest first. */
    uploadsOf: (eventId: string): Promise<UploadListRow[]> =>
      db
        .selectFrom('device_uploads as u')
        .leftJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'u.event_id').onRef('t.id', '=', 'u.team_id'),
        )
        .select([
          'u.id',
          'u.event_id',
          'u.team_id',
          'u.device_id',
          'u.kind',
          'u.message_id',
          'u.size',
          'u.created_at',
          't.name as team_name',
        ])
        .where('u.event_id', '=', eventId)
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .execute(),

    /** One upload of the event with its content and its team's name. */
    upload: (eventId: string, id: string) =>
      db
        .selectFrom('device_uploads as u')
        .leftJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'u.event_id').onRef('t.id', '=', 'u.team_id'),
        )
        .selectAll('u')
        .select('t.name as team_name')
        .where('u.event_id', '=', eventId)
        .where('u.id', '=', id)
        .executeTakeFirst(),
  };
}

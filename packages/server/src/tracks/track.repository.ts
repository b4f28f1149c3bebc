import { SqliteAdapter } from 'kysely';
import type { Kysely, QueryCreator } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { clockUpsert, observeClock } from '../participant/participant.repository.ts';
import type { ClockSample } from '../participant/deviceClock.ts';

export type TrackChunkRow = Database['track_chunks'];
export type DeviceRow = Database['devices'];

/** A team's row as the track views need it. */
export interface TeamTrackRow {
  id: string;
  name: string;
  nr: string | null;
  list: string;
  trackstat: string | null;
}

/** Which stored chunks of a team to read: one device's only, and a time window (inclusive). */
export interface ChunkFilter {
  deviceId?: string;
  from?: number;
  to?: number;
}

// The queries of every stored batch, built once (db/prepared.ts).
const touchDevice = prepared((db, deviceId: string, at: number) =>
  db.updateTable('devices').set({ last_seen: at }).where('id', '=', deviceId).returningAll(),
);
const lockTeamOfDevice = prepared((db, deviceId: string) =>
  db
    .updateTable('teams')
    .set((eb) => ({ trackstat: eb.ref('trackstat') }))
    .where((eb) =>
      eb.and([
        eb(
          'event_id',
          '=',
          eb.selectFrom('devices').select('devices.event_id').where('devices.id', '=', deviceId),
        ),
        eb(
          'id',
          '=',
          eb.selectFrom('devices').select('devices.team_id').where('devices.id', '=', deviceId),
        ),
      ]),
    )
    .returning(['event_id', 'id', 'trackstat']),
);
const statQuery = (
  qc: QueryCreator<Database>,
  trackstat: string,
  eventId: string,
  teamId: string,
) =>
  qc
    .updateTable('teams')
    .set({ trackstat })
    .where('event_id', '=', eventId)
    .where('id', '=', teamId);
const lastTQuery = (
  qc: QueryCreator<Database>,
  t: number,
  point: string,
  deviceId: string | null,
) => qc.updateTable('devices').set({ last_t: t, last_point: point }).where('id', '=', deviceId);
// A chunk row's columns one by one: a prepared query takes plain values (db/prepared.ts).
const insertChunk = prepared(
  (
    db,
    id: string,
    event_id: string,
    team_id: string,
    device_id: string | null,
    t_from: number,
    t_to: number,
    points: number,
    data: string,
  ) =>
    db
      .insertInto('track_chunks')
      .values({ id, event_id, team_id, device_id, t_from, t_to, points, data }),
);
const setStat = prepared((db, trackstat: string, eventId: string, teamId: string) =>
  statQuery(db, trackstat, eventId, teamId),
);
const setLastT = prepared((db, t: number, point: string, deviceId: string | null) =>
  lastTQuery(db, t, point, deviceId),
);
/** PostgreSQL: the three writes of a batch in one statement (data-modifying CTEs). */
const storeBatchAtOnce = prepared(
  (
    db,
    id: string,
    event_id: string,
    team_id: string,
    device_id: string | null,
    t_from: number,
    t_to: number,
    points: number,
    data: string,
    trackstat: string,
    lastPoint: string,
    offset: number,
    observedAt: number,
    staleBefore: number,
  ) =>
    lastTQuery(
      db
        .with('chunk', (qc) =>
          qc
            .insertInto('track_chunks')
            .values({ id, event_id, team_id, device_id, t_from, t_to, points, data }),
        )
        .with('stat', (qc) => statQuery(qc, trackstat, event_id, team_id))
        .with('clock', (qc) => clockUpsert(qc, event_id, team_id, offset, observedAt, staleBefore)),
      t_to,
      lastPoint,
      device_id,
    ),
);
const chunkValues = (c: TrackChunkRow) =>
  [c.id, c.event_id, c.team_id, c.device_id, c.t_from, c.t_to, c.points, c.data] as const;

/** Track chunks (encoded location batches), the devices' last stored times, team track stats. */
export function trackRepository(db: Kysely<Database>) {
  // PostgreSQL runs the three writes of a batch as one statement (data-modifying CTEs); SQLite,
  // in process, has no such statements and no round trips to save.
  const oneStatement = !(db.getExecutor().adapter instanceof SqliteAdapter);
  return {
    /**
     * Marks the device seen and returns its row as it is now, or undefined for an unknown device.
     * An UPDATE rather than a SELECT: on PostgreSQL it locks the row, so two batches of one
     * device run one after the other and the second sees the first's `last_t`.
     */
    touchDevice: async (deviceId: string, at: number): Promise<DeviceRow | undefined> =>
      (await touchDevice(db, deviceId, at)).rows[0],

    /**
     * The team's stored track stat (JSON text or null), with the team row locked for the rest of
     * the transaction (a no-op UPDATE, so concurrent batches of one team cannot lose an update);
     * undefined when there is no such team.
     */
    lockTeamStat: async (
      eventId: string,
      teamId: string,
    ): Promise<{ trackstat: string | null } | undefined> =>
      db
        .updateTable('teams')
        .set((eb) => ({ trackstat: eb.ref('trackstat') }))
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .returning('trackstat')
        .executeTakeFirst(),

    /**
     * lockTeamStat for the team the device belongs to as this statement reads it, in one
     * statement; undefined when the device, its team or the team's row is missing. The device
     * row is not locked: read it again (touchDevice) and check it is still in this team.
     */
    lockTeamOfDevice: async (
      deviceId: string,
    ): Promise<{ event_id: string; id: string; trackstat: string | null } | undefined> =>
      (await lockTeamOfDevice(db, deviceId)).rows[0],

    /**
     * The writes of one stored batch: its chunk row, the team's new track stat and the device's
     * last stored time (one statement on PostgreSQL).
     */
    /**
     * Stores a chunk, the team's new stat, the device's last time and point (JSON) and the
     * team's clock observation (participant/deviceClock.ts).
     */
    async storeBatch(
      chunk: TrackChunkRow,
      trackstat: string,
      lastPoint: string,
      clock: ClockSample,
    ): Promise<void> {
      const values = chunkValues(chunk);
      const { offset, observedAt, staleBefore } = clock;
      if (oneStatement) {
        await storeBatchAtOnce(
          db,
          ...values,
          trackstat,
          lastPoint,
          offset,
          observedAt,
          staleBefore,
        );
        return;
      }
      await observeClock(db, chunk.event_id, chunk.team_id, offset, observedAt, staleBefore);
      await insertChunk(db, ...values);
      await setStat(db, trackstat, chunk.event_id, chunk.team_id);
      await setLastT(db, chunk.t_to, lastPoint, chunk.device_id);
    },

    setTeamStat: (eventId: string, teamId: string, trackstat: string) =>
      db
        .updateTable('teams')
        .set({ trackstat })
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .execute(),

    insertChunk: (row: TrackChunkRow) => db.insertInto('track_chunks').values(row).execute(),

    /** The newest chunk of a device in an event (its last point is the device's last point). */
    lastChunkOfDevice: (eventId: string, deviceId: string) =>
      db
        .selectFrom('track_chunks')
        .select(['id', 'data', 't_from', 't_to', 'team_id', 'device_id'])
        .where('event_id', '=', eventId)
        .where('device_id', '=', deviceId)
        .orderBy('t_from', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** A team's chunks overlapping the filter's window, oldest first. */
    chunksOf: (
      eventId: string,
      teamId: string,
      filter: ChunkFilter = {},
    ): Promise<Pick<TrackChunkRow, 'id' | 'data' | 't_from' | 't_to' | 'device_id'>[]> => {
      let q = db
        .selectFrom('track_chunks')
        .select(['id', 'data', 't_from', 't_to', 'device_id'])
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId);
      if (filter.deviceId !== undefined) q = q.where('device_id', '=', filter.deviceId);
      if (filter.from !== undefined) q = q.where('t_to', '>=', filter.from);
      if (filter.to !== undefined) q = q.where('t_from', '<=', filter.to);
      return q.orderBy('t_from').orderBy('id').execute();
    },

    /**
     * Every chunk of the event's teams, team by team in teamsOf's order (number, name, id), each
     * team's oldest first: one query for what would otherwise be chunksOf per team.
     */
    chunksOfEvent: (
      eventId: string,
    ): Promise<Pick<TrackChunkRow, 'id' | 'team_id' | 'device_id' | 't_from' | 'data'>[]> =>
      db
        .selectFrom('track_chunks')
        .innerJoin('teams', (join) =>
          join
            .onRef('teams.event_id', '=', 'track_chunks.event_id')
            .onRef('teams.id', '=', 'track_chunks.team_id'),
        )
        .select([
          'track_chunks.id',
          'track_chunks.team_id',
          'track_chunks.device_id',
          'track_chunks.t_from',
          'track_chunks.data',
        ])
        .where('track_chunks.event_id', '=', eventId)
        .orderBy('teams.nr')
        .orderBy('teams.name')
        .orderBy('teams.id')
        .orderBy('track_chunks.t_from')
        .orderBy('track_chunks.id')
        .execute(),

    findTeam: (eventId: string, teamId: string): Promise<TeamTrackRow | undefined> =>
      db
        .selectFrom('teams')
        .select(['id', 'name', 'nr', 'list', 'trackstat'])
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .executeTakeFirst(),

    /** Every team of the event, by number then name. */
    teamsOf: (eventId: string): Promise<TeamTrackRow[]> =>
      db
        .selectFrom('teams')
        .select(['id', 'name', 'nr', 'list', 'trackstat'])
        .where('event_id', '=', eventId)
        .orderBy('nr')
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** The event's hidetracks setting's source: its settings JSON (undefined for no event). */
    settingsOf: async (eventId: string): Promise<string | undefined> =>
      (
        await db
          .selectFrom('event_data')
          .select('settings')
          .where('event_id', '=', eventId)
          .executeTakeFirst()
      )?.settings,

    /**
     * The event's extra JSON (issues live under extra.eventsdata.issues), its row locked for the
     * rest of the transaction (a no-op UPDATE) so a read-modify-write loses nobody's change.
     */
    lockExtra: async (eventId: string): Promise<string | undefined> =>
      (
        await db
          .updateTable('event_data')
          .set((eb) => ({ extra: eb.ref('extra') }))
          .where('event_id', '=', eventId)
          .returning('extra')
          .executeTakeFirst()
      )?.extra,

    setExtra: (eventId: string, extra: string) =>
      db.updateTable('event_data').set({ extra }).where('event_id', '=', eventId).execute(),
  };
}
export type TrackRepository = ReturnType<typeof trackRepository>;

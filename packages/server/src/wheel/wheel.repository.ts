import type { Kysely } from 'kysely';
import type { Database, WheelDrawsTable } from '../db/schema.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';

/** An event that may be on the wheel: its record's few columns. */
export interface WheelEventRow {
  id: string;
  name: string;
  starttime: number | null;
}

/**
 * The wheel's storage: the event's conf document (conf.wheelofnames lives in it), the team names
 * of the wheel's events, the events an admin may add, and the draws (wheel_draws).
 */
function wheelQueries(db: Kysely<Database>) {
  return {
    /** The event's conf document; null when the event has no live data (archived). */
    conf: async (eventId: string): Promise<JsonMap | null> => {
      const row = await db
        .selectFrom('event_data')
        .select('conf')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row ? fromJsonMap(row.conf) : null;
    },

    setConf: (eventId: string, conf: JsonMap) =>
      db
        .updateTable('event_data')
        .set({ conf: toJson(conf) })
        .where('event_id', '=', eventId)
        .execute(),

    /** The team names of `eventIds`, with their event. */
    teamNames: (eventIds: readonly string[]) =>
      eventIds.length === 0
        ? Promise.resolve([] as { event_id: string; name: string }[])
        : db
            .selectFrom('teams')
            .select(['event_id', 'name'])
            .where('event_id', 'in', eventIds)
            .execute(),

    /** Live (not archived) events of these ids. */
    events: (ids: readonly string[]): Promise<WheelEventRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('events')
            .select(['id', 'name', 'starttime'])
            .where('id', 'in', ids)
            .where('arch', 'is', null)
            .execute(),

    /**
     * Live events `uid` is an admin of (owner or admin) that start at `from` or later (any start
     * when null), earliest first; `except` left out.
     */
    administered: (uid: string, from: number | null, except: string): Promise<WheelEventRow[]> => {
      let q = db
        .selectFrom('events')
        .innerJoin('event_admins', 'event_admins.event_id', 'events.id')
        .select(['events.id', 'events.name', 'events.starttime'])
        .where('event_admins.user_id', '=', uid)
        .where('events.id', '!=', except)
        .where('events.arch', 'is', null);
      if (from !== null) q = q.where('events.starttime', '>=', from);
      return q.orderBy('events.starttime', 'asc').orderBy('events.id').limit(500).execute();
    },

    insertDraw: (row: WheelDrawsTable) => db.insertInto('wheel_draws').values(row).execute(),

    /** The number of the event's last draw (0 before the first). */
    lastSeq: async (eventId: string): Promise<number> => {
      const row = await db
        .selectFrom('wheel_draws')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    /** The event's latest draws, newest first, with the drawer's name. */
    draws: (eventId: string, limit: number) =>
      db
        .selectFrom('wheel_draws')
        .leftJoin('users', 'users.id', 'wheel_draws.user_id')
        .selectAll('wheel_draws')
        .select('users.display_name')
        .where('wheel_draws.event_id', '=', eventId)
        .orderBy('wheel_draws.seq', 'desc')
        .limit(limit)
        .execute(),
  };
}

export type WheelRepository = ReturnType<typeof wheelQueries> & {
  /** Runs `fn` with the repository bound to one transaction. */
  transaction<T>(fn: (repo: WheelRepository) => Promise<T>): Promise<T>;
};

/** The wheel's repository over `db` (the database, or a transaction's). */
export function wheelRepository(db: Kysely<Database>): WheelRepository {
  return {
    ...wheelQueries(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(wheelRepository(trx))),
  };
}

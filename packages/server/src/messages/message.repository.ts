import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type DeviceMessageRow = Database['device_messages'];
export type DeviceRow = Database['devices'];
/** A sent message with its team's name (null when the team is gone). */
export type SentMessageRow = DeviceMessageRow & { team_name: string | null };

/** Messages queued for teams' devices, and the devices themselves. */
export function messageRepository(db: Kysely<Database>) {
  return {
    async insertMessages(rows: DeviceMessageRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('device_messages').values(rows).execute();
    },

    /** An event's messages with their teams' names, newest first. */
    ofEvent: (eventId: string): Promise<SentMessageRow[]> =>
      db
        .selectFrom('device_messages as m')
        .leftJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'm.event_id').onRef('t.id', '=', 'm.team_id'),
        )
        .selectAll('m')
        .select('t.name as team_name')
        .where('m.event_id', '=', eventId)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .execute(),

    /** A team's messages no device has acknowledged yet, oldest first. */
    pendingOf: (eventId: string, teamId: string) =>
      db
        .selectFrom('device_messages')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('delivered_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    findMessage: (id: string) =>
      db.selectFrom('device_messages').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Marks a message delivered unless it already was; true when this call marked it. */
    async markDelivered(id: string, deviceId: string, at: number): Promise<boolean> {
      const r = await db
        .updateTable('device_messages')
        .set({ delivered_at: at, delivered_to: deviceId })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    findDevice: (id: string) =>
      db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The devices of an event registered in any of `teamIds`. */
    devicesOfTeams: (eventId: string, teamIds: string[]) =>
      teamIds.length === 0
        ? Promise.resolve([] as DeviceRow[])
        : db
            .selectFrom('devices')
            .selectAll()
            .where('event_id', '=', eventId)
            .where('team_id', 'in', teamIds)
            .execute(),

    /** Devices by id (any event). */
    devicesByIds: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as DeviceRow[])
        : db.selectFrom('devices').selectAll().where('id', 'in', ids).execute(),

    /** Inserts the device or replaces its owner, event, team, info and last use. */
    async upsertDevice(row: DeviceRow): Promise<void> {
      await db
        .insertInto('devices')
        .values(row)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            user_id: row.user_id,
            event_id: row.event_id,
            team_id: row.team_id,
            info: row.info,
            last_seen: row.last_seen,
          }),
        )
        .execute();
    },

    async touchDevice(id: string, at: number): Promise<void> {
      await db.updateTable('devices').set({ last_seen: at }).where('id', '=', id).execute();
    },
  };
}

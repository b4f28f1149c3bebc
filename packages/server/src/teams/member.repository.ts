import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type MemberRow = Database['team_members'];
/** How a user came into a team. */
export type MemberVia = 'reg' | 'code' | 'admin';

/** The users of an event's teams (team_members): who registered or joined each team. */
export function memberRepository(db: Kysely<Database>) {
  return {
    /** The teams `userId` belongs to in an event, oldest membership first. */
    teamsOf: (eventId: string, userId: string) =>
      db
        .selectFrom('team_members')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .orderBy('joined_at')
        .execute(),

    ofTeam: (eventId: string, teamId: string) =>
      db
        .selectFrom('team_members')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .orderBy('joined_at')
        .execute(),

    /** Team id → how many users belong to it. */
    async counts(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('team_members')
        .select(['team_id', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
        .where('event_id', '=', eventId)
        .groupBy('team_id')
        .execute();
      return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
    },

    /** Every team of a user with its event, newest event first. */
    ofUser: (userId: string) =>
      db
        .selectFrom('team_members as m')
        .innerJoin('teams as t', (j) =>
          j.onRef('t.event_id', '=', 'm.event_id').onRef('t.id', '=', 'm.team_id'),
        )
        .innerJoin('events as e', 'e.id', 'm.event_id')
        .select([
          'm.event_id',
          'm.team_id',
          't.name as team_name',
          't.list',
          'e.name as event_name',
          'e.starttime',
          'e.endtime',
        ])
        .where('m.user_id', '=', userId)
        .orderBy('e.starttime', 'desc')
        .orderBy('t.name')
        .execute(),

    /** The display names of every team's members (none for users without one), oldest first. */
    namesOfEvent: (eventId: string) =>
      db
        .selectFrom('team_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.team_id', 'u.display_name'])
        .where('m.event_id', '=', eventId)
        .where('u.display_name', 'is not', null)
        .where('u.display_name', '!=', '')
        .orderBy('m.team_id')
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .execute(),

    ofEvent: (eventId: string) =>
      db.selectFrom('team_members').selectAll().where('event_id', '=', eventId).execute(),

    /**
     * A cheap fingerprint of an event's memberships (how many, and the sum of their join times):
     * it changes when anyone joins or leaves a team, so derived data can be kept until it does.
     */
    async stamp(eventId: string): Promise<string> {
      const row = await db
        .selectFrom('team_members')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('joined_at').as('s'),
        ])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return `${String(row?.n ?? 0)}:${String(row?.s ?? 0)}`;
    },

    /** Adds a member; a user already in the team keeps the first membership. */
    async add(row: MemberRow): Promise<void> {
      await db
        .insertInto('team_members')
        .values(row)
        .onConflict((oc) => oc.columns(['event_id', 'team_id', 'user_id']).doNothing())
        .execute();
    },

    async remove(eventId: string, teamId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('team_members')
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Removes a deleted account from every team. */
    async removeUser(userId: string): Promise<void> {
      await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
    },
  };
}

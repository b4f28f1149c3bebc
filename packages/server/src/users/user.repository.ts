import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';

export type UserRow = UsersTable;
export type PlatformRole = 'superadmin' | 'owner';

/** Storage of users, their platform roles and creator records (sessions: auth/). */
export function userRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    findByIds: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as UserRow[])
        : db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),

    /** Case-insensitive search over email and display name. */
    search: (text: string, limit: number) => {
      const like = `%${text.toLowerCase().replace(/[%_\\]/g, (c) => '\\' + c)}%`;
      // SQLite's LIKE has no escape character unless one is named; PostgreSQL's is the backslash.
      return db
        .selectFrom('users')
        .selectAll()
        .where(
          sql<boolean>`(lower(email) like ${like} escape '\\' or lower(display_name) like ${like} escape '\\')`,
        )
        .orderBy('display_name')
        .limit(limit)
        .execute();
    },

    insert: (row: UserRow) => db.insertInto('users').values(row).execute(),

    setPassword: (id: string, hash: string) =>
      db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute(),

    roles: async (userId: string): Promise<PlatformRole[]> =>
      (
        await db.selectFrom('platform_roles').select('role').where('user_id', '=', userId).execute()
      ).map((r) => r.role as PlatformRole),

    addRole: (userId: string, role: PlatformRole) =>
      db
        .insertInto('platform_roles')
        .values({ user_id: userId, role })
        .onConflict((oc) => oc.doNothing())
        .execute(),

    isCreator: async (userId: string) =>
      (await db
        .selectFrom('creators')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined,

    grantCreator: (userId: string, grantedBy: string | null, now: number) =>
      db
        .insertInto('creators')
        .values({ user_id: userId, granted_by: grantedBy, granted_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute(),

    revokeCreator: (userId: string) =>
      db.deleteFrom('creators').where('user_id', '=', userId).execute(),

    listCreators: () =>
      db
        .selectFrom('creators')
        .innerJoin('users', 'users.id', 'creators.user_id')
        .select(['users.id', 'users.email', 'users.display_name', 'creators.granted_at'])
        .orderBy('users.display_name')
        .execute(),

    /** The events the user owns (id and name), by name: an owner's account cannot go. */
    ownedEvents: (id: string) =>
      db
        .selectFrom('event_admins')
        .innerJoin('events', 'events.id', 'event_admins.event_id')
        .select(['events.id', 'events.name'])
        .where('event_admins.user_id', '=', id)
        .where('event_admins.role', '=', 'owner')
        .orderBy('events.name')
        .orderBy('events.id')
        .execute(),

    /**
     * Erases the account: its row, sessions, roles and creator record (by cascade), admin rights,
     * team memberships and join code uses; registrations and used codes keep no trace of it.
     */
    deleteAccount: (id: string) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('event_admins').where('user_id', '=', id).execute();
        await trx.deleteFrom('cup_admins').where('user_id', '=', id).execute();
        await trx.deleteFrom('team_members').where('user_id', '=', id).execute();
        await trx.deleteFrom('join_code_uses').where('user_id', '=', id).execute();
        await trx
          .updateTable('registrations')
          .set({ user_id: null })
          .where('user_id', '=', id)
          .execute();
        await trx
          .updateTable('join_codes')
          .set({ used_by: null })
          .where('used_by', '=', id)
          .execute();
        await trx
          .updateTable('audit_log')
          .set({ user_id: null })
          .where('user_id', '=', id)
          .execute();
        await trx.deleteFrom('users').where('id', '=', id).execute();
      }),
  };
}
export type UserRepository = ReturnType<typeof userRepository>;

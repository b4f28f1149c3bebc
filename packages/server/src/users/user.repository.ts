import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, SessionsTable, UsersTable } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';

export type UserRow = UsersTable;
export type PlatformRole = 'superadmin' | 'owner';

/** The grant columns of the `users` row in scope: its platform roles and creator record. */
const grantColumns = (eb: ExpressionBuilder<Database, 'users'>) => {
  const hasRole = (role: PlatformRole) =>
    eb.exists(
      eb
        .selectFrom('platform_roles')
        .select('role')
        .whereRef('platform_roles.user_id', '=', 'users.id')
        .where('role', '=', role),
    );
  return [
    hasRole('superadmin').as('is_superadmin'),
    hasRole('owner').as('is_owner'),
    eb
      .exists(
        eb.selectFrom('creators').select('user_id').whereRef('creators.user_id', '=', 'users.id'),
      )
      .as('is_creator'),
  ];
};

/** A user with their platform roles and creator record. */
const userWithGrants = prepared((db, id: string) =>
  db.selectFrom('users').selectAll('users').select(grantColumns).where('users.id', '=', id),
);

/**
 * A session (by its token hash) with its user and the user's grants, in one query: every
 * authenticated request reads it, a location batch too.
 */
const sessionWithUser = prepared((db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(grantColumns)
    .select([
      'sessions.kind as session_kind',
      'sessions.created_at as session_created_at',
      'sessions.last_used_at as session_last_used_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.id', '=', sessionId),
);

/** A user row with its grants read (SQLite answers 0/1, PostgreSQL true/false). */
function withGrants<T extends { is_superadmin: unknown; is_owner: unknown; is_creator: unknown }>(
  row: T,
) {
  const { is_superadmin, is_owner, is_creator, ...user } = row;
  const roles: PlatformRole[] = [
    ...(is_superadmin ? (['superadmin'] as const) : []),
    ...(is_owner ? (['owner'] as const) : []),
  ];
  return { ...user, roles, creator: Boolean(is_creator) };
}

/** Storage of users, their platform roles and creator records (sessions: auth/). */
export function userRepository(db: Kysely<Database>) {
  /** Email or display name contains `text`, in any case; % and _ are plain characters. */
  const matching = (text: string) => {
    const like = `%${text.toLowerCase().replace(/[%_\\]/g, (c) => '\\' + c)}%`;
    // SQLite's LIKE has no escape character unless one is named; PostgreSQL's is the backslash.
    return sql<boolean>`(lower(email) like ${like} escape '\\' or lower(display_name) like ${like} escape '\\')`;
  };
  // The events a user administers, and the people in them (the directory's limits).
  const eventsOf = (uid: string) =>
    db.selectFrom('event_admins').select('event_id').where('user_id', '=', uid);
  const membersOfEventsOf = (uid: string) =>
    db.selectFrom('team_members').select('user_id').where('event_id', 'in', eventsOf(uid));
  const adminsOfEventsOf = (uid: string) =>
    db.selectFrom('event_admins').select('user_id').where('event_id', 'in', eventsOf(uid));

  return {
    findById: (id: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The user with their platform roles and creator record, in one query. */
    async findWithGrants(
      id: string,
    ): Promise<(UserRow & { roles: PlatformRole[]; creator: boolean }) | undefined> {
      const row = (await userWithGrants(db, id)).rows[0];
      return row && withGrants(row);
    },

    /**
     * The session of a token hash (expired or not: the caller decides) with its user and their
     * grants, in one query; undefined when there is no such session or user.
     */
    async sessionWithUser(sessionId: string): Promise<
      | {
          session: Pick<SessionsTable, 'kind' | 'created_at' | 'last_used_at' | 'expires_at'>;
          user: UserRow & { roles: PlatformRole[]; creator: boolean };
        }
      | undefined
    > {
      const row = (await sessionWithUser(db, sessionId)).rows[0];
      if (!row) return undefined;
      const {
        session_kind: kind,
        session_created_at: created_at,
        session_last_used_at: last_used_at,
        session_expires_at: expires_at,
        ...user
      } = row;
      return { session: { kind, created_at, last_used_at, expires_at }, user: withGrants(user) };
    },

    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    findByIds: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as UserRow[])
        : db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),

    /** Case-insensitive search over email and display name. */
    search: (text: string, limit: number) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(matching(text))
        .orderBy('display_name')
        .limit(limit)
        .execute(),

    /** As `search`, among the admins and team members of the events `uid` administers. */
    searchRelated: (uid: string, text: string, limit: number) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(matching(text))
        .where((eb) =>
          eb.or([eb('id', 'in', membersOfEventsOf(uid)), eb('id', 'in', adminsOfEventsOf(uid))]),
        )
        .orderBy('display_name')
        .limit(limit)
        .execute(),

    /** The account whose email is `email` in any (ASCII) case. */
    findByEmailAnyCase: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst(),

    /** Which of `ids` are admins or team members of the events `uid` administers. */
    relatedOf: async (uid: string, ids: string[]): Promise<Set<string>> => {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where((eb) =>
          eb.or([eb('id', 'in', membersOfEventsOf(uid)), eb('id', 'in', adminsOfEventsOf(uid))]),
        )
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Which of `ids` are members of a team in an event `uid` administers. */
    teamMembersOf: async (uid: string, ids: string[]): Promise<Set<string>> => {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('team_members')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', ids)
        .where('event_id', 'in', eventsOf(uid))
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    insert: (row: UserRow) => db.insertInto('users').values(row).execute(),

    /**
     * A guest becomes a full account (auth/guest.service.ts), its address unproven until a link
     * mailed there is opened; false when not a guest.
     */
    upgradeGuest: async (
      id: string,
      set: { email: string; password_hash: string; display_name: string },
    ): Promise<boolean> => {
      const res = await db
        .updateTable('users')
        .set({ ...set, guest: 0, email_verified: 0 })
        .where('id', '=', id)
        .where('guest', '=', 1)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    setDisplayName: (id: string, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id).execute(),

    /**
     * Sets the account's email, proven by a link opened (lower case; unique, so a race for it
     * fails).
     */
    setEmail: (id: string, email: string) =>
      db.updateTable('users').set({ email, email_verified: 1 }).where('id', '=', id).execute(),

    /** The account's email is proven (a link mailed to it was opened). */
    markEmailVerified: (id: string) =>
      db.updateTable('users').set({ email_verified: 1 }).where('id', '=', id).execute(),

    /**
     * The owner of the account's address proved it while the account had not (a link mailed
     * there opened by someone not signed in to it): marks it proven and removes every way in
     * the account's maker set up: the password, phone, sessions and API tokens, linked
     * providers, passkeys, pending links, codes, challenges and provider links under way. False
     * (and nothing changes) when the address was proven already. Run it in the transaction that
     * consumed the link, with the owner's new session started after it.
     */
    claimByAddressOwner: async (id: string): Promise<boolean> => {
      const res = await db
        .updateTable('users')
        .set({ email_verified: 1, password_hash: null, phone: null })
        .where('id', '=', id)
        .where('email_verified', '=', 0)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await db.deleteFrom('sessions').where('user_id', '=', id).execute();
      await db.deleteFrom('user_identities').where('user_id', '=', id).execute();
      await db.deleteFrom('passkeys').where('user_id', '=', id).execute();
      await db.deleteFrom('auth_challenges').where('user_id', '=', id).execute();
      await db.deleteFrom('oidc_flows').where('link_user_id', '=', id).execute();
      await db.deleteFrom('auth_links').where('user_id', '=', id).execute();
      await db.deleteFrom('phone_codes').where('user_id', '=', id).execute();
      return true;
    },

    /**
     * Whether the account's password is still `hash`. A sign-in asks this after making its
     * session, so that a change which removed or replaced the password while it was being
     * checked (an address owner's claim, a reset) is not outlived by that session. An UPDATE
     * that changes nothing rather than a read: on PostgreSQL it waits for such a change under
     * way to commit, and then sees it.
     */
    stillHasPassword: async (id: string, hash: string): Promise<boolean> => {
      const res = await db
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', id)
        .where('password_hash', '=', hash)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    setPassword: (id: string, hash: string) =>
      db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute(),

    addRole: (userId: string, role: PlatformRole) =>
      db
        .insertInto('platform_roles')
        .values({ user_id: userId, role })
        .onConflict((oc) => oc.doNothing())
        .execute(),

    /** Gives the user a creator record; false when they had one already. */
    grantCreator: async (userId: string, grantedBy: string | null, now: number) => {
      const result = await db
        .insertInto('creators')
        .values({ user_id: userId, granted_by: grantedBy, granted_at: now })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Takes the user's creator record away; false when they had none. */
    revokeCreator: async (userId: string) => {
      const result = await db
        .deleteFrom('creators')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

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
        await trx.deleteFrom('auth_links').where('user_id', '=', id).execute();
        await trx.deleteFrom('phone_codes').where('user_id', '=', id).execute();
        await trx.deleteFrom('users').where('id', '=', id).execute();
      }),
  };
}
export type UserRepository = ReturnType<typeof userRepository>;

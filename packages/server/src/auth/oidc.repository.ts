import type { Kysely, Selectable } from 'kysely';
import type { Database, OidcFlowsTable, UserIdentitiesTable } from '../db/schema.ts';

export type OidcFlowRow = Selectable<OidcFlowsTable>;
export type IdentityRow = Selectable<UserIdentitiesTable>;

/** OpenID Connect: started sign-ins (by their state's hash) and linked provider accounts. */
export function oidcRepository(db: Kysely<Database>) {
  return {
    addFlow: (row: OidcFlowRow) => db.insertInto('oidc_flows').values(row).execute(),

    /**
     * Uses a flow: deletes it and answers it when it is `provider`'s and not expired at `now`;
     * undefined otherwise. Of two uses at once, one gets it.
     */
    takeFlow: async (
      id: string,
      provider: string,
      now: number,
    ): Promise<OidcFlowRow | undefined> => {
      const row = await db
        .selectFrom('oidc_flows')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const done = await db.deleteFrom('oidc_flows').where('id', '=', id).executeTakeFirst();
      if (Number(done.numDeletedRows) !== 1) return undefined;
      if (row.provider !== provider || row.expires_at <= now) return undefined;
      return row;
    },

    deleteExpiredFlows: (now: number) =>
      db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute(),

    findIdentity: (provider: string, subject: string) =>
      db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst(),

    addIdentity: (row: IdentityRow) => db.insertInto('user_identities').values(row).execute(),

    identitiesOf: (userId: string) =>
      db
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),

    /** Removes `userId`'s identities at `provider`; how many there were. */
    deleteOwn: async (userId: string, provider: string): Promise<number> => {
      const done = await db
        .deleteFrom('user_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  };
}

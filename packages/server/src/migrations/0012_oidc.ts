import type { Kysely } from 'kysely';

/**
 * Issue 18, OpenID Connect sign-in. `oidc_flows`: a sign-in (or a link) started toward a
 * provider, kept by its state's SHA-256 until the provider sends the browser back (once, within
 * 10 minutes), with the PKCE verifier and the nonce. `user_identities`: the provider accounts
 * linked to accounts, one row per provider and subject.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'double precision';
  await db.schema
    .createTable('oidc_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('link_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('user_identities_user')
    .on('user_identities')
    .column('user_id')
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 18, ways to sign in. `auth_links`: links sent by email, to sign in or to reset a password
 * (a row holds the SHA-256 of the link's token, never the token; used once, expiring).
 * `passkeys`: WebAuthn credentials (public keys) of accounts. `auth_challenges`: the one-time
 * challenges of passkey ceremonies, shared by every server process.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'double precision';
  await db.schema
    .createTable('auth_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
  await db.schema
    .createIndex('auth_links_email')
    .on('auth_links')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', ms, (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_used_at', ms)
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';

const ms = 'double precision';

/**
 * Issue 5: deleted team backups, team membership, join code uses and the messages queued for
 * teams' devices. Join codes may now belong to one team.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deleted_teams')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deleted_at', ms, (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deleted_teams_pk', ['event_id', 'id'])
    .execute();

  // Users of a team: who registered it, who joined it with a code. No foreign key to users, so
  // an event file from another server imports with its members (account deletion removes rows).
  await db.schema
    .createTable('team_members')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('joined_at', ms, (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['event_id', 'team_id', 'user_id'])
    .addForeignKeyConstraint(
      'team_members_team_fk',
      ['event_id', 'team_id'],
      'teams',
      ['event_id', 'id'],
      (cb) => cb.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('team_members_user')
    .on('team_members')
    .columns(['user_id', 'event_id'])
    .execute();

  await db.schema.alterTable('join_codes').addColumn('team_id', 'text').execute();
  await db.schema
    .createTable('join_code_uses')
    .addColumn('code', 'text', (c) => c.notNull().references('join_codes.code').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('used_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('join_code_uses_pk', ['code', 'user_id'])
    .execute();

  await db.schema
    .createTable('device_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('delivered_at', ms)
    .addColumn('delivered_to', 'text')
    .execute();
  await db.schema
    .createIndex('device_messages_team')
    .on('device_messages')
    .columns(['event_id', 'team_id', 'created_at'])
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * The initial schema for the whole product. Only dialect-neutral column types are used
 * (text, integer, double precision) so SQLite and PostgreSQL run the same migration.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'double precision';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('platform_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('creators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('granted_by', 'text')
    .addColumn('granted_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_used_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starttime', ms)
    .addColumn('endtime', ms)
    .addColumn('arch', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('unpaid_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_starttime').on('events').column('starttime').execute();

  await db.schema
    .createTable('event_admins')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_admins_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_admins_user').on('event_admins').column('user_id').execute();

  await db.schema
    .createTable('event_data')
    .addColumn('event_id', 'text', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('conf', 'text', (c) => c.notNull())
    .addColumn('evdoc', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull())
    .execute();

  const perEvent = async (
    table: string,
    columns: [string, 'text' | 'integer' | typeof ms, boolean][],
    key: string[],
  ) => {
    let t = db.schema
      .createTable(table)
      .addColumn('event_id', 'text', (c) =>
        c.notNull().references('events.id').onDelete('cascade'),
      );
    for (const [name, type, notNull] of columns) {
      t = t.addColumn(name, type, (c) => (notNull ? c.notNull() : c));
    }
    await t.addPrimaryKeyConstraint(`${table}_pk`, ['event_id', ...key] as never).execute();
  };

  await perEvent(
    'checkpoints',
    [
      ['id', 'text', true],
      ['nr', 'text', false],
      ['kp', 'text', true],
      ['data', 'text', true],
      ['answer', 'text', false],
    ],
    ['id'],
  );
  await perEvent(
    'deleted_checkpoints',
    [
      ['id', 'text', true],
      ['record', 'text', true],
      ['deleted_at', ms, true],
    ],
    ['id'],
  );
  await perEvent(
    'print_items',
    [
      ['id', 'text', true],
      ['item', 'text', true],
    ],
    ['id'],
  );
  await perEvent(
    'teams',
    [
      ['id', 'text', true],
      ['name', 'text', true],
      ['nr', 'text', false],
      ['list', 'text', true],
      ['data', 'text', true],
      ['trackstat', 'text', false],
    ],
    ['id'],
  );

  const perTeam = async (
    table: string,
    columns: [string, 'text' | 'integer' | typeof ms, boolean][],
    key: string[],
  ) => {
    let t = db.schema
      .createTable(table)
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('team_id', 'text', (c) => c.notNull());
    for (const [name, type, notNull] of columns) {
      t = t.addColumn(name, type, (c) => (notNull ? c.notNull() : c));
    }
    await t
      .addPrimaryKeyConstraint(`${table}_pk`, ['event_id', 'team_id', ...key] as never)
      .addForeignKeyConstraint(
        `${table}_team_fk`,
        ['event_id', 'team_id'] as never,
        'teams',
        ['event_id', 'id'] as never,
        (cb) => cb.onDelete('cascade'),
      )
      .execute();
  };
  await perTeam(
    'registrations',
    [
      ['user_id', 'text', false],
      ['regdata', 'text', true],
      ['regtime', ms, false],
    ],
    [],
  );
  await perTeam(
    'team_answers',
    [
      ['kp_id', 'text', true],
      ['answer', 'text', false],
      ['ok', 'integer', false],
      ['aeg', ms, false],
      ['extra', 'text', true],
    ],
    ['kp_id'],
  );
  await perTeam(
    'speed_tickets',
    [
      ['id', 'text', true],
      ['ticket', 'text', true],
    ],
    ['id'],
  );

  await db.schema
    .createTable('join_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('singleteam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', ms, (c) => c.notNull())
    .addColumn('used_by', 'text')
    .addColumn('share_link', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('join_codes_event').on('join_codes').column('event_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('team_id', 'text')
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('last_seen', ms)
    .execute();

  await db.schema
    .createTable('track_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('t_from', ms, (c) => c.notNull())
    .addColumn('t_to', ms, (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('track_chunks_team')
    .on('track_chunks')
    .columns(['event_id', 'team_id', 't_from'])
    .execute();

  await db.schema
    .createTable('cups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cup_admins')
    .addColumn('cup_id', 'text', (c) => c.notNull().references('cups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cup_admins_pk', ['cup_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('cup_events')
    .addColumn('cup_id', 'text', (c) => c.notNull().references('cups.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('main', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cup_events_pk', ['cup_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('cup_data')
    .addColumn('cup_id', 'text', (c) => c.primaryKey().references('cups.id').onDelete('cascade'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('teams', 'text', (c) => c.notNull())
    .addColumn('backup', 'text')
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('ts', ms, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('translations')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['lang', 'key'])
    .execute();
  await db.schema
    .createTable('rich_texts')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rich_texts_pk', ['path', 'lang'])
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('time', ms, (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('event_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('old_value', 'text')
    .addColumn('value', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_event')
    .on('audit_log')
    .columns(['event_id', 'time'])
    .execute();
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrateTo, migrateToLatest, openDatabase } from '../db/database.ts';
import type { Db, DatabaseConfig } from '../db/database.ts';

/**
 * The dialects every repository test runs on, the way Kysely's own suite loops over them:
 * SQLite, in-process PGlite, and a real PostgreSQL server when TEST_DATABASE_URL is set.
 * TEST_DIALECTS (a comma list of those names) keeps only some: CI's second pass on a newer
 * Node runs SQLite alone, the dialect whose driver is a native addon built for that Node.
 */
export function testDialects(): { name: string; config: () => Promise<TestDbConfig> }[] {
  const wanted = process.env.TEST_DIALECTS?.split(',').map((d) => d.trim());
  return allDialects().filter((d) => !wanted || wanted.includes(d.name));
}

function allDialects(): { name: string; config: () => Promise<TestDbConfig> }[] {
  const list: { name: string; config: () => Promise<TestDbConfig> }[] = [
    {
      name: 'sqlite',
      config: () => Promise.resolve({ config: { dialect: 'sqlite', file: ':memory:' } }),
    },
    { name: 'pglite', config: () => Promise.resolve({ config: { dialect: 'pglite' } }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', config: () => postgresSchema(url) });
  return list;
}

interface TestDbConfig {
  config: DatabaseConfig;
  cleanup?: () => Promise<void>;
}

/** A fresh schema on the real server per test database, dropped afterwards. */
async function postgresSchema(url: string): Promise<TestDbConfig> {
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    config: { dialect: 'postgres', url, schema },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * Opens and migrates a fresh database of the given dialect; `close` also removes it. With
 * `upTo`, only up to that migration, for tests of the next one's effect on existing data.
 */
export async function freshDatabase(
  dialect: { config: () => Promise<TestDbConfig> },
  upTo?: string,
): Promise<Db> {
  const { config, cleanup } = await dialect.config();
  const handle = await openDatabase(config);
  await (upTo === undefined ? migrateToLatest(handle.db) : migrateTo(handle.db, upTo));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await cleanup?.();
    },
  };
}

/** Whether a PostgreSQL server answers at `url` (tests and benches that need one skip without). */
export async function postgresAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A bare events row with no dates or settings, for repository tests. */
export const bareEventRow = (id: string) => ({
  id,
  name: id,
  starttime: null,
  endtime: null,
  arch: null,
  hidden: 0,
  record: '{}',
  unpaid_at: null,
  created_at: 0,
  updated_at: 0,
});

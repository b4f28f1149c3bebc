import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresAdapter, SqliteDialect, sql } from 'kysely';
import type { MigrationResultSet } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from '../migrations/index.ts';
import { withStatementCache } from './statementCache.ts';
import { OwnSchemaPostgresDialect } from './ownSchema.ts';

export type DialectName = 'sqlite' | 'postgres' | 'pglite';

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema?: string }
  | { dialect: 'pglite'; dataDir?: string };

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL's int8 and numeric arrive as strings by default; every number we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Opens the database named by `config`. SQLite runs in WAL mode with foreign keys on. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  switch (config.dialect) {
    case 'sqlite': {
      if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
      const sqlite = new SQLite(config.file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      // Every commit is on disk before the answer (an acknowledged GPS batch survives a power
      // cut); in WAL mode this costs the ingest benchmark under 10 %.
      sqlite.pragma('synchronous = FULL');
      // SQLite's own lower() folds only ASCII; PostgreSQL's folds every letter (Ü, Õ, Š).
      sqlite.function('lower', { deterministic: true }, (v: unknown) =>
        typeof v === 'string' ? v.toLowerCase() : v,
      );
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      });
      return { db, dialect: 'sqlite', close: () => db.destroy() };
    }
    case 'postgres': {
      const pool = new pg.Pool({
        connectionString: config.url,
        max: 10,
        ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
      });
      const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
      return { db, dialect: 'postgres', close: () => db.destroy() };
    }
    case 'pglite': {
      const { PGlite } = await import('@electric-sql/pglite');
      const { PGliteDialect } = await import('kysely-pglite-dialect');
      const client = new PGlite(config.dataDir);
      const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
      return { db, dialect: 'pglite', close: () => db.destroy() };
    }
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
export function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/**
 * Brings the schema up to (or down to) the named migration, for tests of a migration's effect on
 * the data of the one before it.
 */
export function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(name));
}

async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(await migrationTableSchema(db)),
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * On PostgreSQL, the schema Kysely keeps its migration tables in: the connection's own
 * (search_path). Left unnamed, Kysely looks for its tables in every schema of the database, and
 * a fresh schema next to one already migrated (tests run each in their own, side by side) would
 * find the other's lock table, skip making its own and fail to read it.
 */
async function migrationTableSchema(
  db: Kysely<Database>,
): Promise<{ migrationTableSchema?: string }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return {};
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return schema ? { migrationTableSchema: schema } : {};
}

/** Reads DATABASE_URL / DATA_DIR into a database configuration (SQLite under ./data by default). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url?.startsWith('pglite:')) return { dialect: 'pglite', dataDir: url.slice(7) || undefined };
  if (url?.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice(7) };
  const dataDir = env.DATA_DIR ?? path.resolve(process.cwd(), 'data');
  return { dialect: 'sqlite', file: path.join(dataDir, 'rada.sqlite') };
}

import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many prepared statements are kept; the least recently used one goes first. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * `database` as Kysely's SQLite driver sees it, with its prepared statements kept by SQL text.
 * The driver prepares each query anew, and preparing costs more than running a small query (a
 * third of the results endpoint's database time; bench resultsHttp). Kysely runs one query at a
 * time on its single SQLite connection, so a kept statement is never in use twice; SQLite
 * re-prepares a statement itself when the schema changes.
 */
export function withStatementCache(
  database: SqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

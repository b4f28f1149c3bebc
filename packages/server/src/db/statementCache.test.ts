import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache.ts';

function counted() {
  const sqlite = new SQLite(':memory:');
  const prepared: string[] = [];
  const database = {
    prepare: (text: string) => {
      prepared.push(text);
      return sqlite.prepare(text);
    },
    close: () => sqlite.close(),
  };
  return { database, prepared };
}

describe('withStatementCache', () => {
  it('prepares each SQL text once and runs it with new parameters', async () => {
    const { database, prepared } = counted();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (let i = 1; i <= 3; i++)
      await db
        .insertInto('t')
        .values({ id: i, name: `n${i}` })
        .execute();
    const names = [];
    for (let i = 1; i <= 3; i++) {
      const row = await db.selectFrom('t').select('name').where('id', '=', i).executeTakeFirst();
      names.push(row?.name);
    }
    expect(names).toEqual(['n1', 'n2', 'n3']);
    expect(prepared.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((s) => s.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { database, prepared } = counted();
    const cached = withStatementCache(database, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // used again: 'select 2' is now the oldest
    cached.prepare('select 3'); // drops 'select 2'
    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
    cached.close();
  });

  it('sees a table changed after the statement was kept', async () => {
    const { database } = counted();
    const db = new Kysely<{ t: { id: number; x?: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await sql`create table t (id integer primary key)`.execute(db);
    await db.insertInto('t').values({ id: 1 }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1 }]);
    await sql`alter table t add column x integer default 7`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, x: 7 }]);
    await db.destroy();
  });
});

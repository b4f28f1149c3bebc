import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { bareEventRow, freshDatabase, testDialects } from '../test/databases.ts';
import { migrateToLatest } from '../db/database.ts';
import type { Db } from '../db/database.ts';

describe.each(testDialects())('migrations on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect);
  });
  afterAll(() => h.close());

  const event = bareEventRow;

  it('has nothing left to do on a migrated database', async () => {
    expect(await migrateToLatest(h.db)).toEqual([]);
  });

  it('refuses two events whose short links differ only in letter case', async () => {
    await h.db.insertInto('events').values(event('Spring2026')).execute();
    await expect(h.db.insertInto('events').values(event('spring2026')).execute()).rejects.toThrow();
    await expect(h.db.insertInto('events').values(event('SPRING2026')).execute()).rejects.toThrow();
    await h.db.insertInto('events').values(event('Spring2027')).execute();
    const ids = await h.db.selectFrom('events').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual(['Spring2026', 'Spring2027']);
  });
});

describe.each(testDialects().filter((d) => d.name === 'postgres'))(
  'migrations beside another schema on $name',
  (dialect) => {
    it('migrate a fresh schema while another one of the database is already migrated', async () => {
      // Two schemas side by side, as the tests run: the first is migrated and open while the
      // second starts. Kysely once took the first's migration tables for the second's.
      const first = await freshDatabase(dialect);
      try {
        const second = await freshDatabase(dialect);
        try {
          const tables = await second.db.introspection.getTables();
          expect(tables.some((t) => t.name === 'events')).toBe(true);
          expect(await migrateToLatest(second.db)).toEqual([]);
        } finally {
          await second.close();
        }
      } finally {
        await first.close();
      }
    });

    it('migrate while other schemas of the database are made and dropped', async () => {
      // The tests drop their schemas as they end, while others migrate. Kysely's own
      // introspector read every schema and failed on one dropped under it.
      const url = process.env.TEST_DATABASE_URL ?? '';
      const churn = new pg.Client({ connectionString: url });
      await churn.connect();
      let stop = false;
      const churning = (async () => {
        for (let i = 0; !stop; i++) {
          const name = `churn_${process.pid}_${i}`;
          await churn.query(`CREATE SCHEMA ${name}`);
          await churn.query(`CREATE TABLE ${name}.t (a int)`);
          await churn.query(`DROP SCHEMA ${name} CASCADE`);
        }
      })();
      try {
        for (let i = 0; i < 3; i++) {
          const h = await freshDatabase(dialect);
          try {
            for (let j = 0; j < 10; j++) await h.db.introspection.getTables();
            expect(await migrateToLatest(h.db)).toEqual([]);
          } finally {
            await h.close();
          }
        }
      } finally {
        stop = true;
        await churning;
        await churn.end();
      }
      // Under CI's load (every test file beside it on the same server) this takes seconds.
    }, 90_000);
  },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, testDialects } from '../test/databases.ts';
import type { Db } from './database.ts';

describe.each(testDialects())('database on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect);
  });
  afterAll(() => h.close());

  it('round-trips times as numbers and enforces foreign keys', async () => {
    const t = 1767261600123;
    await h.db
      .insertInto('events')
      .values({
        id: 'e1',
        name: 'E',
        starttime: t,
        endtime: null,
        arch: null,
        hidden: 0,
        record: '{}',
        unpaid_at: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
    const row = await h.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', 'e1')
      .executeTakeFirstOrThrow();
    expect(row.starttime).toBe(t);
    expect(row.hidden).toBe(0);
    await expect(
      h.db
        .insertInto('event_data')
        .values({ event_id: 'missing', settings: '{}', conf: '{}', evdoc: '{}', extra: '{}' })
        .execute(),
    ).rejects.toThrow();
  });

  it('cascades deletes from an event to its checkpoints', async () => {
    await h.db
      .insertInto('checkpoints')
      .values({ event_id: 'e1', id: 'k1', nr: '1', kp: '{}', data: '{}', answer: null })
      .execute();
    await h.db.deleteFrom('events').where('id', '=', 'e1').execute();
    const left = await h.db
      .selectFrom('checkpoints')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

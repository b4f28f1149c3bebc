import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects } from '../test/databases.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

const event = (id: string, starttime: number) => ({
  id,
  name: `Event ${id}`,
  starttime,
  endtime: null,
  arch: null,
  hidden: 0,
  record: '{}',
  unpaid_at: null,
  created_at: starttime,
  updated_at: starttime,
});

let builds = 0;
const named = prepared((db, id: string) => {
  builds++;
  return db.selectFrom('events').select(['id', 'name']).where('id', '=', id);
});
// One argument twice and a constant that stays: the hidden flag.
const between = prepared((db, from: number, to: number) =>
  db
    .selectFrom('events')
    .select('id')
    .where('hidden', '=', 0)
    .where((eb) => eb.and([eb('starttime', '>=', from), eb('starttime', '<=', to)]))
    .where('created_at', '>=', from)
    .orderBy('id'),
);
const rename = prepared((db, id: string, name: string) =>
  db.updateTable('events').set({ name }).where('id', '=', id).returning(['id', 'name']),
);

describe.each(testDialects())('prepared queries on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect);
    await h.db
      .insertInto('events')
      .values([event('a', 1000), event('b', 2000), { ...event('c', 3000), hidden: 1 }])
      .execute();
  });
  afterAll(() => h.close());

  it('builds the query once and runs it with each call’s values', async () => {
    const before = builds;
    expect((await named(h.db, 'a')).rows).toEqual([{ id: 'a', name: 'Event a' }]);
    expect((await named(h.db, 'b')).rows).toEqual([{ id: 'b', name: 'Event b' }]);
    expect((await named(h.db, 'missing')).rows).toEqual([]);
    // Built at most once for this dialect (once before, when another dialect ran first).
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it('gives an argument used twice its value in both places and keeps constants', async () => {
    expect((await between(h.db, 1000, 3000)).rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect((await between(h.db, 1500, 3000)).rows.map((r) => r.id)).toEqual(['b']);
  });

  it('runs in a transaction and writes', async () => {
    await h.db.transaction().execute(async (trx) => {
      expect((await rename(trx, 'a', 'Renamed')).rows).toEqual([{ id: 'a', name: 'Renamed' }]);
    });
    expect((await named(h.db, 'a')).rows[0]?.name).toBe('Renamed');
  });

  it('refuses a query that does not use an argument', async () => {
    const unused = prepared((db, _id: string) => db.selectFrom('events').select('id'));
    await expect(async () => unused(h.db, 'a')).rejects.toThrow(/argument 0/);
  });
});

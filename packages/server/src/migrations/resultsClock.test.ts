import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEventRow, freshDatabase, testDialects } from '../test/databases.ts';
import { migrateToLatest } from '../db/database.ts';
import type { Db } from '../db/database.ts';

const DAY = 86_400_000;

describe.each(testDialects())('migration 0017 (results as at a time) on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect, '0016_placeholder_contacts');
  });
  afterAll(() => h.close());

  it('drops the stored results of events not long over, keeps those of old events', async () => {
    const now = Date.now();
    const events = { open: null, soon: now + DAY, lately: now - 3 * DAY, old: now - 30 * DAY };
    for (const [id, endtime] of Object.entries(events)) {
      await h.db
        .insertInto('events')
        .values({ ...bareEventRow(id), endtime })
        .execute();
      await h.db
        .insertInto('event_results')
        .values({ event_id: id, results: '[]', computed_at: 1, version: 3 })
        .execute();
    }

    expect(await migrateToLatest(h.db)).toContain('0017_results_clock');

    const kept = await h.db.selectFrom('event_results').select('event_id').execute();
    expect(kept.map((r) => r.event_id)).toEqual(['old']);
  });
});

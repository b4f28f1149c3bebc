import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { freshDatabase, testDialects } from '../test/databases.ts';
import { migrateToLatest } from '../db/database.ts';
import type { Db } from '../db/database.ts';

const DAY = 86_400_000;

describe.each(testDialects())('migration 0007 (session lifetimes) on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect, '0005_tracks_participant');
  });
  afterAll(() => h.close());

  it('gives existing sessions a public id and tokens without an expiry 90 days', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = h.db as unknown as Kysely<any>;
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'u1@example.com', display_name: 'U', created_at: 0 })
      .execute();
    const session = (id: string, kind: string, expires: number | null) => ({
      id,
      user_id: 'u1',
      kind,
      name: kind === 'token' ? id : null,
      created_at: 1,
      last_used_at: 1,
      expires_at: expires,
    });
    await db
      .insertInto('sessions')
      .values([
        session('hash-browser', 'browser', 5 * DAY),
        session('hash-token-a', 'token', null),
        session('hash-token-b', 'token', null),
      ])
      .execute();

    const before = Date.now();
    await migrateToLatest(h.db);
    const rows = await h.db.selectFrom('sessions').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.user_agent])).toEqual([
      ['hash-browser', null],
      ['hash-token-a', null],
      ['hash-token-b', null],
    ]);
    const ids = rows.map((r) => r.public_id);
    for (const id of ids) expect(id).toMatch(/^[\w-]{20}$/);
    expect(new Set(ids).size).toBe(3);
    expect(rows[0]?.expires_at).toBe(5 * DAY);
    for (const token of rows.slice(1)) {
      expect(token.expires_at).toBeGreaterThanOrEqual(before + 90 * DAY);
      expect(token.expires_at).toBeLessThanOrEqual(Date.now() + 90 * DAY);
    }
    // Public ids are unique.
    await expect(
      h.db
        .insertInto('sessions')
        .values({ ...session('hash-other', 'browser', null), public_id: ids[0]!, user_agent: null })
        .execute(),
    ).rejects.toThrow();
  });
});

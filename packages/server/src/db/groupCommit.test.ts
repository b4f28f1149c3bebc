import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { groupCommitter } from './groupCommit.ts';
import type { Database } from './schema.ts';

const addUser = (trx: Kysely<Database>, id: string) =>
  trx
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      display_name: id,
      phone: null,
      password_hash: null,
      created_at: 1,
    })
    .execute();

describe('group commit (SQLite file, WAL, synchronous FULL)', () => {
  let dir: string;
  let file: string;
  let handle: Db;
  /** A second connection: it sees only what is committed. */
  let reader: SQLite.Database;
  const committed = (id: string) =>
    reader.prepare('SELECT count(*) AS n FROM users WHERE id = ?').get(id) as { n: number };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-group-'));
    file = path.join(dir, 'db.sqlite');
    handle = await openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db);
    reader = new SQLite(file, { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs work arriving together in one transaction and answers each after its commit', async () => {
    const group = groupCommitter(handle.db);
    const seenAtAnswer: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        group
          .run(async (trx) => {
            await addUser(trx, `u${i}`);
            return i;
          })
          .then((value) => {
            expect(value).toBe(i);
            seenAtAnswer.push(committed(`u${i}`).n);
          }),
      ),
    );
    // Every answer came after its row was visible to another connection, i.e. committed.
    expect(seenAtAnswer).toEqual(Array.from({ length: 40 }, () => 1));
    const stats = group.stats();
    expect(stats.members).toBe(40);
    expect(stats.commits).toBeLessThanOrEqual(2);
  });

  it('work arriving during a commit shares the next one, and members see those before them', async () => {
    const group = groupCommitter(handle.db);
    const first = group.run((trx) => addUser(trx, 'first'));
    // Queued while the first group runs: these three form the second group, in this order.
    await new Promise((resolve) => setImmediate(resolve));
    const counts = await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        group.run(async (trx) => {
          await addUser(trx, id);
          const row = await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id', 'in', ['a', 'b', 'c'])
            .executeTakeFirstOrThrow();
          return Number(row.n);
        }),
      ),
    );
    await first;
    expect(counts).toEqual([1, 2, 3]);
    expect(group.stats()).toEqual({ commits: 2, members: 4 });
  });

  it('rolls back a failing member alone; the others commit', async () => {
    const group = groupCommitter(handle.db);
    const outcomes = await Promise.allSettled([
      group.run((trx) => addUser(trx, 'kept1')),
      group.run(async (trx) => {
        await addUser(trx, 'lost');
        throw new Error('refused');
      }),
      group.run((trx) => addUser(trx, 'kept2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect([committed('kept1').n, committed('lost').n, committed('kept2').n]).toEqual([1, 0, 1]);
    expect(group.stats().commits).toBe(1);
  });

  it('rejects every member when the shared commit fails, and keeps nothing of them', async () => {
    const group = groupCommitter(handle.db);
    const outcomes = await Promise.allSettled([
      group.run((trx) => addUser(trx, 'x1')),
      group.run(async (trx) => {
        // A foreign key checked only at COMMIT: the member itself succeeds, the commit fails.
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await trx
          .insertInto('team_members')
          .values({ event_id: 'none', team_id: 'none', user_id: 'x1', joined_at: 1, via: 'reg' })
          .execute();
      }),
      group.run((trx) => addUser(trx, 'x2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect([committed('x1').n, committed('x2').n]).toEqual([0, 0]);
    // The connection is usable afterwards.
    await group.run((trx) => addUser(trx, 'after'));
    expect(committed('after').n).toBe(1);
  });

  it('caps the size of a group', async () => {
    const group = groupCommitter(handle.db, 5);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => group.run((trx) => addUser(trx, `c${i}`))),
    );
    expect(group.stats()).toEqual({ commits: 3, members: 12 });
  });

  it('lets timers and sockets run between groups', async () => {
    const group = groupCommitter(handle.db, 5);
    const order: string[] = [];
    const runs = Array.from({ length: 12 }, (_, i) =>
      group.run((trx) => addUser(trx, `y${i}`)).then(() => order.push(`m${i}`)),
    );
    setImmediate(() => order.push('turn'));
    await Promise.all(runs);
    // The first group answered, then the event loop turned, then the rest ran.
    expect(order.indexOf('turn')).toBe(5);
    expect(order.filter((o) => o !== 'turn')).toEqual(
      Array.from({ length: 12 }, (_, i) => `m${i}`),
    );
  });
});

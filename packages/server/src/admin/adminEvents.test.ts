import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEventsView } from '@rada/core';
import { bareEventRow, testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp, uniqueEmail, signUpProven } from '../test/factories.ts';

describe.each(testDialects())("the super admin's events table on $name", (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let boss: TestUser;
  let stranger: TestUser;
  const bossEmail = uniqueEmail('boss');
  const archiveDir = path.join(os.tmpdir(), `rada-admin-events-${randomUUID()}`);
  /** A prefix of this run's event ids, so other tests' events do not count. */
  const run = `adm${randomUUID().slice(0, 6)}`;
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail], archiveDir });
    owner = await signUp(t.app, uniqueEmail('Mari.Owner'), 'Mari Maasikas');
    boss = await signUpProven(t, bossEmail);
    stranger = await signUp(t.app);
    // 105 events a day apart (the newest last), every other one owned by Mari, one 100% test.
    const rows = Array.from({ length: 105 }, (_, i) => ({
      ...bareEventRow(`${run}-${String(i).padStart(3, '0')}`),
      name: i === 7 ? 'Spring 100% rogaine' : `Event ${i}`,
      starttime: Date.UTC(2026, 0, 1) + i * DAY,
    }));
    await t.handle.db.insertInto('events').values(rows).execute();
    await t.handle.db
      .insertInto('event_admins')
      .values(
        rows
          .filter((_, i) => i % 2 === 0)
          .map((r) => ({ event_id: r.id, user_id: owner.uid, role: 'owner' })),
      )
      .execute();
    fs.mkdirSync(path.join(archiveDir, `${run}-003`), { recursive: true });
    fs.writeFileSync(path.join(archiveDir, `${run}-003`, 'evdata.json'), '{}');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(archiveDir, { recursive: true, force: true });
  });

  const list = async (query: string, as: TestUser | null = boss) => {
    const res = await call<AdminEventsView>(t.app, 'GET', `/api/admin/events?${query}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('pages 100 events, newest start first, with their owners', async () => {
    const first = await list(`q=${run}`);
    expect(first.total).toBe(105);
    expect(first.pageSize).toBe(100);
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0]).toEqual({
      id: `${run}-104`,
      name: 'Event 104',
      starttime: Date.UTC(2026, 0, 1) + 104 * DAY,
      owner: { uid: owner.uid, displayName: 'Mari Maasikas', email: owner.email },
      unpaidAt: null,
      arch: null,
      firstTier: false,
    });
    expect(first.rows[1]!.owner).toBeNull();
    const second = await list(`q=${run}&page=1`);
    expect(second.rows.map((r) => r.id)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `${run}-${String(i).padStart(3, '0')}`),
    );
    expect(second.rows.find((r) => r.id === `${run}-003`)!.firstTier).toBe(true);
  });

  it('searches by id, name or owner, and filters events with files in the first tier', async () => {
    expect((await list(`q=${run}-01`)).total).toBe(10);
    // Case does not matter; % is a character, not a wildcard.
    expect((await list('q=SPRING%20100%25')).rows.map((r) => r.id)).toEqual([`${run}-007`]);
    expect((await list('q=100%25%20rog')).total).toBe(1);
    expect((await list(`q=${encodeURIComponent('maasikas')}`)).total).toBeGreaterThanOrEqual(53);
    expect((await list(`q=${encodeURIComponent(owner.email.toUpperCase())}`)).total).toBe(53);
    const tier = await list(`q=${run}&firsttier=true`);
    expect(tier.rows.map((r) => r.id)).toEqual([`${run}-003`]);
  });

  it('toggles the unpaid mark', async () => {
    const id = `${run}-010`;
    const url = `/api/admin/events/${id}/unpaid`;
    const marked = await call(t.app, 'PUT', url, { as: boss, body: { unpaid: true } });
    expect(marked.body).toEqual({ unpaidAt: t.clock.t });
    expect((await list(`q=${id}`)).rows[0]!.unpaidAt).toBe(t.clock.t);
    const paid = await call(t.app, 'PUT', url, { as: boss, body: { unpaid: false } });
    expect(paid.body).toEqual({ unpaidAt: null });
    expect((await list(`q=${id}`)).rows[0]!.unpaidAt).toBeNull();
    const missing = await call(t.app, 'PUT', '/api/admin/events/no-such/unpaid', {
      as: boss,
      body: { unpaid: true },
    });
    expect([missing.status, errorOf(missing)]).toEqual([404, 'error.notfound']);
    const bad = await call(t.app, 'PUT', url, { as: boss, body: { unpaid: 'yes' } });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it('is for the super admin only, and checks its query', async () => {
    for (const [as, status, key] of [
      [null, 401, 'error.unauthorized'],
      [owner, 403, 'error.forbidden'],
      [stranger, 403, 'error.forbidden'],
    ] as const) {
      const res = await call(t.app, 'GET', '/api/admin/events', { as });
      expect([res.status, errorOf(res)]).toEqual([status, key]);
      const put = await call(t.app, 'PUT', `/api/admin/events/${run}-001/unpaid`, {
        as,
        body: { unpaid: true },
      });
      expect([put.status, errorOf(put)]).toEqual([status, key]);
    }
    expect((await list(`q=${run}-001`)).rows[0]!.unpaidAt).toBeNull();
    for (const query of ['page=-1', 'page=x', 'firsttier=yes', 'sort=name']) {
      const res = await call(t.app, 'GET', `/api/admin/events?${query}`, { as: boss });
      expect([res.status, errorOf(res)], query).toEqual([400, 'error.validation']);
    }
  });
});

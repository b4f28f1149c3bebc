import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogView, NewsItem } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp, uniqueEmail, signUpProven } from '../test/factories.ts';

const body = (time: number, et: string, en: string, content = '<p>Tere</p>') => ({
  time,
  et: { title: et, content },
  en: { title: en, content: en === '' ? '' : '<p>Hello</p>' },
});

describe.each(testDialects())('news on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let boss: TestUser;
  let someone: TestUser;
  const ownerEmail = uniqueEmail('owner');
  const bossEmail = uniqueEmail('boss');

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      platformOwnerEmail: ownerEmail,
      superAdminEmails: [bossEmail],
    });
    owner = await signUpProven(t, ownerEmail);
    boss = await signUpProven(t, bossEmail);
    someone = await signUp(t.app);
  });
  afterAll(() => t.close());

  const list = async () => {
    const res = await call<NewsItem[]>(t.app, 'GET', '/api/news');
    expect(res.status).toBe(200);
    return res.body;
  };

  it('the owner adds items; anyone reads them newest first, sanitised', async () => {
    const older = await call<NewsItem>(t.app, 'POST', '/api/news', {
      as: owner,
      body: body(1_700_000_000, 'Vanem uudis', 'Older news'),
    });
    expect(older.status, JSON.stringify(older.body)).toBe(201);
    const hostile =
      '<p>Uus <strong>hooaeg</strong></p><script>alert(1)</script><img src=x onerror="x()">';
    const newer = await call<NewsItem>(t.app, 'POST', '/api/news', {
      as: owner,
      body: body(1_800_000_000, 'Uus hooaeg', '', hostile),
    });
    expect(newer.body).toEqual({
      time: 1_800_000_000,
      et: { title: 'Uus hooaeg', content: '<p>Uus <strong>hooaeg</strong></p>' },
      en: null,
    });
    // Anonymous readers get the same list.
    const res = await call<NewsItem[]>(t.app, 'GET', '/api/news');
    expect(res.body).toEqual([
      newer.body,
      {
        time: 1_700_000_000,
        et: { title: 'Vanem uudis', content: '<p>Tere</p>' },
        en: { title: 'Older news', content: '<p>Hello</p>' },
      },
    ]);
    // Stored per language keyed by unix seconds (news/{lang}/{unixSeconds}).
    const rows = await t.handle.db.selectFrom('news').select(['id', 'ts']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'en/1700000000', ts: 1_700_000_000_000 },
      { id: 'et/1700000000', ts: 1_700_000_000_000 },
      { id: 'et/1800000000', ts: 1_800_000_000_000 },
    ]);
  });

  it('refuses a second item at the same second, and keeps the first', async () => {
    const res = await call(t.app, 'POST', '/api/news', {
      as: owner,
      body: body(1_700_000_000, 'Teine', 'Second'),
    });
    expect([res.status, errorOf(res)]).toEqual([409, 'news.error.exists']);
    expect((await list()).find((n) => n.time === 1_700_000_000)?.et?.title).toBe('Vanem uudis');
  });

  it('the owner edits an item, its time too, and deletes it', async () => {
    const edited = await call<NewsItem>(t.app, 'PUT', '/api/news/1700000000', {
      as: owner,
      body: body(1_700_000_000, 'Parandatud', 'Fixed'),
    });
    expect(edited.status).toBe(200);
    expect((await list()).find((n) => n.time === 1_700_000_000)?.en?.title).toBe('Fixed');

    // Moving it onto another item's second is refused and changes nothing.
    const clash = await call(t.app, 'PUT', '/api/news/1700000000', {
      as: owner,
      body: body(1_800_000_000, 'X', 'X'),
    });
    expect([clash.status, errorOf(clash)]).toEqual([409, 'news.error.exists']);
    expect((await list()).map((n) => n.time)).toEqual([1_800_000_000, 1_700_000_000]);

    const moved = await call<NewsItem>(t.app, 'PUT', '/api/news/1700000000', {
      as: owner,
      body: body(1_750_000_000, 'Liigutatud', ''),
    });
    expect(moved.body).toEqual({
      time: 1_750_000_000,
      et: { title: 'Liigutatud', content: '<p>Tere</p>' },
      en: null,
    });
    expect((await list()).map((n) => n.time)).toEqual([1_800_000_000, 1_750_000_000]);

    const missing = await call(t.app, 'PUT', '/api/news/1700000000', {
      as: owner,
      body: body(1_700_000_000, 'A', 'A'),
    });
    expect([missing.status, errorOf(missing)]).toEqual([404, 'error.notfound']);

    const gone = await call(t.app, 'DELETE', '/api/news/1750000000', { as: owner });
    expect(gone.status).toBe(204);
    expect((await list()).map((n) => n.time)).toEqual([1_800_000_000]);
    const again = await call(t.app, 'DELETE', '/api/news/1750000000', { as: owner });
    expect([again.status, errorOf(again)]).toEqual([404, 'error.notfound']);

    // The changes are in the platform's log, of no event.
    const log = await call<AuditLogView>(t.app, 'GET', '/api/admin/log', { as: boss });
    const news = log.body.entries.filter((e) => e.action.startsWith('news.'));
    expect(news).toContainEqual(
      expect.objectContaining({
        action: 'news.delete',
        path: 'news/et/1750000000',
        eventId: null,
        user: expect.objectContaining({ uid: owner.uid }) as unknown,
        old: { title: 'Liigutatud', content: '<p>Tere</p>' },
        value: null,
      }),
    );
    expect(news.map((e) => e.action)).toContain('news.create');
  });

  it('is written by the platform owner only', async () => {
    for (const [as, status, key] of [
      [null, 401, 'error.unauthorized'],
      [someone, 403, 'error.forbidden'],
      [boss, 403, 'error.forbidden'],
    ] as const) {
      const add = await call(t.app, 'POST', '/api/news', {
        as,
        body: body(1_600_000_000, 'A', 'A'),
      });
      expect([add.status, errorOf(add)]).toEqual([status, key]);
      const edit = await call(t.app, 'PUT', '/api/news/1800000000', {
        as,
        body: body(1_800_000_000, 'A', 'A'),
      });
      expect([edit.status, errorOf(edit)]).toEqual([status, key]);
      const del = await call(t.app, 'DELETE', '/api/news/1800000000', { as });
      expect([del.status, errorOf(del)]).toEqual([status, key]);
    }
    expect((await list()).map((n) => [n.time, n.et?.title])).toEqual([
      [1_800_000_000, 'Uus hooaeg'],
    ]);
  });

  it('checks the item', async () => {
    const bad = [
      body(1_600_000_000, '', ''),
      // Content without a title in its language.
      {
        time: 1_600_000_000,
        et: { title: 'A', content: '' },
        en: { title: '', content: '<p>x</p>' },
      },
      body(-1, 'A', 'A'),
      body(1.5, 'A', 'A'),
      { ...body(1_600_000_000, 'A', 'A'), time: '1600000000' },
      body(1_600_000_000, 'x'.repeat(201), 'A'),
      { ...body(1_600_000_000, 'A', 'A'), extra: 1 },
      { time: 1_600_000_000, et: { title: 'A' }, en: { title: '', content: '' } },
    ];
    for (const b of bad) {
      const res = await call(t.app, 'POST', '/api/news', { as: owner, body: b });
      expect([res.status, errorOf(res)], JSON.stringify(b)).toEqual([400, 'error.validation']);
    }
    for (const path of ['/api/news/abc', '/api/news/1.5', '/api/news/-3']) {
      const res = await call(t.app, 'DELETE', path, { as: owner });
      expect([res.status, errorOf(res)], path).toEqual([400, 'error.validation']);
    }
    expect(await list()).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogView, Checkpoint, DeletedKp } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  addAdmin,
  importEvent,
  signUp,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { auditRow } from '../db/audit.ts';
import type { Actor } from '../auth/actor.ts';

describe.each(testDialects())('the changes log on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let boss: TestUser;
  let platformOwner: TestUser;
  const bossEmail = uniqueEmail('boss');
  const platformOwnerEmail = uniqueEmail('platform');

  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail], platformOwnerEmail });
    platformOwner = await signUpProven(t, platformOwnerEmail, 'Pille Platvorm');
    owner = await signUp(t.app, undefined, 'Olev Owner');
    admin = await signUp(t.app, undefined, 'Anu Admin');
    stranger = await signUp(t.app);
    boss = await signUpProven(t, bossEmail);
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const id = uniqueShortlink('log');
    await importEvent(t, resultsEventFile(owner.uid), id);
    return id;
  };
  const log = async (id: string, query = '', as: TestUser = owner) => {
    const res = await call<AuditLogView>(t.app, 'GET', `/api/events/${id}/log?${query}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Each change a second after the one before: the log orders by time. */
  const ok = async (method: string, url: string, as: TestUser, body?: unknown) => {
    t.clock.t += 1000;
    const res = await call(t.app, method as 'POST', url, { as, body });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };

  it('logs settings, admins and checkpoint changes with who, the old and the new value', async () => {
    const id = await newEvent();
    await ok('PATCH', `/api/events/${id}/settings`, owner, {
      settings: { hideresults: true, pointssuffix: 'p' },
    });
    // The same value again is no change.
    await ok('PATCH', `/api/events/${id}/settings`, owner, { settings: { hideresults: true } });
    await ok('PATCH', `/api/events/${id}/settings`, owner, { settings: { hideresults: null } });
    t.clock.t += 1000;
    await addAdmin(t.app, owner, id, admin.uid);
    const kp = (await ok('POST', `/api/events/${id}/checkpoints`, admin, {
      kp: { nr: 40, ra: 2 },
      data: { desc: 'Old mill' },
      answer: null,
    })) as Checkpoint;
    await ok('PATCH', `/api/events/${id}/checkpoints/${kp.id}`, admin, { kp: { ra: 3 } });
    const deleted = (await ok(
      'DELETE',
      `/api/events/${id}/checkpoints/${kp.id}`,
      admin,
    )) as DeletedKp;
    await ok('POST', `/api/events/${id}/deletedkps/${deleted.id}/restore`, admin);
    await ok('PUT', `/api/events/${id}/owner/${admin.uid}`, owner);
    await ok('DELETE', `/api/events/${id}/admins/${owner.uid}`, admin);

    const { entries, next } = await log(id, '', admin);
    expect(next).toBeNull();
    expect(entries.map((e) => [e.action, e.user?.displayName])).toEqual([
      ['admins.remove', 'Anu Admin'],
      ['admins.owner', 'Olev Owner'],
      ['kp.restore', 'Anu Admin'],
      ['kp.delete', 'Anu Admin'],
      ['kp.update', 'Anu Admin'],
      ['kp.create', 'Anu Admin'],
      ['admins.add', 'Olev Owner'],
      ['settings.update', 'Olev Owner'],
      ['settings.update', 'Olev Owner'],
      ['settings.update', 'Olev Owner'],
    ]);
    // The last one removed hideresults; the first PATCH changed two settings (one entry each).
    const settings = entries.filter((e) => e.action === 'settings.update');
    expect(settings.map((e) => [e.path, e.old, e.value])[0]).toEqual([
      `eventsdata/${id}/data/hideresults`,
      true,
      null,
    ]);
    expect(settings.slice(1).map((e) => [e.path, e.old, e.value])).toEqual(
      expect.arrayContaining([
        [`eventsdata/${id}/data/hideresults`, null, true],
        [`eventsdata/${id}/data/pointssuffix`, null, 'p'],
      ]),
    );
    const update = entries.find((e) => e.action === 'kp.update')!;
    expect(update.path).toBe(`eventsdata/${id}/kp/${kp.id}`);
    expect(update.old).toMatchObject({ kp: { nr: 40, ra: 2 }, data: { desc: 'Old mill' } });
    expect(update.value).toMatchObject({ kp: { nr: 40, ra: 3 } });
    expect(entries.find((e) => e.action === 'admins.owner')).toMatchObject({
      old: owner.uid,
      value: admin.uid,
    });
    expect(entries.find((e) => e.action === 'admins.remove')).toMatchObject({
      path: `events/${id}/admins/${owner.uid}`,
      old: 'admin',
      value: null,
    });
  });

  it('filters by kind, person and time, and pages newest first', async () => {
    const id = await newEvent();
    // An answer edit (answers) and a team change (teams) are different kinds.
    await ok('PUT', `/api/events/${id}/teams/alpha/answers/k3`, owner, { answer: 'r1' });
    await ok('PATCH', `/api/events/${id}/teams/bravo`, owner, { name: 'Bravo Two' });
    expect((await log(id, 'what=answers')).entries.map((e) => e.action)).toEqual([
      'team.answer.set',
    ]);
    expect((await log(id, 'what=teams')).entries.map((e) => e.action)).toEqual(['team.update']);
    expect((await log(id, `who=${stranger.uid}`)).entries).toEqual([]);

    // 230 entries over time: pages of 100 that neither overlap nor skip.
    const base = t.clock.t;
    await t.handle.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 228 }, (_, i) =>
          auditRow(
            base + (i + 1) * 1000,
            { uid: owner.uid } as Actor,
            id,
            'settings.update',
            `p/${i}`,
            i,
            i + 1,
          ),
        ),
      )
      .execute();
    const seen: string[] = [];
    let before: string | null = '';
    let pages = 0;
    while (before !== null) {
      const page = await log(id, before ? `before=${before}` : '');
      seen.push(...page.entries.map((e) => e.id));
      before = page.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(230);
    expect([...seen].sort().reverse()).toEqual(seen);
    const window = await log(id, `from=${base + 10_000}&to=${base + 19_000}`);
    expect(window.entries.map((e) => e.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p/${18 - i}`),
    );
  });

  it('shows an event log to its admins and the whole platform to the super admin', async () => {
    const id = await newEvent();
    await ok('PATCH', `/api/events/${id}/settings`, owner, { settings: { pointssuffix: 'x' } });
    const anonymous = await call(t.app, 'GET', `/api/events/${id}/log`);
    expect([anonymous.status, errorOf(anonymous)]).toEqual([401, 'error.unauthorized']);
    const other = await call(t.app, 'GET', `/api/events/${id}/log`, { as: stranger });
    expect([other.status, errorOf(other)]).toEqual([403, 'error.forbidden']);
    expect((await log(id, '', boss)).entries).toHaveLength(1);
    const platform = await call<AuditLogView>(t.app, 'GET', `/api/admin/log?event=${id}`, {
      as: boss,
    });
    expect(platform.body.entries.map((e) => [e.eventId, e.action])).toEqual([
      [id, 'settings.update'],
    ]);
    const notBoss = await call(t.app, 'GET', '/api/admin/log', { as: owner });
    expect([notBoss.status, errorOf(notBoss)]).toEqual([403, 'error.forbidden']);
    for (const query of ['what=everything', 'from=yesterday', 'sort=time']) {
      const bad = await call(t.app, 'GET', `/api/events/${id}/log?${query}`, { as: owner });
      expect([bad.status, errorOf(bad)], query).toEqual([400, 'error.validation']);
    }
  });
  it("the platform's log holds news, translations and creator records, by kind and searched", async () => {
    const news = {
      time: 1_760_000_000,
      et: { title: 'Uus kaart', content: '<p>Tere</p>' },
      en: { title: 'New Map', content: '<p>Hello</p>' },
    };
    await ok('POST', '/api/news', platformOwner, news);
    await ok('PUT', '/api/translations/home.title', boss, { en: 'Events ahead', et: 'Tulekul' });
    await ok('PUT', `/api/admin/creators/${stranger.uid}`, boss);
    // Granting again is no change, and writes no row.
    await ok('PUT', `/api/admin/creators/${stranger.uid}`, boss);
    await ok('DELETE', `/api/admin/creators/${stranger.uid}`, boss);
    await ok('DELETE', `/api/admin/creators/${stranger.uid}`, boss);

    const platform = async (query: string) => {
      const res = await call<AuditLogView>(t.app, 'GET', `/api/admin/log?${query}`, { as: boss });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.entries;
    };
    const creators = await platform('what=creators');
    expect(creators.map((e) => [e.action, e.path, e.old, e.value, e.user?.uid])).toEqual([
      ['creator.revoke', `admin/creators/${stranger.uid}`, 'creator', null, boss.uid],
      ['creator.grant', `admin/creators/${stranger.uid}`, null, 'creator', boss.uid],
    ]);
    expect(creators.every((e) => e.eventId === null)).toBe(true);
    // A change's rows (one per language) share its time: their order among them is any.
    const sorted = (rows: string[][]) => rows.sort((a, b) => a.join().localeCompare(b.join()));
    expect(sorted((await platform('what=news')).map((e) => [e.action, e.path!]))).toEqual([
      ['news.create', 'news/en/1760000000'],
      ['news.create', 'news/et/1760000000'],
    ]);
    const translations = await platform('what=translations');
    expect(sorted(translations.map((e) => [e.action, String(e.value)]))).toEqual([
      ['translation.set', 'Events ahead'],
      ['translation.set', 'Tulekul'],
    ]);

    // The search finds a value in any case, a path, an author by name or email, an event id.
    expect((await platform('q=new%20MAP')).map((e) => e.path)).toEqual(['news/en/1760000000']);
    expect((await platform('q=HOME%2Ftitle')).map((e) => e.action)).toEqual([
      'translation.set',
      'translation.set',
    ]);
    const byName = await platform(`q=pille&what=news`);
    expect(byName.map((e) => e.user?.displayName)).toEqual(['Pille Platvorm', 'Pille Platvorm']);
    expect((await platform(`q=${encodeURIComponent(platformOwnerEmail)}`)).length).toBe(2);
    const id = await newEvent();
    await ok('PATCH', `/api/events/${id}/settings`, owner, { settings: { pointssuffix: 'x' } });
    expect((await platform(`q=${id.toUpperCase()}`)).map((e) => [e.eventId, e.action])).toEqual([
      [id, 'settings.update'],
    ]);
    // LIKE's own characters are taken as they are (as patterns both would match news/en/…).
    expect(await platform('q=news_en')).toEqual([]);
    expect(await platform('q=news%25en')).toEqual([]);
    expect((await platform('q=news%2Fen')).length).toBe(1);
    // An event's log holds none of the platform's changes.
    expect((await log(id, 'q=pille')).entries).toEqual([]);
    const blank = await call(t.app, 'GET', '/api/admin/log?q=%20', { as: boss });
    expect([blank.status, errorOf(blank)]).toEqual([400, 'error.validation']);
  });

  it("keeps the platform's log from everyone but the super admin", async () => {
    const anonymous = await call(t.app, 'GET', '/api/admin/log');
    expect([anonymous.status, errorOf(anonymous)]).toEqual([401, 'error.unauthorized']);
    for (const as of [owner, stranger, platformOwner]) {
      const res = await call(t.app, 'GET', '/api/admin/log?what=news', { as });
      expect([res.status, errorOf(res)], as.email).toEqual([403, 'error.forbidden']);
    }
  });
});

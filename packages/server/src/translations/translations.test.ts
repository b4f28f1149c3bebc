import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATIONS_TOPIC } from '@rada/core';
import type { AuditLogView, ServerMessage, TranslationOverrides } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp, uniqueEmail, signUpProven } from '../test/factories.ts';
import { inProcessBus } from '../realtime/bus.ts';
import { attachSocket } from '../realtime/hub.ts';

const KEY = 'home.upcoming';
const url = (key: string) => `/api/translations/${encodeURIComponent(key)}`;

describe.each(testDialects())('translation overrides on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let boss: TestUser;
  let someone: TestUser;
  const ownerEmail = uniqueEmail('owner');
  const bossEmail = uniqueEmail('boss');
  const heard: ServerMessage[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      platformOwnerEmail: ownerEmail,
      superAdminEmails: [bossEmail],
    });
    owner = await signUpProven(t, ownerEmail);
    boss = await signUpProven(t, bossEmail);
    someone = await signUp(t.app);
    t.bus.subscribe(TRANSLATIONS_TOPIC, (m) => heard.push(m));
  });
  afterAll(() => t.close());

  const overrides = async () => {
    const res = await call<TranslationOverrides>(t.app, 'GET', '/api/translations');
    expect(res.status).toBe(200);
    return res.body;
  };

  it('starts empty, readable by anyone, and answers 304 to its own ETag', async () => {
    const res = await call<TranslationOverrides>(t.app, 'GET', '/api/translations');
    expect(res.body).toEqual({ en: {}, et: {} });
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    const again = await call(t.app, 'GET', '/api/translations', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('the owner saves both texts of a key together; everyone reads them; the apps are told', async () => {
    const before = String((await call(t.app, 'GET', '/api/translations')).headers.etag);
    heard.length = 0;
    const res = await call(t.app, 'PUT', url(KEY), {
      as: owner,
      body: { en: 'Coming up', et: 'Tulekul' },
    });
    expect([res.status, res.body]).toEqual([200, { en: 'Coming up', et: 'Tulekul' }]);
    expect(await overrides()).toEqual({ en: { [KEY]: 'Coming up' }, et: { [KEY]: 'Tulekul' } });
    expect(heard).toEqual([{ v: 1, type: 'translations.changed' }]);
    // A changed set has another ETag: a browser's kept copy is not used.
    const changed = await call(t.app, 'GET', '/api/translations', {
      headers: { 'if-none-match': before },
    });
    expect(changed.status).toBe(200);

    // A super admin too; a key with spaces (the product has some) and a second save replaces.
    const spaced = 'debug.issue.GPS for unknown device';
    const put = await call(t.app, 'PUT', url(spaced), {
      as: boss,
      body: { en: 'GPS of an unknown phone', et: 'Tundmatu telefoni GPS' },
    });
    expect(put.status).toBe(200);
    await call(t.app, 'PUT', url(KEY), { as: boss, body: { en: 'Upcoming', et: 'Eesootavad' } });
    expect(await overrides()).toEqual({
      en: { [KEY]: 'Upcoming', [spaced]: 'GPS of an unknown phone' },
      et: { [KEY]: 'Eesootavad', [spaced]: 'Tundmatu telefoni GPS' },
    });
    expect(
      await t.handle.db.selectFrom('translations').select('lang').where('key', '=', KEY).execute(),
    ).toHaveLength(2);

    // Logged as the stored paths (locales/{lang}/translation/{key path}).
    const log = await call<AuditLogView>(t.app, 'GET', '/api/admin/log', { as: boss });
    const etPath = 'locales/et/translation/home/upcoming';
    expect(log.body.entries.filter((e) => e.path === etPath)).toContainEqual(
      expect.objectContaining({
        action: 'translation.set',
        old: 'Tulekul',
        value: 'Eesootavad',
        eventId: null,
        user: expect.objectContaining({ uid: boss.uid }) as unknown,
      }),
    );
  });

  it('a removed key shows the bundled text again', async () => {
    heard.length = 0;
    const res = await call(t.app, 'DELETE', url(KEY), { as: owner });
    expect(res.status).toBe(204);
    expect((await overrides()).et[KEY]).toBeUndefined();
    expect(heard).toEqual([{ v: 1, type: 'translations.changed' }]);
    const again = await call(t.app, 'DELETE', url(KEY), { as: owner });
    expect([again.status, errorOf(again)]).toEqual([404, 'error.notfound']);
  });

  it('is written by the owner and super admins only', async () => {
    heard.length = 0;
    for (const [as, status, key] of [
      [null, 401, 'error.unauthorized'],
      [someone, 403, 'error.forbidden'],
    ] as const) {
      const put = await call(t.app, 'PUT', url('home.myevents'), {
        as,
        body: { en: 'Mine', et: 'Minu' },
      });
      expect([put.status, errorOf(put)]).toEqual([status, key]);
      const del = await call(t.app, 'DELETE', url('debug.issue.GPS for unknown device'), { as });
      expect([del.status, errorOf(del)]).toEqual([status, key]);
    }
    expect((await overrides()).en['home.myevents']).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it('checks the key and both texts', async () => {
    const good = { en: 'Text', et: 'Tekst' };
    const cases: [string, unknown][] = [
      ['home/upcoming', good],
      [' home.upcoming', good],
      ['home.upcoming ', good],
      ['home.<b>', good],
      [KEY, { en: 'Text' }],
      [KEY, { en: 'Text', et: '   ' }],
      [KEY, { en: '', et: 'Tekst' }],
      [KEY, { en: 'x'.repeat(2001), et: 'Tekst' }],
      [KEY, { en: 'Bell\u0007', et: 'Tekst' }],
      [KEY, { ...good, de: 'Text' }],
      [KEY, { en: 1, et: 'Tekst' }],
    ];
    for (const [key, body] of cases) {
      const res = await call(t.app, 'PUT', url(key), { as: owner, body });
      expect([res.status, errorOf(res)], `${key} ${JSON.stringify(body)}`).toEqual([
        400,
        'error.validation',
      ]);
    }
    // A line break is fine.
    const multi = await call(t.app, 'PUT', url(KEY), {
      as: owner,
      body: { en: 'A\nB', et: 'C\nD' },
    });
    expect(multi.status).toBe(200);
  });
});

describe('the translations topic', () => {
  it('any socket may follow it and hears a change', () => {
    const bus = inProcessBus();
    const sent: ServerMessage[] = [];
    const session = attachSocket(bus, {
      send: (text) => sent.push(JSON.parse(text) as ServerMessage),
      close: () => undefined,
    });
    session.onMessage(JSON.stringify({ v: 1, type: 'subscribe', topic: TRANSLATIONS_TOPIC }));
    bus.publish(TRANSLATIONS_TOPIC, { v: 1, type: 'translations.changed' });
    expect(sent).toEqual([
      { v: 1, type: 'hello' },
      { v: 1, type: 'subscribed', topic: 'translations' },
      { v: 1, type: 'translations.changed' },
    ]);
    // Not a look-alike.
    session.onMessage(JSON.stringify({ v: 1, type: 'subscribe', topic: 'translationsx' }));
    expect(sent.at(-1)).toEqual({ v: 1, type: 'error', error: 'error.validation' });
  });
});

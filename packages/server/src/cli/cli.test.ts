import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord, Me } from '@rada/core';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { databaseUrlFor } from '../test/cliDatabase.ts';
import { buildTestAppOn, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, countRows, signIn, signUp, uniqueEmail } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { cli } from '../test/cli.ts';

/**
 * The app on the command line's database (DATABASE_URL), closed before the next command:
 * a PGlite folder admits one process at a time, like a real installation.
 */
async function withApp<T>(fn: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await buildTestAppOn(await openDatabase(loadConfig().database));
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

describe.each(testDialects())('command line on $name', (dialect) => {
  const dir = path.join(os.tmpdir(), `rada-cli-${randomUUID()}`);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const savedUrl = process.env.DATABASE_URL;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    const db = await databaseUrlFor(dialect);
    cleanup = db.cleanup;
    process.env.DATABASE_URL = db.url;
    const migrated = await cli('migrate');
    expect(migrated).toMatchObject({ code: 0, err: 'The database schema is up to date.\n' });
  });
  afterAll(async () => {
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a password-reset link that works on a server without email, once', async () => {
    const email = uniqueEmail('reset');
    await withApp((t) => signUp(t.app, email));
    const printed = await cli('reset-link', email.toUpperCase());
    expect(printed.code, printed.err).toBe(0);
    const token = /^http:\/\/localhost:\d+\/auth\/reset#token=([\w-]+)\n$/.exec(printed.out)?.[1];
    expect(token, printed.out).toBeDefined();
    await withApp(async (t) => {
      const confirm = () =>
        call<Me>(t.app, 'POST', '/api/auth/password-reset/confirm', {
          body: { token, password: 'chosen after reset' },
        });
      const reset = await confirm();
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.email).toBe(email);
      expect((await confirm()).status).toBe(400);
      await signIn(t.app, email, 'chosen after reset');
    });
    expect(await cli('reset-link', uniqueEmail('nobody'))).toMatchObject({ code: 1 });
  });

  it('imports the event file and exports it back unchanged', async () => {
    const file = write('spring.json', JSON.stringify(sampleEventFile(), null, 2));
    const imported = await cli('import', file, '--id', 'x');
    // Admins without an account here are kept (shown as unknown), with a warning each.
    expect(imported).toEqual({
      code: 0,
      out: 'x\n',
      err:
        'warning: events.admins.uid-owner: no account with this uid here (kept, shown as unknown)\n' +
        'warning: events.admins.uid-admin: no account with this uid here (kept, shown as unknown)\n' +
        'Imported Spring rogaine as /x\n',
    });

    const exported = await cli('export', 'x');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.out)).toEqual(sampleEventFile());
  });

  it('takes the short link from the event name when no --id is given', async () => {
    const file = write('named.json', JSON.stringify(sampleEventFile()));
    expect(await cli('import', file)).toMatchObject({ code: 0, out: 'Springrogaine\n' });
  });

  it('refuses a file that is not JSON, lacks a part, or takes a used id, writing nothing', async () => {
    const before = await withApp((t) => countRows(t.handle.db));
    const { evdoc: _evdoc, ...noEvdoc } = sampleEventFile();
    const cases: [string, string[], RegExp][] = [
      [
        'not JSON',
        ['import', write('bad.json', '{"events": {'), '--id', 'bad1'],
        /^createevent\.badtemplate: not JSON/,
      ],
      [
        'no evdoc',
        ['import', write('noevdoc.json', JSON.stringify(noEvdoc)), '--id', 'bad2'],
        /^createevent\.badtemplate: evdoc/,
      ],
      [
        'taken id',
        ['import', write('again.json', JSON.stringify(sampleEventFile())), '--id', 'X'],
        /^createevent\.err\.exists/,
      ],
    ];
    for (const [what, args, message] of cases) {
      const res = await cli(...args);
      expect(res.code, what).toBe(1);
      expect(res.out, what).toBe('');
      expect(res.err, what).toMatch(message);
    }
    expect((await cli('import', write('bad.json', '{"events": {'), '--id', 'bad1')).err).toBe(
      'createevent.badtemplate: not JSON\n',
    );
    expect(await withApp((t) => countRows(t.handle.db))).toEqual(before);
  });

  it('refuses a file whose contents the KP API would refuse, printing every problem by path', async () => {
    const before = await withApp((t) => countRows(t.handle.db));
    const good = sampleEventFile();
    const bad = {
      ...good,
      eventsdata: {
        ...good.eventsdata,
        kp: { ...good.eventsdata.kp, kp3: { nr: { n: 3 } }, kp4: { nr: 31 } },
        kpdata: { ...good.eventsdata.kpdata, kp1: { loc: { lat: 999, lng: 26.7 } } },
      },
    };
    const res = await cli('import', write('invalid.json', JSON.stringify(bad)), '--id', 'bad3');
    expect(res.code).toBe(1);
    expect(res.out).toBe('');
    const lines = res.err.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^eventfile\.error\.invalid: /);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}eventsdata\.kp\.kp3\.nr: /),
      '  eventsdata.kp.kp4.nr: KP number 31 is already used by kp2',
      expect.stringMatching(/^ {2}eventsdata\.kpdata\.kp1\.loc\.lat: /),
    ]);
    expect(await withApp((t) => countRows(t.handle.db))).toEqual(before);
  });

  it('makes a super admin who may manage creators and read every event', async () => {
    const email = uniqueEmail('root');
    const res = await cli('superadmin', email.toUpperCase(), '--password', PASSWORD);
    expect(res).toEqual({ code: 0, out: '', err: `${email} is now a super admin.\n` });
    const exported = await cli('export', 'x');

    await withApp(async (t) => {
      const cookie = await signIn(t.app, email);
      const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
      expect(me.body).toMatchObject({
        email,
        superAdmin: true,
        creator: true,
        platformOwner: false,
      });
      const creators = await call<CreatorRecord[]>(t.app, 'GET', '/api/admin/creators', {
        as: { cookie },
      });
      expect(creators.status).toBe(200);
      expect(creators.body.map((c) => c.email)).toContain(email);
      // The command line's export prints what the API serves.
      const api = await t.app.inject({
        method: 'GET',
        url: '/api/events/x/export',
        headers: { cookie },
      });
      expect(api.statusCode).toBe(200);
      expect(exported.out).toBe(api.body + '\n');
    });
  });

  it('prints a generated password for a new super admin account, and it works', async () => {
    const email = uniqueEmail('first');
    const res = await cli('superadmin', email);
    expect(res.code).toBe(0);
    const password = /New account created\. Password: (\S+)\n/.exec(res.err)?.[1];
    expect(password).toMatch(/^[\w-]{12}$/);
    await withApp(async (t) => {
      const cookie = await signIn(t.app, email, password);
      const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
      expect(me.body.superAdmin).toBe(true);
    });
  });

  it('grants a creator record to an existing account only', async () => {
    const user = await withApp((t) => signUp(t.app));
    expect(await cli('creator', user.email.toUpperCase())).toMatchObject({ code: 0 });
    await withApp(async (t) => {
      const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: user });
      expect(me.body).toMatchObject({ creator: true, superAdmin: false });
    });
    const unknown = await cli('creator', uniqueEmail('ghost'));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/existing account/);
  });

  it('explains its usage and refuses unknown commands and missing events', async () => {
    expect((await cli()).code).toBe(2);
    const help = await cli('help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/superadmin <email>/);
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^Unknown command: frobnicate/);
    const missing = await cli('export', 'no-such-event');
    expect(missing).toMatchObject({ code: 1, out: '', err: 'No event no-such-event\n' });
    expect((await cli('superadmin', 'not-an-email')).code).toBe(1);
  });
});

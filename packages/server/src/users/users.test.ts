import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord, Me, UserRecord } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  signUp,
  signUpCreator,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';

describe.each(testDialects())('users and creators on $name', (dialect) => {
  const bossEmail = uniqueEmail('boss');
  let t: TestApp;
  let boss: TestUser;
  let creator: TestUser;
  let mari: TestUser;
  let jaan: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    boss = await signUpProven(t, bossEmail);
    creator = await signUpCreator(t);
    mari = await signUp(t.app, uniqueEmail('mari'), 'Mari A100 Maasikas');
    jaan = await signUp(t.app, uniqueEmail('jaan_100'), 'Jaan 100% Tamm');
  });
  afterAll(() => t.close());

  const createEvent = (as: TestUser) =>
    call(t.app, 'POST', '/api/events', {
      as,
      body: { name: 'E', shortlink: uniqueShortlink(), starttime: 0, endtime: null },
    });

  it('lets a super admin grant and revoke creator records, which decide event creation', async () => {
    expect(errorOf(await createEvent(mari))).toBe('guide.nocreatorpermission');

    const grantedAt = (t.clock.t += 1234);
    expect((await call(t.app, 'PUT', `/api/admin/creators/${mari.uid}`, { as: boss })).status).toBe(
      204,
    );
    // Granting twice is harmless.
    expect((await call(t.app, 'PUT', `/api/admin/creators/${mari.uid}`, { as: boss })).status).toBe(
      204,
    );
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: mari });
    expect(me.body.creator).toBe(true);
    expect((await createEvent(mari)).status).toBe(201);

    const list = await call<CreatorRecord[]>(t.app, 'GET', '/api/admin/creators', { as: boss });
    expect(list.body).toContainEqual({
      uid: mari.uid,
      email: mari.email,
      displayName: 'Mari A100 Maasikas',
      grantedAt,
    });
    expect(list.body.map((c) => c.uid)).toContain(creator.uid);
    expect(list.body.map((c) => c.uid)).not.toContain(jaan.uid);

    expect(
      (await call(t.app, 'DELETE', `/api/admin/creators/${mari.uid}`, { as: boss })).status,
    ).toBe(204);
    expect((await call<Me>(t.app, 'GET', '/api/auth/me', { as: mari })).body.creator).toBe(false);
    expect(errorOf(await createEvent(mari))).toBe('guide.nocreatorpermission');
    const after = await call<CreatorRecord[]>(t.app, 'GET', '/api/admin/creators', { as: boss });
    expect(after.body.map((c) => c.uid)).not.toContain(mari.uid);
  });

  it('refuses to grant a creator record to an unknown user (404 admins.error.unknownuser)', async () => {
    const res = await call(t.app, 'PUT', '/api/admin/creators/no-such-user', { as: boss });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toBe('admins.error.unknownuser');
  });

  // A super admin's full search; others' limits are in directory.test.ts.
  it('searches the directory by name or email, case-insensitively, without secrets', async () => {
    const byName = await call<UserRecord[]>(t.app, 'GET', '/api/users?s=maaSIKAS', { as: boss });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([
      { uid: mari.uid, displayName: 'Mari A100 Maasikas', email: mari.email, phoneNumber: null },
    ]);
    const byEmail = await call<UserRecord[]>(
      t.app,
      'GET',
      `/api/users?s=${encodeURIComponent(jaan.email.slice(0, 12).toUpperCase())}`,
      { as: boss },
    );
    expect(byEmail.body.map((u) => u.uid)).toEqual([jaan.uid]);
    expect(JSON.stringify(byEmail.body)).not.toMatch(/password|argon2/);

    const blank = await call<UserRecord[]>(t.app, 'GET', '/api/users?s=%20%20', { as: boss });
    expect(blank.body).toEqual([]);
  });

  it('treats % and _ in a search as plain characters, not wildcards', async () => {
    // As wildcards, '%' would match everyone and '_100' would match Mari's 'A100' too.
    const percent = await call<UserRecord[]>(t.app, 'GET', '/api/users?s=%25', { as: boss });
    expect(percent.body.map((u) => u.uid)).toEqual([jaan.uid]);
    const underscore = await call<UserRecord[]>(t.app, 'GET', '/api/users?s=_100', { as: boss });
    expect(underscore.body.map((u) => u.uid)).toEqual([jaan.uid]);
  });

  it('matches letters beyond ASCII in any case (Ülle Õunapuu)', async () => {
    const ylle = await signUp(t.app, uniqueEmail('ylle'), 'Ülle Õunapuu');
    for (const s of ['ülle', 'ÜLLE', 'õunapuu', 'ÕUNAPUU']) {
      const res = await call<UserRecord[]>(t.app, 'GET', `/api/users?s=${encodeURIComponent(s)}`, {
        as: boss,
      });
      expect(
        res.body.map((u) => u.uid),
        s,
      ).toEqual([ylle.uid]);
    }
  });

  it('looks users up by id, ignoring unknown ids', async () => {
    const res = await call<UserRecord[]>(
      t.app,
      'GET',
      `/api/users?uids=${mari.uid},nobody,${jaan.uid}`,
      { as: boss },
    );
    expect(res.body.map((u) => u.uid).sort()).toEqual([mari.uid, jaan.uid].sort());
  });
});

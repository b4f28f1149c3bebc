import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAdmin } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  addAdmin,
  buildEvent,
  signUp,
  signUpCreator,
  uniqueEmail,
  signUpProven,
} from '../test/factories.ts';

describe.each(testDialects())('event owner transfer on $name', (dialect) => {
  const bossEmail = uniqueEmail('boss');
  let t: TestApp;
  let owner: TestUser;
  let zoe: TestUser;
  let adam: TestUser;
  let boss: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    owner = await signUpCreator(t, uniqueEmail('owner'));
    zoe = await signUp(t.app, uniqueEmail('zoe'), 'Zoe');
    adam = await signUp(t.app, uniqueEmail('adam'), 'Adam');
    boss = await signUpProven(t, bossEmail, 'Boss');
  });
  afterAll(() => t.close());

  const transfer = (id: string, uid: string, as: TestUser | null = owner) =>
    call<EventAdmin[]>(t.app, 'PUT', `/api/events/${id}/owner/${uid}`, { as });
  const roles = async (id: string) =>
    Object.fromEntries(
      (
        await t.handle.db
          .selectFrom('event_admins')
          .select(['user_id', 'role'])
          .where('event_id', '=', id)
          .execute()
      ).map((a) => [a.user_id, a.role]),
    );

  it('lets the owner make another admin the owner, staying an admin', async () => {
    const event = await buildEvent(t.app, owner);
    await addAdmin(t.app, owner, event.id, zoe.uid);
    const seen: string[][] = [];
    const stop = t.bus.subscribe(`event:${event.id}`, (m) => {
      if (m.type === 'event.changed') seen.push(m.what);
    });
    const res = await transfer(event.id, zoe.uid);
    stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((a) => [a.uid, a.role])).toEqual([
      [zoe.uid, 'owner'],
      [owner.uid, 'admin'],
    ]);
    expect(await roles(event.id)).toEqual({ [zoe.uid]: 'owner', [owner.uid]: 'admin' });
    expect(seen).toEqual([['admins']]);
    // The old owner is an admin now: it can no longer hand the event on, the new owner can.
    const back = await transfer(event.id, owner.uid, owner);
    expect([back.status, errorOf(back)]).toEqual([403, 'error.forbidden']);
    expect((await transfer(event.id, owner.uid, zoe)).status).toBe(200);
    expect(await roles(event.id)).toEqual({ [owner.uid]: 'owner', [zoe.uid]: 'admin' });
    // Making the owner the owner changes nothing.
    expect((await transfer(event.id, owner.uid)).status).toBe(200);
    expect(await roles(event.id)).toEqual({ [owner.uid]: 'owner', [zoe.uid]: 'admin' });
  });

  it('lets only the owner or a super admin transfer, and only to an admin', async () => {
    const event = await buildEvent(t.app, owner);
    await addAdmin(t.app, owner, event.id, zoe.uid);
    expect((await transfer(event.id, zoe.uid, null)).status).toBe(401);
    // An admin cannot take the event over, nor can a stranger.
    const byAdmin = await transfer(event.id, zoe.uid, zoe);
    expect([byAdmin.status, errorOf(byAdmin)]).toEqual([403, 'error.forbidden']);
    expect((await transfer(event.id, adam.uid, adam)).status).toBe(403);
    const notAdmin = await transfer(event.id, adam.uid);
    expect([notAdmin.status, errorOf(notAdmin)]).toEqual([409, 'admins.error.notadmin']);
    expect((await transfer(`nope-${event.id}`, zoe.uid)).status).toBe(404);
    expect(await roles(event.id)).toEqual({ [owner.uid]: 'owner', [zoe.uid]: 'admin' });

    const bySuper = await transfer(event.id, zoe.uid, boss);
    expect(bySuper.status, JSON.stringify(bySuper.body)).toBe(200);
    expect(await roles(event.id)).toEqual({ [zoe.uid]: 'owner', [owner.uid]: 'admin' });
  });
});

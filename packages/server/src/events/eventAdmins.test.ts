import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAdmin } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  buildEvent,
  importEvent,
  signUp,
  signUpCreator,
  uniqueEmail,
  uniqueShortlink,
} from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

describe.each(testDialects())('event admins on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let zoe: TestUser;
  let adam: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t, uniqueEmail('owner'));
    zoe = await signUp(t.app, uniqueEmail('zoe'), 'Zoe');
    adam = await signUp(t.app, uniqueEmail('adam'), 'Adam');
  });
  afterAll(() => t.close());

  const admins = (id: string, as: TestUser = owner) =>
    call<EventAdmin[]>(t.app, 'GET', `/api/events/${id}/admins`, { as });
  const put = (id: string, uid: string, as: TestUser = owner) =>
    call<EventAdmin[]>(t.app, 'PUT', `/api/events/${id}/admins/${uid}`, { as });
  const remove = (id: string, uid: string, as: TestUser = owner) =>
    call<EventAdmin[]>(t.app, 'DELETE', `/api/events/${id}/admins/${uid}`, { as });
  const canReadSettings = async (id: string, as: TestUser) =>
    (await call(t.app, 'GET', `/api/events/${id}/settings`, { as })).status === 200;

  it('lists the owner first, then admins by name, with names and emails', async () => {
    const event = await buildEvent(t.app, owner);
    expect((await admins(event.id)).body).toEqual([
      { uid: owner.uid, role: 'owner', displayName: owner.email.split('@')[0], email: owner.email },
    ]);
    await put(event.id, zoe.uid);
    const res = await put(event.id, adam.uid);
    expect(res.status).toBe(200);
    expect(res.body.map((a) => [a.displayName, a.role])).toEqual([
      [owner.email.split('@')[0], 'owner'],
      ['Adam', 'admin'],
      ['Zoe', 'admin'],
    ]);
    expect((await admins(event.id)).body).toEqual(res.body);
  });

  it('gives an added admin access and takes it away on removal', async () => {
    const event = await buildEvent(t.app, owner);
    expect(await canReadSettings(event.id, zoe)).toBe(false);
    await put(event.id, zoe.uid);
    expect(await canReadSettings(event.id, zoe)).toBe(true);
    // An admin may add another admin and remove admins, but not delete the event.
    expect((await put(event.id, adam.uid, zoe)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/events/${event.id}`, { as: zoe })).status).toBe(403);
    const removed = await remove(event.id, adam.uid, zoe);
    expect(removed.status).toBe(200);
    expect(removed.body.map((a) => a.uid)).toEqual([owner.uid, zoe.uid]);
    expect(await canReadSettings(event.id, adam)).toBe(false);

    await remove(event.id, zoe.uid);
    expect(await canReadSettings(event.id, zoe)).toBe(false);
  });

  it('never removes or demotes the owner (409 admins.error.owner)', async () => {
    const event = await buildEvent(t.app, owner);
    await put(event.id, zoe.uid);
    const res = await remove(event.id, owner.uid, zoe);
    expect(res.status).toBe(409);
    expect(errorOf(res)).toBe('admins.error.owner');
    // Adding the owner again as admin keeps them owner.
    const again = await put(event.id, owner.uid, zoe);
    expect(again.body.find((a) => a.uid === owner.uid)?.role).toBe('owner');
    expect((await call(t.app, 'DELETE', `/api/events/${event.id}`, { as: owner })).status).toBe(
      204,
    );
  });

  it('refuses to add an unknown user (404 admins.error.unknownuser)', async () => {
    const event = await buildEvent(t.app, owner);
    const res = await put(event.id, 'no-such-user');
    expect(res.status).toBe(404);
    expect(errorOf(res)).toBe('admins.error.unknownuser');
    expect((await admins(event.id)).body).toHaveLength(1);
    // Removing someone who is not an admin changes nothing.
    expect((await remove(event.id, adam.uid)).body.map((a) => a.uid)).toEqual([owner.uid]);
  });

  it('shows admins of an imported event who have no account here as unknown', async () => {
    const id = uniqueShortlink('imp');
    await importEvent(t, sampleEventFile({ owner: owner.uid, admin: 'from-elsewhere' }), id);
    expect((await admins(id)).body).toEqual([
      { uid: owner.uid, role: 'owner', displayName: owner.email.split('@')[0], email: owner.email },
      { uid: 'from-elsewhere', role: 'admin', displayName: '*** Unknown ***', email: '' },
    ]);
  });
});

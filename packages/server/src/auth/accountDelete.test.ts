import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { addAdmin, buildEvent, signUp, signUpCreator } from '../test/factories.ts';

describe.each(testDialects())('account deletion of an event owner on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const deleteAccount = (user: TestUser) =>
    call<ErrorBody>(t.app, 'DELETE', '/api/account', {
      as: user,
      body: { confirm: user.email },
    });

  it('refuses while the account owns events, naming them; goes once they are handed over', async () => {
    const owner = await signUpCreator(t);
    const helper = await signUp(t.app);
    const spring = await buildEvent(t.app, owner, { name: 'Spring rogaine' });
    const autumn = await buildEvent(t.app, owner, { name: 'Autumn rogaine' });
    // An event the account only administers does not hold it back.
    const others = await buildEvent(t.app, await signUpCreator(t));
    await call(t.app, 'PUT', `/api/events/${others.id}/admins/${owner.uid}`, { as: owner });

    const refused = await deleteAccount(owner);
    expect([refused.status, errorOf(refused)]).toEqual([409, 'account.error.ownsevents']);
    expect(refused.body.details).toEqual([
      { path: autumn.id, message: 'Autumn rogaine' },
      { path: spring.id, message: 'Spring rogaine' },
    ]);
    // Nothing was erased: the account signs in and still owns both.
    expect((await call(t.app, 'GET', '/api/auth/me', { as: owner })).status).toBe(200);
    const owned = await t.handle.db
      .selectFrom('event_admins')
      .select('event_id')
      .where('user_id', '=', owner.uid)
      .where('role', '=', 'owner')
      .execute();
    expect(owned).toHaveLength(2);

    // Hand one over to another admin and delete the other: the account may go.
    await addAdmin(t.app, owner, spring.id, helper.uid);
    expect(
      (await call(t.app, 'PUT', `/api/events/${spring.id}/owner/${helper.uid}`, { as: owner }))
        .status,
    ).toBe(200);
    const still = await deleteAccount(owner);
    expect(still.body.details).toEqual([{ path: autumn.id, message: 'Autumn rogaine' }]);
    expect((await call(t.app, 'DELETE', `/api/events/${autumn.id}`, { as: owner })).status).toBe(
      204,
    );
    expect((await deleteAccount(owner)).status).toBe(204);
    const left = await t.handle.db
      .selectFrom('event_admins')
      .select(['user_id', 'role'])
      .where('event_id', '=', spring.id)
      .execute();
    expect(left).toEqual([{ user_id: helper.uid, role: 'owner' }]);
  });
});

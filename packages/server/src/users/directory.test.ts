import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  addAdmin,
  importEvent,
  signUp,
  signUpCreator,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

/**
 * The user directory shows people only what they need: an event admin finds the members and
 * admins of their own events, and anyone else only by the exact email address (to add them as an
 * admin); a phone number goes only to those who administer the person's team. Super admins keep
 * the full search.
 */
describe.each(testDialects())('the user directory’s limits on $name', (dialect) => {
  const bossEmail = uniqueEmail('boss');
  let t: TestApp;
  let boss: TestUser;
  let organiser: TestUser;
  let coAdmin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let otherOrganiser: TestUser;
  let lonelyCreator: TestUser;
  let event: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    boss = await signUpProven(t, bossEmail, 'Boss Dirtest');
    organiser = await signUpCreator(t, uniqueEmail('org'));
    coAdmin = await signUp(t.app, uniqueEmail('coadmin'), 'Cora Dirtest');
    member = await signUp(t.app, uniqueEmail('member'), 'Mari Dirtest');
    outsider = await signUp(t.app, uniqueEmail('outsider'), 'Otto Dirtest');
    otherOrganiser = await signUpCreator(t, uniqueEmail('other'));
    lonelyCreator = await signUpCreator(t, uniqueEmail('lonely'));
    for (const [u, phone] of [
      [member, '+372 5555 0001'],
      [outsider, '+372 5555 0002'],
      [coAdmin, '+372 5555 0003'],
    ] as const) {
      await t.handle.db.updateTable('users').set({ phone }).where('id', '=', u.uid).execute();
    }
    event = uniqueShortlink('dir');
    await importEvent(t, resultsEventFile(organiser.uid), event);
    await addAdmin(t.app, organiser, event, coAdmin.uid);
    const other = uniqueShortlink('dir');
    await importEvent(t, resultsEventFile(otherOrganiser.uid), other);
    await t.handle.db
      .insertInto('team_members')
      .values([
        { event_id: event, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' },
        { event_id: other, team_id: 'alpha', user_id: outsider.uid, joined_at: 1, via: 'reg' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const search = async (as: TestUser, s: string, eventId?: string) => {
    const q = `s=${encodeURIComponent(s)}${eventId ? `&eventId=${eventId}` : ''}`;
    const res = await call<UserRecord[]>(t.app, 'GET', `/api/users?${q}`, { as });
    expect(res.status).toBe(200);
    return res.body;
  };
  const byId = (list: UserRecord[]) => new Map(list.map((u) => [u.uid, u]));

  it('finds the members and admins of the caller’s events by part of a name, nobody else', async () => {
    const found = byId(await search(organiser, 'dirtest', event));
    expect([...found.keys()].sort()).toEqual([coAdmin.uid, member.uid].sort());
    // Part of an email address does not reach beyond them either.
    const byDomain = await search(organiser, 'example.com', event);
    expect(byDomain.map((u) => u.uid)).not.toContain(outsider.uid);
    expect(byDomain.map((u) => u.uid)).not.toContain(boss.uid);
  });

  it('finds anyone else only by the whole email address, in any case, without a phone', async () => {
    const exact = await search(organiser, outsider.email.toUpperCase(), event);
    expect(exact).toEqual([
      { uid: outsider.uid, displayName: 'Otto Dirtest', email: outsider.email, phoneNumber: null },
    ]);
    expect(await search(organiser, outsider.email.slice(0, -1), event)).toEqual([]);
  });

  it('gives a phone number only to the admins of the person’s team', async () => {
    const found = byId(await search(organiser, 'dirtest', event));
    expect(found.get(member.uid)?.phoneNumber).toBe('+372 5555 0001');
    // A co-admin is in no team of the organiser's events.
    expect(found.get(coAdmin.uid)?.phoneNumber).toBeNull();
    // The member's own organiser sees the phone; the other organiser, finding them by email, not.
    const seenByOther = await search(otherOrganiser, member.email);
    expect(seenByOther.map((u) => [u.uid, u.phoneNumber])).toEqual([[member.uid, null]]);
  });

  it('gives a creator without events only exact email matches', async () => {
    expect(await search(lonelyCreator, 'dirtest')).toEqual([]);
    expect((await search(lonelyCreator, member.email)).map((u) => u.uid)).toEqual([member.uid]);
  });

  it('looks up ids only among the people a search would find', async () => {
    const res = await call<UserRecord[]>(
      t.app,
      'GET',
      `/api/users?uids=${member.uid},${outsider.uid},${boss.uid}&eventId=${event}`,
      { as: organiser },
    );
    expect(res.body.map((u) => [u.uid, u.phoneNumber])).toEqual([[member.uid, '+372 5555 0001']]);
  });

  it('keeps the full search for super admins', async () => {
    const found = byId(await search(boss, 'dirtest'));
    for (const u of [coAdmin, member, outsider]) expect(found.has(u.uid), u.email).toBe(true);
    expect(found.get(outsider.uid)?.phoneNumber).toBe('+372 5555 0002');
  });
});

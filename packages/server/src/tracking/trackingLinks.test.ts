import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTopic, TRACKING_LINKS_PER_TEAM } from '@rada/core';
import type { EventTrackingView, ServerMessage, TrackingLinkView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp, signUpProven, teamListOf, uniqueEmail } from '../test/factories.ts';
import { newTrackEvent, storedPoints } from '../tracks/trackTestKit.ts';
import { addMember, appRequest, deviceRow, makeLink } from './trackingKit.ts';

describe.each(testDialects())('tracking links on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let otherMember: TestUser;
  let boss: TestUser;
  const bossEmail = uniqueEmail('boss');
  beforeAll(async () => {
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    owner = await signUp(t.app);
    member = await signUp(t.app);
    otherMember = await signUp(t.app);
    boss = await signUpProven(t, bossEmail);
  });
  afterAll(() => t.close());

  /** An event where `member` is in Alpha and `otherMember` in Bravo; `owner` owns it. */
  async function newEvent(): Promise<string> {
    const id = await newTrackEvent(t, owner);
    await addMember(t, id, 'alpha', member);
    await addMember(t, id, 'bravo', otherMember);
    return id;
  }

  type Role = 'signed out' | 'other team' | 'member' | 'admin' | 'super admin';
  const roles: [Role, () => TestUser | null][] = [
    ['signed out', () => null],
    ['other team', () => otherMember],
    ['member', () => member],
    ['admin', () => owner],
    ['super admin', () => boss],
  ];
  const statuses = async (
    expected: Record<Role, number>,
    request: (as: TestUser | null) => Promise<{ status: number }>,
  ) => {
    const got: Record<string, number> = {};
    for (const [role, who] of roles) {
      // One millisecond apart: links and log rows list in the order they were made.
      t.clock.t += 1;
      got[role] = (await request(who())).status;
    }
    expect(got).toEqual(expected);
  };

  const list = (id: string, teamId: string, as: TestUser | null) =>
    call<TrackingLinkView[]>(t.app, 'GET', `/api/events/${id}/teams/${teamId}/tracking-links`, {
      as,
    });
  const create = (id: string, teamId: string, body: unknown, as: TestUser | null) =>
    call<TrackingLinkView>(t.app, 'POST', `/api/events/${id}/teams/${teamId}/tracking-links`, {
      as,
      body,
    });
  const remove = (id: string, linkId: string, as: TestUser | null) =>
    call(t.app, 'DELETE', `/api/events/${id}/tracking-links/${linkId}`, { as });

  it('lets a team’s members and the event’s admins list its links, nobody else', async () => {
    const id = await newEvent();
    const madeAt = t.clock.t;
    const link = await makeLink(t, member, id, 'alpha', { app: 'traccar' });
    expect(link.createdAt).toBe(madeAt);
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 200, admin: 200, 'super admin': 200 },
      (as) => list(id, 'alpha', as),
    );
    const seen = await list(id, 'alpha', owner);
    expect(seen.body).toEqual([
      {
        id: link.id,
        eventId: id,
        teamId: 'alpha',
        app: 'traccar',
        deviceId: link.deviceId,
        path: link.path,
        trackerId: null,
        createdAt: link.createdAt,
        lastSeen: null,
        lastT: null,
      },
    ]);
    expect(link.deviceId).toMatch(/^trk-/);
    expect((await list(id, 'nosuchteam', owner)).status).toBe(404);
    expect((await list('no-such-event', 'alpha', owner)).status).toBe(404);
  });

  it('lets members and admins make app links, admins alone trackers', async () => {
    const id = await newEvent();
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 201, admin: 201, 'super admin': 201 },
      (as) => create(id, 'alpha', { app: 'osmand' }, as),
    );
    let n = 0;
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 403, admin: 201, 'super admin': 201 },
      (as) => create(id, 'alpha', { app: 'tracker', trackerId: `35693803564380${++n}` }, as),
    );
    const links = (await list(id, 'alpha', owner)).body;
    expect(links.map((l) => l.app)).toEqual(['osmand', 'osmand', 'osmand', 'tracker', 'tracker']);
    expect(new Set(links.map((l) => l.path)).size).toBe(4); // three secrets, trackers null
    expect(links.filter((l) => l.app === 'tracker').map((l) => l.path)).toEqual([null, null]);
  });

  it('validates the body, the tracker id’s uniqueness and the number of links', async () => {
    const id = await newEvent();
    for (const body of [
      {},
      { app: 'strava' },
      { app: 'tracker' },
      { app: 'tracker', trackerId: 'has space' },
      { app: 'osmand', trackerId: '123' },
      { app: 'osmand', extra: 1 },
    ]) {
      const res = await create(id, 'alpha', body, owner);
      expect([res.status, errorOf(res)], JSON.stringify(body)).toEqual([400, 'error.validation']);
    }
    await makeLink(t, owner, id, 'alpha', { app: 'tracker', trackerId: 'ABC123' });
    const taken = await create(id, 'bravo', { app: 'tracker', trackerId: 'ABC123' }, owner);
    expect([taken.status, errorOf(taken)]).toEqual([409, 'tracking.error.trackertaken']);
    // Another event may link the same tracker.
    const elsewhere = await newEvent();
    await makeLink(t, owner, elsewhere, 'alpha', { app: 'tracker', trackerId: 'ABC123' });

    for (let i = 1; i < TRACKING_LINKS_PER_TEAM; i++) {
      await makeLink(t, member, id, 'alpha', { app: 'owntracks' });
    }
    const over = await create(id, 'alpha', { app: 'owntracks' }, member);
    expect([over.status, errorOf(over)]).toEqual([409, 'tracking.error.toomany']);
    expect((await list(id, 'alpha', owner)).body).toHaveLength(TRACKING_LINKS_PER_TEAM);
    expect((await create(id, 'nosuchteam', { app: 'osmand' }, owner)).status).toBe(404);
  });

  it('gives the link a device of the team, audited and told as a teams change', async () => {
    const id = await newEvent();
    const seen: ServerMessage[] = [];
    const stop = t.bus.subscribe(eventTopic(id), (m) => seen.push(m));
    const link = await makeLink(t, member, id, 'alpha', { app: 'owntracks' });
    stop();
    expect(seen).toContainEqual({ v: 1, type: 'event.changed', eventId: id, what: ['teams'] });
    const device = await deviceRow(t, link.deviceId);
    expect(device).toMatchObject({ user_id: null, event_id: id, team_id: 'alpha' });
    expect(JSON.parse(device!.info)).toEqual({ app: 'owntracks' });
    const alpha = await teamListOf(t, id, 'alpha');
    expect(alpha.devs).toEqual({ [link.deviceId]: true });
    const log = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event_id', '=', id)
      .where('action', 'like', 'team.tracking.%')
      .execute();
    expect(log.map((r) => [r.action, r.path, r.user_id])).toEqual([
      ['team.tracking.create', `teams/alpha/tracking/${link.id}`, member.uid],
    ]);
    // The log never holds the secret.
    expect(JSON.stringify(log)).not.toContain(link.path!.split('/').pop());
  });

  it('lets a member of the team or an admin delete a link; its device and track stay', async () => {
    const id = await newEvent();
    const links = [];
    for (let i = 0; i < 3; i++)
      links.push(await makeLink(t, member, id, 'alpha', { app: 'osmand' }));
    const at = t.clock.t - 10_000;
    await appRequest(t, 'GET', `${links[0]!.path}?lat=58.3&lon=26.7&timestamp=${at}`);
    let k = 0;
    const expected = {
      'signed out': 401,
      'other team': 403,
      member: 204,
      admin: 204,
      'super admin': 204,
    };
    const got: Record<string, number> = {};
    for (const [role, who] of roles) {
      t.clock.t += 1;
      const target = expected[role] === 204 ? links[k++]! : links[2]!;
      got[role] = (await remove(id, target.id, who())).status;
    }
    expect(got).toEqual(expected);
    expect((await list(id, 'alpha', owner)).body).toEqual([]);
    expect((await remove(id, links[0]!.id, owner)).status).toBe(404);
    expect((await remove(id, 'nosuchlink', null)).status).toBe(401);
    const alpha = await teamListOf(t, id, 'alpha');
    expect(alpha.devs).toEqual({});
    expect(await deviceRow(t, links[0]!.deviceId)).toBeDefined();
    expect((await storedPoints(t, id, 'alpha')).map((p) => p.t)).toEqual([at]);
    const log = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('event_id', '=', id)
      .where('action', '=', 'team.tracking.delete')
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.user_id)).toEqual([member.uid, owner.uid, boss.uid]);
  });

  it('gives the event’s tracking and its Traccar forwarding to admins only', async () => {
    const id = await newEvent();
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 403, admin: 200, 'super admin': 200 },
      (as) => call(t.app, 'GET', `/api/events/${id}/tracking`, { as }),
    );
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 403, admin: 200, 'super admin': 200 },
      (as) => call(t.app, 'PUT', `/api/events/${id}/tracker-feed`, { as }),
    );
    const link = await makeLink(t, member, id, 'alpha', { app: 'traccar' });
    const tracker = await makeLink(t, owner, id, 'bravo', { app: 'tracker', trackerId: 'T-1' });
    const view = await call<EventTrackingView>(t.app, 'GET', `/api/events/${id}/tracking`, {
      as: owner,
    });
    expect(view.body.feedPath).toMatch(/^\/api\/traccar\//);
    expect(view.body.links.map((l) => l.id)).toEqual([link.id, tracker.id]);
    await statuses(
      { 'signed out': 401, 'other team': 403, member: 403, admin: 204, 'super admin': 204 },
      (as) => call(t.app, 'DELETE', `/api/events/${id}/tracker-feed`, { as }),
    );
    const off = await call<EventTrackingView>(t.app, 'GET', `/api/events/${id}/tracking`, {
      as: owner,
    });
    expect(off.body.feedPath).toBeNull();
    const actions = await t.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('event_id', '=', id)
      .where('action', 'like', 'event.trackerfeed.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'event.trackerfeed.set',
      'event.trackerfeed.set',
      'event.trackerfeed.delete',
    ]);
  });

  it('refuses writes on an archived event', async () => {
    const id = await newEvent();
    const link = await makeLink(t, member, id, 'alpha', { app: 'osmand' });
    await t.handle.db.updateTable('events').set({ arch: 'a1' }).where('id', '=', id).execute();
    const made = await create(id, 'alpha', { app: 'osmand' }, owner);
    expect([made.status, errorOf(made)]).toEqual([409, 'teams.error.archived']);
    const gone = await remove(id, link.id, owner);
    expect([gone.status, errorOf(gone)]).toEqual([409, 'teams.error.archived']);
    const feed = await call(t.app, 'PUT', `/api/events/${id}/tracker-feed`, { as: owner });
    expect([feed.status, errorOf(feed)]).toEqual([409, 'teams.error.archived']);
  });

  it('never lets a user register a link’s device as their own', async () => {
    const id = await newEvent();
    const link = await makeLink(t, member, id, 'alpha', { app: 'traccar' });
    for (const deviceId of [link.deviceId, 'trk-notmadeyet']) {
      const res = await call(t.app, 'PUT', `/api/devices/${deviceId}`, {
        as: member,
        body: { eventId: id, info: {} },
      });
      expect([res.status, errorOf(res)]).toEqual([403, 'device.error.owned']);
    }
    expect(await deviceRow(t, link.deviceId)).toMatchObject({ user_id: null });
    // Nor post to it as a device of theirs, nor read its messages.
    const posted = await call(t.app, 'POST', `/api/devices/${link.deviceId}/locations`, {
      as: member,
      body: { points: [] },
    });
    expect(posted.status).toBe(403);
    const read = await call(t.app, 'GET', `/api/devices/${link.deviceId}/messages`, { as: member });
    expect(read.status).toBe(403);
  });

  it('removes a deleted team’s links, and an event’s links and forwarding with the event', async () => {
    const id = await newEvent();
    const alpha = await makeLink(t, member, id, 'alpha', { app: 'osmand' });
    const bravo = await makeLink(t, otherMember, id, 'bravo', { app: 'osmand' });
    await call(t.app, 'PUT', `/api/events/${id}/tracker-feed`, { as: owner });
    const deleted = await call(t.app, 'DELETE', `/api/events/${id}/teams/alpha`, { as: owner });
    expect(deleted.status).toBe(200);
    const rows = () =>
      t.handle.db.selectFrom('tracking_links').select('id').where('event_id', '=', id).execute();
    expect((await rows()).map((r) => r.id)).toEqual([bravo.id]);
    const res = await appRequest(
      t,
      'GET',
      `${alpha.path}?lat=58.3&lon=26.7&timestamp=${t.clock.t}`,
    );
    expect(res.status).toBe(404);

    const gone = await call(t.app, 'DELETE', `/api/events/${id}`, { as: owner });
    expect(gone.status).toBe(204);
    expect(await rows()).toEqual([]);
    const feeds = await t.handle.db
      .selectFrom('tracker_feeds')
      .select('event_id')
      .where('event_id', '=', id)
      .execute();
    expect(feeds).toEqual([]);
  });
});

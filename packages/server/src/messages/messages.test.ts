import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, eventTopic } from '@rada/core';
import type { SendMessageResult, SentMessageView, ServerMessage } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
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
import { messageService } from './message.service.ts';

describe.each(testDialects())('messages to teams on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let member: TestUser;
  let boss: TestUser;
  let ownerBearer: Caller;
  beforeAll(async () => {
    const bossEmail = uniqueEmail('boss');
    t = await buildTestApp(dialect, { superAdminEmails: [bossEmail] });
    boss = await signUpProven(t, bossEmail);
    owner = await signUp(t.app);
    admin = await signUp(t.app);
    stranger = await signUp(t.app);
    member = await signUp(t.app);
    const token = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: owner,
      body: { name: 'script' },
    });
    ownerBearer = { bearer: token.body.token };
  });
  afterAll(() => t.close());

  /** Alpha (member, device d-alpha-1 listed in devs) and Bravo (admin) have users; Charlie none. */
  const newEvent = async () => {
    const id = uniqueShortlink('msg');
    const file = resultsEventFile(owner.uid);
    file.teams.list.alpha = { ...file.teams.list.alpha, devs: { 'd-alpha-1': true } } as never;
    await importEvent(t, file, id);
    await addAdmin(t.app, owner, id, admin.uid);
    await t.handle.db
      .insertInto('team_members')
      .values([
        { event_id: id, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' },
        { event_id: id, team_id: 'bravo', user_id: admin.uid, joined_at: 2, via: 'code' },
      ])
      .execute();
    return id;
  };
  const send = (id: string, body: unknown, as: Caller | TestUser = owner) =>
    call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, { as, body });
  const list = (id: string, as: TestUser | null = owner) =>
    call<SentMessageView[]>(t.app, 'GET', `/api/events/${id}/messages`, { as });
  const stored = (id: string) =>
    t.handle.db
      .selectFrom('device_messages')
      .selectAll()
      .where('event_id', '=', id)
      .orderBy('team_id')
      .execute();

  it('lets only the event admins send and list messages', async () => {
    const id = await newEvent();
    const body = { teamId: 'alpha', title: 'Hi', body: 'Come back' };
    expect((await send(id, body, null)).status).toBe(401);
    expect((await send(id, body, stranger)).status).toBe(403);
    expect((await send(id, body, member)).status).toBe(403);
    expect((await send(id, body, owner)).status).toBe(200);
    expect((await send(id, body, admin)).status).toBe(200);
    expect((await list(id, null)).status).toBe(401);
    expect((await list(id, stranger)).status).toBe(403);
    expect((await list(id, member)).status).toBe(403);
    expect((await send(id, body, boss)).status).toBe(200); // a super admin
    expect((await list(id, boss)).status).toBe(200);
    expect((await list(id, admin)).body).toHaveLength(3);
    expect((await send(`nope-${id}`, body)).status).toBe(404);
    expect((await list(`nope-${id}`)).status).toBe(404);
    const unknownTeam = await send(id, { ...body, teamId: 'nobody' });
    expect([unknownTeam.status, errorOf(unknownTeam)]).toEqual([404, 'error.notfound']);
    expect(await stored(id)).toHaveLength(3);

    // A device's queue is its owner's only, whoever else asks.
    expect(
      (await call(t.app, 'PUT', '/api/devices/d-alpha-9', { as: member, body: { eventId: id } }))
        .status,
    ).toBe(200);
    for (const as of [owner, admin, boss, stranger]) {
      const url = '/api/devices/d-alpha-9/messages';
      expect((await call(t.app, 'GET', url, { as })).status).toBe(403);
    }
    expect(
      (await call(t.app, 'GET', '/api/devices/d-alpha-9/messages', { as: member })).status,
    ).toBe(200);
  });

  it('accepts either a command or a message, never both or neither', async () => {
    const id = await newEvent();
    const bad = [
      {},
      { teamId: 'alpha' },
      { cmnd: 'sendLog', title: 'Hi' },
      { cmnd: 'sendGPX', body: 'x' },
      { title: '  ', body: '' },
      { cmnd: 'reboot' },
      { title: 'Hi', extra: 1 },
      { title: 'x'.repeat(201) },
    ];
    for (const body of bad) {
      const res = await send(id, body);
      expect([res.status, errorOf(res)], JSON.stringify(body)).toEqual([400, 'error.validation']);
    }
    expect(await stored(id)).toEqual([]);
    expect((await send(id, { teamId: 'alpha', cmnd: 'sendDB' })).status).toBe(200);
    expect((await send(id, { teamId: 'alpha', title: 'Only a title' })).status).toBe(200);
    expect((await send(id, { teamId: 'alpha', body: 'Only a body' })).status).toBe(200);
    const rows = await stored(id);
    expect(rows.map((r) => [r.kind, JSON.parse(r.payload) as unknown]).sort()).toEqual(
      [
        ['command', { cmnd: 'sendDB' }],
        ['message', { title: 'Only a title', body: '' }],
        ['message', { title: '', body: 'Only a body' }],
      ].sort(),
    );
  });

  it('sends to one team, or to every team where a team without users fails', async () => {
    const id = await newEvent();
    const one = await send(id, { teamId: 'alpha', title: 'Hi', body: 'Alpha only' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      successCount: 1,
      failureCount: 0,
      results: [{ teamId: 'alpha', messageId: expect.any(String) as string }],
    });

    const all = await send(id, { title: 'All', body: 'Everyone' });
    expect(all.body.successCount).toBe(2);
    expect(all.body.failureCount).toBe(1);
    expect(all.body.results.map((r) => [r.teamId, r.error?.code ?? 'ok'])).toEqual([
      ['alpha', 'ok'],
      ['bravo', 'ok'],
      ['charlie', 'msg.error.nouser'],
    ]);
    expect(all.body.results[2]?.error?.message).toBe('The team has no user to send to');

    const none = await send(id, { teamId: 'charlie', cmnd: 'sendLog' });
    expect(none.body).toEqual({
      successCount: 0,
      failureCount: 1,
      results: [
        { teamId: 'charlie', error: expect.objectContaining({ code: 'msg.error.nouser' }) },
      ],
    });

    const rows = await stored(id);
    expect(rows.map((r) => r.team_id)).toEqual(['alpha', 'alpha', 'bravo']);
    expect(new Set(rows.map((r) => r.id))).toEqual(
      new Set(
        [one.body.results[0]?.messageId, ...all.body.results.map((r) => r.messageId)].filter(
          Boolean,
        ),
      ),
    );
    expect(rows.every((r) => r.created_by === owner.uid)).toBe(true);
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'path', 'user_id'])
      .where('event_id', '=', id)
      .where('action', '=', 'message.send')
      .orderBy('path')
      .execute();
    expect(audits).toEqual([
      { action: 'message.send', path: 'messages/*', user_id: owner.uid },
      { action: 'message.send', path: 'messages/alpha', user_id: owner.uid },
      { action: 'message.send', path: 'messages/charlie', user_id: owner.uid },
    ]);
  });

  it('only logs a message abandoned for lack of a user', async () => {
    const id = await newEvent();
    const logged: [Record<string, unknown>, string][] = [];
    const service = messageService({
      store: t.store,
      bus: t.bus,
      now: () => t.clock.t,
      log: (details, message) => logged.push([details, message]),
    });
    const actor = {
      uid: owner.uid,
      email: owner.email,
      superAdmin: false,
      platformOwner: false,
      creator: false,
    };
    const res = await service.send(actor, id, { teamId: 'charlie', title: 'Hi' });
    expect(res.failureCount).toBe(1);
    expect(logged).toEqual([
      [{ eventId: id, teamId: 'charlie' }, 'message abandoned: the team has no user'],
    ]);
  });

  it('tells each device of the reached teams, and the organisers, on the bus', async () => {
    const id = await newEvent();
    // A device registered to Bravo by its user (and one of another event's team, not told).
    const reg = await call(t.app, 'PUT', '/api/devices/d-bravo-1', {
      as: admin,
      body: { eventId: id },
    });
    expect(reg.status).toBe(200);
    const heard: [string, ServerMessage][] = [];
    const topics = [
      deviceTopic('d-alpha-1'),
      deviceTopic('d-bravo-1'),
      deviceTopic('d-other'),
      eventTopic(id),
    ];
    const offs = topics.map((topic) => t.bus.subscribe(topic, (m) => heard.push([topic, m])));
    try {
      await send(id, { teamId: 'alpha', cmnd: 'sendGPX' });
      expect(heard).toEqual([
        [deviceTopic('d-alpha-1'), { v: 1, type: 'device.messages', deviceId: 'd-alpha-1' }],
        [eventTopic(id), { v: 1, type: 'event.changed', eventId: id, what: ['messages'] }],
      ]);
      heard.length = 0;
      await send(id, { title: 'All', body: 'Everyone' });
      expect(heard.map(([topic]) => topic).sort()).toEqual(
        [deviceTopic('d-alpha-1'), deviceTopic('d-bravo-1'), eventTopic(id)].sort(),
      );
      heard.length = 0;
      await send(id, { teamId: 'charlie', title: 'Nobody hears' });
      expect(heard).toEqual([]);
    } finally {
      for (const off of offs) off();
    }
  });

  it('lists sent messages newest first with team names and delivery state', async () => {
    const id = await newEvent();
    await send(id, { teamId: 'alpha', title: 'First', body: 'one' });
    t.clock.t += 1000;
    await send(id, { teamId: 'bravo', cmnd: 'sendLog' });
    const res = await list(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String) as string,
        eventId: id,
        teamId: 'bravo',
        teamName: 'Bravo',
        kind: 'command',
        title: null,
        body: null,
        cmnd: 'sendLog',
        createdAt: t.clock.t,
        deliveredAt: null,
        deliveredTo: null,
      },
      {
        id: expect.any(String) as string,
        eventId: id,
        teamId: 'alpha',
        teamName: 'Alpha',
        kind: 'message',
        title: 'First',
        body: 'one',
        cmnd: null,
        createdAt: t.clock.t - 1000,
        deliveredAt: null,
        deliveredTo: null,
      },
    ]);
  });

  describe('GET /api/sendmsg', () => {
    const sendmsg = (query: string, eventId: string | null, as: Caller = ownerBearer) =>
      call<SendMessageResult>(t.app, 'GET', `/api/sendmsg?${query}`, {
        as,
        headers: eventId === null ? {} : { 'x-eventid': eventId },
      });

    it('sends to an event topic with a bearer token and X-EventId', async () => {
      const id = await newEvent();
      const res = await sendmsg(
        `topic=event-${id}&title=Hello&body=${encodeURIComponent('All of you')}`,
        id,
      );
      expect(res.status).toBe(200);
      expect(res.body.successCount).toBe(2);
      expect(res.body.failureCount).toBe(1);
      expect(res.body.results.map((r) => r.error?.message ?? 'ok')).toEqual([
        'ok',
        'ok',
        'The team has no user to send to',
      ]);
      // The topic alone does not do: X-EventId is part of the protocol (spec 01 §7).
      expect((await sendmsg(`topic=event-${id}&cmnd=sendLog`, null)).status).toBe(400);
      const rows = await stored(id);
      expect(rows).toHaveLength(2);
    });

    it('sends to devices by token: one result per device, unknown ones fail', async () => {
      const id = await newEvent();
      expect(
        (await call(t.app, 'PUT', '/api/devices/d-alpha-2', { as: member, body: { eventId: id } }))
          .status,
      ).toBe(200);
      const res = await sendmsg('token=d-alpha-1,d-alpha-2,d-nowhere&cmnd=sendGPX', id);
      expect(res.status).toBe(200);
      expect(res.body.successCount).toBe(2);
      expect(res.body.failureCount).toBe(1);
      const [a1, a2, unknown] = res.body.results;
      expect(a1).toEqual({
        teamId: 'alpha',
        token: 'd-alpha-1',
        messageId: expect.any(String) as string,
      });
      expect(a2).toEqual({ ...a1, token: 'd-alpha-2' });
      expect(unknown).toEqual({
        teamId: '',
        token: 'd-nowhere',
        error: { code: 'error.notfound', message: expect.any(String) as string },
      });
      // Both devices of Alpha share one stored command.
      expect((await stored(id)).map((r) => [r.team_id, r.kind])).toEqual([['alpha', 'command']]);
    });

    /** A bearer token of `user` (the only credential sendmsg takes). */
    const bearerOf = async (user: TestUser): Promise<Caller> => ({
      bearer: (
        await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
          as: user,
          body: { name: 'script' },
        })
      ).body.token,
    });

    it('checks permission exactly as the POST does', async () => {
      const id = await newEvent();
      const q = `topic=event-${id}&title=Hi&body=There`;
      expect((await sendmsg(q, id, null)).status).toBe(401);
      expect((await sendmsg(q, id, await bearerOf(stranger))).status).toBe(403);
      expect((await sendmsg(q, id, await bearerOf(member))).status).toBe(403);
      expect((await sendmsg(q, id, await bearerOf(admin))).status).toBe(200);
      expect((await sendmsg(`topic=event-nope-${id}&title=Hi`, `nope-${id}`)).status).toBe(404);
      expect(await stored(id)).toHaveLength(2);
    });

    it('refuses the session cookie: a page on another site could make the browser send it', async () => {
      const id = await newEvent();
      // What a cross-site <img src> or a top-level navigation sends: the cookie, no headers.
      const forged = await call(t.app, 'GET', `/api/sendmsg?topic=event-${id}&title=Pwned`, {
        as: { cookie: owner.cookie },
      });
      expect([forged.status, errorOf(forged)]).toEqual([401, 'error.unauthorized']);
      // Not even with X-EventId (only a same-origin script could add it).
      const withHeader = await sendmsg(`topic=event-${id}&title=Pwned`, id, {
        cookie: owner.cookie,
      });
      expect([withHeader.status, errorOf(withHeader)]).toEqual([401, 'error.unauthorized']);
      // A bearer header next to the cookie is what counts: a stranger's token is refused.
      const mixed = await call(t.app, 'GET', `/api/sendmsg?topic=event-${id}&title=Pwned`, {
        as: await bearerOf(stranger),
        headers: { cookie: owner.cookie, 'x-eventid': id },
      });
      expect(mixed.status).toBe(403);
      expect(await stored(id)).toEqual([]);
    });

    it('refuses queries outside the protocol', async () => {
      const id = await newEvent();
      const bad: [string, string | null][] = [
        [`title=Hi`, id], // neither token nor topic
        [`token=a1b2&topic=event-${id}&title=Hi`, id], // both
        [`topic=event-${id}`, id], // no content
        [`topic=event-${id}&cmnd=sendLog&title=Hi`, id], // both kinds
        [`topic=event-${id}&cmnd=format`, id],
        [`topic=${id}&title=Hi`, id], // not event-…
        [`topic=event-${id}&title=Hi`, `other-${id}`], // another event than the header
        [`token=a1b2&title=Hi`, null], // no event
        [`token=,,&title=Hi`, id],
      ];
      for (const [q, eventId] of bad) {
        const res = await sendmsg(q, eventId);
        expect([res.status, errorOf(res)], q).toEqual([400, 'error.validation']);
      }
      expect(await stored(id)).toEqual([]);
    });
  });
});

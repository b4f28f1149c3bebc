import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTopic } from '@rada/core';
import type {
  DeviceMessage,
  DeviceView,
  SendMessageResult,
  SentMessageView,
  ServerMessage,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, teamListOf, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

describe.each(testDialects())('devices on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    member = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  let seq = 0;
  const deviceId = () => `dev-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  /** `member` is in Alpha and, joined later, Bravo; `other` is in Charlie. */
  const newEvent = async () => {
    const id = uniqueShortlink('dev');
    await importEvent(t, resultsEventFile(owner.uid), id);
    await t.handle.db
      .insertInto('team_members')
      .values([
        { event_id: id, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' },
        { event_id: id, team_id: 'bravo', user_id: member.uid, joined_at: 2, via: 'code' },
        { event_id: id, team_id: 'charlie', user_id: other.uid, joined_at: 3, via: 'reg' },
      ])
      .execute();
    return id;
  };
  const register = (dev: string, body: unknown, as: TestUser | null = member) =>
    call<DeviceView>(t.app, 'PUT', `/api/devices/${dev}`, { as, body });
  const teamList = (id: string, teamId: string) => teamListOf(t, id, teamId);
  const pending = (dev: string, as: TestUser | null = member) =>
    call<DeviceMessage[]>(t.app, 'GET', `/api/devices/${dev}/messages`, { as });
  const ack = (dev: string, messageId: string, as: TestUser | null = member) =>
    call(t.app, 'POST', `/api/devices/${dev}/messages/${messageId}/ack`, { as });
  const send = (id: string, body: unknown) =>
    call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, { as: owner, body });

  it('registers a device to the caller’s first team, with its info', async () => {
    const id = await newEvent();
    const dev = deviceId();
    const info = { model: 'Pixel 8', platform: 'android', api: 34, displayMetrics: { w: 1080 } };
    const res = await register(dev, { eventId: id, info });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: dev, eventId: id, teamId: 'alpha', lastSeen: t.clock.t });
    const row = await t.handle.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', dev)
      .executeTakeFirstOrThrow();
    expect({ ...row, info: JSON.parse(row.info) as unknown }).toEqual({
      id: dev,
      user_id: member.uid,
      event_id: id,
      team_id: 'alpha',
      info,
      last_seen: t.clock.t,
      last_t: null,
      last_point: null,
    });
    const alpha = await teamList(id, 'alpha');
    expect(alpha.devs).toEqual({ [dev]: true });
    expect(alpha.defaultdev).toBe(dev);
    // A second device joins devs; the default stays.
    const second = deviceId();
    await register(second, { eventId: id });
    const after = await teamList(id, 'alpha');
    expect(after.devs).toEqual({ [dev]: true, [second]: true });
    expect(after.defaultdev).toBe(dev);
    expect(after.name).toBe(alpha.name);
  });

  it('refuses the signed out, strangers to the event’s teams and other users’ devices', async () => {
    const id = await newEvent();
    const dev = deviceId();
    expect((await register(dev, { eventId: id }, null)).status).toBe(401);
    const stranger = await register(dev, { eventId: id }, owner);
    expect([stranger.status, errorOf(stranger)]).toEqual([403, 'device.error.noteam']);
    const notMine = await register(dev, { eventId: id, teamId: 'charlie' });
    expect([notMine.status, errorOf(notMine)]).toEqual([403, 'device.error.noteam']);
    expect((await register(dev, { eventId: `nope-${id}` })).status).toBe(404);
    expect((await register('a b', { eventId: id })).status).toBe(400);
    expect((await register(dev, { eventId: id, extra: 1 })).status).toBe(400);
    expect((await register(dev, {})).status).toBe(400);
    expect(
      await t.handle.db.selectFrom('devices').select('id').where('id', '=', dev).execute(),
    ).toEqual([]);

    expect((await register(dev, { eventId: id })).status).toBe(200);
    const owned = await register(dev, { eventId: id }, other);
    expect([owned.status, errorOf(owned)]).toEqual([403, 'device.error.owned']);
    expect((await teamList(id, 'charlie')).devs).toBeUndefined();
  });

  it('moves a device between the caller’s teams, updating both teams’ devs', async () => {
    const id = await newEvent();
    const dev = deviceId();
    const heard: ServerMessage[] = [];
    const off = t.bus.subscribe(eventTopic(id), (m) => heard.push(m));
    try {
      await register(dev, { eventId: id });
      expect(heard).toEqual([{ v: 1, type: 'event.changed', eventId: id, what: ['teams'] }]);
      // Registering again (the app does at each start) changes no team and tells nobody.
      expect((await register(dev, { eventId: id, info: { model: 'new' } })).status).toBe(200);
      expect(heard).toHaveLength(1);
    } finally {
      off();
    }
    const keep = deviceId();
    await register(keep, { eventId: id });
    const moved = await register(dev, { eventId: id, teamId: 'bravo' });
    expect(moved.body.teamId).toBe('bravo');
    const alpha = await teamList(id, 'alpha');
    expect(alpha.devs).toEqual({ [keep]: true });
    expect(alpha.defaultdev).toBe(keep); // the moved default hands over
    const bravo = await teamList(id, 'bravo');
    expect(bravo.devs).toEqual({ [dev]: true });
    expect(bravo.defaultdev).toBe(dev);

    // Moving to another event leaves this event's team too.
    const next = await newEvent();
    await register(dev, { eventId: next });
    expect((await teamList(id, 'bravo')).devs).toEqual({});
    expect((await teamList(id, 'bravo')).defaultdev).toBeUndefined();
    expect((await teamList(next, 'alpha')).devs).toEqual({ [dev]: true });
  });

  it('gives only the owner its team’s waiting messages, oldest first', async () => {
    const id = await newEvent();
    const dev = deviceId();
    await register(dev, { eventId: id });
    await send(id, { teamId: 'alpha', title: 'First', body: 'one' });
    t.clock.t += 1000;
    await send(id, { teamId: 'alpha', cmnd: 'sendLog' });
    await send(id, { teamId: 'bravo', title: 'Not for Alpha' });
    expect((await pending(dev, null)).status).toBe(401);
    expect((await pending(dev, other)).status).toBe(403);
    expect((await pending(dev, owner)).status).toBe(403);
    expect((await pending(deviceId())).status).toBe(404);
    t.clock.t += 1000;
    const res = await pending(dev);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String) as string,
        eventId: id,
        teamId: 'alpha',
        kind: 'message',
        title: 'First',
        body: 'one',
        cmnd: null,
        createdAt: t.clock.t - 2000,
      },
      {
        id: expect.any(String) as string,
        eventId: id,
        teamId: 'alpha',
        kind: 'command',
        title: null,
        body: null,
        cmnd: 'sendLog',
        createdAt: t.clock.t - 1000,
      },
    ]);
    const seen = await t.handle.db
      .selectFrom('devices')
      .select('last_seen')
      .where('id', '=', dev)
      .executeTakeFirstOrThrow();
    expect(seen.last_seen).toBe(t.clock.t);
  });

  it('marks a message delivered on the first ack and shows it in the organiser’s list', async () => {
    const id = await newEvent();
    const dev = deviceId();
    const second = deviceId();
    await register(dev, { eventId: id });
    await register(second, { eventId: id });
    const sent = await send(id, { teamId: 'alpha', title: 'Ack me', body: 'please' });
    const bravo = await send(id, { teamId: 'bravo', title: 'Bravo' });
    const messageId = sent.body.results[0]?.messageId ?? '';
    const bravoId = bravo.body.results[0]?.messageId ?? '';

    expect((await ack(dev, messageId, null)).status).toBe(401);
    expect((await ack(dev, messageId, other)).status).toBe(403);
    expect((await ack(dev, bravoId)).status).toBe(404); // another team's message
    expect((await ack(dev, 'no-such-message')).status).toBe(404);

    const heard: ServerMessage[] = [];
    const off = t.bus.subscribe(eventTopic(id), (m) => heard.push(m));
    try {
      t.clock.t += 5000;
      const first = await ack(dev, messageId);
      expect(first.status).toBe(204);
      expect(heard).toEqual([{ v: 1, type: 'event.changed', eventId: id, what: ['messages'] }]);
      const at = t.clock.t;
      t.clock.t += 5000;
      expect((await ack(dev, messageId)).status).toBe(204); // idempotent
      expect((await ack(second, messageId)).status).toBe(204); // the first ack wins
      expect(heard).toHaveLength(1);

      expect((await pending(dev)).body).toEqual([]);
      expect((await pending(second)).body).toEqual([]);
      const log = await call<SentMessageView[]>(t.app, 'GET', `/api/events/${id}/messages`, {
        as: owner,
      });
      const entry = log.body.find((m) => m.id === messageId);
      expect(entry).toMatchObject({ teamName: 'Alpha', deliveredAt: at, deliveredTo: dev });
      expect(log.body.find((m) => m.id === bravoId)).toMatchObject({
        deliveredAt: null,
        deliveredTo: null,
      });
    } finally {
      off();
    }
  });
});

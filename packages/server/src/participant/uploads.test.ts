import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTopic } from '@rada/core';
import type { SendMessageResult, ServerMessage, UploadView } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { addAdmin, importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

describe.each(testDialects())('device uploads on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [owner, admin, member, stranger] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
  });
  afterAll(() => t.close());

  let seq = 0;
  const deviceId = () => `dev-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  /** An event with `member` in Alpha and a device of theirs registered to it. */
  const newEvent = async () => {
    const id = uniqueShortlink('upl');
    await importEvent(t, resultsEventFile(owner.uid, Date.now() + 3_600_000), id);
    await addAdmin(t.app, owner, id, admin.uid);
    await t.handle.db
      .insertInto('team_members')
      .values({ event_id: id, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' })
      .execute();
    const dev = deviceId();
    const reg = await call(t.app, 'PUT', `/api/devices/${dev}`, {
      as: member,
      body: { eventId: id },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return { id, dev };
  };
  const upload = (dev: string, body: Record<string, unknown>, as: TestUser | null = member) =>
    call<{ id: string }>(t.app, 'POST', `/api/devices/${dev}/uploads`, { as, body });
  const list = (id: string, as: TestUser | null = owner) =>
    call<UploadView[]>(t.app, 'GET', `/api/events/${id}/uploads`, { as });

  it('stores what a device sends for a command and marks the command delivered', async () => {
    const { id, dev } = await newEvent();
    const sent = await call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, {
      as: owner,
      body: { teamId: 'alpha', cmnd: 'sendGPX' },
    });
    const messageId = sent.body.results[0]?.messageId;
    expect(messageId, JSON.stringify(sent.body)).toBeTruthy();

    const heard: ServerMessage[] = [];
    const off = t.bus.subscribe(eventTopic(id), (m) => heard.push(m));
    const gpx = '<?xml version="1.0"?><gpx><trk><name>Ülo</name></trk></gpx>';
    const res = await upload(dev, { kind: 'gpx', messageId, content: gpx });
    off();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(heard.map((m) => (m.type === 'event.changed' ? m.what : m.type))).toEqual([
      ['uploads'],
      ['messages'],
    ]);
    const message = await t.handle.db
      .selectFrom('device_messages')
      .select(['delivered_at', 'delivered_to'])
      .where('id', '=', messageId!)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ delivered_at: t.clock.t, delivered_to: dev });

    t.clock.t += 1000;
    const log = await upload(dev, { kind: 'log', content: 'line 1\nline 2\n' });
    expect(log.status).toBe(201);
    // A second upload for the same command leaves the first delivery as it was.
    t.clock.t += 1000;
    expect((await upload(dev, { kind: 'gpx', messageId, content: gpx })).status).toBe(201);
    const delivered = await t.handle.db
      .selectFrom('device_messages')
      .select('delivered_at')
      .where('id', '=', messageId!)
      .executeTakeFirstOrThrow();
    expect(delivered.delivered_at).toBe(message.delivered_at);

    const all = await list(id, admin);
    expect(all.status).toBe(200);
    expect(all.body.map((u) => u.kind)).toEqual(['gpx', 'log', 'gpx']);
    expect(all.body[2]).toEqual({
      id: res.body.id,
      teamId: 'alpha',
      teamName: 'Alpha',
      deviceId: dev,
      kind: 'gpx',
      messageId,
      size: Buffer.byteLength(gpx, 'utf8'),
      createdAt: message.delivered_at,
    });

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/events/${id}/uploads/${res.body.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(gpx);
    expect(file.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="Alpha-gpx-\d{8}-\d{6}\.gpx"/,
    );
    const logFile = await t.app.inject({
      method: 'GET',
      url: `/api/events/${id}/uploads/${log.body.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(logFile.headers['content-type']).toMatch(/^text\/plain/);
    expect(logFile.body).toBe('line 1\nline 2\n');
  });

  it('takes uploads from the device’s owner only, and shows them to event admins only', async () => {
    const { id, dev } = await newEvent();
    expect((await upload(dev, { kind: 'log', content: 'x' }, null)).status).toBe(401);
    const notMine = await upload(dev, { kind: 'log', content: 'x' }, stranger);
    expect([notMine.status, errorOf(notMine)]).toEqual([403, 'error.forbidden']);
    expect((await upload('dev-unknown', { kind: 'log', content: 'x' })).status).toBe(404);
    expect((await upload(dev, { kind: 'zip', content: 'x' })).status).toBe(400);
    expect((await upload(dev, { kind: 'log', content: 'x', messageId: 'nosuch' })).status).toBe(
      404,
    );
    const made = await upload(dev, { kind: 'db', content: '{"a":1}' });
    expect(made.status).toBe(201);

    expect((await list(id, null)).status).toBe(401);
    expect((await list(id, member)).status).toBe(403);
    expect((await list(`nope-${id}`)).status).toBe(404);
    const url = `/api/events/${id}/uploads/${made.body.id}`;
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect((await call(t.app, 'GET', url, { as: member })).status).toBe(403);
    expect((await call(t.app, 'GET', `${url}x`, { as: owner })).status).toBe(404);
    // Another event's admin cannot read it through their own event.
    const { id: otherEvent } = await newEvent();
    expect(
      (await call(t.app, 'GET', `/api/events/${otherEvent}/uploads/${made.body.id}`, { as: owner }))
        .status,
    ).toBe(404);
    const file = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toMatch(/-db-\d{8}-\d{6}\.json"/);
  });
});

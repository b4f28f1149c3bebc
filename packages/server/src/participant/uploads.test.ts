import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTopic, TEAM_UPLOAD_QUOTA_BYTES } from '@rada/core';
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
  /** Sends a command to Alpha; its message id. */
  const command = async (id: string, cmnd: 'sendLog' | 'sendGPX' | 'sendDB') => {
    const sent = await call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, {
      as: owner,
      body: { teamId: 'alpha', cmnd },
    });
    const messageId = sent.body.results[0]?.messageId;
    expect(messageId, JSON.stringify(sent.body)).toBeTruthy();
    return messageId!;
  };
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
    const log = await upload(dev, {
      kind: 'log',
      messageId: await command(id, 'sendLog'),
      content: 'line 1\nline 2\n',
    });
    expect(log.status).toBe(201);
    // The same device answering the same command again (a lost answer) gets its first upload.
    t.clock.t += 1000;
    const again = await upload(dev, { kind: 'gpx', messageId, content: gpx });
    expect([again.status, again.body.id]).toEqual([201, res.body.id]);
    const delivered = await t.handle.db
      .selectFrom('device_messages')
      .select('delivered_at')
      .where('id', '=', messageId!)
      .executeTakeFirstOrThrow();
    expect(delivered.delivered_at).toBe(message.delivered_at);

    const all = await list(id, admin);
    expect(all.status).toBe(200);
    expect(all.body.map((u) => u.kind)).toEqual(['log', 'gpx']);
    expect(all.body[1]).toEqual({
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
    const made = await upload(dev, {
      kind: 'db',
      messageId: await command(id, 'sendDB'),
      content: '{"a":1}',
    });
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

  it('takes uploads only in answer to a command of the device’s team, one device each', async () => {
    const { id, dev } = await newEvent();
    const refused = async (body: Record<string, unknown>, on = dev) => {
      const res = await upload(on, body);
      return [res.status, errorOf(res)];
    };
    const nocommand = [409, 'upload.error.nocommand'];
    // No command: a device cannot fill the server on its own.
    expect(await refused({ kind: 'log', content: 'x' })).toEqual(nocommand);
    // A message is no command; a command asks for one kind.
    const sent = await call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, {
      as: owner,
      body: { teamId: 'alpha', title: 'Hello' },
    });
    const messageId = sent.body.results[0]!.messageId!;
    expect(await refused({ kind: 'log', messageId, content: 'x' })).toEqual(nocommand);
    const sendLog = await command(id, 'sendLog');
    expect(await refused({ kind: 'db', messageId: sendLog, content: '{}' })).toEqual(nocommand);
    // Another team's command is not found for this device.
    await t.handle.db
      .insertInto('team_members')
      .values({ event_id: id, team_id: 'bravo', user_id: stranger.uid, joined_at: 1, via: 'reg' })
      .execute();
    const bravoCmd = await call<SendMessageResult>(t.app, 'POST', `/api/events/${id}/messages`, {
      as: owner,
      body: { teamId: 'bravo', cmnd: 'sendLog' },
    });
    expect(
      await refused({ kind: 'log', messageId: bravoCmd.body.results[0]!.messageId, content: 'x' }),
    ).toEqual([404, 'error.notfound']);

    // A second device of the team cannot answer a command the first one answered.
    const second = deviceId();
    expect(
      (await call(t.app, 'PUT', `/api/devices/${second}`, { as: member, body: { eventId: id } }))
        .status,
    ).toBe(200);
    expect((await upload(dev, { kind: 'log', messageId: sendLog, content: 'x' })).status).toBe(201);
    expect(await refused({ kind: 'log', messageId: sendLog, content: 'y' }, second)).toEqual(
      nocommand,
    );
    // Nor one the first device acknowledged without answering.
    const sendGpx = await command(id, 'sendGPX');
    await call(t.app, 'POST', `/api/devices/${dev}/messages/${sendGpx}/ack`, { as: member });
    expect(await refused({ kind: 'gpx', messageId: sendGpx, content: '<gpx/>' }, second)).toEqual(
      nocommand,
    );
    expect((await list(id)).body).toHaveLength(1);
  });

  it('keeps each team’s uploads within the quota', async () => {
    const { id, dev } = await newEvent();
    // An earlier upload of Alpha's (its size as stored) leaves 10 bytes of the quota.
    await t.handle.db
      .insertInto('device_uploads')
      .values({
        id: `seed-${id}`,
        event_id: id,
        team_id: 'alpha',
        device_id: dev,
        kind: 'log',
        message_id: null,
        content: '',
        size: TEAM_UPLOAD_QUOTA_BYTES - 10,
        created_at: 1,
      })
      .execute();
    const messageId = await command(id, 'sendLog');
    const over = await upload(dev, { kind: 'log', messageId, content: 'ü'.repeat(6) });
    expect([over.status, errorOf(over)]).toEqual([413, 'upload.error.quota']);
    // Nothing was stored and the command still waits for an answer that fits.
    expect((await list(id)).body).toHaveLength(1);
    const msg = await t.handle.db
      .selectFrom('device_messages')
      .select('delivered_at')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(msg.delivered_at).toBeNull();
    expect((await upload(dev, { kind: 'log', messageId, content: 'ü'.repeat(5) })).status).toBe(
      201,
    );
    expect(
      errorOf(
        await upload(dev, { kind: 'log', messageId: await command(id, 'sendLog'), content: 'x' }),
      ),
    ).toBe('upload.error.quota');
  });
});

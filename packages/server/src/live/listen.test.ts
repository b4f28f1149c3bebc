import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeTrack, liveTopic } from '@rada/core';
import type { JoinResult, ListenBatch, ListenMessage } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';
import { connectListen } from './listenTestClient.ts';
import { tokenHash } from '../db/ids.ts';

const point = (t: number, i: number) => ({ t, y: 58.3 + i * 0.0001, x: 26.7 + i * 0.0001, a: 5 });

describe.each(testDialects())('/listen over a real WebSocket on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let runner: TestUser;
  let ownerToken: string;
  let strangerToken: string;
  let url: string;

  const tokenOf = async (user: TestUser) =>
    (
      await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
        as: user,
        body: { name: 'listen test' },
      })
    ).body.token;

  /** An event with one team (the runner's, through a join code) and the runner's device. */
  async function eventWithDevice(settings: Record<string, unknown> = {}) {
    const event = await buildEvent(t.app, owner);
    if (Object.keys(settings).length > 0) await setSettings(event.id, settings);
    const code = await call<{ code: string }>(t.app, 'POST', `/api/events/${event.id}/joincodes`, {
      as: owner,
      body: { valid: t.clock.t + 86_400_000 },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const joined = await call<JoinResult>(t.app, 'POST', '/api/join', {
      as: runner,
      body: { code: code.body.code },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const deviceId = `phone-${event.id}`;
    const device = await call(t.app, 'PUT', `/api/devices/${deviceId}`, {
      as: runner,
      body: { eventId: event.id, teamId: joined.body.teamId, info: {} },
    });
    expect(device.status, JSON.stringify(device.body)).toBe(200);
    return { eventId: event.id, teamId: joined.body.teamId, deviceId };
  }

  async function setSettings(eventId: string, settings: Record<string, unknown>) {
    const res = await call(t.app, 'PATCH', `/api/events/${eventId}/settings`, {
      as: owner,
      body: { settings },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function ingest(deviceId: string, points: ReturnType<typeof point>[]) {
    const res = await call<{ accepted: number }>(
      t.app,
      'POST',
      `/api/devices/${deviceId}/locations`,
      {
        as: runner,
        body: { points },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.accepted).toBe(points.length);
  }

  const expectRefused = async (
    client: Awaited<ReturnType<typeof connectListen>>,
    error: string,
  ) => {
    expect(await client.next()).toEqual({ kind: 'error', error });
    expect(await client.closed).toBe(1008);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    stranger = await signUp(t.app);
    runner = await signUp(t.app);
    ownerToken = await tokenOf(owner);
    strangerToken = await tokenOf(stranger);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace(/^http/, 'ws')}/listen`;
  });
  afterAll(() => t.close());

  it("gives an admin the stored tracks as 'z:', then each ingested batch as 'j:'", async () => {
    const { eventId, teamId, deviceId } = await eventWithDevice({ hidetracks: true });
    const t0 = t.clock.t - 120_000;
    await ingest(deviceId, [point(t0, 0), point(t0 + 1000, 1)]);
    const client = await connectListen(url, eventId, ownerToken);
    try {
      const history = await client.next();
      expect(history.kind).toBe('history');
      if (history.kind !== 'history') return;
      expect(history.entries).toHaveLength(1);
      const entry = history.entries[0]!;
      expect(entry).toMatchObject({ tid: teamId, devid: deviceId, uid: runner.uid });
      const points = entry.chunks.flatMap((c) => decodeTrack(c));
      expect(points.map((p) => p.t)).toEqual([t0, t0 + 1000]);

      await ingest(deviceId, [point(t0 + 2000, 2)]);
      const live = await client.next();
      expect(live.kind).toBe('batches');
      if (live.kind !== 'batches') return;
      expect(live.batches).toHaveLength(1);
      const batch: ListenBatch = live.batches[0]!;
      expect(batch).toMatchObject({ devid: deviceId, uid: runner.uid, tid: teamId });
      expect(batch.locations.map((p) => p.t)).toEqual([t0 + 2000]);
      expect(batch.locations[0]).toMatchObject({ y: 58.3002, x: 26.7002 });
    } finally {
      await client.close();
    }
  });

  it('serves an admin who sends the session cookie in place of a token', async () => {
    const { eventId } = await eventWithDevice({ hidetracks: true });
    const client = await connectListen(url, eventId, '', { cookie: owner.cookie });
    try {
      expect((await client.next()).kind).toBe('history');
    } finally {
      await client.close();
    }
  });

  it('refuses an expired API token with error.expired, as the HTTP API does', async () => {
    const { eventId } = await eventWithDevice({ hidetracks: true });
    const token = await tokenOf(owner);
    await t.handle.db
      .updateTable('sessions')
      .set({ expires_at: t.clock.t - 1 })
      .where('id', '=', tokenHash(token))
      .execute();
    await expectRefused(await connectListen(url, eventId, token), 'error.expired');
  });

  it('refuses a stranger while tracks are hidden and serves them once they are not', async () => {
    const { eventId, deviceId } = await eventWithDevice({ hidetracks: true });
    await expectRefused(await connectListen(url, eventId, strangerToken), 'error.forbidden');

    await setSettings(eventId, { hidetracks: false });
    const client = await connectListen(url, eventId, strangerToken);
    try {
      expect((await client.next()).kind).toBe('history');
      await ingest(deviceId, [point(t.clock.t - 5000, 0)]);
      expect((await client.next()).kind).toBe('batches');
    } finally {
      await client.close();
    }
  });

  it('drops strangers and anonymous viewers once tracks are hidden; admins keep watching', async () => {
    const { eventId, deviceId } = await eventWithDevice();
    const watcher = await connectListen(url, eventId, strangerToken);
    const anonymous = await connectListen(url, eventId, '');
    const admin = await connectListen(url, eventId, ownerToken);
    try {
      for (const c of [watcher, anonymous, admin]) expect((await c.next()).kind).toBe('history');
      await setSettings(eventId, { hidetracks: true });
      await expectRefused(watcher, 'error.forbidden');
      await expectRefused(anonymous, 'error.forbidden');
      await ingest(deviceId, [point(t.clock.t - 4000, 0)]);
      expect((await admin.next()).kind).toBe('batches');
    } finally {
      await admin.close();
    }
  });

  it('applies the same rule to anonymous viewers, with an empty token or none at all', async () => {
    const { eventId } = await eventWithDevice({ hidetracks: true });
    await expectRefused(await connectListen(url, eventId, ''), 'error.forbidden');
    await expectRefused(await connectListen(url, eventId), 'error.forbidden');

    await setSettings(eventId, { hidetracks: null });
    for (const token of ['', undefined]) {
      const client = await connectListen(url, eventId, token);
      try {
        expect((await client.next()).kind).toBe('history');
      } finally {
        await client.close();
      }
    }
  });

  it('refuses an unknown event, a bad token as anonymous, and lines out of the protocol', async () => {
    await expectRefused(await connectListen(url, 'no-such-event', ownerToken), 'error.notfound');

    const { eventId } = await eventWithDevice({ hidetracks: true });
    await expectRefused(await connectListen(url, eventId, 'not-a-token'), 'error.forbidden');

    const raw = new WebSocket(url);
    const frames: string[] = [];
    raw.on('message', (d: Buffer) => frames.push(d.toString()));
    const closed = new Promise<number>((resolve) => raw.once('close', resolve));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('Hello:there');
    expect(await closed).toBe(1008);
    expect(frames).toEqual(['e:{"error":"error.validation"}']);
  });

  it('drops a viewer that stops reading; the others still get every batch', async () => {
    const { eventId } = await eventWithDevice({ hidetracks: true });
    const slow = await connectListen(url, eventId, ownerToken);
    const fast = await connectListen(url, eventId, ownerToken);
    try {
      expect((await slow.next()).kind).toBe('history');
      expect((await fast.next()).kind).toBe('history');
      // The slow viewer's process stops reading its socket: the server's buffer for it grows.
      (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const locations = Array.from({ length: 2000 }, (_, i) => ({
        t: i,
        y: 58,
        x: 26,
        a: 1,
        s: null,
        l: null,
        g: null,
        d: null,
      }));
      const rounds = 150; // ~150 × 120 KB: past the kernel buffers and the 1 MiB allowance
      // Frames may carry several batches (the hub coalesces): collect until all arrived.
      const received: Promise<string[]> = (async () => {
        const devids: string[] = [];
        while (devids.length < rounds) {
          const m: ListenMessage = await fast.next(10_000);
          if (m.kind !== 'batches') throw new Error(`unexpected ${m.kind}`);
          devids.push(...m.batches.map((b) => b.devid));
        }
        return devids;
      })();
      for (let i = 0; i < rounds; i++) {
        t.bus.publish(liveTopic(eventId), {
          v: 1,
          type: 'live.locations',
          eventId,
          batches: [{ devid: `d${i}`, uid: null, tid: null, locations }],
        });
        await new Promise((resolve) => setTimeout(resolve, i % 10 === 0 ? 60 : 0));
      }
      expect(await received).toEqual(Array.from({ length: rounds }, (_, i) => `d${i}`));
      (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await slow.closed).not.toBe(1000);
    } finally {
      await slow.close();
      await fast.close();
    }
  });
});

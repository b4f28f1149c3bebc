import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeListenHistory, decodeTrack } from '@rada/core';
import type { IngestResult } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { addDevice, insertCorruptChunk, newTrackEvent, txy, walk } from '../tracks/trackTestKit.ts';
import { listenService } from './listen.service.ts';
import { connectListen } from './listenTestClient.ts';

describe.each(testDialects())('/listen history with an unreadable chunk on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  const t0 = Date.UTC(2026, 5, 1, 9);
  const good = walk(4, t0);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.t = t0 + 3_600_000;
    owner = await signUp(t.app);
    runner = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** An open event whose Alpha has four good points and a corrupt chunk in between. */
  async function eventWithBadChunk() {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const sent = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body: { points: good },
    });
    expect(sent.body.accepted).toBe(4);
    await insertCorruptChunk(t, id, dev, t0 - 1000);
    return { id, dev };
  }

  it('leaves the chunk out of the history frame and logs it', async () => {
    const { id, dev } = await eventWithBadChunk();
    const logs: { obj: object; msg: string }[] = [];
    const service = listenService({
      store: t.store,
      authenticate: () => Promise.resolve(null),
      log: (obj, msg) => logs.push({ obj, msg }),
    });
    const entries = decodeListenHistory(await service.history(id));
    expect(entries).toHaveLength(1);
    const entry = entries![0]!;
    expect(entry).toMatchObject({ tid: 'alpha', devid: dev });
    // Every chunk a viewer gets decodes; the good points are all there.
    expect(txy(entry.chunks.flatMap((c) => decodeTrack(c)))).toEqual(txy(good));
    expect(logs).toEqual([
      {
        obj: expect.objectContaining({
          eventId: id,
          teamId: 'alpha',
          chunkId: `bad-${id}`,
        }) as object,
        msg: '/listen history: unreadable track chunk skipped',
      },
    ]);
  });

  it('sends viewers of the real socket only chunks that decode', async () => {
    const { id } = await eventWithBadChunk();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectListen(`${address.replace(/^http/, 'ws')}/listen`, id, '');
    try {
      const history = await client.next();
      expect(history.kind).toBe('history');
      if (history.kind !== 'history') return;
      const chunks = history.entries.flatMap((e) => e.chunks);
      expect(chunks.map((c) => decodeTrack(c).length)).toEqual([4]);
    } finally {
      await client.close();
    }
  });
});

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTrack, TRACK_CONTENT_TYPE } from '@rada/core';
import type { IngestResult } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { addDevice, newTrackEvent, storedPoints, txy, walk } from './trackTestKit.ts';

describe.each(testDialects())('binary and gzipped location bodies on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let runner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    runner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const send = (dev: string, body: Buffer, headers: Record<string, string> = {}) =>
    call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: runner,
      body,
      headers: { 'content-type': TRACK_CONTENT_TYPE, ...headers },
    });

  it('stores the same points from the track format as from JSON, plain or gzipped', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const points = walk(120, t.clock.t - 600_000);
    const plain = Buffer.from(encodeTrack(points.slice(0, 60)));
    const first = await send(dev, plain);
    expect([first.status, first.body]).toEqual([
      200,
      { accepted: 60, duplicates: 0, rejected: [], known: true },
    ]);
    const gz = zlib.gzipSync(encodeTrack(points.slice(60)));
    const second = await send(dev, gz, { 'content-encoding': 'gzip' });
    expect([second.status, second.body.accepted]).toEqual([200, 60]);
    // A retried batch is a duplicate, as with JSON.
    expect((await send(dev, gz, { 'content-encoding': 'gzip' })).body.duplicates).toBe(60);
    expect(txy(await storedPoints(t, id, 'alpha'))).toEqual(txy(points));
  });

  it('refuses bytes that are not track data, unknown encodings and gzip bombs, with keys', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'bravo');
    const garbage = await send(dev, Buffer.from('not a track at all'));
    expect([garbage.status, errorOf(garbage)]).toEqual([400, 'error.badtrack']);
    const badGzip = await send(dev, Buffer.from('not gzip'), { 'content-encoding': 'gzip' });
    expect([badGzip.status, errorOf(badGzip)]).toEqual([400, 'error.badtrack']);
    const encoded = Buffer.from(encodeTrack(walk(3, t.clock.t - 60_000)));
    const brotli = await send(dev, zlib.brotliCompressSync(encoded), { 'content-encoding': 'br' });
    expect([brotli.status, errorOf(brotli)]).toEqual([415, 'error.badencoding']);
    // 64 MB of zeros gzip to ~64 KB: refused once the inflated size passes the body limit.
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(t.config.bodyLimit);
    const bombed = await send(dev, bomb, { 'content-encoding': 'gzip' });
    expect([bombed.status, errorOf(bombed)]).toEqual([413, 'error.toolarge']);
    expect(await storedPoints(t, id, 'bravo')).toEqual([]);
  });

  it('inflates gzip and deflate bodies of either format before reading them', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'alpha');
    const points = walk(40, t.clock.t - 600_000);
    const json = (p: unknown[]) => Buffer.from(JSON.stringify({ points: p }));
    const sent = [
      await send(dev, zlib.gzipSync(json(points.slice(0, 10))), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      }),
      await send(dev, zlib.deflateSync(json(points.slice(10, 20))), {
        'content-type': 'application/json',
        'content-encoding': 'deflate',
      }),
      await send(dev, zlib.deflateSync(encodeTrack(points.slice(20, 30))), {
        'content-encoding': 'Deflate',
      }),
      await send(dev, Buffer.from(encodeTrack(points.slice(30))), {
        'content-encoding': 'identity',
      }),
    ];
    expect(sent.map((r) => [r.status, r.body.accepted])).toEqual([
      [200, 10],
      [200, 10],
      [200, 10],
      [200, 10],
    ]);
    expect(txy(await storedPoints(t, id, 'alpha'))).toEqual(txy(points));
  });

  it('refuses other encodings, other content types and JSON bombs with keys', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'bravo');
    const json = Buffer.from(JSON.stringify({ points: walk(3, t.clock.t - 60_000) }));
    const brotli = await send(dev, zlib.brotliCompressSync(json), {
      'content-type': 'application/json',
      'content-encoding': 'br',
    });
    expect([brotli.status, errorOf(brotli)]).toEqual([415, 'error.badencoding']);
    const twice = await send(dev, zlib.gzipSync(zlib.gzipSync(json)), {
      'content-type': 'application/json',
      'content-encoding': 'gzip, gzip',
    });
    expect([twice.status, errorOf(twice)]).toEqual([415, 'error.badencoding']);
    const brokenJson = await send(dev, Buffer.from('{"points":[{"t":'), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect([brokenJson.status, errorOf(brokenJson)]).toEqual([400, 'error.badtrack']);
    const octets = await send(dev, Buffer.from(encodeTrack(walk(2, t.clock.t - 1000))), {
      'content-type': 'application/octet-stream',
    });
    expect([octets.status, errorOf(octets)]).toEqual([415, 'error.mediatype']);
    const text = await send(dev, Buffer.from('t=1,y=58,x=26'), { 'content-type': 'text/plain' });
    expect([text.status, errorOf(text)]).toEqual([415, 'error.mediatype']);
    // Spaces for days: a few KB of gzip that would inflate to 64 MB of JSON.
    const padded = Buffer.concat([
      Buffer.from('{"points":['),
      Buffer.alloc(64 * 1024 * 1024, 0x20),
      Buffer.from(']}'),
    ]);
    const bombed = await send(dev, zlib.gzipSync(padded), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect([bombed.status, errorOf(bombed)]).toEqual([413, 'error.toolarge']);
    expect(await storedPoints(t, id, 'bravo')).toEqual([]);
  });

  it('checks decoded points like JSON ones and keeps the device owner rule', async () => {
    const id = await newTrackEvent(t, owner);
    const dev = await addDevice(t, runner, id, 'charlie');
    const future = walk(2, t.clock.t + 3_600_000);
    const res = await send(dev, Buffer.from(encodeTrack(future)));
    expect(res.status).toBe(200);
    expect(res.body.rejected.map((r) => r.reason)).toEqual(['future', 'future']);
    const stranger = await call(t.app, 'POST', `/api/devices/${dev}/locations`, {
      as: owner,
      body: Buffer.from(encodeTrack(walk(1, t.clock.t - 1000))),
      headers: { 'content-type': TRACK_CONTENT_TYPE },
    });
    expect([stranger.status, errorOf(stranger)]).toEqual([403, 'error.forbidden']);
  });
});

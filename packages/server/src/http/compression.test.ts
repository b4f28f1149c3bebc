import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import {
  COMPRESS_MIN_BYTES,
  acceptedEncoding,
  registerCompression,
  sendKept,
} from './compression.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('registerCompression', () => {
  const big = { rows: Array.from({ length: 500 }, (_, i) => ({ team: `Team ${i}`, points: i })) };
  const bigBuffer = Buffer.from(JSON.stringify(big));
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/big', () => big);
    app.get('/buffer', (req, reply) => sendKept(req, reply, bigBuffer));
    app.get('/small', () => ({ ok: true }));
    app.get('/varied', (_req, reply) => reply.header('vary', 'origin').send(big));
    app.get('/text', (_req, reply) => reply.type('text/csv').send('x;'.repeat(5000)));
    app.get('/png', (_req, reply) => reply.type('image/png').send(Buffer.alloc(5000)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses large JSON as the client accepts and leaves the rest alone', async () => {
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await app.inject({ url: '/buffer', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(bigBuffer)).toBe(true);
    // The same Buffer is compressed once per encoding (brotli at the kept quality).
    const kept = await app.inject({ url: '/buffer', headers: { 'accept-encoding': 'br' } });
    expect(kept.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(kept.rawPayload).equals(bigBuffer)).toBe(true);

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    // Other text (CSV, XML exports) too; images as they are.
    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'br' } });
    expect(text.headers['content-encoding']).toBe('br');
    const png = await app.inject({ url: '/png', headers: { 'accept-encoding': 'br' } });
    expect(png.headers['content-encoding']).toBeUndefined();
    // A client that accepts neither gets the answer as it is.
    const identity = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('adds accept-encoding to a Vary the route already set', async () => {
    const res = await app.inject({ url: '/varied', headers: { 'accept-encoding': 'br' } });
    expect(res.headers.vary).toBe('origin, accept-encoding');
  });
});

describe.each(testDialects().slice(0, 1))('compressed API answers on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('sends an event’s results compressed to a browser', async () => {
    const owner = await signUp(t.app);
    const file = resultsEventFile(owner.uid);
    const list: Record<string, { name: string; nr: number }> = file.teams.list;
    for (let i = 0; i < 40; i++) list[`extra${i}`] = { name: `Extra team ${i}`, nr: 100 + i };
    const id = uniqueShortlink('zip');
    await importEvent(t, file, id);
    const url = `/api/events/${id}/results`;
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

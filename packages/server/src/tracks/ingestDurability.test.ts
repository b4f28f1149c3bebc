import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { buildTestAppOn, call } from '../test/app.ts';
import { signUp } from '../test/factories.ts';
import { startServerProcess } from '../test/serverProcess.ts';
import { decodeChunk } from './track.chunks.ts';
import { addDevice, newTrackEvent, walk } from './trackTestKit.ts';

const DEVICES = 6;
const BATCH = 5;

/**
 * One POST with a fresh keep-alive-less connection; resolves with the status and the body, status
 * 0 on a dead server.
 */
function post(
  port: number,
  token: string,
  dev: string,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/devices/${dev}/locations`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

/**
 * The real server in its own process on a SQLite file, killed with SIGKILL while devices send:
 * every batch it answered 200 must be in the database afterwards. An answer before the commit
 * (or a commit left to the OS's whim) would lose the last answered batches.
 */
describe('location ingest survives kill -9', () => {
  let dir: string;
  let file: string;
  let eventId: string;
  let token: string;
  const devices: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-kill-'));
    file = path.join(dir, 'rada.sqlite');
    const handle = await openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db);
    const t = await buildTestAppOn(handle);
    const owner = await signUp(t.app);
    const runner = await signUp(t.app);
    eventId = await newTrackEvent(t, owner);
    for (let i = 0; i < DEVICES; i++) {
      devices.push(await addDevice(t, runner, eventId, ['alpha', 'bravo', 'charlie'][i % 3]!));
    }
    const made = await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
      as: runner,
      body: { name: 'phones' },
    });
    expect(made.status).toBe(201);
    token = made.body.token;
    await t.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loses no acknowledged point', { timeout: 60_000 }, async () => {
    const server = await startServerProcess({ DATABASE_URL: `sqlite:${file}` });
    const port = Number(new URL(server.url).port);

    // Each device sends batch after batch; the points of every 200 answer are recorded. The walk
    // starts a week back: a fast machine sends hundreds of batches a second per device, and from
    // an hour back the points reached the future and were refused (answered 200 all the same).
    const t0 = Date.now() - 7 * 86_400_000;
    const acknowledged = new Map<string, number[]>(devices.map((d) => [d, []]));
    let inFlight = 0;
    let stop = false;
    const senders = devices.map(async (dev) => {
      for (let b = 0; !stop; b++) {
        const points = walk(BATCH, t0, b * BATCH);
        inFlight++;
        const { status, body } = await post(port, token, dev, JSON.stringify({ points }));
        inFlight--;
        if (status === 0) break;
        if (status !== 200) throw new Error(`status ${status}: ${body}`);
        // An answer that refuses or skips a point acknowledges only the rest: none may here.
        const { accepted } = JSON.parse(body) as { accepted: number };
        if (accepted !== points.length) throw new Error(`${dev}: not all accepted: ${body}`);
        acknowledged.get(dev)!.push(...points.map((p) => p.t));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const inFlightAtKill = inFlight;
    server.proc.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(senders);

    const handle = await openDatabase({ dialect: 'sqlite', file });
    try {
      const rows = await handle.db
        .selectFrom('track_chunks')
        .select(['device_id', 'data'])
        .where('event_id', '=', eventId)
        .execute();
      const stored = new Map<string, Set<number>>(devices.map((d) => [d, new Set()]));
      for (const row of rows) {
        for (const p of decodeChunk(row.data)) stored.get(row.device_id!)!.add(p.t);
      }
      let total = 0;
      for (const dev of devices) {
        const missing = acknowledged.get(dev)!.filter((t) => !stored.get(dev)!.has(t));
        expect(missing, `${dev}: acknowledged but not stored`).toEqual([]);
        total += acknowledged.get(dev)!.length;
      }
      // The run proves something only if much was acknowledged and the kill caught requests.
      expect(total).toBeGreaterThan(100);
      expect(inFlightAtKill).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { buildEvent, importEvent, signUpCreator, uniqueShortlink } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { jsonShapeOver } from './limits.ts';

/**
 * Small bodies that cost the event loop much (issue 33, item 5), sent to a listening server
 * while `/api/health` is asked every few milliseconds: the slowest health answer says how long
 * the loop stood still. One dialect is enough: nothing here reaches the database's dialect code.
 */

/** The slowest health answer we accept while the senders run (a stalled loop took seconds). */
const HEALTH_MAX_MS = 250;

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends `body` (POST unless `method` says) and resolves with the answer. A server that answers before reading the whole body
 * may close the socket under the writer; that write error is not the answer.
 */
function post(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method,
      // Node sends a DELETE's body without framing unless the length is given.
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', (err) => (req.writableFinished ? undefined : reject(err)));
    req.end(body);
  });
}

const keyOf = (answer: Answer) => (JSON.parse(answer.body) as ErrorBody).error;

/** Runs `work` while asking for the health answer back to back; the slowest answer in ms. */
async function slowestHealthDuring(base: string, work: () => Promise<unknown>): Promise<number> {
  let running = true;
  let slowest = 0;
  const probe = (async () => {
    while (running) {
      // The pause counts too: a loop stalled while the timer waits fires it late.
      const began = performance.now();
      await new Promise((r) => setTimeout(r, 5));
      const res = await fetch(`${base}/api/health`);
      await res.text();
      slowest = Math.max(slowest, performance.now() - began - 5);
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await probe;
  }
  return slowest;
}

/** A JSON array of `count` ones: 500,000 of them are just under 1 MB. */
const ones = (count: number) => `[${Array(count).fill('1').join(',')}]`;

describe('jsonShapeOver', () => {
  it('counts values by their commas outside strings, escaped quotes included', () => {
    expect(jsonShapeOver('[1,2,3]', 64, 3)).toBe(null);
    expect(jsonShapeOver('[1,2,3,4]', 64, 3)).toBe('values');
    expect(jsonShapeOver('["a,b,c,d", "\\"", "\\\\", 1]', 64, 4)).toBe(null);
    expect(jsonShapeOver('["\\",[[[[", 1]', 2, 10)).toBe(null);
    expect(jsonShapeOver('["\\\\",[[[["]]]]', 2, 10)).toBe('depth');
  });
});

describe('bodies that cost the event loop', () => {
  let t: TestApp;
  let base: string;
  let creator: TestUser;
  const megabyteOfNumbers = ones(500_000);
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
    creator = await signUpCreator(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('refuses a body on an unknown route and on a route that takes none, unread', async () => {
    const event = await buildEvent(t.app, creator);
    const cases: [string, string][] = [
      ['POST', '/api/nosuch'],
      ['POST', '/api/health'],
      ['PUT', '/nosuch'],
      ['DELETE', `/api/events/${event.id}`],
    ];
    for (const [method, path] of cases) {
      const answer = await post(base, path, megabyteOfNumbers, { cookie: creator.cookie }, method);
      expect([answer.status, keyOf(answer)], path).toEqual([413, 'error.toolarge']);
    }
    // Nothing was done: the event is still there. Without a body the routes answer as always.
    expect((await fetch(`${base}/api/events/${event.id}`)).status).toBe(200);
    expect((await fetch(`${base}/api/nosuch`, { method: 'POST' })).status).toBe(404);
    // The one DELETE that takes a body (the account's confirmation) still reads it.
    const account = await post(base, '/api/account', '{"confirm":"x"}', {}, 'DELETE');
    expect([account.status, keyOf(account)]).toEqual([401, 'error.unauthorized']);
  });

  it('takes 64 KB on most routes and 1 MB where bulk data or long text goes', async () => {
    const event = await buildEvent(t.app, creator);
    const text = 'x'.repeat(100_000);
    const small = await post(base, '/api/auth/signin', JSON.stringify({ email: text }));
    expect([small.status, keyOf(small)]).toEqual([413, 'error.toolarge']);
    // Read and checked (too long for a setting), not refused for its size.
    const bulk = await post(
      base,
      `/api/events/${event.id}/settings`,
      JSON.stringify({ settings: { appmessage: text } }),
      { cookie: creator.cookie },
      'PATCH',
    );
    expect(bulk.status).toBe(400);
    expect(keyOf(bulk)).not.toBe('error.toolarge');
  });

  it('refuses 1 MB of numbers to a small JSON route without signing in (413)', async () => {
    const answer = await post(base, '/api/auth/signin', megabyteOfNumbers);
    expect([answer.status, keyOf(answer)]).toEqual([413, 'error.toolarge']);
  });

  it('keeps /api/health fast while four senders post 1 MB arrays of numbers', async () => {
    const paths = ['/api/nosuch', '/api/auth/signin', '/api/events/x/play/marks', '/api/nosuch'];
    const answers: Answer[] = [];
    const slowest = await slowestHealthDuring(base, () =>
      Promise.all(
        paths.map(async (path) => {
          for (let i = 0; i < 5; i += 1) answers.push(await post(base, path, megabyteOfNumbers));
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect(slowest).toBeLessThan(HEALTH_MAX_MS);
  });

  it("keeps /api/health fast while a creator's 12 MB template holds a huge array", async () => {
    const event = await buildEvent(t.app, creator);
    const template = JSON.stringify({ ...sampleEventFile(), junk: [0] }).replace(
      '"junk":[0]',
      `"junk":${ones(6_000_000)}`,
    );
    const body = `{"name":"Big","shortlink":"${uniqueShortlink('big')}","starttime":0,"endtime":null,"template":${template}}`;
    expect(body.length).toBeGreaterThan(12_000_000);
    let answer: Answer | undefined;
    const slowest = await slowestHealthDuring(base, async () => {
      answer = await post(base, '/api/events', body, { cookie: creator.cookie });
    });
    expect([answer?.status, answer && keyOf(answer)]).toEqual([413, 'error.toolarge']);
    expect(slowest).toBeLessThan(HEALTH_MAX_MS);
    // The creator still makes events as before.
    expect(event.id).toBeTruthy();
  });

  it("keeps /api/health fast while an admin's 4 MB GPX track is read", async () => {
    const id = uniqueShortlink('gpx');
    const start = Date.parse('2026-01-01T10:00:00Z');
    await importEvent(t, resultsEventFile(creator.uid), id);
    const points = Array.from({ length: 40_000 }, (_, i) => {
      const time = new Date(start + i * 1000).toISOString();
      return `<trkpt lat="${58 + i * 1e-6}" lon="${26 + i * 1e-6}"><ele>40</ele><time>${time}</time></trkpt>`;
    });
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>${points.join('\n')}</trkseg></trk></gpx>`;
    expect(gpx.length).toBeGreaterThan(3_800_000);
    // The client's own work (this process is the client too) is done before the probe starts.
    const body = JSON.stringify({ gpx });
    let answer: Answer | undefined;
    const slowest = await slowestHealthDuring(base, async () => {
      answer = await post(base, `/api/events/${id}/teams/alpha/track.gpx`, body, {
        cookie: creator.cookie,
      });
    });
    expect(answer?.status, answer?.body.slice(0, 200)).toBe(200);
    expect(slowest).toBeLessThan(HEALTH_MAX_MS);
  });
});

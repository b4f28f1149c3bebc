import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveStatus, JobView, ResultsView } from '@rada/core';
import { s3Storage } from './archiveStorage.ts';
import type { ArchiveStorage } from './archiveStorage.ts';
import { startS3Server } from '../test/s3Server.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  importEvent,
  signUp,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';

// The second tier in S3-compatible storage, against a real local S3 server (s3rver): the SDK
// signs and sends real requests. The database side is tested on every dialect in archive.test.ts.
describe('the second archive tier in S3', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let tier: ArchiveStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    tier = await s3Storage(s3.config);
  });
  afterAll(() => s3.close());

  it('writes, reads, lists and removes files under the prefix', async () => {
    expect(tier.name).toBe('s3://rada-archive/tier2/');
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) % 256);
    await tier.write('ev1/tracks.dat', bytes);
    await tier.write('ev1/evdata.json', new TextEncoder().encode('{"version":2}'));
    await tier.write('ev10/evdata.json', new TextEncoder().encode('{}'));
    expect(await tier.read('ev1/tracks.dat')).toEqual(bytes);
    expect(await tier.read('ev1/none.json')).toBeUndefined();
    expect((await tier.list('ev1')).sort()).toEqual(['ev1/evdata.json', 'ev1/tracks.dat']);
    await tier.remove('ev1/tracks.dat');
    expect(await tier.list('ev1')).toEqual(['ev1/evdata.json']);
    expect(await tier.list('nothing')).toEqual([]);
    expect((await tier.folders()).sort()).toEqual(['ev1', 'ev10']);
    await expect(tier.write('../escape', bytes)).rejects.toThrow(/outside/);
  });

  describe('an event moved to S3 and cleaned from the first tier', () => {
    let t: TestApp;
    let owner: TestUser;
    let boss: TestUser;
    const bossEmail = uniqueEmail('boss');
    beforeAll(async () => {
      t = await buildTestApp(testDialects()[0]!, {
        superAdminEmails: [bossEmail],
        archive2: { kind: 's3', ...s3.config },
      });
      owner = await signUp(t.app);
      boss = await signUpProven(t, bossEmail);
    });
    afterAll(() => t.close());

    const run = async (id: string, url: string, as: TestUser) => {
      const started = await call<JobView>(t.app, 'POST', `/api/events/${id}/${url}`, { as });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      for (;;) {
        const job = await call<JobView>(t.app, 'GET', `/api/jobs/${started.body.id}`, { as });
        if (job.body.state !== 'running') return job.body;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    it('stays readable from S3 alone', async () => {
      const id = uniqueShortlink('s3');
      await importEvent(t, resultsEventFile(owner.uid), id);
      const results = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
      expect((await run(id, 'archive', owner)).state).toBe('done');
      const moved = await run(id, 'archive/move', boss);
      expect(moved.state, JSON.stringify(moved)).toBe('done');
      expect(moved.log.at(-1)).toMatchObject({ key: 'archive.log.moved', params: { id } });
      const cleaned = await run(id, 'archive/cleanup', boss);
      expect(cleaned.state, JSON.stringify(cleaned)).toBe('done');
      const status = await call<ArchiveStatus>(t.app, 'GET', `/api/events/${id}/archive`, {
        as: boss,
      });
      expect(status.body.arch).toBe('a2');
      expect(status.body.first).toEqual([]);
      expect(status.body.second).toHaveLength(4);
      expect((await call(t.app, 'GET', `/api/events/${id}/results`)).body).toEqual(results.body);
    });
  });
});

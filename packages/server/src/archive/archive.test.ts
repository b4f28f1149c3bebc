import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_FILES, decodeTrack } from '@rada/core';
import type {
  ArchiveMeta,
  ArchiveStatus,
  CheckpointList,
  EventSummary,
  JobKind,
  JobView,
  ResponsesView,
  ResultsView,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  addAdmin,
  importEvent,
  makeCreator,
  signUp,
  uniqueEmail,
  uniqueShortlink,
  signUpProven,
} from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { addDevice, chunkRows, walk } from '../tracks/trackTestKit.ts';
import { connectListen } from '../live/listenTestClient.ts';

describe.each(testDialects())('archiving on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let runner: TestUser;
  let stranger: TestUser;
  let boss: TestUser;
  const bossEmail = uniqueEmail('boss');
  const archiveDir = path.join(os.tmpdir(), `rada-archive-test-${randomUUID()}`);
  const secondDir = path.join(os.tmpdir(), `rada-archive2-test-${randomUUID()}`);

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      superAdminEmails: [bossEmail],
      archiveDir,
      archive2: { kind: 'folder', dir: secondDir },
    });
    owner = await signUp(t.app);
    admin = await signUp(t.app);
    runner = await signUp(t.app);
    stranger = await signUp(t.app);
    boss = await signUpProven(t, bossEmail);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(archiveDir, { recursive: true, force: true });
    fs.rmSync(secondDir, { recursive: true, force: true });
  });

  /** An ended event with answers, an admin and Alpha's track from two devices. */
  /** The history frame a /listen viewer of the event gets (anonymous: tracks are public here). */
  let listenUrl: string | null = null;
  const historyOf = async (id: string) => {
    listenUrl ??= `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/listen`;
    const viewer = await connectListen(listenUrl, id, null);
    try {
      return await viewer.next();
    } finally {
      await viewer.close();
    }
  };

  const newEvent = async () => {
    const id = uniqueShortlink('arc');
    await importEvent(t, resultsEventFile(owner.uid), id);
    await addAdmin(t.app, owner, id, admin.uid);
    const t0 = t.clock.t - 600_000;
    for (const [i, points] of [walk(30, t0), walk(20, t0 + 500)].entries()) {
      const dev = await addDevice(t, runner, id, i === 0 ? 'alpha' : 'bravo');
      const sent = await call<{ accepted: number }>(
        t.app,
        'POST',
        `/api/devices/${dev}/locations`,
        {
          as: runner,
          body: { points },
        },
      );
      expect(sent.body.accepted, JSON.stringify(sent.body)).toBe(points.length);
    }
    return id;
  };
  const exported = async (id: string) => {
    const res = await call(t.app, 'GET', `/api/events/${id}/export`, { as: owner });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Starts a job and waits until it ends. */
  const run = async (id: string, kind: JobKind, as: TestUser = owner) => {
    const url = {
      archive: 'archive',
      unarchive: 'unarchive',
      move: 'archive/move',
      cleanup: 'archive/cleanup',
    }[kind];
    const started = await call<JobView>(t.app, 'POST', `/api/events/${id}/${url}`, { as });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const job = await call<JobView>(t.app, 'GET', `/api/jobs/${started.body.id}`, { as });
      expect(job.status).toBe(200);
      if (job.body.state !== 'running') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const arch = async (id: string) =>
    (await t.handle.db.selectFrom('events').select('arch').where('id', '=', id).executeTakeFirst())
      ?.arch;
  const teamRows = (id: string) =>
    t.handle.db.selectFrom('teams').select('id').where('event_id', '=', id).execute();

  it('archives to the first tier, keeps results and responses readable, and restores the same event and tracks', async () => {
    const id = await newEvent();
    const before = await exported(id);
    const chunksBefore = await chunkRows(t, id);
    expect(chunksBefore.length).toBeGreaterThan(0);
    const results = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    const responses = await call<ResponsesView>(t.app, 'GET', `/api/events/${id}/responses`);
    // What the map and the replay read: team tracks, points, files and the /listen history.
    const trackViews = async () => ({
      tracks: (await call(t.app, 'GET', `/api/events/${id}/tracks`, { as: owner })).body,
      points: Buffer.from(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/events/${id}/points?tid=alpha`,
            headers: { cookie: owner.cookie },
          })
        ).rawPayload,
      ).toString('base64'),
      gpx: (
        await t.app.inject({
          method: 'GET',
          url: `/api/events/${id}/teams/bravo/track.gpx`,
          headers: { cookie: owner.cookie },
        })
      ).body,
      history: await historyOf(id),
    });
    const tracksBefore = await trackViews();
    // The organiser's KP and team lists (the team's device clock is not archived).
    const lists = async () => ({
      kps: (
        await call<CheckpointList>(t.app, 'GET', `/api/events/${id}/checkpoints`, { as: owner })
      ).body.checkpoints,
      teams: (
        await call<{ clock?: unknown }[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner })
      ).body.map(({ clock: _clock, ...team }) => team),
    });
    const listsBefore = await lists();
    expect(listsBefore.kps.length).toBeGreaterThan(0);
    expect(listsBefore.teams).toHaveLength(3);
    expect((tracksBefore.tracks as unknown[]).length).toBe(3);
    expect(decodeTrack(Buffer.from(tracksBefore.points, 'base64'))).toHaveLength(30);

    const job = await run(id, 'archive');
    expect(job.state, JSON.stringify(job)).toBe('done');
    expect(job.progress).toBe(1);
    expect(job.log.map((l) => l.key)).toEqual([
      'archive.log.read',
      'archive.log.tracks',
      'archive.log.wrote',
      'archive.log.wrote',
      'archive.log.wrote',
      'archive.log.wrote',
      'archive.log.verified',
      'archive.log.archived',
    ]);
    expect(await arch(id)).toBe('a1');
    expect(await teamRows(id)).toEqual([]);
    expect(await chunkRows(t, id)).toEqual([]);
    const folder = path.join(archiveDir, id);
    expect(fs.readdirSync(folder).sort()).toEqual(
      [
        ARCHIVE_FILES.event,
        ARCHIVE_FILES.meta,
        ARCHIVE_FILES.tracks,
        ARCHIVE_FILES.trackIndex(id),
      ].sort(),
    );
    const meta = JSON.parse(
      fs.readFileSync(path.join(folder, ARCHIVE_FILES.meta), 'utf8'),
    ) as ArchiveMeta;
    expect(meta).toEqual({ archivedate: t.clock.t, version: '2' });
    const index = JSON.parse(
      gunzipSync(fs.readFileSync(path.join(folder, ARCHIVE_FILES.trackIndex(id)))).toString(),
    ) as { id: string; points: number }[];
    expect(index.map((c) => c.id).sort()).toEqual(chunksBefore.map((c) => c.id).sort());

    // Read from the archive: the same results, responses and event file.
    expect((await call(t.app, 'GET', `/api/events/${id}/results`)).body).toEqual(results.body);
    expect((await call(t.app, 'GET', `/api/events/${id}/responses`)).body).toEqual(responses.body);
    expect(await trackViews()).toEqual(tracksBefore);
    expect(await lists()).toEqual(listsBefore);
    const beforeFile = before as { events: Record<string, unknown> };
    expect(await exported(id)).toEqual({
      ...beforeFile,
      events: { ...beforeFile.events, arch: 'a1' },
    });
    // Archived, nothing changes: a second archive and team writes are refused.
    const again = await call(t.app, 'POST', `/api/events/${id}/archive`, { as: owner });
    expect([again.status, errorOf(again)]).toEqual([409, 'archive.error.archived']);

    const back = await run(id, 'unarchive', admin);
    expect(back.state, JSON.stringify(back)).toBe('done');
    expect(await arch(id)).toBeNull();
    expect(await exported(id)).toEqual(before);
    const chunksAfter = await chunkRows(t, id);
    expect(chunksAfter).toEqual(chunksBefore);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await call(t.app, 'GET', `/api/events/${id}/results`)).body).toEqual(results.body);
  });

  it('reads an archive back whatever rules came after it was written (a team time of 0, KP 1.5)', async () => {
    const id = uniqueShortlink('arcold');
    await importEvent(t, resultsEventFile(owner.uid), id);
    // Stored before those rules existed: written straight to the database.
    const alpha = (await t.handle.db
      .selectFrom('teams')
      .select('list')
      .where('event_id', '=', id)
      .where('id', '=', 'alpha')
      .executeTakeFirst())!;
    await t.handle.db
      .updateTable('teams')
      .set({ list: JSON.stringify({ ...JSON.parse(alpha.list), starttime: 0 }) })
      .where('event_id', '=', id)
      .where('id', '=', 'alpha')
      .execute();
    await t.handle.db
      .updateTable('checkpoints')
      .set({ kp: JSON.stringify({ nr: 1.5, ra: 1 }), nr: '1.5' })
      .where('event_id', '=', id)
      .where('id', '=', 'k1')
      .execute();
    const before = await exported(id);
    const results = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect((await run(id, 'archive')).state).toBe('done');
    const read = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual(results.body);
    const kps = await call<CheckpointList>(t.app, 'GET', `/api/events/${id}/checkpoints`, {
      as: owner,
    });
    expect(kps.body.checkpoints.map((c) => c.kp.nr)).toEqual([1.5, 2, 3]);
    const back = await run(id, 'unarchive');
    expect(back.state, JSON.stringify(back)).toBe('done');
    // Everything comes back as it was, but the team time of 0: stored again as none (null), as
    // an event file's 0 is read (spec 04), never as a start in 1970.
    const file = before as { teams: { list: Record<string, Record<string, unknown>> } };
    const list = file.teams.list;
    expect(await exported(id)).toEqual({
      ...file,
      teams: { ...file.teams, list: { ...list, alpha: { ...list.alpha, starttime: null } } },
    });
  });

  it('refuses to restore an event that is not archived, is final, has lost its file or has live rows again', async () => {
    const id = await newEvent();
    const notArchived = await call(t.app, 'POST', `/api/events/${id}/unarchive`, { as: owner });
    expect([notArchived.status, errorOf(notArchived)]).toEqual([409, 'archive.error.notarchived']);

    expect((await run(id, 'archive')).state).toBe('done');
    // Live rows again (written behind the server's back): restoring would overwrite them.
    await t.handle.db
      .insertInto('teams')
      .values({
        event_id: id,
        id: 'late',
        name: 'Late',
        nr: null,
        list: '{}',
        data: '{}',
        trackstat: null,
      })
      .execute();
    const exists = await call(t.app, 'POST', `/api/events/${id}/unarchive`, { as: owner });
    expect([exists.status, errorOf(exists)]).toEqual([409, 'archive.error.exists']);
    await t.handle.db.deleteFrom('teams').where('event_id', '=', id).execute();

    const file = path.join(archiveDir, id, ARCHIVE_FILES.event);
    const kept = fs.readFileSync(file);
    fs.rmSync(file);
    const missing = await call(t.app, 'POST', `/api/events/${id}/unarchive`, { as: owner });
    expect([missing.status, errorOf(missing)]).toEqual([409, 'archive.error.missing']);
    fs.writeFileSync(file, kept);

    await t.handle.db.updateTable('events').set({ arch: 'a2' }).where('id', '=', id).execute();
    const final = await call(t.app, 'POST', `/api/events/${id}/unarchive`, { as: owner });
    expect([final.status, errorOf(final)]).toEqual([409, 'archive.error.final']);
    // Nothing of the refused restores was written.
    expect(await teamRows(id)).toEqual([]);
    expect(await chunkRows(t, id)).toEqual([]);
  });

  it('lets only the event admins and a super admin archive and watch the job', async () => {
    const id = await newEvent();
    const anonymous = await call(t.app, 'POST', `/api/events/${id}/archive`);
    expect([anonymous.status, errorOf(anonymous)]).toEqual([401, 'error.unauthorized']);
    const other = await call(t.app, 'POST', `/api/events/${id}/archive`, { as: stranger });
    expect([other.status, errorOf(other)]).toEqual([403, 'error.forbidden']);
    const job = await run(id, 'archive', boss);
    expect(job.state).toBe('done');
    const watched = await call(t.app, 'GET', `/api/jobs/${job.id}`, { as: stranger });
    expect([watched.status, errorOf(watched)]).toEqual([403, 'error.forbidden']);
    const latest = await call<JobView>(t.app, 'GET', `/api/events/${id}/archive/job`, {
      as: admin,
    });
    expect(latest.body.id).toBe(job.id);
    const unknown = await call(t.app, 'GET', `/api/jobs/${randomUUID()}`, { as: owner });
    expect([unknown.status, errorOf(unknown)]).toEqual([404, 'error.notfound']);
    const bad = await call(t.app, 'GET', '/api/jobs/not-a-job', { as: owner });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it('fails the job without removing anything when the files do not read back', async () => {
    const id = await newEvent();
    // The event's folder is a file: nothing can be written under it.
    fs.mkdirSync(archiveDir, { recursive: true });
    fs.writeFileSync(path.join(archiveDir, id), 'in the way');
    const job = await run(id, 'archive');
    expect(job.state).toBe('failed');
    expect(job.error?.error).toBe('error.internal');
    expect(await arch(id)).toBeNull();
    expect((await teamRows(id)).length).toBe(3);
    fs.rmSync(path.join(archiveDir, id));
  });
  it('moves to the second tier, keeps the event readable, and cleans the first tier after comparing', async () => {
    const id = await newEvent();
    const results = await call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    expect((await run(id, 'archive')).state).toBe('done');
    const names = fs.readdirSync(path.join(archiveDir, id)).sort();

    const moved = await run(id, 'move', boss);
    expect(moved.state, JSON.stringify(moved)).toBe('done');
    expect(moved.log.map((l) => l.key)).toEqual([
      ...names.map(() => 'archive.log.copied'),
      'archive.log.moved',
    ]);
    expect(await arch(id)).toBe('a2');
    for (const name of names) {
      expect(fs.readFileSync(path.join(secondDir, id, name))).toEqual(
        fs.readFileSync(path.join(archiveDir, id, name)),
      );
    }
    const status = await call<ArchiveStatus>(t.app, 'GET', `/api/events/${id}/archive`, {
      as: boss,
    });
    expect(status.body).toEqual({
      arch: 'a2',
      first: names.map((n) => `${id}/${n}`),
      second: names.map((n) => `${id}/${n}`),
      canMove: true,
    });
    // a2 is final, and a second move has nothing to do.
    const restore = await call(t.app, 'POST', `/api/events/${id}/unarchive`, { as: owner });
    expect([restore.status, errorOf(restore)]).toEqual([409, 'archive.error.final']);
    const again = await call(t.app, 'POST', `/api/events/${id}/archive/move`, { as: boss });
    expect([again.status, errorOf(again)]).toEqual([409, 'archive.error.final']);

    const started = Date.now();
    const cleaned = await run(id, 'cleanup', boss);
    expect(cleaned.state, JSON.stringify(cleaned)).toBe('done');
    // 100 ms between deletions.
    expect(Date.now() - started).toBeGreaterThanOrEqual(100 * (names.length - 1) - 5);
    expect(cleaned.log.map((l) => l.key)).toEqual([
      'archive.log.listed',
      ...names.map(() => 'archive.log.same'),
      ...names.map(() => 'archive.log.deleted'),
      'archive.log.cleaned',
    ]);
    expect(fs.existsSync(path.join(archiveDir, id))).toBe(false);
    // Read from the second tier now.
    expect((await call(t.app, 'GET', `/api/events/${id}/results`)).body).toEqual(results.body);
    const after = await call<ArchiveStatus>(t.app, 'GET', `/api/events/${id}/archive`, {
      as: owner,
    });
    expect(after.body).toMatchObject({ arch: 'a2', first: [], canMove: false });
  });

  it('duplicates an archived event from its evdata.json, on either tier', async () => {
    const id = await newEvent();
    const kps = async (eventId: string) =>
      (
        await call<CheckpointList>(t.app, 'GET', `/api/events/${eventId}/checkpoints`, {
          as: owner,
        })
      ).body.checkpoints
        .map((c) => [c.kp.nr, c.data.desc])
        .sort();
    const before = await kps(id);
    expect(before).toHaveLength(3);
    await makeCreator(t, owner);
    const copy = async () => {
      const res = await call<EventSummary>(t.app, 'POST', '/api/events', {
        as: owner,
        body: {
          name: 'Copy',
          shortlink: uniqueShortlink('copy'),
          starttime: t.clock.t + 86_400_000,
          endtime: null,
          duplicateOf: id,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    expect((await run(id, 'archive')).state).toBe('done');
    expect(await kps(await copy())).toEqual(before);
    expect((await run(id, 'move', boss)).state).toBe('done');
    expect((await run(id, 'cleanup', boss)).state).toBe('done');
    expect(await kps(await copy())).toEqual(before);
  });

  it("deletes an archived event's files with the event, on both tiers", async () => {
    const files = (dir: string, id: string) =>
      fs.existsSync(path.join(dir, id)) ? fs.readdirSync(path.join(dir, id)) : [];
    const first = await newEvent();
    expect((await run(first, 'archive')).state).toBe('done');
    expect(files(archiveDir, first).length).toBeGreaterThan(0);
    const gone = await call(t.app, 'DELETE', `/api/events/${first}`, { as: owner });
    expect(gone.status).toBe(204);
    expect(files(archiveDir, first)).toEqual([]);

    const moved = await newEvent();
    expect((await run(moved, 'archive')).state).toBe('done');
    expect((await run(moved, 'move', boss)).state).toBe('done');
    expect(files(secondDir, moved).length).toBeGreaterThan(0);
    // Not the admins' to delete; the owner's.
    const refused = await call(t.app, 'DELETE', `/api/events/${moved}`, { as: admin });
    expect(refused.status).toBe(403);
    expect(files(secondDir, moved).length).toBeGreaterThan(0);
    expect((await call(t.app, 'DELETE', `/api/events/${moved}`, { as: owner })).status).toBe(204);
    expect([files(archiveDir, moved), files(secondDir, moved)]).toEqual([[], []]);
  });

  it('aborts a cleanup without deleting anything when a file is missing or differs on the second tier', async () => {
    const id = await newEvent();
    expect((await run(id, 'archive')).state).toBe('done');
    expect((await run(id, 'move', boss)).state).toBe('done');
    const mine = path.join(archiveDir, id, ARCHIVE_FILES.tracks);
    const theirs = path.join(secondDir, id, ARCHIVE_FILES.tracks);
    const kept = fs.readFileSync(theirs);
    const count = () => fs.readdirSync(path.join(archiveDir, id)).length;

    for (const [change, key] of [
      [() => fs.rmSync(theirs), 'archive.log.notona2'],
      [() => fs.writeFileSync(theirs, Buffer.concat([kept, Buffer.from([0])])), 'archive.log.size'],
      [() => fs.writeFileSync(theirs, Buffer.from(kept).fill(7, 0, 1)), 'archive.log.content'],
    ] as const) {
      change();
      const job = await run(id, 'cleanup', boss);
      expect(job.state).toBe('failed');
      expect(job.error?.error).toBe('archive.error.mismatch');
      expect(job.log.find((l) => l.key === key)?.params).toEqual({ path: `${id}/tracks.dat` });
      expect(count()).toBe(4);
      expect(fs.readFileSync(mine).length).toBeGreaterThan(0);
    }
    fs.writeFileSync(theirs, kept);
    expect((await run(id, 'cleanup', boss)).state).toBe('done');
  });

  it('lets only the super admin move and clean up, and only archived events', async () => {
    const id = await newEvent();
    for (const [as, status, key] of [
      [null, 401, 'error.unauthorized'],
      [owner, 403, 'error.forbidden'],
      [stranger, 403, 'error.forbidden'],
    ] as const) {
      for (const what of ['move', 'cleanup']) {
        const res = await call(t.app, 'POST', `/api/events/${id}/archive/${what}`, { as });
        expect([res.status, errorOf(res)], what).toEqual([status, key]);
      }
    }
    const notArchived = await call(t.app, 'POST', `/api/events/${id}/archive/move`, { as: boss });
    expect([notArchived.status, errorOf(notArchived)]).toEqual([409, 'archive.error.notarchived']);
    const status = await call(t.app, 'GET', `/api/events/${id}/archive`, { as: stranger });
    expect(status.status).toBe(403);
    expect(await arch(id)).toBeNull();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_FILES, TEAM_COLOURS } from '@rada/core';
import type {
  ArchiveColoursResult,
  ArchiveStorageView,
  AuditLogView,
  JobView,
  TeamTrackSummary,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  importEvent,
  signUp,
  signUpProven,
  uniqueEmail,
  uniqueShortlink,
} from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { folderStorage, s3Storage } from './archiveStorage.ts';
import type { ArchiveStorage } from './archiveStorage.ts';
import { archiveToolsService } from './archiveTools.service.ts';
import { AppError } from '../http/errors.ts';

describe.each(testDialects())("the super admin's archive tools on $name", (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let boss: TestUser;
  const bossEmail = uniqueEmail('boss');
  const archiveDir = path.join(os.tmpdir(), `rada-archive-tools-${randomUUID()}`);
  const secondDir = path.join(os.tmpdir(), `rada-archive2-tools-${randomUUID()}`);

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      superAdminEmails: [bossEmail],
      archiveDir,
      archive2: { kind: 'folder', dir: secondDir },
    });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    boss = await signUpProven(t, bossEmail);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(archiveDir, { recursive: true, force: true });
    fs.rmSync(secondDir, { recursive: true, force: true });
  });

  /** An event of three teams: Alpha without a colour, Bravo's and Charlie's proper. */
  const newEvent = async () => {
    const id = uniqueShortlink('col');
    const file = resultsEventFile(owner.uid);
    const list = file.teams.list as Record<string, Record<string, unknown>>;
    list.bravo!.col = '#1e88e5';
    list.charlie!.col = '#43a047';
    await importEvent(t, file, id);
    return id;
  };
  /**
   * Archives the event, then gives Bravo a colour as an older writer spelt it ('1e88E5': no
   * event file taken in today has one, but an archive written before may).
   */
  const archived = async (id: string) => {
    expect((await run(id, 'archive')).state).toBe('done');
    const name = path.join(archiveDir, id, ARCHIVE_FILES.event);
    const file = JSON.parse(fs.readFileSync(name, 'utf8')) as {
      teams: { list: Record<string, { col?: string }> };
    };
    file.teams.list.bravo!.col = '1e88E5';
    fs.writeFileSync(name, JSON.stringify(file));
  };
  const run = async (id: string, kind: 'archive' | 'archive/move', as: TestUser = owner) => {
    const started = await call<JobView>(t.app, 'POST', `/api/events/${id}/${kind}`, { as });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (;;) {
      const job = await call<JobView>(t.app, 'GET', `/api/jobs/${started.body.id}`, { as });
      if (job.body.state !== 'running') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  /** Asks for the fix as `as` (null: signed out). */
  const fix = (id: string, dryRun: boolean, as: TestUser | null = boss) =>
    call<ArchiveColoursResult>(t.app, 'POST', '/api/admin/debug/archivecolours', {
      ...(as ? { as } : {}),
      body: { event: id, dryRun },
    });
  const colours = async (id: string) => {
    const res = await call<TeamTrackSummary[]>(t.app, 'GET', `/api/events/${id}/tracks`, {
      as: owner,
    });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.map((s) => [s.teamId, s.col]));
  };
  const fileColours = (dir: string, id: string) => {
    const file = JSON.parse(fs.readFileSync(path.join(dir, id, ARCHIVE_FILES.event), 'utf8')) as {
      teams: { list: Record<string, { col?: string }> };
    };
    return Object.fromEntries(Object.entries(file.teams.list).map(([k, v]) => [k, v.col]));
  };

  it("gives an archived event's teams their tracks' colours, on every tier, after a dry run", async () => {
    const id = await newEvent();
    await archived(id);
    // Alpha's track takes the palette's first colour (its place); Bravo's cannot be drawn.
    expect(await colours(id)).toEqual({ alpha: null, bravo: '1e88E5', charlie: '#43a047' });
    const before = fs.readFileSync(path.join(archiveDir, id, ARCHIVE_FILES.event));

    const dry = await fix(id, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toEqual({
      dryRun: true,
      teams: 3,
      fixes: [
        { teamId: 'alpha', name: 'Alpha', nr: '1', old: null, col: TEAM_COLOURS[0] },
        { teamId: 'bravo', name: 'Bravo', nr: '2', old: '1e88E5', col: '#1e88E5' },
      ],
      written: [],
    });
    expect(fs.readFileSync(path.join(archiveDir, id, ARCHIVE_FILES.event))).toEqual(before);

    // Moved to the second tier (the first keeps its copy until cleaned): both are fixed.
    expect((await run(id, 'archive/move', boss)).state).toBe('done');
    const done = await fix(id, false);
    expect(done.body.written).toEqual([
      path.join(archiveDir, id, ARCHIVE_FILES.event),
      path.join(secondDir, id, ARCHIVE_FILES.event),
    ]);
    const fixed = { alpha: TEAM_COLOURS[0], bravo: '#1e88E5', charlie: '#43a047' };
    expect(fileColours(archiveDir, id)).toEqual(fixed);
    expect(fileColours(secondDir, id)).toEqual(fixed);
    // Everything else in the file is as it was.
    const after = JSON.parse(
      fs.readFileSync(path.join(secondDir, id, ARCHIVE_FILES.event), 'utf8'),
    );
    const was = JSON.parse(before.toString()) as typeof after;
    for (const team of Object.keys(fixed)) delete after.teams.list[team].col;
    for (const team of Object.keys(fixed)) delete was.teams.list[team].col;
    expect(after).toEqual(was);
    // The track views read the new colours at once.
    expect(await colours(id)).toEqual(fixed);
    // Nothing is left to fix, and a second run writes nothing.
    expect((await fix(id, false)).body).toMatchObject({ fixes: [], written: [] });

    const log = await call<AuditLogView>(t.app, 'GET', `/api/events/${id}/log?what=archive`, {
      as: owner,
    });
    const entry = log.body.entries.find((e) => e.action === 'archive.colours');
    expect(entry).toMatchObject({
      path: `teams/${id}/list`,
      user: { uid: boss.uid },
      old: { alpha: null, bravo: '1e88E5' },
      value: { alpha: TEAM_COLOURS[0], bravo: '#1e88E5' },
    });
  });

  it('refuses events that are not archived, and everyone but the super admin', async () => {
    const id = await newEvent();
    const live = await fix(id, true);
    expect([live.status, errorOf(live)]).toEqual([409, 'archive.error.notarchived']);
    const missing = await fix('no-such-event', true);
    expect(missing.status).toBe(404);
    await archived(id);
    const anonymous = await fix(id, false, null);
    expect([anonymous.status, errorOf(anonymous)]).toEqual([401, 'error.unauthorized']);
    for (const as of [owner, stranger]) {
      const res = await fix(id, false, as);
      expect([res.status, errorOf(res)]).toEqual([403, 'error.forbidden']);
    }
    expect(await colours(id)).toEqual({ alpha: null, bravo: '1e88E5', charlie: '#43a047' });
    const bad = await call(t.app, 'POST', '/api/admin/debug/archivecolours', {
      as: boss,
      body: { event: id },
    });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'error.validation']);
  });

  it('puts every file back and logs nothing when a tier does not read back what was written', async () => {
    const id = await newEvent();
    await archived(id);
    const name = path.join(archiveDir, id, ARCHIVE_FILES.event);
    const before = fs.readFileSync(name);
    // A second tier that holds the file but answers something else once it is written.
    const real = folderStorage(archiveDir);
    let written = false;
    const liar: ArchiveStorage = {
      ...real,
      name: 'liar',
      write: () => {
        written = true;
        return Promise.resolve();
      },
      read: async (file) => (written ? new Uint8Array([1, 2, 3]) : real.read(file)),
    };
    const tools = archiveToolsService({
      store: t.store,
      bus: t.bus,
      first: real,
      second: liar,
      archive: { busy: () => false, forgetRead: () => undefined },
      now: () => t.clock.t,
    });
    const actor = {
      uid: boss.uid,
      email: boss.email,
      superAdmin: true,
      platformOwner: false,
      creator: true,
    };
    const failed = await tools
      .fixColours(actor, { event: id, dryRun: false })
      .catch((e: unknown) => e);
    expect(failed instanceof AppError && failed.key).toBe('archive.error.verify');
    expect(fs.readFileSync(name)).toEqual(before);
    const log = await call<AuditLogView>(t.app, 'GET', `/api/events/${id}/log?what=archive`, {
      as: owner,
    });
    expect(log.body.entries.map((e) => e.action)).toEqual(['archive.archive']);
  });

  it("says where an event's archive files are, to the super admin only", async () => {
    const id = await newEvent();
    const storage = (as?: TestUser) =>
      call<ArchiveStorageView>(t.app, 'GET', `/api/events/${id}/archive/storage`, {
        ...(as ? { as } : {}),
      });
    expect((await storage(boss)).body).toEqual({
      eventId: id,
      arch: null,
      places: [
        {
          tier: 'first',
          kind: 'folder',
          location: path.join(archiveDir, id),
          consoleUrl: null,
          files: [],
        },
        {
          tier: 'second',
          kind: 'folder',
          location: path.join(secondDir, id),
          consoleUrl: null,
          files: [],
        },
      ],
    });
    expect((await run(id, 'archive')).state).toBe('done');
    const archived = (await storage(boss)).body;
    expect(archived.arch).toBe('a1');
    expect(archived.places[0]!.files.sort()).toEqual(
      [ARCHIVE_FILES.event, ARCHIVE_FILES.meta, ARCHIVE_FILES.tracks, ARCHIVE_FILES.trackIndex(id)]
        .map((f) => `${id}/${f}`)
        .sort(),
    );
    expect(archived.places[1]!.files).toEqual([]);
    const anonymous = await storage();
    expect([anonymous.status, errorOf(anonymous)]).toEqual([401, 'error.unauthorized']);
    for (const as of [owner, stranger]) {
      const res = await storage(as);
      expect([res.status, errorOf(res)]).toEqual([403, 'error.forbidden']);
    }
  });
});

describe('an S3 tier names its place', () => {
  it("with AWS's console for AWS, and none for another provider", async () => {
    const base = {
      bucket: 'rada-archive',
      region: 'eu-north-1',
      prefix: 'prod/',
      accessKeyId: null,
      secretAccessKey: null,
      pathStyle: false,
    };
    const aws = await s3Storage({ ...base, endpoint: null });
    expect(aws.place('spring')).toEqual({
      kind: 's3',
      location: 's3://rada-archive/prod/spring/',
      consoleUrl:
        'https://s3.console.aws.amazon.com/s3/buckets/rada-archive?region=eu-north-1&prefix=prod%2Fspring%2F',
    });
    const minio = await s3Storage({ ...base, endpoint: 'http://127.0.0.1:9000', pathStyle: true });
    expect(minio.place('spring')).toEqual({
      kind: 's3',
      location: 's3://rada-archive/prod/spring/',
      consoleUrl: null,
    });
  });
});

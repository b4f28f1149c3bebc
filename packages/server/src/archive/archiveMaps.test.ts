import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_FILES } from '@rada/core';
import type {
  ArchiveStatus,
  EventFile,
  EventMapView,
  JobKind,
  JobView,
  MapImageFileEntry,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, buildTestAppOn, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { buildEvent, signUpCreator, signUpProven, uniqueEmail } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { startS3Server } from '../test/s3Server.ts';
import { mapImage } from '../mapImages/testImages.ts';
import { cutOf, fetchTile, placedMap, tileUrlOf } from '../mapImages/transferTestKit.ts';

/** Tests that wait for cuts (a child process each, seconds on a loaded machine). */
const CUT_TEST_MS = 180_000;

/**
 * The event's map images in both archive tiers (docs/map-images.md, Event file and archives): the
 * originals go into the archive beside evdata.json and are read back; an archived event keeps
 * showing its maps (their rows, files and tiles stay); restoring from the first tier puts back
 * an original MAPS_DIR lost and cuts it again; an event in the second tier (S3) gets its lost
 * originals back from there when a server starts.
 */
describe.each(testDialects())('map images in archives on $name', (dialect) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let owner: TestUser;
  let boss: TestUser;
  let png: Buffer;
  const bossEmail = uniqueEmail('boss');

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp(dialect, {
      superAdminEmails: [bossEmail],
      archive2: { kind: 's3', ...s3.config },
      logLevel: process.env.MAPLOG ?? 'silent',
    });
    owner = await signUpCreator(t);
    boss = await signUpProven(t, bossEmail);
    png = await mapImage(600, 400);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await fs.rm(t.config.mapsDir, { recursive: true, force: true });
    await fs.rm(t.config.archiveDir, { recursive: true, force: true });
  });

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
      if (job.body.state !== 'running') {
        expect(job.body.state, JSON.stringify(job.body)).toBe('done');
        return job.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const firstTier = (eventId: string, name: string) =>
    path.join(t.config.archiveDir, eventId, name);
  const mapDir = (mapId: string) => path.join(t.config.mapsDir, mapId);

  it(
    'archives the originals beside evdata.json, keeps showing the map, and restores what MAPS_DIR lost',
    async () => {
      const ev = await buildEvent(t.app, owner);
      const map = await placedMap(t, owner, ev.id, png, 'Forest', { published: true });
      const name = `map-${map.id}.png`;
      const archived = await run(ev.id, 'archive');
      expect(archived.log).toContainEqual(
        expect.objectContaining({
          key: 'archive.log.mapwrote',
          params: { name: 'Forest', file: name, bytes: png.length },
        }),
      );
      expect(await fs.readFile(firstTier(ev.id, name))).toEqual(png);
      const evdata = JSON.parse(
        await fs.readFile(firstTier(ev.id, ARCHIVE_FILES.event), 'utf8'),
      ) as EventFile;
      const entry = (evdata.mapimages as Record<string, MapImageFileEntry>)[map.id]!;
      expect(entry).toMatchObject({ name: 'Forest', format: 'png', bytes: png.length });
      expect(entry.data).toBeUndefined();

      // Archived: the map is shown and served as before, and exported with its bytes.
      const view = await call<EventMapView>(t.app, 'GET', `/api/events/${ev.id}/map`);
      expect(view.body.images.map((m) => [m.id, m.state])).toEqual([[map.id, 'ready']]);
      expect((await fetchTile(t, null, tileUrlOf(map, 100, 80))).status).toBe(200);
      const exported = await call<EventFile>(t.app, 'GET', `/api/events/${ev.id}/export`, {
        as: owner,
      });
      const carried = (exported.body.mapimages as Record<string, MapImageFileEntry>)[map.id]!;
      expect(Buffer.from(carried.data!, 'base64')).toEqual(png);

      // MAPS_DIR loses the map; restoring the event puts the original back and cuts it again.
      await fs.rm(mapDir(map.id), { recursive: true, force: true });
      const restored = await run(ev.id, 'unarchive');
      expect(restored.log).toContainEqual(
        expect.objectContaining({ key: 'archive.log.mapsback', params: { maps: 1 } }),
      );
      const again = await cutOf(t, owner, ev.id, map.id);
      expect(again.state).toBe('ready');
      expect(again.tiles!.url).not.toBe(map.tiles!.url);
      expect(await fs.readFile(path.join(mapDir(map.id), 'original.png'))).toEqual(png);
      const tile = await fetchTile(t, null, tileUrlOf(again, 100, 80));
      expect([tile.status, tile.type]).toEqual([200, 'image/webp']);
      // The archive's files, the map's copy included, are gone.
      await expect(fs.readdir(path.join(t.config.archiveDir, ev.id))).rejects.toThrow();
    },
    CUT_TEST_MS,
  );

  it(
    'moves the originals to S3 with the rest, and a server starting puts back from there what MAPS_DIR lost',
    async () => {
      const ev = await buildEvent(t.app, owner);
      const map = await placedMap(t, owner, ev.id, png, 'Marsh', { published: true });
      const name = `${ev.id}/map-${map.id}.png`;
      await run(ev.id, 'archive');
      await run(ev.id, 'move', boss);
      await run(ev.id, 'cleanup', boss);
      const status = await call<ArchiveStatus>(t.app, 'GET', `/api/events/${ev.id}/archive`, {
        as: boss,
      });
      expect([status.body.arch, status.body.first]).toEqual(['a2', []]);
      expect(status.body.second).toContain(name);
      const drawn = await fetchTile(t, null, tileUrlOf(map, 100, 80));
      expect(drawn.status).toBe(200);

      // MAPS_DIR loses the map: its tiles answer empty.
      await fs.rm(mapDir(map.id), { recursive: true, force: true });
      expect((await fetchTile(t, null, tileUrlOf(map, 100, 80))).body).not.toEqual(drawn.body);
      // Another server starts on the same database, MAPS_DIR and tiers.
      const next = await buildTestAppOn(t.handle, {
        superAdminEmails: [bossEmail],
        archive2: { kind: 's3', ...s3.config },
        archiveDir: t.config.archiveDir,
        mapsDir: t.config.mapsDir,
        logLevel: process.env.MAPLOG ?? 'silent',
      });
      try {
        let back = map;
        for (let i = 0; i < 1200 && back.tiles?.url === map.tiles!.url; i++) {
          await new Promise((r) => setTimeout(r, 100));
          back = await cutOf(next, owner, ev.id, map.id);
        }
        expect(back.state).toBe('ready');
        expect(back.tiles!.url).not.toBe(map.tiles!.url);
        expect(await fs.readFile(path.join(mapDir(map.id), 'original.png'))).toEqual(png);
        expect((await fetchTile(next, null, tileUrlOf(back, 100, 80))).status).toBe(200);
      } finally {
        await next.app.close();
      }
    },
    CUT_TEST_MS,
  );

  it(
    'archives an event whose map lost its original, saying so, and keeps its tiles',
    async () => {
      const ev = await buildEvent(t.app, owner);
      const map = await placedMap(t, owner, ev.id, png, 'Hills', { published: true });
      await fs.rm(path.join(mapDir(map.id), 'original.png'));
      const archived = await run(ev.id, 'archive');
      expect(archived.log).toContainEqual(
        expect.objectContaining({ key: 'archive.log.mapmissing', params: { name: 'Hills' } }),
      );
      expect(await fs.readdir(path.join(t.config.archiveDir, ev.id))).not.toContain(
        `map-${map.id}.png`,
      );
      expect((await fetchTile(t, null, tileUrlOf(map, 100, 80))).status).toBe(200);
    },
    CUT_TEST_MS,
  );
});

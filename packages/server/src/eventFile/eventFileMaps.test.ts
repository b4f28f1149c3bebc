import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, EventMapImageView, EventSummary, MapImageFileEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { buildEvent, signUpCreator, uniqueShortlink } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { mapImage } from '../mapImages/testImages.ts';
import {
  cutOf,
  fetchTile,
  mapsDirOf,
  mapsOf,
  patchMap,
  placedMap,
  tileUrlOf,
  uploadMap,
} from '../mapImages/transferTestKit.ts';

/** Tests that wait for cuts (a child process each, seconds on a loaded machine). */
const CUT_TEST_MS = 180_000;
const DAY = 86_400_000;

/**
 * The event's map images in the event file (docs/map-images.md, Event file and archives) through
 * HTTP on every dialect: the export carries each image's bytes, a template brings them into the
 * new event as new images (unpublished, publicFrom moved with the start) that are cut and
 * served, a duplicate shows the same images, and a hostile file is refused whole.
 */
describe.each(testDialects())('map images in the event file on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let source: EventSummary;
  let png: Buffer;
  let jpeg: Buffer;
  let forest: EventMapImageView;
  let sketch: EventMapImageView;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { logLevel: process.env.MAPLOG ?? 'silent' });
    owner = await signUpCreator(t);
    stranger = await signUpCreator(t);
    source = await buildEvent(t.app, owner);
    png = await mapImage(600, 400);
    jpeg = await mapImage(300, 200, 'jpeg');
    // Placed, published and hidden until the start; and one not placed yet.
    forest = await placedMap(t, owner, source.id, png, 'Forest 1:10 000', {
      published: true,
      publicFrom: source.starttime,
    });
    sketch = await uploadMap(t, owner, source.id, jpeg, 'Sketch', 'image/jpeg');
  }, CUT_TEST_MS);
  afterAll(async () => {
    await t.close();
    await fs.rm(t.config.mapsDir, { recursive: true, force: true });
  });

  const exportOf = async (id: string) => {
    const res = await call<EventFile>(t.app, 'GET', `/api/events/${id}/export`, { as: owner });
    expect(res.status).toBe(200);
    return res.body;
  };
  const create = (body: Record<string, unknown>) =>
    call<EventSummary>(t.app, 'POST', '/api/events', {
      as: owner,
      body: {
        name: 'Next year',
        shortlink: uniqueShortlink('maps'),
        starttime: source.starttime! + 7 * DAY,
        endtime: null,
        ...body,
      },
    });
  const mapRows = async () =>
    (await t.handle.db.selectFrom('map_images').select('id').execute()).map((r) => r.id).sort();

  it('exports each map image with its bytes, placement and publishing', async () => {
    const file = await exportOf(source.id);
    const maps = file.mapimages as Record<string, MapImageFileEntry>;
    expect(Object.keys(maps).sort()).toEqual([forest.id, sketch.id].sort());
    const { data, ...entry } = maps[forest.id]!;
    expect(entry).toEqual({
      name: 'Forest 1:10 000',
      format: 'png',
      width: 600,
      height: 400,
      bytes: png.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      placement: forest.placement,
      published: true,
      publicFrom: source.starttime,
      position: forest.position,
    });
    expect(Buffer.from(data!, 'base64')).toEqual(png);
    expect(maps[sketch.id]).toMatchObject({ format: 'jpeg', placement: null, published: false });
    expect(Buffer.from(maps[sketch.id]!.data!, 'base64')).toEqual(jpeg);
    // Nothing of the maps is kept in the event's own data.
    const extra = await t.handle.db
      .selectFrom('event_data')
      .select('extra')
      .where('event_id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(extra.extra).not.toContain('mapimages');
  });

  it(
    'makes a template’s map images new images of the new event: unpublished, publicFrom moved with its start, cut and served',
    async () => {
      const template = await exportOf(source.id);
      const before = await mapRows();
      const res = await create({ template });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.id;
      const maps = await mapsOf(t, owner, id);
      expect(maps.map((m) => m.name)).toEqual(['Forest 1:10 000', 'Sketch']);
      expect(maps.map((m) => m.id)).not.toContain(forest.id);
      expect((await mapRows()).length).toBe(before.length + 2);
      const [newForest, newSketch] = maps as [EventMapImageView, EventMapImageView];
      expect(newForest).toMatchObject({
        width: 600,
        height: 400,
        bytes: png.length,
        placement: forest.placement,
        published: false,
        publicFrom: source.starttime! + 7 * DAY,
        inLibrary: false,
      });
      expect(newSketch).toMatchObject({ state: 'unplaced', published: false, publicFrom: null });
      expect(await fs.readFile(path.join(t.config.mapsDir, newForest.id, 'original.png'))).toEqual(
        png,
      );
      const cut = await cutOf(t, owner, id, newForest.id);
      expect(cut.state).toBe('ready');
      const tile = await fetchTile(t, owner, tileUrlOf(cut, 100, 80));
      expect([tile.status, tile.type]).toEqual([200, 'image/webp']);
      // Not published: nobody else sees it.
      expect((await fetchTile(t, null, tileUrlOf(cut, 100, 80))).status).toBe(404);
      expect((await mapsDirOf(t.config.mapsDir)).tmp).toEqual([]);
      // Exported again: the same images.
      const again = (await exportOf(id)).mapimages as Record<string, MapImageFileEntry>;
      expect(Buffer.from(again[newForest.id]!.data!, 'base64')).toEqual(png);
    },
    CUT_TEST_MS,
  );

  it('lets a duplicate show the same map images, unpublished, publicFrom moved with its start', async () => {
    const before = await mapRows();
    const res = await create({ duplicateOf: source.id, starttime: source.starttime! + 14 * DAY });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    const maps = await mapsOf(t, owner, id);
    expect(maps.map((m) => [m.id, m.published, m.publicFrom, m.state])).toEqual([
      [forest.id, false, source.starttime! + 14 * DAY, 'ready'],
      [sketch.id, false, null, 'unplaced'],
    ]);
    // No bytes copied: the same rows and files.
    expect(await mapRows()).toEqual(before);
    const shared = maps[0]!;
    expect((await fetchTile(t, owner, tileUrlOf(shared, 100, 80))).status).toBe(200);
    // Published in the duplicate from its (later) start: still hidden now; the source's own
    // publishing is its own.
    const published = await patchMap(t, owner, id, forest.id, { published: true });
    expect([published.published, published.publicFrom]).toEqual([
      true,
      source.starttime! + 14 * DAY,
    ]);
    expect((await mapsOf(t, null, id)).map((m) => m.id)).toEqual([]);
    expect((await mapsOf(t, owner, source.id))[0]).toMatchObject({
      id: forest.id,
      published: true,
      publicFrom: source.starttime,
    });
    // Taken out of the duplicate, the source keeps it, files and all.
    const removed = await call(t.app, 'DELETE', `/api/events/${id}/maps/${forest.id}`, {
      as: owner,
    });
    expect(removed.status).toBe(204);
    expect((await mapsOf(t, owner, source.id)).map((m) => m.id)).toContain(forest.id);
    expect((await mapsDirOf(t.config.mapsDir)).maps).toContain(forest.id);
  });

  it('refuses a hostile template whole, with a path for every problem, and writes nothing', async () => {
    const good = (await exportOf(source.id)).mapimages as Record<string, MapImageFileEntry>;
    const base = good[forest.id]!;
    const truncated = png.subarray(0, 2000);
    const noise = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
    const cases: [Partial<MapImageFileEntry>, string][] = [
      [{ data: 'not*base64==' }, 'mapimages.m.data'],
      [{ bytes: 10 * 1024 ** 3 }, 'mapimages.m.bytes'],
      [{ width: 60_000, height: 60_000 }, 'mapimages.m'],
      [{ format: 'jpeg' }, 'mapimages.m.format'],
      [{ format: 'bmp' as 'png' }, 'mapimages.m.format'],
      [{ width: 601 }, 'mapimages.m.width'],
      [
        { data: truncated.toString('base64'), bytes: truncated.length, sha256: undefined },
        'mapimages.m.data',
      ],
      [
        { data: noise.toString('base64'), bytes: noise.length, sha256: undefined },
        'mapimages.m.data',
      ],
      [{ sha256: '0'.repeat(64) }, 'mapimages.m.data'],
      [
        { placement: { crs: 'EPSG:3301', h: [0, 0, 0, 0, 0, 0, 0, 0, 1], source: 'worldfile' } },
        'mapimages.m.placement',
      ],
      [{ data: undefined }, 'mapimages.m.data'],
    ];
    const eventCount = async () =>
      (await t.handle.db.selectFrom('events').select('id').execute()).length;
    const before = {
      rows: await mapRows(),
      dir: await mapsDirOf(t.config.mapsDir),
      events: await eventCount(),
    };
    for (const [change, where] of cases) {
      const template = {
        ...(await exportOf(source.id)),
        // The good image first: it is not kept either.
        mapimages: { ok: good[forest.id], m: { ...base, ...change } },
      };
      const res = await create({ template });
      expect([res.status, errorOf(res)], JSON.stringify(change).slice(0, 80)).toEqual([
        400,
        'eventfile.error.invalid',
      ]);
      const details = (res.body as unknown as { details: { path: string }[] }).details;
      expect(details.map((d) => d.path)).toContain(where);
      expect(details.every((d) => d.path.startsWith('mapimages.m'))).toBe(true);
    }
    // Two bad images: both named.
    const both = await create({
      template: {
        ...(await exportOf(source.id)),
        mapimages: { a: { ...base, format: 'gif' }, b: { ...base, width: 1 } },
      },
    });
    const paths = (both.body as unknown as { details: { path: string }[] }).details.map(
      (d) => d.path,
    );
    expect(paths).toEqual(['mapimages.a.format', 'mapimages.b.width']);
    expect(await mapRows()).toEqual(before.rows);
    expect(await mapsDirOf(t.config.mapsDir)).toEqual(before.dir);
    expect(await eventCount()).toBe(before.events);
  });

  it('keeps a stranger from duplicating the event’s private map images', async () => {
    const res = await call(t.app, 'POST', '/api/events', {
      as: stranger,
      body: {
        name: 'Copy',
        shortlink: uniqueShortlink('steal'),
        starttime: source.starttime,
        endtime: null,
        duplicateOf: source.id,
      },
    });
    expect(res.status).toBe(403);
  });
});

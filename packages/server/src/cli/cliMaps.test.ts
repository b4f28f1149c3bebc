import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, MapImageFileEntry } from '@rada/core';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { databaseUrlFor } from '../test/cliDatabase.ts';
import { buildTestAppOn } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { buildEvent, countRows, signUpCreator } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { cli } from '../test/cli.ts';
import { mapImage } from '../mapImages/testImages.ts';
import {
  fetchTile,
  mapsDirOf,
  mapsOf,
  placedMap,
  tileUrlOf,
} from '../mapImages/transferTestKit.ts';

/** Tests that wait for cuts (a child process each, seconds on a loaded machine). */
const CUT_TEST_MS = 180_000;

/**
 * The command line's export and import of an event with its map images (MAPS_DIR shared with
 * the server, as on one machine): the import keeps the maps as they were and cuts them before
 * it ends, so the server serves their tiles; a bad image refuses the file and writes nothing.
 */
describe.each(testDialects())('map images on the command line on $name', (dialect) => {
  const dir = path.join(os.tmpdir(), `rada-cli-maps-${randomUUID()}`);
  const mapsDir = path.join(dir, 'maps');
  const saved = { url: process.env.DATABASE_URL, maps: process.env.MAPS_DIR };
  let cleanup: () => Promise<void>;
  let owner: TestUser;
  let exported: EventFile;
  let png: Buffer;

  /** The app on the command line's database and MAPS_DIR, closed before the next command. */
  async function withApp<T>(fn: (t: TestApp) => Promise<T>): Promise<T> {
    const t = await buildTestAppOn(await openDatabase(loadConfig().database), { mapsDir });
    try {
      return await fn(t);
    } finally {
      await t.close();
    }
  }
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };

  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    const db = await databaseUrlFor(dialect);
    cleanup = db.cleanup;
    process.env.DATABASE_URL = db.url;
    process.env.MAPS_DIR = mapsDir;
    expect((await cli('migrate')).code).toBe(0);
    png = await mapImage(600, 400);
    const sourceId = await withApp(async (t) => {
      owner = await signUpCreator(t);
      const ev = await buildEvent(t.app, owner);
      await placedMap(t, owner, ev.id, png, 'Forest', {
        published: true,
        publicFrom: ev.starttime,
      });
      return ev.id;
    });
    const printed = await cli('export', sourceId);
    expect(printed.code, printed.err).toBe(0);
    exported = JSON.parse(printed.out) as EventFile;
  }, CUT_TEST_MS);
  afterAll(async () => {
    for (const [key, value] of [
      ['DATABASE_URL', saved.url],
      ['MAPS_DIR', saved.maps],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'exports the map images with their bytes, and imports them as they were, cut before it ends',
    async () => {
      const entries = Object.values(exported.mapimages as Record<string, MapImageFileEntry>);
      expect(entries).toHaveLength(1);
      expect(Buffer.from(entries[0]!.data!, 'base64')).toEqual(png);
      const imported = await cli('import', write('forest.json', exported), '--id', 'withmap');
      expect(imported.code, imported.err).toBe(0);
      expect(imported.err).toContain('Map images to cut into tiles: 1…\nMap images cut: 1\n');
      await withApp(async (t) => {
        const maps = await mapsOf(t, owner, 'withmap');
        expect(maps).toHaveLength(1);
        const map = maps[0]!;
        // As it was: published from the start; owned by the owner, who has an account here.
        expect(map).toMatchObject({
          name: 'Forest',
          state: 'ready',
          published: true,
          publicFrom: entries[0]!.publicFrom,
          placement: entries[0]!.placement,
        });
        expect(Object.keys(exported.mapimages!)).not.toContain(map.id);
        const owned = await t.store.mapImages.find(map.id);
        expect(owned?.owner_id).toBe(owner.uid);
        const tile = await fetchTile(t, owner, tileUrlOf(map, 100, 80));
        expect([tile.status, tile.type]).toEqual([200, 'image/webp']);
      });
      // Exported again: the same image and metadata under the new id.
      const again = JSON.parse((await cli('export', 'withmap')).out) as EventFile;
      const [entry] = Object.values(again.mapimages as Record<string, MapImageFileEntry>);
      expect(entry).toEqual(entries[0]);
    },
    CUT_TEST_MS,
  );

  it('refuses a file with a bad image, printing its path, and writes nothing', async () => {
    const rows = (t: TestApp) =>
      Promise.all([
        countRows(t.handle.db),
        t.handle.db.selectFrom('map_images').select('id').execute(),
        t.handle.db.selectFrom('event_maps').select('map_id').execute(),
      ]);
    const before = await withApp(rows);
    const dirBefore = await mapsDirOf(mapsDir);
    const [key, entry] = Object.entries(
      exported.mapimages as Record<string, MapImageFileEntry>,
    )[0]!;
    const bad = { ...exported, mapimages: { [key]: { ...entry, format: 'webp' } } };
    const res = await cli('import', write('bad.json', bad), '--id', 'badmap');
    expect(res.code).toBe(1);
    expect(res.err).toBe(
      `eventfile.error.invalid: mapimages.${key}.format: the data is a png image\n` +
        `  mapimages.${key}.format: the data is a png image\n`,
    );
    expect(await withApp(rows)).toEqual(before);
    expect(await mapsDirOf(mapsDir)).toEqual(dirBefore);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MapImageFormat, TileGrid } from '@rada/core';
import { AppError } from '../http/errors.ts';

/** The file name ending of each stored format. */
export const FORMAT_EXT: Record<MapImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tif',
};

/** A received upload, in a temporary file until its rows are committed. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Where the map images live under MAPS_DIR (docs/map-images.md, Server):
 * `{id}/original.{ext}`, `{id}/v{version}/{grid}/{z}/{x}/{y}.webp`, `{id}/preview-{width}.{ext}`,
 * uploads and cuts under way in `.tmp/` and `{id}/.cut-*` (renamed into place when whole).
 */
export function mapFiles(root: string) {
  const tmpDir = path.join(root, '.tmp');
  const dir = (mapId: string) => path.join(root, mapId);
  const tempName = (label: string) =>
    path.join(tmpDir, `${label}-${randomBytes(9).toString('base64url')}`);

  return {
    root,
    dir,
    original: (mapId: string, format: MapImageFormat) =>
      path.join(dir(mapId), `original.${FORMAT_EXT[format]}`),
    versionDir: (mapId: string, version: number) => path.join(dir(mapId), `v${version}`),
    tile: (mapId: string, version: number, grid: TileGrid, z: number, x: number, y: number) =>
      path.join(dir(mapId), `v${version}`, grid, String(z), String(x), `${y}.webp`),
    preview: (mapId: string, width: number, ext: 'jpg' | 'png') =>
      path.join(dir(mapId), `preview-${width}.${ext}`),

    /** A fresh temporary file name (same file system as the maps, so a rename moves it). */
    async tempPath(label: string): Promise<string> {
      await fs.mkdir(tmpDir, { recursive: true });
      return tempName(label);
    },

    /**
     * Writes a request body to a temporary file, with its size and SHA-256; over `limit` bytes
     * it stops, removes the file and throws 413 error.toolarge.
     */
    async receive(body: Readable, limit: number): Promise<ReceivedFile> {
      await fs.mkdir(tmpDir, { recursive: true });
      const file = tempName('upload');
      const hash = createHash('sha256');
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > limit) {
            callback(new AppError('error.toolarge', 413));
            return;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(file, { flags: 'wx' }));
      } catch (e) {
        await fs.rm(file, { force: true });
        throw e;
      }
      return { path: file, bytes, sha256: hash.digest('hex') };
    },

    /** Moves a committed upload's image to its place as the map's original. */
    async keep(tempPath: string, mapId: string, format: MapImageFormat): Promise<void> {
      await fs.mkdir(dir(mapId), { recursive: true });
      await fs.rename(tempPath, path.join(dir(mapId), `original.${FORMAT_EXT[format]}`));
    },

    /** A fresh folder for a cut of the map; renamed to its version's when whole (`settle`). */
    async cutDir(mapId: string): Promise<string> {
      await fs.mkdir(dir(mapId), { recursive: true });
      return fs.mkdtemp(path.join(dir(mapId), '.cut-'));
    },

    /**
     * Makes a whole cut the tiles of `version`; when that version's folder exists already
     * (another server cut it too), this cut is dropped.
     */
    async settle(cutDir: string, mapId: string, version: number): Promise<void> {
      try {
        await fs.rename(cutDir, path.join(dir(mapId), `v${version}`));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
        await fs.rm(cutDir, { recursive: true, force: true });
      }
    },

    /** Removes the tiles of every version but `keep` (and cuts left unfinished). */
    async removeOtherVersions(mapId: string, keep: number): Promise<void> {
      const names = await fs.readdir(dir(mapId)).catch(() => [] as string[]);
      const old = names.filter((n) => /^v\d+$/.test(n) && n !== `v${keep}`);
      await Promise.all(
        old.map((n) => fs.rm(path.join(dir(mapId), n), { recursive: true, force: true })),
      );
    },

    /** Removes every file of the map image. */
    async remove(mapId: string): Promise<void> {
      await fs.rm(dir(mapId), { recursive: true, force: true });
    },

    /** Removes a temporary file (nothing when it is gone). */
    async drop(file: string): Promise<void> {
      await fs.rm(file, { force: true });
    },
  };
}
export type MapFiles = ReturnType<typeof mapFiles>;

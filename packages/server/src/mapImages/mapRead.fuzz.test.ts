/**
 * Fuzz properties of the map upload reader (mapRead.ts), the server's parser of the files
 * organisers upload: whatever the bytes (mutations of a PNG, a JPEG, a GeoTIFF, KMZ files with
 * one and two overlays, and random bytes), readMapUpload reads an image or refuses with a 400 and
 * a maps.error key, and never takes long; an href of a KML names an entry of the zip or nothing.
 * Each input costs file writes and libvips work, so the reader's property takes a twentieth of
 * FUZZ_RUNS inputs (100 in npm test, 5,000 in npm run fuzz); the href property all of them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  check,
  fuzzOptions,
  mutatedBytes,
  FUZZ_RUNS,
  FUZZ_TEST_TIMEOUT_MS,
} from '@rada/core/testing';
import { AppError } from '../http/errors.ts';
import { mapFiles } from './mapFiles.ts';
import type { MapFiles } from './mapFiles.ts';
import { entryOf, readMapUpload } from './mapRead.ts';
import { geoTiff, kmz, mapImage, overlay } from './testImages.ts';

/** A read of one input may take this long (libvips decodes a few megapixels at most here). */
const READ_MAX_MS = 5000;

let root: string;
let files: MapFiles;
let seeds: Uint8Array[];
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rada-mapread-fuzz-'));
  files = mapFiles(root);
  const box = { north: 58.39, south: 58.38, east: 26.74, west: 26.72, rotation: 7 };
  const jpeg = await mapImage(120, 90, 'jpeg');
  seeds = [
    await mapImage(120, 90, 'png'),
    jpeg,
    geoTiff(40, 30, [659000, 6474000], 2),
    kmz([overlay('files/tile_0_0.jpg', box)], { 'files/tile_0_0.jpg': jpeg }),
    kmz(
      [
        overlay('files/a.png', { north: 58.381, south: 58.38, east: 26.721, west: 26.72 }),
        overlay('files/b.png', { north: 58.381, south: 58.38, east: 26.722, west: 26.721 }),
      ],
      {
        'files/a.png': await mapImage(60, 90, 'png'),
        'files/b.png': await mapImage(60, 90, 'png'),
      },
    ),
  ].map((b) => new Uint8Array(b));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('map upload reader fuzz', () => {
  it(
    'reads or refuses with a 400 maps.error key, quickly, whatever the bytes',
    async () => {
      const input = fc.oneof(
        {
          weight: 4,
          arbitrary: mutatedBytes(fc.integer({ min: 0, max: 4 }).map((i) => seeds[i]!)),
        },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
      );
      await fc.assert(
        fc.asyncProperty(input, async (bytes) => {
          const upload = await files.receive(Readable.from([Buffer.from(bytes)]), 1e9);
          const start = performance.now();
          try {
            const read = await readMapUpload(upload, files.tempPath);
            check(read.width > 0 && read.height > 0, 'a read image has a size', read);
            if (read.made) await files.drop(read.image.path);
          } catch (e) {
            check(
              e instanceof AppError && e.status === 400 && e.key.startsWith('maps.error.'),
              `refused with a maps.error 400, not ${String(e)}`,
              Array.from(bytes.subarray(0, 64)),
            );
          } finally {
            await files.drop(upload.path);
          }
          const took = performance.now() - start;
          check(took < READ_MAX_MS, `read in ${Math.round(took)} ms`, bytes.length);
        }),
        fuzzOptions(Math.max(50, Math.round(FUZZ_RUNS / 20))),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it('resolves an href to an entry of the zip or to nothing', () => {
    const name = fc.string({
      unit: fc.constantFrom('a', 'B', '/', '\\', '.', '%', '2', '0', ' ', 'é', '\u0000'),
      maxLength: 16,
    });
    fc.assert(
      fc.property(name, name, fc.array(name, { maxLength: 6 }), (href, kml, names) => {
        const found = entryOf(href, kml, names);
        check(found === null || names.includes(found), 'an entry of the zip', { href, kml, names });
      }),
      fuzzOptions(),
    );
  });
});

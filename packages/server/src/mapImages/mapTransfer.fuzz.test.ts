/**
 * Fuzz property of the event file's map images as the server reads them (mapTransfer.ts
 * `prepare`, after core's checkEventFile): whatever an entry says and holds (mutations of a PNG,
 * a JPEG and a GIF, claims of format, size, sha256 and placement true or not, and text that is
 * no base64), the file is refused by core's check or by prepare with a 400
 * eventfile.error.invalid whose every path is under `mapimages.`, or its images are read; never
 * another error, never slowly, and no temporary file is left. Each input costs a file write and
 * libvips work, so the property takes a twentieth of FUZZ_RUNS inputs (100 in npm test, 5,000 in
 * npm run fuzz).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkEventFile } from '@rada/core';
import {
  check,
  fuzzOptions,
  mutatedBytes,
  FUZZ_RUNS,
  FUZZ_TEST_TIMEOUT_MS,
} from '@rada/core/testing';
import { AppError } from '../http/errors.ts';
import { mapFiles } from './mapFiles.ts';
import { mapTransfer } from './mapTransfer.ts';
import type { MapTransfer } from './mapTransfer.ts';
import { TARTU, mapImage } from './testImages.ts';

/** A file's images may take this long to read (libvips decodes a few kilopixels here). */
const READ_MAX_MS = 5000;

let root: string;
let transfer: MapTransfer;
let seeds: { bytes: Uint8Array; format: string; width: number; height: number }[];
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rada-maptransfer-fuzz-'));
  transfer = mapTransfer({
    files: mapFiles(root),
    startCuts: () => Promise.resolve(),
    log: () => undefined,
  });
  seeds = await Promise.all(
    (['png', 'jpeg', 'gif'] as const).map(async (format) => ({
      bytes: new Uint8Array(await mapImage(120, 90, format)),
      format,
      width: 120,
      height: 90,
    })),
  );
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A value one time in eight, else undefined (the claim or the data left true). */
const sometimes = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

/** One entry: a seed's bytes (mutated or not) and claims about them, true or not. */
const entry = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 }),
    mutate: fc.boolean(),
    format: sometimes(fc.constantFrom('png', 'jpeg', 'gif', 'webp', 'tiff', 'bmp')),
    width: sometimes(fc.integer({ min: -1, max: 200 })),
    bytesDelta: fc.constantFrom(0, 0, 0, 0, 0, 0, 1, -1),
    sha256: fc.constantFrom('true', 'true', 'true', 'none', 'none', 'false'),
    placement: fc.oneof(
      fc.constant(null),
      fc.constant(TARTU),
      fc
        .array(fc.double({ min: -1e7, max: 1e7, noNaN: true }), { minLength: 9, maxLength: 9 })
        .map((h) => ({ crs: 'EPSG:3301', h, source: 'points' })),
    ),
    text: sometimes(fc.string({ maxLength: 40 })),
  })
  .chain((e) =>
    (e.mutate
      ? mutatedBytes(fc.constant(seeds[e.seed]!.bytes))
      : fc.constant(seeds[e.seed]!.bytes)
    ).map((bytes) => ({ ...e, bytes })),
  )
  .map((e) => {
    const seed = seeds[e.seed]!;
    return {
      name: 'Map',
      format: e.format ?? seed.format,
      width: e.width ?? seed.width,
      height: seed.height,
      bytes: e.bytes.length + e.bytesDelta,
      ...(e.sha256 === 'none'
        ? {}
        : { sha256: e.sha256 === 'true' ? sha(e.bytes) : sha(new Uint8Array([1])) }),
      placement: e.placement,
      published: true,
      publicFrom: null,
      position: 0,
      data: e.text ?? Buffer.from(e.bytes).toString('base64'),
    };
  });

describe('event file map images fuzz', () => {
  it(
    'reads a file’s images or refuses them with paths under mapimages, quickly, leaving nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), entry, { minKeys: 1, maxKeys: 2 }),
          async (mapimages) => {
            const file = { events: { name: 'x' }, eventsdata: {}, teams: {}, evdoc: {}, mapimages };
            const checked = checkEventFile(file);
            if (!checked.ok) {
              check(
                checked.error === 'eventfile.error.invalid',
                'refused by its contents',
                checked,
              );
              return;
            }
            const start = performance.now();
            try {
              const prepared = await transfer.prepare(checked.file.mapimages, {
                keepPublished: true,
                shiftMs: 0,
                now: 0,
              });
              check(prepared.count === Object.keys(mapimages).length, 'every image read', prepared);
              await prepared.drop();
            } catch (e) {
              check(
                e instanceof AppError &&
                  e.status === 400 &&
                  e.key === 'eventfile.error.invalid' &&
                  (e.details ?? []).length > 0 &&
                  (e.details ?? []).every((d) => d.path.startsWith('mapimages.')),
                `refused with paths under mapimages, not ${String(e)}`,
                e instanceof AppError ? e.details : e,
              );
            }
            const took = performance.now() - start;
            check(took < READ_MAX_MS, `read in ${Math.round(took)} ms`, took);
            const left = await fs.readdir(path.join(root, '.tmp')).catch(() => []);
            check(left.length === 0, 'no temporary file left', left);
          },
        ),
        fuzzOptions(Math.max(50, Math.round(FUZZ_RUNS / 20))),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

/**
 * Fuzz property of the tile cutter's way in, the uploaded image (libvips reads it): whatever
 * the bytes (small JPEG, PNG, GIF, WebP and TIFF images, bit-flipped, cut, spliced), a cut
 * either writes tiles or rejects with maps.error.cut and leaves nothing behind, never another
 * error and never a hang. A tenth of FUZZ_RUNS inputs: each one decodes, encodes and writes files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, it } from 'vitest';
import {
  FUZZ_MAX_MS,
  FUZZ_RUNS,
  FUZZ_TEST_TIMEOUT_MS,
  check,
  fuzzOptions,
  mutatedBytes,
} from '@rada/core/testing';
import type { MapPlacement } from '@rada/core';
import { cutTiles } from './cutter.ts';

const W = 40;
const H = 30;
const placement: MapPlacement = {
  crs: 'EPSG:3301',
  source: 'worldfile',
  h: [4, 0.5, 659_000, 0.5, -4, 6_474_000, 0, 0, 1],
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cut-fuzz-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function bases(): Promise<Uint8Array[]> {
  const raw = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++)
    raw.set([(i * 7) % 256, (i * 13) % 256, i % 256, 128 + (i % 128)], i * 4);
  const image = () => sharp(raw, { raw: { width: W, height: H, channels: 4 } });
  return Promise.all([
    image().jpeg().toBuffer(),
    image().png().toBuffer(),
    image().gif().toBuffer(),
    image().webp().toBuffer(),
    image().tiff().toBuffer(),
  ]);
}

describe('cutTiles on any image bytes', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('writes tiles or rejects with maps.error.cut, leaving nothing', async () => {
    const valid = await bases();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(mutatedBytes(fc.constantFrom(...valid)), async (bytes) => {
        const runDir = path.join(dir, String((n += 1)));
        const imagePath = path.join(runDir, 'image');
        fs.mkdirSync(runDir);
        fs.writeFileSync(imagePath, bytes);
        const outDir = path.join(runDir, 'tiles');
        const job = { imagePath, width: W, height: H, placement, outDir, grids: ['3301' as const] };
        const start = performance.now();
        try {
          const result = await cutTiles(job, () => undefined);
          check(result.grids['3301']!.count >= 0, 'a result without its grid', result);
        } catch (error) {
          check((error as Error).message === 'maps.error.cut', 'another error', String(error));
          check(!fs.existsSync(path.join(outDir, '3301')), 'a refused cut left tiles', n);
        } finally {
          fs.rmSync(runDir, { recursive: true, force: true });
        }
        const took = performance.now() - start;
        check(took < FUZZ_MAX_MS * 5, 'a cut took too long', Math.round(took));
      }),
      fuzzOptions(Math.max(50, Math.round(FUZZ_RUNS / 10))),
    );
  });
});

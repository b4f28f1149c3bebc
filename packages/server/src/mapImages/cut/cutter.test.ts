import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_GRID_DEFS, TILE_SIZE, gridPixel, gridResolution } from '@rada/core';
import type { MapPlacement, TileGrid } from '@rada/core';
import { homographyFrom4, metres, pixelToLatLng, toCrs } from '@rada/core/mapImages';
import { cutTiles, cutTilesOffLoop } from './cutter.ts';
import type { CutJob, CutResult } from './cutter.ts';
import { MAX_ZOOM_SLACK } from './plan.ts';

const W = 1200;
const H = 900;
/** Dots (radius 6) at known pixel centres, each its own colour. */
const DOTS = [
  { u: 300, v: 200, rgb: [230, 20, 20] },
  { u: 900, v: 260, rgb: [20, 160, 20] },
  { u: 620, v: 700, rgb: [20, 40, 230] },
] as const;

let dir: string;
let imagePath: string;

/** White, a black cross through the middle, and the dots. */
async function testImage(file: string, width = W, height = H): Promise<void> {
  const data = Buffer.alloc(width * height * 3, 255);
  const paint = (x: number, y: number, rgb: readonly number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    data.set(rgb, (y * width + x) * 3);
  };
  for (let x = 0; x < width; x++)
    for (let d = -1; d <= 1; d++) paint(x, Math.floor(height / 2) + d, [0, 0, 0]);
  for (let y = 0; y < height; y++)
    for (let d = -1; d <= 1; d++) paint(Math.floor(width / 2) + d, y, [0, 0, 0]);
  for (const dot of DOTS)
    for (let dy = -6; dy <= 6; dy++)
      for (let dx = -6; dx <= 6; dx++)
        if (dx * dx + dy * dy <= 36) paint(dot.u + dx, dot.v + dy, dot.rgb);
  await sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(file);
}

/** 2 m a pixel in L-EST97, north up, near Tartu. */
const affine3301: MapPlacement = {
  crs: 'EPSG:3301',
  source: 'worldfile',
  h: [2, 0, 659_000, 0, -2, 6_474_000, 0, 0, 1],
};

/** Turned about 30° and a little in perspective, in Web Mercator (about 3.3 m a pixel there). */
function rotated3857(): MapPlacement {
  const [cx, cy] = toCrs('EPSG:3857', { lat: 58.38, lng: 26.72 });
  const a = Math.PI / 6;
  const corner = (du: number, dv: number, stretch: number): [number, number] => [
    cx + (du * Math.cos(a) + dv * Math.sin(a)) * stretch,
    cy + (du * Math.sin(a) - dv * Math.cos(a)) * stretch,
  ];
  const h = homographyFrom4(
    [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ],
    [
      corner(-W * 1.7, -H * 1.7, 1),
      corner(W * 1.7, -H * 1.7, 1.02),
      corner(W * 1.7, H * 1.7, 1.04),
      corner(-W * 1.7, H * 1.7, 1),
    ],
  );
  return { crs: 'EPSG:3857', source: 'points', model: 'projective', h: h! };
}

/** Reads the cut's tiles back, pixel by pixel in grid pixels at one zoom. */
function tileReader(outDir: string, grid: TileGrid, z: number) {
  const tiles = new Map<string, Buffer | null>();
  const load = async (x: number, y: number) => {
    const key = `${x}/${y}`;
    if (!tiles.has(key)) {
      const file = path.join(outDir, grid, String(z), String(x), `${y}.webp`);
      tiles.set(key, fs.existsSync(file) ? await sharp(file).ensureAlpha().raw().toBuffer() : null);
    }
    return tiles.get(key)!;
  };
  return async (px: number, py: number): Promise<[number, number, number, number]> => {
    const tx = Math.floor(px / TILE_SIZE);
    const ty = Math.floor(py / TILE_SIZE);
    const tile = await load(tx, ty);
    if (!tile) return [0, 0, 0, 0];
    const o = ((py - ty * TILE_SIZE) * TILE_SIZE + (px - tx * TILE_SIZE)) * 4;
    return [tile[o]!, tile[o + 1]!, tile[o + 2]!, tile[o + 3]!];
  };
}

/** The centroid (grid pixels) of the pixels near `at` whose colour is close to `rgb`. */
async function centroid(
  read: (x: number, y: number) => Promise<number[]>,
  at: [number, number],
  rgb: readonly number[],
): Promise<[number, number] | null> {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = Math.round(at[1]) - 25; y <= Math.round(at[1]) + 25; y++)
    for (let x = Math.round(at[0]) - 25; x <= Math.round(at[0]) + 25; x++) {
      const p = await read(x, y);
      const d = Math.abs(p[0]! - rgb[0]!) + Math.abs(p[1]! - rgb[1]!) + Math.abs(p[2]! - rgb[2]!);
      if (p[3]! > 200 && d < 90) {
        sx += x + 0.5;
        sy += y + 0.5;
        n += 1;
      }
    }
  return n > 10 ? [sx / n, sy / n] : null;
}

const job = (placement: MapPlacement, outDir: string, grids: TileGrid[]): CutJob => ({
  imagePath,
  width: W,
  height: H,
  placement,
  outDir,
  grids,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cut-'));
  imagePath = path.join(dir, 'map.png');
  await testImage(imagePath);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['an affine placement in L-EST97', () => affine3301],
  ['a rotated projective placement in Web Mercator', rotated3857],
])('cutTiles, %s', (_name, placementOf) => {
  const placement = placementOf();
  let outDir: string;
  let result: CutResult;
  const progress: number[] = [];

  beforeAll(async () => {
    outDir = path.join(dir, `out-${placement.crs.replace(':', '')}`);
    result = await cutTiles(job(placement, outDir, ['3857', '3301']), (p) => progress.push(p));
  });

  it.each(['3857', '3301'] as const)(
    'puts every dot where the grid math says (%s)',
    async (grid) => {
      const def = TILE_GRID_DEFS[grid];
      const set = result.grids[grid]!;
      const read = tileReader(outDir, grid, set.maxZoom);
      for (const dot of DOTS) {
        const [x, y] = toCrs(def.crs, pixelToLatLng(placement, dot.u + 0.5, dot.v + 0.5));
        const expected = gridPixel(def, set.maxZoom, x, y);
        const found = await centroid(read, expected, dot.rgb);
        expect(found, `dot ${dot.u},${dot.v}`).not.toBeNull();
        expect(Math.abs(found![0] - expected[0])).toBeLessThan(1.5);
        expect(Math.abs(found![1] - expected[1])).toBeLessThan(1.5);
      }
    },
  );

  it.each(['3857', '3301'] as const)(
    'cuts from the first zoom about as fine as the image down to one or two tiles (%s)',
    (grid) => {
      const def = TILE_GRID_DEFS[grid];
      const set = result.grids[grid]!;
      const centre = pixelToLatLng(placement, W / 2, H / 2);
      const imagePixel =
        Math.sqrt(
          metres(centre, pixelToLatLng(placement, W / 2 + 10, H / 2)) *
            metres(centre, pixelToLatLng(placement, W / 2, H / 2 + 10)),
        ) / 10;
      const ground = (z: number) =>
        gridResolution(def, z) * (grid === '3857' ? Math.cos((centre.lat * Math.PI) / 180) : 1);
      expect(ground(set.maxZoom)).toBeLessThanOrEqual(imagePixel * MAX_ZOOM_SLACK);
      expect(ground(set.maxZoom - 1)).toBeGreaterThan(imagePixel * MAX_ZOOM_SLACK);
      // At minZoom the map spans at most a tile's width; one zoom higher, more.
      const across = Math.hypot(W, H) * imagePixel;
      expect(across / ground(set.minZoom)).toBeLessThanOrEqual(TILE_SIZE * 1.5);
      expect(across / ground(set.minZoom + 1)).toBeGreaterThan(TILE_SIZE / 1.5);
      expect(set.maxZoom - set.minZoom).toBeLessThanOrEqual(8);
    },
  );

  it('writes what it counts, every zoom, and reports progress up to 1', () => {
    for (const grid of ['3857', '3301'] as const) {
      const set = result.grids[grid]!;
      let count = 0;
      let bytes = 0;
      for (let z = set.minZoom; z <= set.maxZoom; z++) {
        const zDir = path.join(outDir, grid, String(z));
        const files = fs.readdirSync(zDir, { recursive: true, withFileTypes: true });
        const tiles = files.filter((f) => f.isFile());
        expect(tiles.length, `zoom ${z}`).toBeGreaterThan(0);
        for (const f of tiles) {
          expect(f.name).toMatch(/^-?\d+\.webp$/);
          count += 1;
          bytes += fs.statSync(path.join(f.parentPath, f.name)).size;
        }
      }
      expect(
        fs
          .readdirSync(path.join(outDir, grid))
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: set.maxZoom - set.minZoom + 1 }, (_, k) => set.minZoom + k));
      expect(set.count).toBe(count);
      expect(set.bytes).toBe(bytes);
    }
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('leaves outside the image transparent and writes no tile wholly outside it', async () => {
    for (const grid of ['3857', '3301'] as const) {
      const def = TILE_GRID_DEFS[grid];
      const z = result.grids[grid]!.maxZoom;
      const read = tileReader(outDir, grid, z);
      // Just outside each corner (along the diagonal, 4 image pixels): transparent.
      for (const [u, v] of [
        [-4, -4],
        [W + 4, -4],
        [W + 4, H + 4],
        [-4, H + 4],
      ] as const) {
        const [x, y] = toCrs(def.crs, pixelToLatLng(placement, u, v));
        const [px, py] = gridPixel(def, z, x, y).map(Math.floor) as [number, number];
        expect((await read(px, py))[3], `${grid} outside ${u},${v}`).toBe(0);
      }
      // Just inside: opaque white.
      const [x, y] = toCrs(def.crs, pixelToLatLng(placement, 8, 8));
      const [px, py] = gridPixel(def, z, x, y).map(Math.floor) as [number, number];
      const white = await read(px, py);
      expect(white[3]).toBe(255);
      expect(Math.min(...white.slice(0, 3))).toBeGreaterThanOrEqual(250); // lossy WebP
      // No tile is written whose square lies wholly outside the image's outline.
      const [cx, cy] = toCrs(def.crs, pixelToLatLng(placement, W / 2, H / 2));
      const centre = gridPixel(def, z, cx, cy);
      const far = Math.hypot(W, H) * 2;
      const xs = fs.readdirSync(path.join(outDir, grid, String(z))).map(Number);
      for (const tx of xs) expect(Math.abs((tx + 0.5) * TILE_SIZE - centre[0])).toBeLessThan(far);
    }
  });

  if (placement.crs === 'EPSG:3301')
    it('cuts L-EST97 in rows counted from the grid bottom (negative), and the levels it chose', () => {
      expect(result.grids['3301']).toMatchObject({ minZoom: 8, maxZoom: 11 });
      const rows = fs
        .readdirSync(path.join(outDir, '3301', '11'), { recursive: true })
        .filter((f) => String(f).endsWith('.webp'))
        .map((f) => Number(path.basename(String(f), '.webp')));
      expect(rows.every((y) => y < 0)).toBe(true);
    });
});

describe('cutTiles of an EXIF-rotated JPEG', () => {
  it('cuts it as shown when the job gives the size as shown', async () => {
    // Stored turned a quarter left, with orientation 6 (turn right to show): shown as the PNG.
    const rotated = path.join(dir, 'rotated.jpg');
    await sharp(imagePath)
      .rotate(270)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toFile(rotated);
    const outDir = path.join(dir, 'out-exif');
    const result = await cutTiles(
      { ...job(affine3301, outDir, ['3301']), imagePath: rotated },
      () => undefined,
    );
    const def = TILE_GRID_DEFS['3301'];
    const read = tileReader(outDir, '3301', result.grids['3301']!.maxZoom);
    for (const dot of DOTS) {
      const [x, y] = toCrs(def.crs, pixelToLatLng(affine3301, dot.u + 0.5, dot.v + 0.5));
      const expected = gridPixel(def, result.grids['3301']!.maxZoom, x, y);
      const found = await centroid(read, expected, dot.rgb);
      expect(found, `dot ${dot.u},${dot.v}`).not.toBeNull();
      expect(Math.hypot(found![0] - expected[0], found![1] - expected[1])).toBeLessThan(1.5);
    }
  });
});

describe('cutTiles refusals', () => {
  it('rejects a corrupt image with maps.error.cut and leaves nothing', async () => {
    const bad = path.join(dir, 'bad.png');
    const good = fs.readFileSync(imagePath);
    fs.writeFileSync(bad, Buffer.concat([good.subarray(0, 200), Buffer.alloc(500, 7)]));
    const outDir = path.join(dir, 'out-bad');
    await expect(
      cutTiles({ ...job(affine3301, outDir, ['3857']), imagePath: bad }, () => undefined),
    ).rejects.toThrow('maps.error.cut');
    expect(fs.existsSync(path.join(outDir, '3857'))).toBe(false);
  });

  it('rejects an image of another size than the job says', async () => {
    await expect(
      cutTiles(
        { ...job(affine3301, path.join(dir, 'out-size'), ['3857']), width: W + 1 },
        () => undefined,
      ),
    ).rejects.toThrow('maps.error.cut');
  });
});

describe('cutTilesOffLoop', () => {
  it('cuts in a child process with the same tiles, reporting progress', async () => {
    const outDir = path.join(dir, 'off-loop');
    const progress: number[] = [];
    const result = await cutTilesOffLoop(job(affine3301, outDir, ['3301']), (p) =>
      progress.push(p),
    );
    const inProcess = await cutTiles(
      job(affine3301, path.join(dir, 'in-process'), ['3301']),
      () => undefined,
    );
    expect(result).toEqual(inProcess);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects a bad image with maps.error.cut', async () => {
    const bad = path.join(dir, 'bad.jpg');
    fs.writeFileSync(bad, 'not an image');
    await expect(
      cutTilesOffLoop(
        { ...job(affine3301, path.join(dir, 'off-bad'), ['3857']), imagePath: bad },
        () => undefined,
      ),
    ).rejects.toThrow('maps.error.cut');
  });

  it('stops when aborted, rejecting with the reason and removing what it wrote', async () => {
    const big = path.join(dir, 'big.png');
    await testImage(big, 4000, 3000);
    const outDir = path.join(dir, 'off-abort');
    const controller = new AbortController();
    const placement: MapPlacement = {
      ...affine3301,
      h: [0.5, 0, 659_000, 0, -0.5, 6_474_000, 0, 0, 1],
    };
    const cut = cutTilesOffLoop(
      { imagePath: big, width: 4000, height: 3000, placement, outDir, grids: ['3857', '3301'] },
      (p) => {
        if (p > 0) controller.abort(new Error('stopped'));
      },
      controller.signal,
    );
    await expect(cut).rejects.toThrow('stopped');
    expect(fs.existsSync(path.join(outDir, '3857'))).toBe(false);
    expect(fs.existsSync(path.join(outDir, '3301'))).toBe(false);
  });
});

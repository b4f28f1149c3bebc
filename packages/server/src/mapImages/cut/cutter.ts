import { execFile, fork } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { MAP_IMAGE_MAX_PIXELS, TILE_SIZE } from '@rada/core/mapImages';
import type { MapPlacement, MapTileSet, TileGrid } from '@rada/core/mapImages';
import { outlinePixels, planGrid, squareMeetsPolygon, tileNodes, tileRange } from './plan.ts';
import type { GridPlan } from './plan.ts';
import { averageChildren, premultiply, unpremultiplied, warpTile } from './warp.ts';
import type { Cover, Raster } from './warp.ts';

/**
 * The tile cutter (issue 37): a placed map image → 256 × 256 WebP tiles in each grid a viewer
 * draws, at `${outDir}/${grid}/${z}/${x}/${y}.webp`, Leaflet's addressing (docs/map-images.md,
 * "Tiles and speed"). The highest zoom is warped from the image (bilinear, positions exact every
 * NODE_STEP pixels and interpolated between); each lower one averages its four children, depth
 * first, so a few tiles a level are in memory at once. Tiles with nothing on them are not written.
 */
export interface CutJob {
  imagePath: string;
  /** The image's size as placed (after its EXIF orientation, if it has one). */
  width: number;
  height: number;
  placement: MapPlacement;
  outDir: string;
  grids: TileGrid[];
}

export interface CutResult {
  grids: Partial<Record<TileGrid, MapTileSet>>;
}

/** Exact image positions every this many tile pixels; bilinear in between. */
export const NODE_STEP = 32;
/**
 * WebP quality of colours (alpha is lossless): at 70 thin contours smear, 90 takes a quarter
 * more bytes (docs/map-images.md, "Tiles and speed").
 */
export const TILE_QUALITY = 80;
/**
 * WebP effort (0–6): 0 encodes a map tile in 70 % of effort 2's time (and 40 % of the default
 * 4's) for 18 % more bytes at the same fidelity; encoding is most of a cut's time.
 */
export const TILE_EFFORT = 0;
/** Tiles encoded and written at once while the next is warped. */
const ENCODES_IN_FLIGHT = 2;

/** Thrown (and rejected with) for every failure of a cut; its message is the error key. */
const cutError = (cause?: unknown) => new Error('maps.error.cut', { cause });

/** Decodes the image once: RGBA, premultiplied, in the orientation the placement was made in. */
async function decode(job: CutJob): Promise<Raster> {
  const open = (autoOrient: boolean) =>
    sharp(job.imagePath, { limitInputPixels: MAP_IMAGE_MAX_PIXELS, autoOrient });
  const meta = await open(false).metadata();
  const fits = (size: { width?: number; height?: number } | undefined) =>
    size?.width === job.width && size.height === job.height;
  // As displayed (EXIF orientation applied), else as stored: the size the placement was made on.
  // A TIFF as stored: its georeference describes the stored pixels (mapRead.ts reads it so).
  const autoOrient = meta.format !== 'tiff' && fits(meta.autoOrient);
  if (!autoOrient && !fits(meta)) throw cutError();
  const { data, info } = await open(autoOrient)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== job.width || info.height !== job.height || info.channels !== 4)
    throw cutError();
  // Read a word a pixel by the warp: aligned to 4 bytes (a copy in the unlikely other case).
  const pixels =
    data.byteOffset % 4 === 0
      ? new Uint8Array(data.buffer, data.byteOffset, data.length)
      : new Uint8Array(data);
  if (meta.hasAlpha) premultiply(pixels);
  return { data: pixels, width: info.width, height: info.height };
}

/** Runs `work` with at most `limit` at once; `add` waits for a free place, `drain` for all. */
function pool(limit: number) {
  const running = new Set<Promise<void>>();
  let failure: unknown = null;
  return {
    async add(work: () => Promise<void>) {
      while (running.size >= limit) await Promise.race(running);
      if (failure) throw failure as Error;
      const p: Promise<void> = work()
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      await Promise.all(running);
      if (failure) throw failure as Error;
    },
  };
}

/**
 * Tile buffers used again once released by every holder: a fresh 256 KB buffer per tile is
 * zeroed memory from the system each time (a gigabyte over a large map's cut).
 */
function tileBuffers() {
  const free: Uint8Array[] = [];
  const holders = new Map<Uint8Array, number>();
  return {
    take(): Uint8Array {
      const tile = free.pop() ?? new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
      holders.set(tile, 1);
      return tile;
    },
    hold(tile: Uint8Array): void {
      holders.set(tile, holders.get(tile)! + 1);
    },
    release(tile: Uint8Array): void {
      const left = holders.get(tile)! - 1;
      if (left > 0) holders.set(tile, left);
      else {
        holders.delete(tile);
        free.push(tile);
      }
    },
  };
}

/** The number of tiles the cut visits (for progress): those meeting the outline, every zoom. */
function countTiles(plan: GridPlan): number {
  let total = 0;
  for (let z = plan.minZoom; z <= plan.maxZoom; z++) {
    const poly = outlinePixels(plan, z);
    const [x0, y0, x1, y1] = tileRange(plan, z);
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (meets(poly, x, y)) total += 1;
  }
  return total;
}

/** A tile's square (with a pixel's margin for the blended edge) meets the outline. */
const meets = (poly: [number, number][], x: number, y: number) =>
  squareMeetsPolygon(
    x * TILE_SIZE - 1,
    y * TILE_SIZE - 1,
    (x + 1) * TILE_SIZE + 1,
    (y + 1) * TILE_SIZE + 1,
    poly,
  );

/**
 * Cuts the tiles in this process (what the child runs; tests may call it directly). Rejects with
 * Error('maps.error.cut') for an image it cannot read or that does not match the job; what it
 * wrote by then is removed.
 */
export async function cutTiles(job: CutJob, onProgress: (p: number) => void): Promise<CutResult> {
  try {
    return await cut(job, onProgress);
  } catch (error) {
    await removeOutput(job);
    throw (error as Error).message === 'maps.error.cut' ? error : cutError(error);
  }
}

async function cut(job: CutJob, onProgress: (p: number) => void): Promise<CutResult> {
  const plans = job.grids.map((grid) => planGrid(grid, job.placement, job.width, job.height));
  const polygons = plans.map((plan) => {
    const byZoom = new Map<number, [number, number][]>();
    for (let z = plan.minZoom; z <= plan.maxZoom; z++) byZoom.set(z, outlinePixels(plan, z));
    return byZoom;
  });
  const total = plans.reduce((sum, plan) => sum + countTiles(plan), 0);
  const src = await decode(job);
  let done = 0;
  let reported = -1;
  const step = () => {
    done += 1;
    const p = Math.floor((done / Math.max(total, 1)) * 200) / 200;
    if (p > reported) {
      reported = p;
      onProgress(Math.min(1, p));
    }
  };
  const writes = pool(ENCODES_IN_FLIGHT);
  const tiles = tileBuffers();
  const made = new Set<string>();
  const result: CutResult = { grids: {} };

  for (const [g, plan] of plans.entries()) {
    const set: MapTileSet = { minZoom: plan.minZoom, maxZoom: plan.maxZoom, bytes: 0, count: 0 };
    result.grids[plan.grid] = set;
    const write = async (z: number, x: number, y: number, tile: Uint8Array, cover: Cover) => {
      const dir = path.join(job.outDir, plan.grid, String(z), String(x));
      // An opaque tile's alpha plane costs nothing: libwebp leaves it out.
      const webp = await sharp(cover === 'opaque' ? tile : unpremultiplied(tile), {
        raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 },
      })
        .webp({ quality: TILE_QUALITY, effort: TILE_EFFORT })
        .toBuffer();
      if (!made.has(dir)) {
        await fs.mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await fs.writeFile(path.join(dir, `${y}.webp`), webp);
      set.bytes += webp.length;
      set.count += 1;
    };
    /**
     * The tile (premultiplied RGBA) or null when empty, written when not empty; the caller
     * releases it (tiles.release) when done with it.
     */
    const visit = async (z: number, x: number, y: number): Promise<Uint8Array | null> => {
      if (!meets(polygons[g]!.get(z)!, x, y)) return null;
      const tile = tiles.take();
      let cover: Cover;
      if (z === plan.maxZoom) {
        cover = warpTile(src, tileNodes(plan, z, x, y, NODE_STEP), NODE_STEP, tile);
      } else {
        const children: (Uint8Array | null)[] = [];
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const)
          children.push(await visit(z + 1, 2 * x + dx, 2 * y + dy));
        cover = children.some(Boolean) ? averageChildren(children, tile) : 'empty';
        for (const child of children) if (child) tiles.release(child);
      }
      step();
      if (cover === 'empty') {
        tiles.release(tile);
        return null;
      }
      tiles.hold(tile); // by its write, as well as by the caller
      await writes.add(() => write(z, x, y, tile, cover).finally(() => tiles.release(tile)));
      return tile;
    };
    const [x0, y0, x1, y1] = tileRange(plan, plan.minZoom);
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const tile = await visit(plan.minZoom, x, y);
        if (tile) tiles.release(tile);
      }
  }
  await writes.drain();
  onProgress(1);
  return result;
}

/** Removes what a failed or stopped cut may have written (its grids' folders only). */
async function removeOutput(job: CutJob): Promise<void> {
  await Promise.all(
    job.grids.map((grid) => fs.rm(path.join(job.outDir, grid), { recursive: true, force: true })),
  );
}

/** Messages from the child (cutter.child.ts). */
export type CutMessage =
  | { type: 'progress'; p: number }
  | { type: 'done'; result: CutResult }
  | { type: 'failed'; error: string };

/** Lowest priority of the cutting process: it takes what the server's own work leaves. */
const CHILD_NICE = 19;

/**
 * Puts the cutting process at the lowest priority there is: Linux's SCHED_IDLE (through
 * util-linux's `chrt`), which runs it only on a core nothing else wants; nice 19 alone still gave
 * it a fifteenth of a busy core, which raised the live viewers' p99 by half again (bench/mapTiles.ts).
 * Where neither is allowed or `chrt` is missing, it runs as it is, still off the event loop.
 * Done before the job is sent: the threads libvips starts then inherit it.
 */
async function lowerPriority(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, CHILD_NICE);
  } catch {
    // Not allowed here (some containers).
  }
  if (process.platform !== 'linux') return;
  await new Promise<void>((resolve) => {
    execFile('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)], () => resolve());
  });
}

/**
 * Cuts off the event loop: a child Node process (TypeScript through tsx, as the server runs)
 * at the lowest priority (lowerPriority), one libvips thread, progress (0–1) over IPC. Aborting kills it and
 * rejects with the signal's reason; a crash or a bad image rejects with Error('maps.error.cut').
 * Either way what it wrote is removed.
 */
export function cutTilesOffLoop(
  job: CutJob,
  onProgress: (p: number) => void,
  signal?: AbortSignal,
): Promise<CutResult> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const tsx = createRequire(import.meta.url).resolve('tsx/esm');
  const child = fork(fileURLToPath(new URL('./cutter.child.ts', import.meta.url)), [], {
    execArgv: ['--import', pathToFileURL(tsx).href],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  return new Promise<CutResult>((resolve, reject) => {
    let settled: { ok: CutResult } | { error: Error } | null = null;
    const onAbort = () => {
      settled ??= { error: signal!.reason as Error };
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (message: CutMessage) => {
      if (message.type === 'progress') onProgress(message.p);
      else if (message.type === 'done') settled ??= { ok: message.result };
      else settled ??= { error: cutError() };
    });
    child.on('error', () => {
      settled ??= { error: cutError() };
    });
    child.on('exit', () => {
      signal?.removeEventListener('abort', onAbort);
      const end = settled ?? { error: cutError() };
      if ('ok' in end) return resolve(end.ok);
      if (stderr && end.error.message === 'maps.error.cut') end.error.cause = stderr.trim();
      void removeOutput(job).finally(() => reject(end.error));
    });
    void lowerPriority(child.pid).then(() => {
      if (child.connected) child.send(job);
    });
  });
}

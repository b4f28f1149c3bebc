/**
 * mapTiles: an event's own map cut into tiles (issue 37, packages/server/src/mapImages/cut/).
 *
 * An 8,000 × 8,000 px orienteering-map-like image (vegetation fills, contours, paths, streams
 * and text-like glyphs; a 20 MB JPEG, as a scanned or exported map is) placed rotated in
 * L-EST97 at 0.8 m a pixel, near Tartu, is cut in its child process as the server cuts it
 * (cutTilesOffLoop: spawn, decode, warp, encode, write), for Web Mercator alone and for both grids.
 * Baseline, in the same run: sharp's own Deep Zoom pyramid of the same image (`.tile()`, WebP of
 * the same quality and effort, libvips on every core), a lower bound for libvips here. Target:
 * both grids tiled and written within 15 s.
 *
 * Then the cut runs again and again (each in its own child process) while the ingest bench's batch
 * load (bench/ingest.ts) and then the fan-out bench's load (bench/fanout.ts, once without a cut for
 * comparison) run against a real server in this process. Targets: theirs (≥ 50,000 points/s;
 * p99 ≤ 250 ms a point). Also reported: the offline package, the bytes of the tiles covering
 * 2.5 × 2 km (5 km²) in the middle of the map at every zoom, per grid.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { MAP_IMAGE_MAX_PIXELS, TILE_GRID_DEFS, TILE_SIZE, gridPixel } from '@rada/core';
import type { MapPlacement, TileGrid } from '@rada/core';
import { fromCrs, pixelToLatLng, toCrs } from '@rada/core/mapImages';
import {
  TILE_EFFORT,
  TILE_QUALITY,
  cutTiles,
  cutTilesOffLoop,
} from '../packages/server/src/mapImages/cut/cutter.ts';
import type { CutJob, CutResult } from '../packages/server/src/mapImages/cut/cutter.ts';
import { startPlatform } from '../e2e/support.ts';
import type { BenchResult } from './harness.ts';
import { TARGET_PPS, prepareIngest, runIngestLoad } from './ingest.ts';
import { VIEWERS, loadLine, prepareFanout, runLoad, TARGET_P99_MS } from './fanout.ts';
import type { LoadResult } from './fanout.ts';

const SIZE = 8000;
const TARGET_CUT_MS = 15_000;
/** The offline package's area: 2.5 × 2 km. */
const AREA_M: [number, number] = [2500, 2000];

/** A seeded PRNG (mulberry32): the same image every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An orienteering-map-like RGB image: vegetation fills (white, yellow, two greens), brown
 * contours of a smooth height field, black paths (some dashed), blue streams and clusters of
 * 5 × 7 glyphs standing in for text; raw RGB bytes.
 */
export function mapLikeRaw(width: number, height: number, seed = 37): Buffer {
  const rnd = random(seed);
  const out = Buffer.alloc(width * height * 3);
  const wave = (scale: number, amplitude: boolean) => {
    const fx = (rnd() * 2 + 0.5) / scale;
    const fy = (rnd() * 2 + 0.5) / scale;
    const p = rnd() * 6.28;
    const a = amplitude ? rnd() + 0.5 : 1;
    return {
      xs: Float64Array.from({ length: width }, (_, x) => a * Math.sin(x * fx)),
      ys: Float64Array.from({ length: height }, (_, y) => Math.sin(y * fy + p)),
    };
  };
  const terrain = Array.from({ length: 6 }, () => wave(1500, true));
  const vegetation = Array.from({ length: 4 }, () => wave(600, false));
  const fills = [
    [255, 255, 255],
    [255, 221, 154],
    [197, 255, 185],
    [139, 220, 140],
  ];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let h = 0;
      for (const w of terrain) h += w.xs[x]! * w.ys[y]! + 0.5 * w.ys[y]!;
      let v = 0;
      for (const w of vegetation) v += w.xs[x]! * w.ys[y]!;
      const level = h * 12;
      const colour =
        level - Math.floor(level) < 0.06
          ? [190, 110, 40]
          : fills[v > 1.1 ? 3 : v > 0.5 ? 2 : v < -0.9 ? 1 : 0]!;
      out.set(colour, (y * width + x) * 3);
    }
  const dot = (x: number, y: number, r: number, c: number[]) => {
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height || dx * dx + dy * dy > r * r) continue;
        out.set(c, (py * width + px) * 3);
      }
  };
  const line = (n: number, c: number[], dashed: boolean) => {
    let x = rnd() * width;
    let y = rnd() * height;
    let dir = rnd() * 6.28;
    for (let i = 0; i < n; i++) {
      dir += (rnd() - 0.5) * 0.08;
      x += Math.cos(dir) * 1.5;
      y += Math.sin(dir) * 1.5;
      if (!dashed || i % 16 < 10) dot(x, y, 2, c);
    }
  };
  const area = (width * height) / 64e6;
  for (let i = 0; i < 120 * area; i++) line(3000, [0, 0, 0], i % 3 === 0);
  for (let i = 0; i < 30 * area; i++) line(4000, [0, 120, 230], false);
  for (let i = 0; i < 3000 * area; i++) {
    const x0 = rnd() * width;
    const y0 = rnd() * height;
    const letters = 3 + Math.floor(rnd() * 8);
    for (let l = 0; l < letters; l++) {
      const bits = Math.floor(rnd() * 2 ** 30);
      for (let b = 0; b < 35; b++)
        if ((bits >> (b % 30)) & 1)
          dot(x0 + l * 14 + (b % 5) * 2, y0 + Math.floor(b / 5) * 2, 1, [0, 0, 0]);
    }
  }
  return out;
}

/** 0.8 m a pixel, turned 12°, in L-EST97 near Tartu: a world file's affine placement. */
function rotatedPlacement(): MapPlacement {
  const s = 0.8;
  const a = (12 * Math.PI) / 180;
  return {
    crs: 'EPSG:3301',
    source: 'worldfile',
    h: [
      s * Math.cos(a),
      s * Math.sin(a),
      655_000,
      s * Math.sin(a),
      -s * Math.cos(a),
      6_477_000,
      0,
      0,
      1,
    ],
  };
}

/** Files and bytes under a folder. */
function filesUnder(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const f of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) {
      files += 1;
      bytes += fs.statSync(path.join(f.parentPath, f.name)).size;
    }
  return { files, bytes };
}

/** The bytes of one grid's tiles covering AREA_M around the map's middle, every zoom. */
function offlineBytes(
  job: CutJob,
  result: CutResult,
  grid: TileGrid,
): { bytes: number; tiles: number } {
  const def = TILE_GRID_DEFS[grid];
  const set = result.grids[grid]!;
  const centre = pixelToLatLng(job.placement, job.width / 2, job.height / 2);
  const [cx, cy] = toCrs('EPSG:3301', centre);
  // The rectangle in L-EST97 metres (true distances to 0.1 %), in the grid's CRS.
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) =>
    toCrs(def.crs, fromCrs('EPSG:3301', cx + (sx! * AREA_M[0]) / 2, cy + (sy! * AREA_M[1]) / 2)),
  );
  let bytes = 0;
  let tiles = 0;
  for (let z = set.minZoom; z <= set.maxZoom; z++) {
    const px = corners.map(([x, y]) => gridPixel(def, z, x, y));
    const [x0, x1] = [Math.min(...px.map((p) => p[0])), Math.max(...px.map((p) => p[0]))];
    const [y0, y1] = [Math.min(...px.map((p) => p[1])), Math.max(...px.map((p) => p[1]))];
    for (let ty = Math.floor(y0 / TILE_SIZE); ty <= Math.floor(y1 / TILE_SIZE); ty++)
      for (let tx = Math.floor(x0 / TILE_SIZE); tx <= Math.floor(x1 / TILE_SIZE); tx++) {
        const file = path.join(job.outDir, grid, String(z), String(tx), `${ty}.webp`);
        if (!fs.existsSync(file)) continue;
        bytes += fs.statSync(file).size;
        tiles += 1;
      }
  }
  return { bytes, tiles };
}

/**
 * Cuts again and again, each into a fresh folder, until `until` settles; the finished cuts' times.
 * The folders stay until the bench's own is removed: removing thousands of files here would hold
 * the event loop of the server the load measures, which runs in this process.
 */
async function cutWhile(job: CutJob, until: Promise<unknown>): Promise<number[]> {
  const stop = new AbortController();
  let over = false;
  void until.finally(() => {
    over = true;
    stop.abort(new Error('load over'));
  });
  const times: number[] = [];
  for (let k = 0; !over; k++) {
    const outDir = `${job.outDir}-${k}`;
    const t0 = performance.now();
    try {
      await cutTilesOffLoop({ ...job, outDir }, () => undefined, stop.signal);
      times.push(performance.now() - t0);
    } catch (error) {
      if (!over) throw error;
    }
  }
  return times;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mbytes = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const timesLine = (times: number[]) => (times.length ? times.map(sec).join(', ') : 'none finished');

/** Runs the benchmark and prints its figures. */
export async function mapTilesBench(): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-bench-maps-'));
  try {
    const imagePath = path.join(dir, 'map.jpg');
    const made = performance.now();
    await sharp(mapLikeRaw(SIZE, SIZE), { raw: { width: SIZE, height: SIZE, channels: 3 } })
      .jpeg({ quality: 88 })
      .toFile(imagePath);
    console.log(
      `mapTiles: load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores; ` +
        `test map ${SIZE} × ${SIZE} px, JPEG ${mbytes(fs.statSync(imagePath).size)} ` +
        `(made in ${sec(performance.now() - made)}); placed rotated 12° in L-EST97 at 0.8 m a pixel`,
    );

    // Baseline: libvips' own pyramid of the same image, same WebP settings, every core.
    const dz = path.join(dir, 'dz');
    const t0 = performance.now();
    await sharp(imagePath, { limitInputPixels: MAP_IMAGE_MAX_PIXELS })
      .webp({ quality: TILE_QUALITY, effort: TILE_EFFORT })
      .tile({ size: TILE_SIZE, layout: 'dz' })
      .toFile(dz);
    const baselineMs = performance.now() - t0;
    const baseline = filesUnder(`${dz}_files`);
    console.log(
      `mapTiles: baseline sharp .tile() Deep Zoom pyramid (no warp, ${sharp.concurrency()} libvips threads): ` +
        `${sec(baselineMs)}, ${baseline.files} tiles, ${mbytes(baseline.bytes)}`,
    );

    const job = (grids: TileGrid[], name: string): CutJob => ({
      imagePath,
      width: SIZE,
      height: SIZE,
      placement: rotatedPlacement(),
      outDir: path.join(dir, name),
      grids,
    });
    const cuts: Record<string, { ms: number; result: CutResult; job: CutJob }> = {};
    for (const grids of [['3857'], ['3857', '3301']] as TileGrid[][]) {
      const j = job(grids, `tiles-${grids.join('-')}`);
      const start = performance.now();
      const result = await cutTilesOffLoop(j, () => undefined);
      const ms = performance.now() - start;
      cuts[grids.join('+')] = { ms, result, job: j };
      const sets = grids
        .map((g) => {
          const s = result.grids[g]!;
          return `${g}: zooms ${s.minZoom}–${s.maxZoom}, ${s.count} tiles, ${mbytes(s.bytes)}`;
        })
        .join('; ');
      const count = grids.reduce((n, g) => n + result.grids[g]!.count, 0);
      console.log(
        `mapTiles: cut off the event loop, grids ${grids.join(' + ')}: ${sec(ms)} from start to the ` +
          `last tile written (${(count / (ms / 1000)).toFixed(0)} tiles/s; ${sets}); ` +
          `ratio ${(ms / baselineMs).toFixed(2)} of the baseline`,
      );
    }
    // The same cut in this process: its CPU time (every thread) does not depend on what else
    // this machine runs, as the wall times above do.
    {
      const threads = sharp.concurrency();
      sharp.concurrency(1);
      const cpu0 = process.cpuUsage();
      const j = job(['3857', '3301'], 'in-process');
      await cutTiles(j, () => undefined);
      const cpu = process.cpuUsage(cpu0);
      sharp.concurrency(threads);
      fs.rmSync(j.outDir, { recursive: true, force: true });
      const cpuMs = (cpu.user + cpu.system) / 1000;
      console.log(
        `mapTiles: CPU time of the cut of both grids (in this process, all threads): ${sec(cpuMs)}, ` +
          `${sec(cpuMs / os.availableParallelism())} a core on ${os.availableParallelism()} cores`,
      );
    }
    const both = cuts['3857+3301']!;
    const cutOk = both.ms <= TARGET_CUT_MS;
    console.log(
      `mapTiles: both grids in ${sec(both.ms)} (target ≤ ${sec(TARGET_CUT_MS)}) ${cutOk ? 'OK' : 'OVER TARGET'}`,
    );
    for (const grid of ['3857', '3301'] as const) {
      const offline = offlineBytes(both.job, both.result, grid);
      console.log(
        `mapTiles: offline package, ${AREA_M[0] / 1000} × ${AREA_M[1] / 1000} km (5 km²) of the map, ` +
          `grid ${grid}, zooms ${both.result.grids[grid]!.minZoom}–${both.result.grids[grid]!.maxZoom}: ` +
          `${offline.tiles} tiles, ${mbytes(offline.bytes)}`,
      );
    }

    // Ingest without a cut (for comparison), then while cuts run one after another in their
    // child processes; each on a fresh server (the load generator starts its points afresh).
    const ingest = async (cutting: boolean) => {
      const platform = await startPlatform();
      try {
        const now = Date.now();
        const devices = await prepareIngest(platform, now);
        const load = runIngestLoad(platform, devices, now);
        const times = cutting ? await cutWhile(job(['3857', '3301'], 'during-ingest'), load) : [];
        return { load: await load, times };
      } finally {
        await platform.close();
      }
    };
    const quietIngest = await ingest(false);
    const busyIngest = await ingest(true);
    const l = busyIngest.load;
    const ingestOk = l.errors === 0 && l.pps >= TARGET_PPS;
    console.log(
      `mapTiles: ingest without a cut: ${quietIngest.load.pps.toFixed(0)} points/s (p50 ` +
        `${quietIngest.load.p50.toFixed(1)} ms, p99 ${quietIngest.load.p99.toFixed(1)} ms)`,
    );
    console.log(
      `mapTiles: ingest while cutting: ${l.pps.toFixed(0)} points/s (p50 ${l.p50.toFixed(1)} ms, ` +
        `p99 ${l.p99.toFixed(1)} ms${l.errors ? `, ${l.errors} errors` : ''}), ` +
        `${(l.pps / quietIngest.load.pps).toFixed(2)} of the rate without a cut; cuts finished ` +
        `during the load: ${timesLine(busyIngest.times)} (target ≥ ${TARGET_PPS} points/s) ` +
        `${ingestOk ? 'OK' : 'OVER TARGET'}`,
    );

    // Fan-out, first without a cut (for comparison), then while cutting.
    let fanoutOk = false;
    {
      const platform = await startPlatform({ maxSocketsPerAddress: VIEWERS + 1000 });
      try {
        const { token } = await prepareFanout(platform, dir);
        const host = platform.url.replace('localhost', '127.0.0.1');
        const listen = `${host.replace(/^http/, 'ws')}/listen`;
        const quiet: LoadResult = await runLoad(host, listen, token, () => undefined);
        const load = runLoad(host, listen, token, () => undefined);
        const times = await cutWhile(job(['3857', '3301'], 'during-fanout'), load);
        const busy = await load;
        console.log(loadLine('mapTiles', 'fan-out without a cut', quiet));
        console.log(loadLine('mapTiles', 'fan-out while cutting', busy));
        fanoutOk =
          busy.connected === VIEWERS &&
          busy.viewers.closed === 0 &&
          busy.devices.errors === 0 &&
          busy.viewers.p99 <= TARGET_P99_MS;
        console.log(
          `mapTiles: fan-out p99 while cutting ${busy.viewers.p99.toFixed(0)} ms, ` +
            `${(busy.viewers.p99 / quiet.viewers.p99).toFixed(2)}× without a cut; cuts finished ` +
            `during the load: ${timesLine(times)} (target p99 ≤ ${TARGET_P99_MS} ms) ` +
            `${fanoutOk ? 'OK' : 'OVER TARGET'}`,
        );
      } finally {
        await platform.close();
      }
    }
    return { name: 'mapTiles', ok: cutOk && ingestOk && fanoutOk };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

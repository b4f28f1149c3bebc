import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { unzip, unzipSync } from 'fflate';
import type { Unzipped, UnzipFileInfo } from 'fflate';
import { fromFile } from 'geotiff';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { MAP_IMAGE_FORMATS, MAP_IMAGE_MAX_BYTES, MAP_IMAGE_MAX_PIXELS } from '@rada/core';
import type { MapImageFormat, MapPlacement } from '@rada/core';
import {
  applyH,
  geoTiffPlacement,
  invertH,
  parseKmlOverlays,
  placementFromCorners,
  placementProblem,
  toCrs,
} from '@rada/core/mapImages';
import type { KmlOverlay } from '@rada/core/mapImages';
import { AppError } from '../http/errors.ts';
import type { ErrorKey } from '@rada/core';
import type { ReceivedFile } from './mapFiles.ts';

/** What an upload holds: the image to keep, its size, and its placement when the file had one. */
export interface MapUpload {
  format: MapImageFormat;
  width: number;
  height: number;
  /** The image to keep: the upload itself, or a file made from it (`made`). */
  image: ReceivedFile;
  /** Whether `image` is a new temporary file (the upload is then the caller's to drop too). */
  made: boolean;
  placement: MapPlacement | null;
  /** How a KMZ of several overlays was read ('composed' into one image, or only the 'largest'). */
  overlays: { count: number; taken: 'one' | 'composed' | 'largest' } | null;
}

/** Where a new temporary file may be written (same file system as the maps). */
export type TempPath = (label: string) => Promise<string>;

const bad = (key: ErrorKey = 'maps.error.badfile') => new AppError(key, 400);

/** The largest KML document read from a KMZ. */
const KML_MAX_BYTES = 20 * 1024 * 1024;
/** How far (image pixels) a tile of a KMZ may lie from the grid of the first to be composed. */
const COMPOSE_TOLERANCE_PX = 1.5;

/**
 * Reads an uploaded map file (issue 37): a JPEG, PNG, GIF, WebP or TIFF image (a GeoTIFF with its
 * placement), or a KMZ (a zip of a KML with GroundOverlays and their images), told apart by its
 * bytes, never by its name or type. An image is decoded once (small) so a truncated one is
 * refused now, not when it is cut. Refusals: 400 maps.error.badfile (nothing Rada reads),
 * maps.error.toolarge (over MAP_IMAGE_MAX_PIXELS), maps.error.nooverlay (a KML/KMZ without a
 * usable GroundOverlay and its image), or the placement's problem (core placementProblem).
 * A KMZ of several overlays (OCAD's tiles of one map) is composed into one image when the tiles
 * lie on one pixel grid, else its largest overlay is taken.
 */
export async function readMapUpload(upload: ReceivedFile, tempPath: TempPath): Promise<MapUpload> {
  const head = await readHead(upload.path, 512);
  if (isZip(head)) return readKmz(upload, tempPath);
  if (looksLikeXml(head)) {
    // A KML alone cannot carry its image: it names a file of a KMZ (or an address).
    throw bad('maps.error.nooverlay');
  }
  const info = await imageInfo(upload.path);
  await decodes(upload.path);
  const placement = info.format === 'tiff' ? await tiffPlacement(upload.path, info) : null;
  return { ...info, image: upload, made: false, placement, overlays: null };
}

async function readHead(file: string, n: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** Text starting with `<` after a byte order mark and white space. */
function looksLikeXml(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}

/** The format and size of an image, from its header; badfile or toolarge. */
export async function imageInfo(
  input: string | Buffer,
): Promise<{ format: MapImageFormat; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw bad();
  }
  const format = MAP_IMAGE_FORMATS.find((f) => f === meta.format);
  if (!format) throw bad();
  // The size as shown (EXIF orientation applied), which the placement and the cut use; a
  // GeoTIFF's georeference is of its raster as stored. An animated GIF's first frame.
  const shown = format === 'tiff' ? meta : (meta.autoOrient ?? meta);
  const width = shown.width;
  const height = format === 'gif' ? (meta.pageHeight ?? meta.height) : shown.height;
  if (!(width > 0) || !(height > 0)) throw bad();
  if (width * height > MAP_IMAGE_MAX_PIXELS) throw bad('maps.error.toolarge');
  return { format, width, height };
}

/** Decodes the whole image to a thumbnail: a truncated or corrupt file fails here. */
async function decodes(input: string | Buffer): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: MAP_IMAGE_MAX_PIXELS, failOn: 'error' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw bad();
  }
}

/** A GeoTIFF's placement from its tags, or null (a plain TIFF, or one Rada cannot place). */
async function tiffPlacement(
  file: string,
  size: { width: number; height: number },
): Promise<MapPlacement | null> {
  try {
    // geotiff.js reads every value a tag says it has: a count of millions (a corrupt or hostile
    // header) costs it seconds, and more; such a header is no georeference.
    if (!(await tiffTagsFit(file))) return null;
    const tiff = await fromFile(file);
    try {
      const image = await tiff.getImage();
      const dir = image.fileDirectory;
      const [pixelScale, tiepoint, transformation] = await Promise.all(
        ['ModelPixelScale', 'ModelTiepoint', 'ModelTransformation'].map((tag) =>
          dir.hasTag(tag as 'ModelPixelScale')
            ? dir.loadValue(tag as 'ModelPixelScale')
            : undefined,
        ),
      );
      const numbers = (v: unknown) =>
        Array.isArray(v) || ArrayBuffer.isView(v) ? Array.from(v as ArrayLike<number>) : undefined;
      const placement = geoTiffPlacement({
        ...(numbers(pixelScale) ? { pixelScale: numbers(pixelScale)! } : {}),
        ...(numbers(tiepoint) ? { tiepoint: numbers(tiepoint)! } : {}),
        ...(numbers(transformation) ? { transformation: numbers(transformation)! } : {}),
        geoKeys: (image.getGeoKeys() ?? {}) as Record<string, unknown>,
      });
      // A georeference Rada cannot use leaves the map to be placed by hand.
      if (!placement || placementProblem(placement, size.width, size.height)) return null;
      return placement;
    } finally {
      await tiff.close();
    }
  } catch {
    return null;
  }
}

/** Bytes of one value of each TIFF field type (TIFF 6.0 and BigTIFF). */
const TIFF_TYPE_BYTES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
};
/** Entries of a TIFF's first directory read at most (a GeoTIFF has a few dozen). */
const TIFF_MAX_ENTRIES = 1000;

/**
 * Whether the first image directory of a TIFF (or BigTIFF) is one whose fields' values can all
 * lie in the file: a known type, and count × size within the file's length.
 */
export async function tiffTagsFit(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const read = async (at: number, n: number) => {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, at);
      return bytesRead === n ? buf : null;
    };
    const head = await read(0, 16);
    if (!head) return false;
    const le = head.toString('latin1', 0, 2) === 'II';
    if (!le && head.toString('latin1', 0, 2) !== 'MM') return false;
    const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
    const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
    const u64 = (b: Buffer, at: number) =>
      Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
    const big = u16(head, 2) === 43;
    if (!big && u16(head, 2) !== 42) return false;
    const ifd = big ? u64(head, 8) : u32(head, 4);
    const countBytes = big ? 8 : 2;
    const entryBytes = big ? 20 : 12;
    const countBuf = await read(ifd, countBytes);
    if (!countBuf) return false;
    const entries = big ? u64(countBuf, 0) : u16(countBuf, 0);
    if (entries > TIFF_MAX_ENTRIES) return false;
    const table = await read(ifd + countBytes, entries * entryBytes);
    if (!table) return false;
    for (let i = 0; i < entries; i++) {
      const at = i * entryBytes;
      const typeBytes = TIFF_TYPE_BYTES[u16(table, at + 2)];
      const count = big ? u64(table, at + 4) : u32(table, at + 4);
      if (typeBytes === undefined || count * typeBytes > size) return false;
    }
    return true;
  } finally {
    await handle.close();
  }
}

/** Entry names of the zip (nothing inflated); badfile when it is no zip. */
function zipEntries(buf: Uint8Array): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(buf, {
      filter: (f) => {
        entries.push(f);
        return false;
      },
    });
  } catch {
    throw bad();
  }
  return entries;
}

/** Inflates the named entries in worker threads (a large image does not hold the event loop). */
function inflate(buf: Uint8Array, names: ReadonlySet<string>): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    try {
      unzip(buf, { filter: (f) => names.has(f.name) }, (err, out) => {
        if (err) reject(bad());
        else resolve(out);
      });
    } catch {
      reject(bad());
    }
  });
}

/** The path inside the zip an href names, relative to the KML's folder, or null. */
export function entryOf(href: string, kmlName: string, names: readonly string[]): string | null {
  let ref = href.trim().replace(/\\/g, '/');
  try {
    ref = decodeURIComponent(ref);
  } catch {
    // Kept as written.
  }
  ref = ref.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  const folder = kmlName.includes('/') ? kmlName.slice(0, kmlName.lastIndexOf('/') + 1) : '';
  const wanted = [folder + ref, ref].map((n) => n.replace(/\/\.\//g, '/'));
  for (const w of wanted) if (names.includes(w)) return w;
  const lower = wanted.map((w) => w.toLowerCase());
  return names.find((n) => lower.includes(n.toLowerCase())) ?? null;
}

/** One overlay of a KMZ with its image read. */
interface Tile {
  overlay: KmlOverlay;
  data: Uint8Array;
  format: MapImageFormat;
  width: number;
  height: number;
}

async function readKmz(upload: ReceivedFile, tempPath: TempPath): Promise<MapUpload> {
  const buf = new Uint8Array(await fs.readFile(upload.path));
  const entries = zipEntries(buf);
  const kmls = entries
    .filter((e) => /\.kml$/i.test(e.name))
    .sort(
      (a, b) =>
        Number(b.name.toLowerCase() === 'doc.kml') - Number(a.name.toLowerCase() === 'doc.kml') ||
        a.name.split('/').length - b.name.split('/').length,
    );
  const kml = kmls[0];
  if (!kml) throw bad('maps.error.nooverlay');
  if (kml.originalSize > KML_MAX_BYTES) throw bad();
  const kmlText = new TextDecoder()
    .decode((await inflate(buf, new Set([kml.name])))[kml.name])
    .replace(/^\uFEFF/, '');
  const names = entries.map((e) => e.name);
  const found = parseKmlOverlays(kmlText)
    .map((overlay) => ({ overlay, entry: entryOf(overlay.href, kml.name, names) }))
    .filter((o): o is { overlay: KmlOverlay; entry: string } => o.entry !== null);
  if (found.length === 0) throw bad('maps.error.nooverlay');
  const wanted = new Set(found.map((o) => o.entry));
  const total = entries
    .filter((e) => wanted.has(e.name))
    .reduce((sum, e) => sum + e.originalSize, 0);
  if (total > MAP_IMAGE_MAX_BYTES) throw bad('maps.error.toolarge');
  const files = await inflate(buf, wanted);
  const tiles: Tile[] = [];
  for (const { overlay, entry } of found) {
    const data = files[entry];
    if (!data) continue;
    const info = await imageInfo(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    tiles.push({ overlay, data, ...info });
  }
  if (tiles.length === 0) throw bad('maps.error.nooverlay');
  if (tiles.length === 1) return keepTile(tiles[0]!, tempPath, null);
  const composed = await compose(tiles, tempPath);
  if (composed) return composed;
  const largest = tiles.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return keepTile(largest, tempPath, { count: tiles.length, taken: 'largest' });
}

/** One overlay's image kept as the map, placed by its corners. */
async function keepTile(
  tile: Tile,
  tempPath: TempPath,
  overlays: MapUpload['overlays'],
): Promise<MapUpload> {
  const buffer = Buffer.from(tile.data.buffer, tile.data.byteOffset, tile.data.byteLength);
  await decodes(buffer);
  const placement = placementFromCorners(tile.overlay.corners, tile.width, tile.height);
  const problem = placementProblem(placement, tile.width, tile.height);
  if (problem) throw bad(problem as ErrorKey);
  const image = await writeTemp(buffer, tempPath);
  return {
    format: tile.format,
    width: tile.width,
    height: tile.height,
    image,
    made: true,
    placement,
    overlays: overlays ?? { count: 1, taken: 'one' },
  };
}

async function writeTemp(data: Buffer, tempPath: TempPath): Promise<ReceivedFile> {
  const file = await tempPath('image');
  await fs.writeFile(file, data, { flag: 'wx' });
  return {
    path: file,
    bytes: data.byteLength,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

const mul = (a: number[], b: number[]): number[] => {
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out.push(a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!);
  return out;
};

/**
 * The overlays of a KMZ (tiles of one map, as OCAD writes them) as one image, when every tile
 * lies on the first one's pixel grid (same scale and turn, each corner within
 * COMPOSE_TOLERANCE_PX of a whole-pixel offset); null when they do not, or the whole is too large.
 */
async function compose(tiles: Tile[], tempPath: TempPath): Promise<MapUpload | null> {
  const first = tiles[0]!;
  const base = placementFromCorners(first.overlay.corners, first.width, first.height);
  if (placementProblem(base, first.width, first.height)) return null;
  const toPixel = invertH(base.h);
  if (!toPixel) return null;
  const offsets: { left: number; top: number }[] = [];
  for (const tile of tiles) {
    const px = tile.overlay.corners.map((c) => applyH(toPixel, ...toCrs(base.crs, c)));
    const left = Math.round(px[0]![0]);
    const top = Math.round(px[0]![1]);
    const expected = [
      [left, top],
      [left + tile.width, top],
      [left + tile.width, top + tile.height],
      [left, top + tile.height],
    ];
    const fits = px.every(
      ([u, v], i) =>
        Math.abs(u - expected[i]![0]!) <= COMPOSE_TOLERANCE_PX &&
        Math.abs(v - expected[i]![1]!) <= COMPOSE_TOLERANCE_PX,
    );
    if (!fits) return null;
    offsets.push({ left, top });
  }
  const minLeft = Math.min(...offsets.map((o) => o.left));
  const minTop = Math.min(...offsets.map((o) => o.top));
  const width = Math.max(...tiles.map((t, i) => offsets[i]!.left + t.width)) - minLeft;
  const height = Math.max(...tiles.map((t, i) => offsets[i]!.top + t.height)) - minTop;
  if (width * height > MAP_IMAGE_MAX_PIXELS) throw bad('maps.error.toolarge');
  // Opaque tiles that cover the whole leave no gap to keep transparent: a JPEG is far smaller.
  const area = tiles.reduce((sum, t) => sum + t.width * t.height, 0);
  const opaque =
    tiles.every((t) => t.format === 'jpeg') &&
    area === width * height &&
    Math.max(width, height) <= 65_535;
  for (const t of tiles)
    await decodes(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
  const canvas = sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    limitInputPixels: MAP_IMAGE_MAX_PIXELS,
  }).composite(
    tiles.map((t, i) => ({
      input: Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength),
      left: offsets[i]!.left - minLeft,
      top: offsets[i]!.top - minTop,
      limitInputPixels: MAP_IMAGE_MAX_PIXELS,
    })),
  );
  const data = opaque
    ? await canvas.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer()
    : await canvas.png({ compressionLevel: 4 }).toBuffer();
  const shift = [1, 0, minLeft, 0, 1, minTop, 0, 0, 1];
  const placement: MapPlacement = { ...base, h: mul(base.h, shift) };
  const problem = placementProblem(placement, width, height);
  if (problem) throw bad(problem as ErrorKey);
  return {
    format: opaque ? 'jpeg' : 'png',
    width,
    height,
    image: await writeTemp(data, tempPath),
    made: true,
    placement,
    overlays: { count: tiles.length, taken: 'composed' },
  };
}

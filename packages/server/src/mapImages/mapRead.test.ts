import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { latLonBoxCorners, pixelToLatLng } from '@rada/core/mapImages';
import { AppError } from '../http/errors.ts';
import { mapFiles } from './mapFiles.ts';
import type { MapFiles } from './mapFiles.ts';
import { entryOf, readMapUpload } from './mapRead.ts';
import { geoTiff, kmz, mapImage, overlay, pngHeaderOnly } from './testImages.ts';

let root: string;
let files: MapFiles;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rada-mapread-'));
  files = mapFiles(root);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const read = async (bytes: Buffer) =>
  readMapUpload(await files.receive(Readable.from([bytes]), 1e9), files.tempPath);

/** The error key a read refuses with (400), or 'read' when it reads. */
async function refusal(bytes: Buffer): Promise<string> {
  try {
    await read(bytes);
    return 'read';
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return (e as AppError).key;
  }
}

const box = { north: 58.39, south: 58.38, east: 26.74, west: 26.72 };

describe('readMapUpload', () => {
  it('tells images apart by their bytes and reads their size', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'tiff'] as const) {
      const got = await read(await mapImage(300, 200, format));
      expect([got.format, got.width, got.height, got.placement, got.made]).toEqual([
        format,
        300,
        200,
        null,
        false,
      ]);
    }
  });

  it('takes the size as shown when EXIF turns the image', async () => {
    const turned = await sharp(await mapImage(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const got = await read(turned);
    expect([got.width, got.height]).toEqual([200, 300]);
  });

  it('refuses what is no image, a truncated one, one over the pixel limit, a bare KML', async () => {
    const png = await mapImage(300, 200, 'png');
    expect(await refusal(Buffer.from('hello, not a map'))).toBe('maps.error.badfile');
    expect(await refusal(png.subarray(0, png.length - 200))).toBe('maps.error.badfile');
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'maps.error.nooverlay',
    );
    expect(await refusal(pngHeaderOnly(20_000, 20_000))).toBe('maps.error.toolarge');
    const kml = kmz([overlay('files/map.jpg', box)], {}).toString('latin1');
    expect(await refusal(Buffer.from(kml.slice(0, 10), 'latin1'))).toBe('maps.error.badfile');
  });

  it('places a GeoTIFF by its tie point and pixel scale', async () => {
    const got = await read(geoTiff(40, 30, [659000, 6474000], 2));
    expect(got.format).toBe('tiff');
    expect(got.placement?.crs).toBe('EPSG:3301');
    expect(got.placement?.h).toEqual([2, 0, 659000, 0, -2, 6474000, 0, 0, 1]);
    // A plain TIFF is an image to place by hand.
    expect((await read(await mapImage(40, 30, 'tiff'))).placement).toBeNull();
  });

  it('reads no georeference from a TIFF whose tag claims more values than the file holds', async () => {
    const tiff = geoTiff(40, 30, [659000, 6474000], 2);
    // ModelPixelScale (33550, big-endian as geotiff.js writes), doubles: 3 values → 268,435,459.
    const at = tiff.indexOf(Buffer.from([0x83, 0x0e, 0x00, 0x0c]));
    expect(tiff.readUInt32BE(at + 4)).toBe(3);
    tiff.writeUInt32BE(0x10000003, at + 4);
    const start = performance.now();
    const got = await refusal(tiff).catch(() => 'threw');
    // libtiff refuses it or reads the image; either way quickly, and without a placement.
    expect(['read', 'maps.error.badfile']).toContain(got);
    expect(performance.now() - start).toBeLessThan(2000);
    if (got === 'read') expect((await read(tiff)).placement).toBeNull();
  });

  it('reads a KMZ: its overlay image, placed at the LatLonBox corners (rotated too)', async () => {
    const jpeg = await mapImage(400, 300, 'jpeg');
    const rotated = { ...box, rotation: 12 };
    const got = await read(
      kmz([overlay('files/tile_0_0.jpg', rotated)], { 'files/tile_0_0.jpg': jpeg }),
    );
    expect([got.format, got.width, got.height, got.made]).toEqual(['jpeg', 400, 300, true]);
    expect(got.overlays).toEqual({ count: 1, taken: 'one' });
    const corners = latLonBoxCorners(rotated);
    const at = [pixelToLatLng(got.placement!, 0, 0), pixelToLatLng(got.placement!, 400, 300)];
    expect(at[0]!.lat).toBeCloseTo(corners[0].lat, 7);
    expect(at[0]!.lng).toBeCloseTo(corners[0].lng, 7);
    expect(at[1]!.lat).toBeCloseTo(corners[2].lat, 7);
    expect(at[1]!.lng).toBeCloseTo(corners[2].lng, 7);
    expect(await fs.readFile(got.image.path)).toEqual(jpeg);
  });

  it('finds the overlay image whatever way the href names it', async () => {
    const png = await mapImage(100, 80, 'png');
    for (const href of ['./files/a%20b.png', 'files\\a b.png', 'FILES/A B.PNG']) {
      const got = await read(kmz([overlay(href, box)], { 'files/a b.png': png }));
      expect(got.format).toBe('png');
    }
  });

  it('refuses a KMZ without a usable overlay', async () => {
    const png = await mapImage(100, 80, 'png');
    expect(await refusal(kmz([overlay('files/missing.png', box)], { 'files/map.png': png }))).toBe(
      'maps.error.nooverlay',
    );
    expect(await refusal(kmz([], { 'files/map.png': png }))).toBe('maps.error.nooverlay');
    expect(
      await refusal(kmz([overlay('files/map.png', box)], { 'files/map.png': Buffer.from('x') })),
    ).toBe('maps.error.badfile');
    // Some 1,100 km across: no map of an event (placementProblem's limit is 200 km).
    const flipped = { ...box, north: 65, south: 55 };
    expect(await refusal(kmz([overlay('files/map.png', flipped)], { 'files/map.png': png }))).toBe(
      'maps.error.badplacement',
    );
  });

  it('composes OCAD-style tiles on one pixel grid into one image, turned or not', async () => {
    const left = await mapImage(300, 200, 'jpeg');
    const right = await mapImage(200, 200, 'jpeg');
    for (const rotation of [0, 20]) {
      // The whole map's box (500 × 200 px), cut in two; each tile turned about its own centre,
      // which lies where turning the whole map puts it (as a writer of tiles computes them).
      const whole = { north: 58.382, south: 58.38, east: 26.725, west: 26.72 };
      const lat0 = (whole.north + whole.south) / 2;
      const lng0 = (whole.east + whole.west) / 2;
      const squish = Math.cos((lat0 * Math.PI) / 180);
      const degPx = (whole.east - whole.west) / 500;
      const a = (rotation * Math.PI) / 180;
      const tileBox = (u0: number, w: number) => {
        const dx = (u0 + w / 2 - 250) * degPx * squish;
        const c = { lat: lat0 + dx * Math.sin(a), lng: lng0 + (dx * Math.cos(a)) / squish };
        const half = (w / 2) * degPx;
        return {
          north: c.lat + (whole.north - whole.south) / 2,
          south: c.lat - (whole.north - whole.south) / 2,
          east: c.lng + half,
          west: c.lng - half,
          rotation,
        };
      };
      const got = await read(
        kmz(
          [
            overlay('files/tile_0_0.jpg', tileBox(0, 300)),
            overlay('files/tile_1_0.jpg', tileBox(300, 200)),
          ],
          { 'files/tile_0_0.jpg': left, 'files/tile_1_0.jpg': right },
        ),
      );
      expect([got.width, got.height, got.format]).toEqual([500, 200, 'jpeg']);
      expect(got.overlays).toEqual({ count: 2, taken: 'composed' });
      const corners = latLonBoxCorners({ ...whole, rotation });
      const tl = pixelToLatLng(got.placement!, 0, 0);
      expect(tl.lat).toBeCloseTo(corners[0].lat, 6);
      expect(tl.lng).toBeCloseTo(corners[0].lng, 6);
    }
  });

  it('takes the largest overlay when the tiles do not share a grid', async () => {
    const big = await mapImage(300, 200, 'png');
    const small = await mapImage(50, 50, 'png');
    const got = await read(
      kmz(
        [
          overlay('files/small.png', { north: 58.5, south: 58.49, east: 26.1, west: 26.09 }),
          overlay('files/big.png', box),
        ],
        { 'files/small.png': small, 'files/big.png': big },
      ),
    );
    expect([got.width, got.height]).toEqual([300, 200]);
    expect(got.overlays).toEqual({ count: 2, taken: 'largest' });
  });
});

describe('entryOf', () => {
  it('resolves an href against the KML folder, then as written, then in any case', () => {
    const names = ['maps/doc.kml', 'maps/files/a.jpg', 'files/b.jpg', 'Other/C.JPG'];
    expect(entryOf('files/a.jpg', 'maps/doc.kml', names)).toBe('maps/files/a.jpg');
    expect(entryOf('files/b.jpg', 'maps/doc.kml', names)).toBe('files/b.jpg');
    expect(entryOf('/other/c.jpg', 'doc.kml', names)).toBe('Other/C.JPG');
    expect(entryOf('http://example.org/x.jpg', 'doc.kml', names)).toBeNull();
  });
});

import { strToU8, zipSync } from 'fflate';
import { writeArrayBuffer } from 'geotiff';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import type { LatLng, MapPlacement } from '@rada/core';

/**
 * Map files for the map image tests, made here: images with sharp, KMZ files in the shape OCAD
 * and Purple Pen write (doc.kml with GroundOverlays, images under files/), a GeoTIFF with
 * geotiff.js's writer.
 */

/** A map-like RGB image: white, a black cross through the middle, a red dot at (u, v) = (100, 80). */
export async function mapImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png',
): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3, 255);
  const set = (u: number, v: number, rgb: [number, number, number]) => {
    if (u < 0 || v < 0 || u >= width || v >= height) return;
    data.set(rgb, (v * width + u) * 3);
  };
  for (let u = 0; u < width; u++)
    for (let d = -1; d <= 1; d++) set(u, (height >> 1) + d, [0, 0, 0]);
  for (let v = 0; v < height; v++)
    for (let d = -1; d <= 1; d++) set((width >> 1) + d, v, [0, 0, 0]);
  for (let v = 75; v <= 85; v++) for (let u = 95; u <= 105; u++) set(u, v, [255, 0, 0]);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** An affine placement in L-EST97 near Tartu: 1 m a pixel, north up. */
export const TARTU: MapPlacement = {
  crs: 'EPSG:3301',
  h: [1, 0, 659000, 0, -1, 6474000, 0, 0, 1],
  source: 'worldfile',
};

/** A GroundOverlay with a LatLonBox. */
export const overlay = (
  href: string,
  box: { north: number; south: number; east: number; west: number; rotation?: number },
): string => `<GroundOverlay><name>${href}</name><Icon><href>${href}</href></Icon>
  <LatLonBox><north>${box.north}</north><south>${box.south}</south><east>${box.east}</east>
  <west>${box.west}</west><rotation>${box.rotation ?? 0}</rotation></LatLonBox></GroundOverlay>`;

/** A KMZ: doc.kml holding `overlays`, and the files. */
export function kmz(overlays: string[], files: Record<string, Uint8Array>): Buffer {
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Map</name>
${overlays.join('\n')}
</Folder></Document></kml>`;
  return Buffer.from(zipSync({ 'doc.kml': strToU8(kml), ...files }));
}

/** A GeoTIFF (RGB, 8 bits) placed by a pixel scale and a tie point in EPSG:`epsg`. */
export function geoTiff(
  width: number,
  height: number,
  origin: [number, number],
  scale: number,
  epsg = 3301,
): Buffer {
  const values = new Uint8Array(width * height * 3).fill(220);
  return Buffer.from(
    writeArrayBuffer(values, {
      width,
      height,
      SamplesPerPixel: 3,
      BitsPerSample: [8, 8, 8],
      PhotometricInterpretation: 2,
      ModelPixelScale: [scale, scale, 0],
      ModelTiepoint: [0, 0, 0, origin[0], origin[1], 0],
      GTModelTypeGeoKey: 1,
      GTRasterTypeGeoKey: 1,
      ProjectedCSTypeGeoKey: epsg,
    }),
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A PNG whose header says `width` × `height` (and whose pixels are not there). */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(17);
  ihdr.write('IHDR', 0, 'latin1');
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  ihdr.set([8, 2, 0, 0, 0], 12);
  const chunk = (typeAndData: Buffer) => {
    const out = Buffer.alloc(4 + typeAndData.length + 4);
    out.writeUInt32BE(typeAndData.length - 4, 0);
    typeAndData.copy(out, 4);
    out.writeUInt32BE(crc32(typeAndData), 4 + typeAndData.length);
    return out;
  };
  // A few bytes of a zlib stream after the header, so readers get past it to the size.
  const idat = Buffer.concat([Buffer.from('IDAT', 'latin1'), deflateSync(Buffer.alloc(64))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk(ihdr),
    chunk(idat),
    chunk(Buffer.from('IEND', 'latin1')),
  ]);
}

/** The centre of four corners (for checks that a placement is near where it should be). */
export const centreOf = (corners: readonly LatLng[]): LatLng => ({
  lat: corners.reduce((s, c) => s + c.lat, 0) / corners.length,
  lng: corners.reduce((s, c) => s + c.lng, 0) / corners.length,
});

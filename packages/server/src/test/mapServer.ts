import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { wmtsCapabilitiesFixture } from '@rada/core/testing';

/**
 * A stand-in map server for tests (no tiles can be fetched from the internet here): PNG tiles
 * drawn locally, each one colour that encodes which tile it is (`tileColour`) with its z/x/y
 * written in the corner, for XYZ tiles (`/tiles/{z}/{x}/{y}.png`), a WMTS service shaped like
 * Maa-amet's (`/wmts/capabilities.xml`, `/wmts/{layer}/{style}/{set}/{z}/{row}/{col}.png`) and a
 * WMS GetMap (`/wms?…`). Every answer allows any origin (the service worker reads tiles with
 * fetch). `requests` lists what was asked, newest last.
 */
export interface MapServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** The colour of a tile: red = x mod 256, green = y mod 256, blue = 10 × z + the layer's number. */
export function tileColour(
  layer: number,
  z: number,
  x: number,
  y: number,
): [number, number, number] {
  return [x & 255, y & 255, (10 * z + layer) & 255];
}

/** The layer numbers of the stand-in services (blue = 10 × z + this). */
export const MAP_LAYERS: Record<string, number> = { xyz: 0, kaart: 1, foto: 2, hybriid: 3, wms: 4 };

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 3×5 font for the label: digits, '/', '-'. */
const FONT: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
  '/': '001001010100100',
  '-': '000000111000000',
};

/**
 * An RGBA PNG of one colour with a dark border and `label` in black in the top-left corner;
 * `striped` draws only diagonal stripes and leaves the rest transparent (an overlay's look).
 */
export function solidPng(
  width: number,
  height: number,
  rgb: [number, number, number],
  label = '',
  striped = false,
): Buffer {
  const row = 1 + width * 4;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const edge = x === 0 || y === 0;
      const o = y * row + 1 + x * 4;
      raw[o] = edge ? 40 : rgb[0];
      raw[o + 1] = edge ? 40 : rgb[1];
      raw[o + 2] = edge ? 40 : rgb[2];
      raw[o + 3] = striped && !edge ? ((x + y) % 24 < 6 ? 200 : 0) : 255;
    }
  }
  const scale = 4;
  [...label].forEach((ch, i) => {
    const glyph = FONT[ch];
    if (!glyph) return;
    for (let gy = 0; gy < 5; gy++)
      for (let gx = 0; gx < 3; gx++) {
        if (glyph[gy * 3 + gx] !== '1') continue;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const x = 6 + i * 4 * scale + gx * scale + dx;
            const y = 6 + gy * scale + dy;
            if (x >= width || y >= height) continue;
            raw.fill(0, y * row + 1 + x * 4, y * row + 4 + x * 4);
            raw[y * row + 4 + x * 4] = 255;
          }
      }
  });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // truecolour with alpha
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A query parameter by name in any case (WMS clients write `REQUEST` or `request`). */
function param(url: URL, name: string): string {
  for (const [k, v] of url.searchParams) if (k.toLowerCase() === name) return v;
  return '';
}

/** Starts the stand-in map server on 127.0.0.1 at a free port. */
export async function startMapServer(): Promise<MapServer> {
  const requests: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(url.pathname + url.search);
    res.setHeader('access-control-allow-origin', '*');
    const png = (body: Buffer) => {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(body);
    };
    let m: RegExpExecArray | null;
    if (url.pathname === '/wmts/capabilities.xml') {
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      res.end(wmtsCapabilitiesFixture(`${base}/wmts`));
    } else if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
    } else if ((m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname))) {
      const [z, x, y] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
      png(solidPng(256, 256, tileColour(MAP_LAYERS.xyz!, z, x, y), `${z}/${x}/${y}`));
    } else if (
      (m = /^\/wmts\/(\w+)\/[^/]+\/[^/]+\/(\d+)\/(\d+)\/(\d+)\.(png|jpg)$/.exec(url.pathname))
    ) {
      const layer = MAP_LAYERS[m[1]!] ?? 9;
      const [z, row, col] = [m[2], m[3], m[4]].map(Number) as [number, number, number];
      png(solidPng(256, 256, tileColour(layer, z, col, row), `${z}/${col}/${row}`));
    } else if (url.pathname === '/wms' && /getcapabilities/i.test(param(url, 'request'))) {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(
        '<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Service/></WMS_Capabilities>',
      );
    } else if (url.pathname === '/wms' && /getmap/i.test(param(url, 'request'))) {
      const width = Math.min(2048, Number(param(url, 'width') || 256));
      const height = Math.min(2048, Number(param(url, 'height') || 256));
      png(solidPng(width, height, [200, 40, MAP_LAYERS.wms!], '', true));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    // Closing twice is fine (a test may take the server away before the suite ends).
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

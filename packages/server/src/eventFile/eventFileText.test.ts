import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile } from '@rada/core';
import { eventFileText } from './eventFileText.ts';

/**
 * The export's streamed text: the same as `JSON.stringify(file, null, 2)` of the file with each
 * map image's bytes in it, whatever the sizes (chunk edges, padding) and the keys' order.
 */
describe('eventFileText', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rada-eventfiletext-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const base: EventFile = {
    version: 2,
    events: { name: 'Map "night" \\ ü' },
    eventsdata: {},
    teams: {},
    evdoc: {},
  };
  const entry = (n: number) => ({
    name: `Map ${n}`,
    format: 'png' as const,
    width: 1,
    height: 1,
    bytes: n,
    placement: null,
    published: false,
    publicFrom: null,
    position: n,
  });
  const textOf = async (file: EventFile, originals: Record<string, string>) => {
    let text = '';
    for await (const piece of eventFileText(file, originals)) text += String(piece);
    return text;
  };

  it('writes the text JSON.stringify would, the bytes read from the files', async () => {
    // Around the 196,608-byte chunks and every base64 padding.
    const sizes = [0, 1, 2, 3, 4, 196_607, 196_608, 196_609, 500_001];
    const originals: Record<string, string> = {};
    const withData: Record<string, unknown> = {};
    const without: Record<string, unknown> = {};
    for (const [i, size] of sizes.entries()) {
      const bytes = Buffer.from(Array.from({ length: size }, (_, j) => (j * 31 + i) % 256));
      // Keys that JavaScript orders before the others (integer-like) and after.
      const key = i % 2 === 0 ? String(i) : `m${i}`;
      const file = path.join(dir, `${key}.png`);
      await fs.writeFile(file, bytes);
      originals[key] = file;
      without[key] = entry(size);
      withData[key] = { ...entry(size), data: bytes.toString('base64') };
    }
    // An entry without an original is written as it is.
    without.gone = entry(7);
    withData.gone = entry(7);
    const text = await textOf({ ...base, mapimages: without } as EventFile, originals);
    expect(text).toBe(JSON.stringify({ ...base, mapimages: withData }, null, 2));
  });

  it('writes a file without map images as it is', async () => {
    expect(await textOf(base, {})).toBe(JSON.stringify(base, null, 2));
    const empty = { ...base, mapimages: {} };
    expect(await textOf(empty, {})).toBe(JSON.stringify(empty, null, 2));
  });

  it('fails the stream when an original cannot be read', async () => {
    const file = { ...base, mapimages: { m: entry(3) } } as EventFile;
    await expect(textOf(file, { m: path.join(dir, 'none.png') })).rejects.toThrow(/ENOENT/);
  });
});

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { EventFile } from '@rada/core';

/** Bytes of an original read at a time: a multiple of 3, so each chunk is whole base64. */
const CHUNK_BYTES = 3 * 64 * 1024;

/**
 * The text of an event file as the export writes it (`JSON.stringify(file, null, 2)`), with the
 * bytes of each map image of `originals` (key of `mapimages` → its file) read from its file and
 * written as base64 on the way: the server never holds a map's bytes, its base64 or the whole
 * text in memory, its event loop is never held by a large map, and the text may be longer than
 * a JavaScript string can be. The same text as the file with the data in it would give.
 */
export function eventFileText(file: EventFile, originals: Record<string, string>): Readable {
  const nonce = randomBytes(12).toString('hex');
  const token = (i: number) => `"@rada-map-data-${nonce}-${i}@"`;
  const keys = Object.keys(originals);
  const mapimages = file.mapimages ?? {};
  const marked = {
    ...file,
    mapimages: Object.fromEntries(
      Object.entries(mapimages).map(([key, entry]) => {
        const i = keys.indexOf(key);
        return [key, i >= 0 ? { ...entry, data: token(i).slice(1, -1) } : entry];
      }),
    ),
  };
  const text = JSON.stringify(file.mapimages === undefined ? file : marked, null, 2);
  // Where each map's data goes, in the order of the text.
  const places = keys
    .map((key, i) => ({
      file: originals[key]!,
      at: text.indexOf(token(i)),
      length: token(i).length,
    }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at);

  async function* pieces(): AsyncGenerator<string> {
    let from = 0;
    for (const place of places) {
      yield `${text.slice(from, place.at)}"`;
      yield* base64Of(place.file);
      yield '"';
      from = place.at + place.length;
    }
    yield text.slice(from);
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** A file's bytes as base64, a chunk at a time (a short read's rest carried to the next). */
async function* base64Of(file: string): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    const whole = bytes.length - (bytes.length % 3);
    yield bytes.subarray(0, whole).toString('base64');
    rest = Buffer.from(bytes.subarray(whole));
  }
  if (rest.length > 0) yield rest.toString('base64');
}

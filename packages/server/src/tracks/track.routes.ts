import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeTrack, IngestBody, TRACK_CONTENT_TYPE } from '@rada/core';
import { declare } from '../http/contract.ts';
import { AppError, parseWith } from '../http/errors.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { TrackService } from './track.service.ts';

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The Content-Encodings a location batch may come in (CompressionStream makes both). */
const INFLATERS: Record<string, () => zlib.Inflate | zlib.Gunzip> = {
  gzip: () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
};

/**
 * The body of a location batch (JSON or track format), inflated as it arrives when the device
 * compressed it: 415 error.badencoding for another encoding, 400 error.badtrack for bytes that
 * do not inflate, 413 error.toolarge once the inflated bytes pass `limit` (a small gzip body can
 * inflate to gigabytes; inflating stops there). `receivedEncodedLength` tells Fastify the bytes
 * that came, for its Content-Length check.
 */
function inflating(req: FastifyRequest, payload: Readable, limit: number): Readable {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return payload;
  const inflater = INFLATERS[encoding]?.();
  if (!inflater) throw new AppError('error.badencoding', 415);
  let inflated = 0;
  const out = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        inflated += chunk.length;
        if (inflated > limit) callback(new AppError('error.toolarge', 413));
        else callback(null, chunk);
      },
    }),
    { receivedEncodedLength: 0 },
  );
  payload.on('data', (chunk: Buffer) => {
    out.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (error) => out.destroy(error));
  inflater.on('error', () => out.destroy(new AppError('error.badtrack', 400)));
  out.on('error', () => {
    payload.unpipe(inflater);
    inflater.destroy();
  });
  payload.pipe(inflater).pipe(out);
  return out;
}

/** Location ingest and track reads (declared in core's contract/tracks.ts). */
export async function trackRoutes(api: FastifyInstance, tracks: TrackService): Promise<void> {
  // Phones send their points in the binary track format: the same points as the JSON body,
  // checked the same way once decoded.
  api.addContentTypeParser(TRACK_CONTENT_TYPE, { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, { points: decodeTrack(new Uint8Array(body as Buffer)) });
    } catch {
      done(new AppError('error.badtrack', 400), undefined);
    }
  });

  const bulk = bulkBody(api);
  // The body (either type) is checked here, as it always was: the declaration lists its media
  // types (bodyTypes) and leaves the parsed points to this one check.
  declare(
    api,
    'sendLocations',
    (req) => tracks.ingest(req.actor, req.params.deviceId, parseWith(IngestBody, req.body)),
    {
      // A batch of up to 5,000 points (IngestBody), inflated.
      ...bulk,
      preParsing: async (req, reply, payload) =>
        inflating(req, await bulk.preParsing(req, reply, payload), api.radaLimits.bulkBodyLimit),
    },
  );

  declare(api, 'points', async (req, reply) => {
    const data = await tracks.points(req.actor, req.params.id, req.query);
    return reply.type('application/octet-stream').send(bytes(data));
  });

  declare(api, 'tracks', (req) => tracks.tracks(req.actor, req.params.id));

  declare(api, 'trackData', async (req, reply) => {
    const file = await tracks.trackData(req.actor, req.params.id, req.params.teamId);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(bytes(file.body));
  });

  declare(api, 'trackGpx', async (req, reply) => {
    const file = await tracks.trackGpx(req.actor, req.params.id, req.params.teamId);
    return reply
      .type('application/gpx+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });

  // The GPX import alone takes the file as text/plain too, in a scope of its own: the API takes
  // no other text/plain body (http/origin.ts jsonBodiesOnly).
  await api.register(async (gpxScope) => {
    gpxScope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });
    const importOptions = {
      ...largeBody(gpxScope, 'eventAdmin'),
      ...rateLimited(gpxScope, 'upload'),
    };
    declare(
      gpxScope,
      'importTeamGpx',
      (req) => tracks.importGpx(req.actor, req.params.id, req.params.teamId, req.body),
      importOptions,
    );
  });
}

import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  decodeTrack,
  DeviceIdParam,
  IngestBody,
  PointsQuery,
  SHORTLINK_MAX_LENGTH,
  TRACK_CONTENT_TYPE,
} from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import { largeBody, rateLimited } from '../http/limits.ts';
import type { TrackService } from './track.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: z.string().min(1).max(100) });
const DeviceParams = z.object({ deviceId: DeviceIdParam });
/** A GPX file as text/plain, or as JSON {gpx}. */
const GpxBody = z.union([
  z.string().min(1),
  z.object({ gpx: z.string().min(1) }).transform((b) => b.gpx),
]);

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * The bytes of a binary location body, inflated when the phone gzipped them, never beyond
 * `limit` (a small gzip body can inflate to gigabytes).
 */
function inflated(req: FastifyRequest, body: Buffer, limit: number): Buffer {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return body;
  if (encoding !== 'gzip') throw new AppError('error.badencoding', 415);
  try {
    return zlib.gunzipSync(body, { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('error.toolarge', 413);
    throw new AppError('error.badtrack', 400);
  }
}

/** Location ingest and track reads (docs/api.md, Tracks and locations). */
export async function trackRoutes(api: FastifyInstance, tracks: TrackService): Promise<void> {
  // Phones send their points in the binary track format (optionally gzipped): the same points
  // as the JSON body, checked the same way once decoded.
  api.addContentTypeParser(TRACK_CONTENT_TYPE, { parseAs: 'buffer' }, (req, body, done) => {
    try {
      const bytes = inflated(req, body as Buffer, api.radaLimits.bodyLimit);
      done(null, { points: decodeTrack(new Uint8Array(bytes)) });
    } catch (error) {
      done(error instanceof AppError ? error : new AppError('error.badtrack', 400), undefined);
    }
  });

  api.post('/devices/:deviceId/locations', (req) =>
    tracks.ingest(
      req.actor,
      parseWith(DeviceParams, req.params).deviceId,
      parseWith(IngestBody, req.body),
    ),
  );

  api.get('/events/:id/points', async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    const data = await tracks.points(req.actor, id, parseWith(PointsQuery, req.query));
    return reply.type('application/octet-stream').send(bytes(data));
  });

  api.get('/events/:id/tracks', (req) =>
    tracks.tracks(req.actor, parseWith(IdParams, req.params).id),
  );

  api.get('/events/:id/teams/:teamId/track.data', async (req, reply) => {
    const p = parseWith(TeamParams, req.params);
    const file = await tracks.trackData(req.actor, p.id, p.teamId);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(bytes(file.body));
  });

  api.get('/events/:id/teams/:teamId/track.gpx', async (req, reply) => {
    const p = parseWith(TeamParams, req.params);
    const file = await tracks.trackGpx(req.actor, p.id, p.teamId);
    return reply
      .type('application/gpx+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });

  const importOptions = { ...largeBody(api, 'eventAdmin'), ...rateLimited(api, 'upload') };
  api.post('/events/:id/teams/:teamId/track.gpx', importOptions, (req) => {
    const p = parseWith(TeamParams, req.params);
    return tracks.importGpx(req.actor, p.id, p.teamId, parseWith(GpxBody, req.body));
  });
}

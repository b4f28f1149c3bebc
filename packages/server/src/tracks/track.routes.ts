import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DeviceIdParam, IngestBody, PointsQuery, SHORTLINK_MAX_LENGTH } from '@rada/core';
import { parseWith } from '../http/errors.ts';
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

/** Location ingest and track reads (docs/api.md, Tracks and locations). */
export async function trackRoutes(api: FastifyInstance, tracks: TrackService): Promise<void> {
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

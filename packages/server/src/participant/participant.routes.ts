import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DeviceIdParam,
  MarkBody,
  SHORTLINK_MAX_LENGTH,
  StartFinishBody,
  UploadBody,
} from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { ParticipantService } from './participant.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const UploadParams = IdParams.extend({ uploadId: z.string().min(1).max(100) });
const DeviceParams = z.object({ deviceId: DeviceIdParam });
const PlayQuery = z.object({ teamId: z.string().min(1).max(100).optional() });

/** A Content-Disposition header that keeps a non-ASCII file name (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The participant app's API (docs/api.md, Participant app API). */
export async function participantRoutes(
  api: FastifyInstance,
  service: ParticipantService,
): Promise<void> {
  api.get('/me/teams', (req) => service.myTeams(req.actor));

  api.get('/events/:id/play', (req) =>
    service.play(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(PlayQuery, req.query).teamId,
    ),
  );

  // A phone back online sends every mark it kept.
  api.post('/events/:id/play/marks', bulkBody(api), (req) =>
    service.mark(req.actor, parseWith(IdParams, req.params).id, parseWith(MarkBody, req.body)),
  );

  api.post('/events/:id/play/start', (req) =>
    service.start(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(StartFinishBody, req.body),
    ),
  );

  api.post('/events/:id/play/finish', (req) =>
    service.finish(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(StartFinishBody, req.body),
    ),
  );

  // An upload's body may be large (the device's local database).
  const uploadOptions = { ...largeBody(api, 'deviceOwner'), ...rateLimited(api, 'upload') };
  api.post('/devices/:deviceId/uploads', uploadOptions, async (req, reply) => {
    const saved = await service.upload(
      req.actor,
      parseWith(DeviceParams, req.params).deviceId,
      parseWith(UploadBody, req.body),
    );
    return reply.status(201).send(saved);
  });

  api.get('/events/:id/uploads', (req) =>
    service.uploads(req.actor, parseWith(IdParams, req.params).id),
  );

  api.get('/events/:id/uploads/:uploadId', async (req, reply) => {
    const p = parseWith(UploadParams, req.params);
    const file = await service.download(req.actor, p.id, p.uploadId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .send(file.content);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ArchiveColoursBody, SHORTLINK_MAX_LENGTH } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { ArchiveService } from './archive.service.ts';
import type { ArchiveToolsService } from './archiveTools.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const JobParams = z.object({ jobId: z.string().uuid() });

/** Archiving, restoring, moving to the second tier and cleaning up an event, and watching the job (docs/api.md). */
export async function archiveRoutes(api: FastifyInstance, archive: ArchiveService) {
  api.post('/events/:id/archive', async (req, reply) =>
    reply.status(202).send(await archive.archive(req.actor, parseWith(IdParams, req.params).id)),
  );
  api.post('/events/:id/unarchive', async (req, reply) =>
    reply.status(202).send(await archive.unarchive(req.actor, parseWith(IdParams, req.params).id)),
  );
  api.get('/events/:id/archive', (req) =>
    archive.status(req.actor, parseWith(IdParams, req.params).id),
  );
  api.post('/events/:id/archive/move', async (req, reply) =>
    reply.status(202).send(await archive.move(req.actor, parseWith(IdParams, req.params).id)),
  );
  api.post('/events/:id/archive/cleanup', async (req, reply) =>
    reply.status(202).send(await archive.cleanup(req.actor, parseWith(IdParams, req.params).id)),
  );
  api.get('/events/:id/archive/job', (req) =>
    archive.latest(req.actor, parseWith(IdParams, req.params).id),
  );
  api.get('/jobs/:jobId', (req) => archive.job(req.actor, parseWith(JobParams, req.params).jobId));
}

/** The super admin's archive tools: an event's storage link, fix colours in archive (docs/api.md). */
export async function archiveToolRoutes(api: FastifyInstance, tools: ArchiveToolsService) {
  api.get('/events/:id/archive/storage', (req) =>
    tools.storage(req.actor, parseWith(IdParams, req.params).id),
  );
  api.post('/admin/debug/archivecolours', (req) =>
    tools.fixColours(req.actor, parseWith(ArchiveColoursBody, req.body)),
  );
}

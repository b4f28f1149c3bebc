import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateCheckpointBody,
  ImportCheckpointsBody,
  PrintItemsBody,
  RenumberBody,
  SHORTLINK_MAX_LENGTH,
  UpdateCheckpointBody,
} from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { CheckpointService } from './checkpoint.service.ts';

const key = z.string().min(1).max(100);
const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const KpParams = IdParams.extend({ kpId: key });
const DeletedParams = IdParams.extend({ deletedId: key });
const AnswerParams = IdParams.extend({ teamId: key, kpId: key });

/** Checkpoints, the deleted-KP store, team answers to missing KPs and print items (docs/api.md). */
export async function checkpointRoutes(
  api: FastifyInstance,
  checkpoints: CheckpointService,
): Promise<void> {
  const id = (params: unknown) => parseWith(IdParams, params).id;

  api.get('/events/:id/checkpoints', (req) => checkpoints.list(req.actor, id(req.params)));

  // A KP's long description may be long in every language.
  api.post('/events/:id/checkpoints', bulkBody(api), async (req, reply) => {
    const eventId = id(req.params);
    const created = await checkpoints.create(
      req.actor,
      eventId,
      parseWith(CreateCheckpointBody, req.body),
    );
    return reply.status(201).send(created);
  });

  api.patch('/events/:id/checkpoints/:kpId', bulkBody(api), (req) => {
    const p = parseWith(KpParams, req.params);
    return checkpoints.update(req.actor, p.id, p.kpId, parseWith(UpdateCheckpointBody, req.body));
  });

  api.delete('/events/:id/checkpoints/:kpId', (req) => {
    const p = parseWith(KpParams, req.params);
    return checkpoints.remove(req.actor, p.id, p.kpId);
  });

  const importOptions = { ...largeBody(api, 'eventAdmin'), ...rateLimited(api, 'upload') };
  api.post('/events/:id/checkpoints/import', importOptions, (req) =>
    checkpoints.importCheckpoints(
      req.actor,
      id(req.params),
      parseWith(ImportCheckpointsBody, req.body),
    ),
  );

  api.post('/events/:id/checkpoints/renumber', (req) =>
    checkpoints.renumber(req.actor, id(req.params), parseWith(RenumberBody, req.body)),
  );

  api.get('/events/:id/deletedkps', (req) => checkpoints.listDeleted(req.actor, id(req.params)));

  api.post('/events/:id/deletedkps/:deletedId/restore', (req) => {
    const p = parseWith(DeletedParams, req.params);
    return checkpoints.restore(req.actor, p.id, p.deletedId);
  });

  api.get('/events/:id/deletedkponteam', (req) =>
    checkpoints.deletedKpOnTeam(req.actor, id(req.params)),
  );

  api.delete('/events/:id/teams/:teamId/answers/:kpId', async (req, reply) => {
    const p = parseWith(AnswerParams, req.params);
    await checkpoints.deleteTeamAnswer(req.actor, p.id, p.teamId, p.kpId);
    return reply.status(204).send();
  });

  api.get('/events/:id/printitems', (req) => checkpoints.printItems(req.actor, id(req.params)));

  api.put('/events/:id/printitems', bulkBody(api), (req) =>
    checkpoints.savePrintItems(req.actor, id(req.params), parseWith(PrintItemsBody, req.body)),
  );
}

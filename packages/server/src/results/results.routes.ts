import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH, TeamAnswerBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { sendKept } from '../http/compression.ts';
import type { ResultsService } from './results.service.ts';

const key = z.string().min(1).max(100);
const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: key });
const AnswerParams = TeamParams.extend({ kpId: key });

/** Results, the responses matrix and an admin's edit of one team answer (docs/api.md). */
export async function resultsRoutes(api: FastifyInstance, results: ResultsService): Promise<void> {
  const id = (params: unknown) => parseWith(IdParams, params).id;

  // Sent as the service's ready-made JSON: no per-request serialisation of the results list.
  // Sent as the service's ready-made JSON, compressed once per version: no per-request
  // serialisation or compression of the results list.
  api.get('/events/:id/results', async (req, reply) =>
    sendKept(req, reply, await results.resultsJson(req.actor, id(req.params))),
  );

  api.get('/events/:id/responses', (req) => results.responses(req.actor, id(req.params)));

  api.get('/events/:id/results/members', (req) => results.members(req.actor, id(req.params)));

  api.get('/events/:id/results/:teamId/splits', (req) => {
    const p = parseWith(TeamParams, req.params);
    return results.splits(req.actor, p.id, p.teamId);
  });

  api.put('/events/:id/teams/:teamId/answers/:kpId', (req) => {
    const p = parseWith(AnswerParams, req.params);
    return results.setAnswer(
      req.actor,
      p.id,
      p.teamId,
      p.kpId,
      parseWith(TeamAnswerBody, req.body),
    );
  });
}

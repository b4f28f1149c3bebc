import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { sendKept } from '../http/compression.ts';
import type { ResultsService } from './results.service.ts';

/**
 * Results, the responses matrix and an admin's edit of one team answer (declared in core's
 * contract/results.ts).
 */
export async function resultsRoutes(api: FastifyInstance, results: ResultsService): Promise<void> {
  // Sent as the service's ready-made JSON, compressed once per version: no per-request
  // serialisation or compression of the results list (a Buffer skips the serializer).
  declare(api, 'results', async (req, reply) =>
    sendKept(req, reply, await results.resultsJson(req.actor, req.params.id)),
  );

  declare(api, 'responses', (req) => results.responses(req.actor, req.params.id));

  declare(api, 'resultsMembers', (req) => results.members(req.actor, req.params.id));

  declare(api, 'splits', (req) => results.splits(req.actor, req.params.id, req.params.teamId));

  declare(api, 'setTeamAnswer', (req) =>
    results.setAnswer(req.actor, req.params.id, req.params.teamId, req.params.kpId, req.body),
  );
}

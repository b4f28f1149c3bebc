import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { CheckpointService } from './checkpoint.service.ts';

/**
 * Checkpoints, the deleted-KP store, team answers to missing KPs and print items (declared in
 * core's contract/checkpoints.ts).
 */
export async function checkpointRoutes(
  api: FastifyInstance,
  checkpoints: CheckpointService,
): Promise<void> {
  declare(api, 'checkpoints', (req) => checkpoints.list(req.actor, req.params.id));

  // A KP's long description may be long in every language.
  declare(
    api,
    'createCheckpoint',
    (req) => checkpoints.create(req.actor, req.params.id, req.body),
    bulkBody(api),
  );

  declare(
    api,
    'updateCheckpoint',
    (req) => checkpoints.update(req.actor, req.params.id, req.params.kpId, req.body),
    bulkBody(api),
  );

  declare(api, 'deleteCheckpoint', (req) =>
    checkpoints.remove(req.actor, req.params.id, req.params.kpId),
  );

  declare(
    api,
    'importCheckpoints',
    (req) => checkpoints.importCheckpoints(req.actor, req.params.id, req.body),
    { ...largeBody(api, 'eventAdmin'), ...rateLimited(api, 'upload') },
  );

  declare(api, 'renumberCheckpoints', (req) =>
    checkpoints.renumber(req.actor, req.params.id, req.body),
  );

  declare(api, 'deletedKps', (req) => checkpoints.listDeleted(req.actor, req.params.id));

  declare(api, 'restoreKp', (req) =>
    checkpoints.restore(req.actor, req.params.id, req.params.deletedId),
  );

  declare(api, 'deletedKpOnTeam', (req) => checkpoints.deletedKpOnTeam(req.actor, req.params.id));

  declare(api, 'deleteTeamAnswer', (req) =>
    checkpoints.deleteTeamAnswer(req.actor, req.params.id, req.params.teamId, req.params.kpId),
  );

  declare(api, 'printItems', (req) => checkpoints.printItems(req.actor, req.params.id));

  declare(
    api,
    'savePrintItems',
    (req) => checkpoints.savePrintItems(req.actor, req.params.id, req.body),
    bulkBody(api),
  );
}

import type { FastifyInstance } from 'fastify';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import { declare } from '../http/contract.ts';
import type { TeamService } from './team.service.ts';

/** The organiser's team tools and the start list (declared in core's contract/teams.ts). */
export async function teamRoutes(api: FastifyInstance, teams: TeamService): Promise<void> {
  declare(api, 'teams', (req) => teams.list(req.actor, req.params.id));

  declare(api, 'createTeam', (req) => teams.create(req.actor, req.params.id, req.body));

  // An IOF entry or start list's teams (up to 5,000), planned again and written in one transaction.
  declare(api, 'importTeams', (req) => teams.importTeams(req.actor, req.params.id, req.body), {
    ...largeBody(api, 'eventAdmin'),
    ...rateLimited(api, 'upload'),
  });

  // Up to 10,000 start times at once.
  declare(
    api,
    'assignStartTimes',
    (req) => teams.assignStartTimes(req.actor, req.params.id, req.body),
    bulkBody(api),
  );

  declare(
    api,
    'undoStartTimes',
    (req) => teams.undoStartTimes(req.actor, req.params.id, req.body),
    bulkBody(api),
  );

  declare(api, 'teamAnswers', (req) => teams.answers(req.actor, req.params.id, req.params.teamId));

  declare(api, 'updateTeam', (req) =>
    teams.update(req.actor, req.params.id, req.params.teamId, req.body),
  );

  declare(api, 'deleteTeam', (req) => teams.remove(req.actor, req.params.id, req.params.teamId));

  declare(api, 'deletedTeams', (req) => teams.listDeleted(req.actor, req.params.id));

  declare(api, 'restoreTeam', (req) =>
    teams.restore(req.actor, req.params.id, req.params.backupId),
  );

  declare(api, 'startList', (req) => teams.startList(req.actor, req.params.id));
}

import type { FastifyInstance } from 'fastify';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import { z } from 'zod';
import {
  AssignStartTimesBody,
  CreateTeamBody,
  ImportTeamsBody,
  SHORTLINK_MAX_LENGTH,
  UndoStartTimesBody,
  UpdateTeamBody,
} from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { TeamService } from './team.service.ts';

const key = z.string().min(1).max(100);
const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: key });
const BackupParams = IdParams.extend({ backupId: key });

/** The organiser's team tools and the start list (docs/api.md, Teams). */
export async function teamRoutes(api: FastifyInstance, teams: TeamService): Promise<void> {
  api.get('/events/:id/teams', (req) => teams.list(req.actor, parseWith(IdParams, req.params).id));

  api.post('/events/:id/teams', async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    const created = await teams.create(req.actor, id, parseWith(CreateTeamBody, req.body));
    return reply.status(201).send(created);
  });

  // An IOF entry or start list's teams (up to 5,000), planned again and written in one transaction.
  const importOptions = { ...largeBody(api, 'eventAdmin'), ...rateLimited(api, 'upload') };
  api.post('/events/:id/teams/import', importOptions, (req) => {
    const { id } = parseWith(IdParams, req.params);
    return teams.importTeams(req.actor, id, parseWith(ImportTeamsBody, req.body));
  });

  // Up to 10,000 start times at once.
  api.post('/events/:id/teams/starttimes', bulkBody(api), (req) => {
    const { id } = parseWith(IdParams, req.params);
    return teams.assignStartTimes(req.actor, id, parseWith(AssignStartTimesBody, req.body ?? {}));
  });

  api.post('/events/:id/teams/starttimes/undo', bulkBody(api), (req) => {
    const { id } = parseWith(IdParams, req.params);
    return teams.undoStartTimes(req.actor, id, parseWith(UndoStartTimesBody, req.body ?? {}));
  });

  api.get('/events/:id/teams/:teamId/answers', (req) => {
    const p = parseWith(TeamParams, req.params);
    return teams.answers(req.actor, p.id, p.teamId);
  });

  api.patch('/events/:id/teams/:teamId', (req) => {
    const p = parseWith(TeamParams, req.params);
    return teams.update(req.actor, p.id, p.teamId, parseWith(UpdateTeamBody, req.body));
  });

  api.delete('/events/:id/teams/:teamId', (req) => {
    const p = parseWith(TeamParams, req.params);
    return teams.remove(req.actor, p.id, p.teamId);
  });

  api.get('/events/:id/deletedteams', (req) =>
    teams.listDeleted(req.actor, parseWith(IdParams, req.params).id),
  );

  api.post('/events/:id/deletedteams/:backupId/restore', (req) => {
    const p = parseWith(BackupParams, req.params);
    return teams.restore(req.actor, p.id, p.backupId);
  });

  api.get('/events/:id/startlist', (req) =>
    teams.startList(req.actor, parseWith(IdParams, req.params).id),
  );
}

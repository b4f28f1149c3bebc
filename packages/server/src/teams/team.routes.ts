import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH, UpdateTeamBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { TeamService } from './team.service.ts';

const key = z.string().min(1).max(100);
const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: key });

/** The organiser's team tools (docs/api.md, Teams). */
export async function teamRoutes(api: FastifyInstance, teams: TeamService): Promise<void> {
  api.get('/events/:id/teams', (req) => teams.list(req.actor, parseWith(IdParams, req.params).id));

  api.get('/events/:id/teams/:teamId/answers', (req) => {
    const p = parseWith(TeamParams, req.params);
    return teams.answers(req.actor, p.id, p.teamId);
  });

  api.patch('/events/:id/teams/:teamId', (req) => {
    const p = parseWith(TeamParams, req.params);
    return teams.update(req.actor, p.id, p.teamId, parseWith(UpdateTeamBody, req.body));
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { OverviewService } from './overview.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });

/** GET /api/events/:id/overview: the organiser's dashboard (docs/api.md). */
export async function overviewRoutes(api: FastifyInstance, overview: OverviewService) {
  api.get('/events/:id/overview', (req) =>
    overview.overview(req.actor, parseWith(IdParams, req.params).id),
  );
}

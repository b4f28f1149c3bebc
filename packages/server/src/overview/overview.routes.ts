import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { OverviewService } from './overview.service.ts';

/** The organiser's dashboard (declared in core's contract/overview.ts). */
export async function overviewRoutes(api: FastifyInstance, overview: OverviewService) {
  declare(api, 'overview', (req) => overview.overview(req.actor, req.params.id));
}

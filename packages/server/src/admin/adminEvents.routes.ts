import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { AdminEventsService } from './adminEvents.service.ts';

/** The super admin's events table (declared in core's contract/admin.ts). */
export async function adminEventsRoutes(api: FastifyInstance, events: AdminEventsService) {
  declare(api, 'adminEvents', (req) => events.list(req.actor, req.query));
  declare(api, 'setUnpaid', (req) => events.setUnpaid(req.actor, req.params.id, req.body.unpaid));
}

import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { declare } from '../http/contract.ts';
import type { SpeedService } from './speed.service.ts';

/** Speed areas and speed tickets (docs/speed-tickets.md; declared in core's contract/speed.ts). */
export async function speedRoutes(api: FastifyInstance, service: SpeedService): Promise<void> {
  declare(api, 'speedAreas', (req) => service.areas(req.actor, req.params.id));
  // An area of up to 1,000 points.
  declare(
    api,
    'putSpeedArea',
    (req) => service.putArea(req.actor, req.params.id, req.params.areaId, req.body),
    bulkBody(api),
  );
  declare(api, 'deleteSpeedArea', (req) =>
    service.deleteArea(req.actor, req.params.id, req.params.areaId),
  );
  declare(api, 'speedTickets', (req) => service.tickets(req.actor, req.params.id));
  declare(api, 'recomputeSpeedTickets', (req) => service.recomputeAll(req.actor, req.params.id));
}

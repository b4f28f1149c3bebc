import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { z } from 'zod';
import { PutSpeedAreaBody, SHORTLINK_MAX_LENGTH, SpeedAreaId } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { SpeedService } from './speed.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const AreaParams = IdParams.extend({ areaId: SpeedAreaId });

/** Speed areas and speed tickets (docs/speed-tickets.md). */
export async function speedRoutes(api: FastifyInstance, service: SpeedService): Promise<void> {
  api.get('/events/:id/speedareas', (req) =>
    service.areas(req.actor, parseWith(IdParams, req.params).id),
  );

  // An area of up to 1,000 points.
  api.put('/events/:id/speedareas/:areaId', bulkBody(api), (req) => {
    const { id, areaId } = parseWith(AreaParams, req.params);
    return service.putArea(req.actor, id, areaId, parseWith(PutSpeedAreaBody, req.body));
  });

  api.delete('/events/:id/speedareas/:areaId', async (req, reply) => {
    const { id, areaId } = parseWith(AreaParams, req.params);
    await service.deleteArea(req.actor, id, areaId);
    return reply.status(204).send();
  });

  api.get('/events/:id/speedtickets', (req) =>
    service.tickets(req.actor, parseWith(IdParams, req.params).id),
  );

  api.post('/events/:id/speedtickets/recompute', (req) =>
    service.recomputeAll(req.actor, parseWith(IdParams, req.params).id),
  );
}

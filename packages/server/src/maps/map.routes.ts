import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { MapService } from './map.service.ts';

/** Maps (declared in core's contract/maps.ts): docs/api.md, Maps. */
export async function mapRoutes(api: FastifyInstance, maps: MapService): Promise<void> {
  declare(api, 'eventMap', (req) => maps.eventMap(req.actor, req.params.id));
  declare(api, 'mapCapabilities', (req) =>
    maps.capabilities(req.actor, req.query.url, req.query.eventId),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../http/errors.ts';
import type { MapService } from './map.service.ts';

const EventParams = z.object({ id: z.string().min(1).max(200) });
const CapabilitiesQuery = z.object({
  url: z.string().trim().min(1).max(2000),
  eventId: z.string().min(1).max(200).optional(),
});

/** Maps: docs/api.md, Maps. */
export async function mapRoutes(api: FastifyInstance, maps: MapService): Promise<void> {
  api.get('/events/:id/map', (req) =>
    maps.eventMap(req.actor, parseWith(EventParams, req.params).id),
  );
  api.get('/maps/capabilities', (req) => {
    const q = parseWith(CapabilitiesQuery, req.query);
    return maps.capabilities(req.actor, q.url, q.eventId);
  });
}

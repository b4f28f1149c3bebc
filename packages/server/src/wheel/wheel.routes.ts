import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH, WheelOfNamesBody, WheelUpdateBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { WheelService } from './wheel.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });

/** The wheel of names of an event (docs/api.md): its admins only. */
export async function wheelRoutes(api: FastifyInstance, wheel: WheelService) {
  const id = (params: unknown) => parseWith(IdParams, params).id;
  api.get('/events/:id/wheel', (req) => wheel.view(req.actor, id(req.params)));
  // Up to 2,000 ignored names.
  api.put('/events/:id/wheel', bulkBody(api), (req) =>
    wheel.update(req.actor, id(req.params), parseWith(WheelUpdateBody, req.body)),
  );
  api.post('/events/:id/wheel/draw', (req) => wheel.draw(req.actor, id(req.params)));
  api.get('/events/:id/wheel/draws', (req) => wheel.draws(req.actor, id(req.params)));
  api.post('/events/:id/wheelofnames', (req) =>
    wheel.externalRequest(req.actor, id(req.params), parseWith(WheelOfNamesBody, req.body)),
  );
}

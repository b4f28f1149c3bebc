import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { declare } from '../http/contract.ts';
import type { WheelService } from './wheel.service.ts';

/** The wheel of names of an event (declared in core's contract/wheel.ts): its admins only. */
export async function wheelRoutes(api: FastifyInstance, wheel: WheelService) {
  declare(api, 'wheel', (req) => wheel.view(req.actor, req.params.id));
  // Up to 2,000 ignored names.
  declare(
    api,
    'updateWheel',
    (req) => wheel.update(req.actor, req.params.id, req.body),
    bulkBody(api),
  );
  declare(api, 'wheelDraw', (req) => wheel.draw(req.actor, req.params.id));
  declare(api, 'wheelDraws', (req) => wheel.draws(req.actor, req.params.id));
  declare(api, 'wheelOfNames', (req) => wheel.externalRequest(req.actor, req.params.id, req.body));
}

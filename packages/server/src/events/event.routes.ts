import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { idempotencyCache } from '../http/idempotency.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { EventService } from './event.service.ts';

/** Events, their settings, admins and the whole-event export (declared in core's contract/events.ts). */
export async function eventRoutes(
  api: FastifyInstance,
  events: EventService,
  /** Where Idempotency-Keys of new events are kept: this process, or Redis for several. */
  idempotency: Idempotency = idempotencyCache(),
): Promise<void> {
  declare(api, 'events', (req) => events.list(req.actor));
  declare(api, 'eventExists', (req) => events.exists(req.actor, req.params.id));

  // A new event may come from an event file (template) of many megabytes.
  const createOptions = { ...largeBody(api, 'creator'), ...rateLimited(api, 'upload') };
  // A repeat with the same Idempotency-Key (double click, retry) gets the same event back.
  declare(
    api,
    'createEvent',
    (req) =>
      idempotency.run(req.actor?.uid ?? '', req.headers['idempotency-key'], () =>
        events.create(req.actor, req.body),
      ),
    createOptions,
  );

  declare(api, 'event', (req) => events.get(req.actor, req.params.id));
  declare(api, 'updateEvent', (req) => events.update(req.actor, req.params.id, req.body));
  declare(api, 'deleteEvent', (req) => events.remove(req.actor, req.params.id));

  declare(api, 'settings', (req) => events.getSettings(req.actor, req.params.id));
  // Settings hold rich text and map configurations.
  declare(
    api,
    'patchSettings',
    (req) => events.patchSettings(req.actor, req.params.id, req.body),
    bulkBody(api),
  );

  declare(api, 'admins', (req) => events.admins(req.actor, req.params.id));
  declare(api, 'addAdmin', (req) => events.addAdmin(req.actor, req.params.id, req.params.uid));
  declare(api, 'makeOwner', (req) =>
    events.transferOwner(req.actor, req.params.id, req.params.uid),
  );
  declare(api, 'removeAdmin', (req) =>
    events.removeAdmin(req.actor, req.params.id, req.params.uid),
  );

  declare(api, 'exportEvent', async (req, reply) => {
    const eventId = req.params.id;
    // With map images a stream: their bytes are read from MAPS_DIR as it is sent.
    const text = await events.exportText(req.actor, eventId);
    return reply
      .header('content-disposition', `attachment; filename="${eventId}.json"`)
      .type('application/json')
      .send(text);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateEventBody, SHORTLINK_MAX_LENGTH, SettingsPatch, UpdateEventBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { idempotencyCache } from '../http/idempotency.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { EventService } from './event.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const AdminParams = IdParams.extend({ uid: z.string().min(1).max(100) });

/** Events, their settings, admins and the whole-event export. */
export async function eventRoutes(
  api: FastifyInstance,
  events: EventService,
  /** Where Idempotency-Keys of new events are kept: this process, or Redis for several. */
  idempotency: Idempotency = idempotencyCache(),
): Promise<void> {
  const id = (params: unknown) => parseWith(IdParams, params).id;

  api.get('/events', (req) => events.list(req.actor));
  api.get('/events/:id/exists', (req) => events.exists(req.actor, id(req.params)));

  // A new event may come from an event file (template) of many megabytes.
  const createOptions = { ...largeBody(api, 'creator'), ...rateLimited(api, 'upload') };
  // A repeat with the same Idempotency-Key (double click, retry) gets the same event back.
  const createOnce = idempotency;
  api.post('/events', createOptions, async (req, reply) => {
    const body = parseWith(CreateEventBody, req.body);
    const created = await createOnce.run(req.actor?.uid ?? '', req.headers['idempotency-key'], () =>
      events.create(req.actor, body),
    );
    return reply.status(201).send(created);
  });

  api.get('/events/:id', (req) => events.get(req.actor, id(req.params)));
  api.patch('/events/:id', (req) =>
    events.update(req.actor, id(req.params), parseWith(UpdateEventBody, req.body)),
  );
  api.delete('/events/:id', async (req, reply) => {
    await events.remove(req.actor, id(req.params));
    return reply.status(204).send();
  });

  api.get('/events/:id/settings', (req) => events.getSettings(req.actor, id(req.params)));
  // Settings hold rich text and map configurations.
  api.patch('/events/:id/settings', bulkBody(api), (req) =>
    events.patchSettings(req.actor, id(req.params), parseWith(SettingsPatch, req.body)),
  );

  api.get('/events/:id/admins', (req) => events.admins(req.actor, id(req.params)));
  api.put('/events/:id/admins/:uid', (req) => {
    const p = parseWith(AdminParams, req.params);
    return events.addAdmin(req.actor, p.id, p.uid);
  });
  api.put('/events/:id/owner/:uid', (req) => {
    const p = parseWith(AdminParams, req.params);
    return events.transferOwner(req.actor, p.id, p.uid);
  });
  api.delete('/events/:id/admins/:uid', (req) => {
    const p = parseWith(AdminParams, req.params);
    return events.removeAdmin(req.actor, p.id, p.uid);
  });

  api.get('/events/:id/export', async (req, reply) => {
    const eventId = id(req.params);
    // With map images a stream: their bytes are read from MAPS_DIR as it is sent.
    const text = await events.exportText(req.actor, eventId);
    return reply
      .header('content-disposition', `attachment; filename="${eventId}.json"`)
      .type('application/json')
      .send(text);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RegisterBody, SHORTLINK_MAX_LENGTH, UpdateRegistrationBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { RegistrationService } from './registration.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: z.string().min(1).max(100) });

/** Team registration (docs/api.md, Registration). */
export async function registrationRoutes(
  api: FastifyInstance,
  service: RegistrationService,
): Promise<void> {
  api.get('/events/:id/reg', (req) => service.form(req.actor, parseWith(IdParams, req.params).id));

  api.post('/events/:id/reg', rateLimited(api, 'registration'), async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    const body = parseWith(RegisterBody, req.body);
    return reply.status(201).send(await service.register(req.actor, id, body));
  });

  api.put('/events/:id/reg/:teamId', rateLimited(api, 'registration'), (req) => {
    const p = parseWith(TeamParams, req.params);
    return service.edit(req.actor, p.id, p.teamId, parseWith(RegisterBody, req.body));
  });

  api.get('/events/:id/registrations', (req) =>
    service.list(req.actor, parseWith(IdParams, req.params).id),
  );

  api.patch('/events/:id/registrations/:teamId', (req) => {
    const p = parseWith(TeamParams, req.params);
    return service.update(req.actor, p.id, p.teamId, parseWith(UpdateRegistrationBody, req.body));
  });
}

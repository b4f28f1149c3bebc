import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { rateLimited } from '../http/limits.ts';
import type { RegistrationService } from './registration.service.ts';

/** Team registration (declared in core's contract/registration.ts). */
export async function registrationRoutes(
  api: FastifyInstance,
  service: RegistrationService,
): Promise<void> {
  declare(api, 'regForm', (req) => service.form(req.actor, req.params.id));
  declare(
    api,
    'register',
    (req) => service.register(req.actor, req.params.id, req.body),
    rateLimited(api, 'registration'),
  );
  declare(
    api,
    'updateMyRegistration',
    (req) => service.edit(req.actor, req.params.id, req.params.teamId, req.body),
    rateLimited(api, 'registration'),
  );
  declare(api, 'registrations', (req) => service.list(req.actor, req.params.id));
  declare(api, 'updateRegistration', (req) =>
    service.update(req.actor, req.params.id, req.params.teamId, req.body),
  );
}

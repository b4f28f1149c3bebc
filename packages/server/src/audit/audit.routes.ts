import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { AuditService } from './audit.service.ts';

/** The changes log of an event and of the platform (declared in core's contract/admin.ts). */
export async function auditRoutes(api: FastifyInstance, audit: AuditService) {
  declare(api, 'eventLog', (req) => audit.eventLog(req.actor, req.params.id, req.query));
  declare(api, 'platformLog', (req) => audit.platformLog(req.actor, req.query));
}

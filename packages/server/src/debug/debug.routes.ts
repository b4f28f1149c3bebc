import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { DebugService } from './debug.service.ts';

/** The super admin's debug tools (declared in core's contract/debug.ts). */
export async function debugRoutes(api: FastifyInstance, debug: DebugService) {
  declare(api, 'debugCodes', (req) => debug.codes(req.actor));
  declare(api, 'debugNearby', (req) => debug.nearby(req.actor, req.query));
  declare(api, 'debugDevices', (req) => debug.orphanDevices(req.actor));
  declare(api, 'debugVersions', (req) => debug.versions(req.actor, req.query.months));
  declare(api, 'debugIssues', (req) => debug.issues(req.actor));
  declare(api, 'debugClients', (req) => debug.clients(req.actor));
  declare(api, 'eventIssues', (req) => debug.eventIssues(req.actor, req.params.id));
  declare(api, 'debugRecode', (req) => debug.recode(req.actor, req.body));
  declare(api, 'debugGps', (req) => debug.gps(req.actor, req.query.event));
  declare(api, 'debugRaw', (req) => debug.raw(req.actor, req.query.event, req.query.doc));
}

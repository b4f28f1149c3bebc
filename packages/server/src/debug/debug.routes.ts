import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NearbyQuery, RawQuery, RecodeBody, SHORTLINK_MAX_LENGTH, VersionsQuery } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { DebugService } from './debug.service.ts';

const GpsQuery = z.object({ event: z.string().min(1).max(SHORTLINK_MAX_LENGTH) }).strict();
const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });

/** The super admin's debug tools (docs/api.md). */
export async function debugRoutes(api: FastifyInstance, debug: DebugService) {
  api.get('/admin/debug/codes', (req) => debug.codes(req.actor));
  api.get('/admin/debug/nearby', (req) =>
    debug.nearby(req.actor, parseWith(NearbyQuery, req.query)),
  );
  api.get('/admin/debug/devices', (req) => debug.orphanDevices(req.actor));
  api.get('/admin/debug/versions', (req) =>
    debug.versions(req.actor, parseWith(VersionsQuery, req.query).months),
  );
  api.get('/admin/debug/issues', (req) => debug.issues(req.actor));
  api.get('/admin/debug/clients', (req) => debug.clients(req.actor));
  api.get('/events/:id/issues', (req) =>
    debug.eventIssues(req.actor, parseWith(IdParams, req.params).id),
  );
  api.post('/admin/debug/recode', (req) =>
    debug.recode(req.actor, parseWith(RecodeBody, req.body)),
  );
  api.get('/admin/debug/gps', (req) => debug.gps(req.actor, parseWith(GpsQuery, req.query).event));
  api.get('/admin/debug/raw', (req) => {
    const { event, doc } = parseWith(RawQuery, req.query);
    return debug.raw(req.actor, event, doc);
  });
}

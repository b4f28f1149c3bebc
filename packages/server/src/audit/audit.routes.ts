import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuditLogQuery, SHORTLINK_MAX_LENGTH } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { AuditService } from './audit.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });

/** The changes log of an event and of the platform (docs/api.md). */
export async function auditRoutes(api: FastifyInstance, audit: AuditService) {
  api.get('/events/:id/log', (req) =>
    audit.eventLog(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(AuditLogQuery, req.query),
    ),
  );
  api.get('/admin/log', (req) => audit.platformLog(req.actor, parseWith(AuditLogQuery, req.query)));
}

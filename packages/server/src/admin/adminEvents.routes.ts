import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminEventsQuery, SHORTLINK_MAX_LENGTH, SetUnpaidBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { AdminEventsService } from './adminEvents.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });

/** The super admin's events table (docs/api.md). */
export async function adminEventsRoutes(api: FastifyInstance, events: AdminEventsService) {
  api.get('/admin/events', (req) => events.list(req.actor, parseWith(AdminEventsQuery, req.query)));
  api.put('/admin/events/:id/unpaid', (req) =>
    events.setUnpaid(
      req.actor,
      parseWith(IdParams, req.params).id,
      parseWith(SetUnpaidBody, req.body).unpaid,
    ),
  );
}

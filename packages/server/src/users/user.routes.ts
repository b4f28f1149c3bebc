import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { UserService } from './user.service.ts';

const UsersQuery = z.object({
  s: z.string().max(200).optional(),
  uids: z.string().max(5000).optional(),
  eventId: z.string().min(1).max(SHORTLINK_MAX_LENGTH).optional(),
});
const UidParams = z.object({ uid: z.string().min(1).max(100) });

/** The user directory and creator records. */
export async function userRoutes(api: FastifyInstance, users: UserService): Promise<void> {
  api.get('/users', (req) => {
    const q = parseWith(UsersQuery, req.query);
    if (q.uids !== undefined) {
      return users.byIds(req.actor, q.uids.split(',').filter(Boolean), q.eventId);
    }
    return users.search(req.actor, q.s ?? '', q.eventId);
  });

  api.get('/admin/creators', (req) => users.listCreators(req.actor));

  api.put('/admin/creators/:uid', async (req, reply) => {
    await users.grantCreator(req.actor, parseWith(UidParams, req.params).uid);
    return reply.status(204).send();
  });

  api.delete('/admin/creators/:uid', async (req, reply) => {
    await users.revokeCreator(req.actor, parseWith(UidParams, req.params).uid);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { UserService } from './user.service.ts';

/** The user directory and creator records (declared in core's contract/users.ts). */
export async function userRoutes(api: FastifyInstance, users: UserService): Promise<void> {
  declare(api, 'users', (req) => {
    const q = req.query;
    if (q.uids !== undefined) {
      return users.byIds(req.actor, q.uids.split(',').filter(Boolean), q.eventId);
    }
    return users.search(req.actor, q.s ?? '', q.eventId);
  });
  declare(api, 'creators', (req) => users.listCreators(req.actor));
  declare(api, 'grantCreator', (req) => users.grantCreator(req.actor, req.params.uid));
  declare(api, 'revokeCreator', (req) => users.revokeCreator(req.actor, req.params.uid));
}

import { rateLimited } from '../http/limits.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChangePasswordBody } from '@rada/core';
import { parseWith, unauthorized } from '../http/errors.ts';
import { browserActor, type Actor } from './actor.ts';
import { SESSION_COOKIE } from './auth.routes.ts';
import type { SessionService } from './session.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** The signed-in caller and the token it came with; 401 otherwise. */
function signedIn(req: FastifyRequest): { actor: Actor; token: string } {
  if (!req.actor || !req.sessionToken) throw unauthorized();
  return { actor: req.actor, token: req.sessionToken };
}

/**
 * Everything here takes a browser session: a stolen API token can neither keep itself alive,
 * see or end its owner's sessions and tokens, nor lock its owner out (403 error.forbidden).
 * A script ends its own token with POST /api/auth/signout.
 */
function fromBrowser(req: FastifyRequest): { actor: Actor; token: string } {
  const caller = signedIn(req);
  return { actor: browserActor(caller.actor), token: caller.token };
}

/** The account page's API: own sessions and tokens (list, revoke, renew), password change. */
export async function sessionRoutes(api: FastifyInstance, sessions: SessionService): Promise<void> {
  api.get('/auth/sessions', async (req) => {
    const { actor, token } = fromBrowser(req);
    return sessions.list(actor, token);
  });

  api.delete('/auth/sessions/:id', async (req, reply) => {
    const { actor, token } = fromBrowser(req);
    const { id } = parseWith(IdParams, req.params);
    if (await sessions.revoke(actor, id, token)) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  api.post('/auth/tokens/:id/renew', async (req) => {
    const { actor, token } = fromBrowser(req);
    const { id } = parseWith(IdParams, req.params);
    return sessions.renewToken(actor, id, token);
  });

  // A stolen browser session must not become a fast oracle for the account's password.
  api.post('/auth/password', rateLimited(api, 'password'), async (req, reply) => {
    const { actor, token } = fromBrowser(req);
    await sessions.changePassword(actor, parseWith(ChangePasswordBody, req.body), token);
    return reply.status(204).send();
  });
}

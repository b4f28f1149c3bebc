import { rateLimited } from '../http/limits.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { declare } from '../http/contract.ts';
import { browserActor, type Actor } from './actor.ts';
import { SESSION_COOKIE } from './auth.routes.ts';
import type { SessionService } from './session.service.ts';

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

/** The account page's API (declared in core's contract/sessions.ts). */
export async function sessionRoutes(api: FastifyInstance, sessions: SessionService): Promise<void> {
  declare(api, 'sessions', (req) => {
    const { actor, token } = fromBrowser(req);
    return sessions.list(actor, token);
  });
  declare(api, 'revokeSession', async (req, reply) => {
    const { actor, token } = fromBrowser(req);
    if (await sessions.revoke(actor, req.params.id, token)) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  });
  declare(api, 'renewToken', (req) => {
    const { actor, token } = fromBrowser(req);
    return sessions.renewToken(actor, req.params.id, token);
  });
  // A stolen browser session must not become a fast oracle for the account's password.
  declare(
    api,
    'changePassword',
    (req) => {
      const { actor, token } = fromBrowser(req);
      return sessions.changePassword(actor, req.body, token);
    },
    rateLimited(api, 'password'),
  );
}

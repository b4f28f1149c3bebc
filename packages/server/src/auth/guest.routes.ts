import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import { cookieSetter } from './auth.routes.ts';
import type { GuestService } from './guest.service.ts';
import type { AuthService } from './auth.service.ts';

/** Guest accounts (POST /auth/guest, /auth/upgrade) and the display name (PATCH /account). */
export async function guestRoutes(
  api: FastifyInstance,
  guests: GuestService,
  auth: AuthService,
  config: ServerConfig,
): Promise<void> {
  const setCookie = cookieSetter(config);

  declare(
    api,
    'guest',
    async (req, reply) => {
      const { token, actor, secret } = await guests.createGuest(req.headers['user-agent']);
      setCookie(reply, token);
      return { me: await auth.me(actor), secret };
    },
    rateLimited(api, 'signup'),
  );

  // Setting the account's email and password takes a browser session, like the password change.
  declare(
    api,
    'upgradeGuest',
    (req) => {
      if (!req.actor) throw unauthorized();
      if (req.actor.via === 'token') throw forbidden();
      return guests.upgrade(req.actor, req.body);
    },
    rateLimited(api, 'password'),
  );

  declare(api, 'updateAccount', (req) => {
    if (!req.actor) throw unauthorized();
    return guests.updateAccount(req.actor, req.body);
  });
}

import type { FastifyInstance } from 'fastify';
import { UpdateAccountBody, UpgradeGuestBody } from '@rada/core';
import type { GuestAnswer } from '@rada/core';
import { forbidden, parseWith, unauthorized } from '../http/errors.ts';
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

  api.post('/auth/guest', rateLimited(api, 'signup'), async (req, reply) => {
    const { token, actor, secret } = await guests.createGuest(req.headers['user-agent']);
    setCookie(reply, token);
    const answer: GuestAnswer = { me: await auth.me(actor), secret };
    return reply.status(201).send(answer);
  });

  // Setting the account's email and password takes a browser session, like the password change.
  api.post('/auth/upgrade', rateLimited(api, 'password'), async (req) => {
    if (!req.actor) throw unauthorized();
    if (req.actor.via === 'token') throw forbidden();
    return guests.upgrade(req.actor, parseWith(UpgradeGuestBody, req.body));
  });

  api.patch('/account', async (req) => {
    if (!req.actor) throw unauthorized();
    return guests.updateAccount(req.actor, parseWith(UpdateAccountBody, req.body));
  });
}

import type { FastifyInstance } from 'fastify';
import { PhoneCodeBody, PhoneSignInBody } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import { PhoneWaitError } from './phoneSignIn.service.ts';
import type { PhoneSignInService } from './phoneSignIn.service.ts';

/**
 * Sign-in with a code by SMS: POST /auth/phone/code (202 alike for every number) and
 * /auth/phone/signin (Me and a session cookie); both count toward RATE_LIMIT_ACCOUNT.
 */
export async function phoneRoutes(
  api: FastifyInstance,
  phone: PhoneSignInService,
  auth: AuthService,
  config: ServerConfig,
): Promise<void> {
  const setCookie = cookieSetter(config);
  const limit = rateLimited(api, 'account');

  api.post('/auth/phone/code', limit, async (req, reply) => {
    try {
      await phone.requestCode(parseWith(PhoneCodeBody, req.body));
    } catch (e) {
      if (e instanceof PhoneWaitError) reply.header('retry-after', String(e.retryAfter));
      throw e;
    }
    return reply.status(202).send({ sent: true });
  });

  api.post('/auth/phone/signin', limit, async (req, reply) => {
    const body = parseWith(PhoneSignInBody, req.body);
    const { token, actor } = await phone.signIn(body, req.headers['user-agent']);
    setCookie(reply, token);
    return auth.me(actor);
  });
}

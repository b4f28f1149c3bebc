import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PhoneChangeBody, PhoneCodeBody, PhoneSignInBody } from '@rada/core';
import { forbidden, parseWith } from '../http/errors.ts';
import { addressKey, rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import { PhoneTooManyError, PhoneWaitError } from './phoneSignIn.service.ts';
import { browserActor } from './actor.ts';
import type { PhoneSignInService } from './phoneSignIn.service.ts';

/**
 * Sign-in with a code by SMS: POST /auth/phone/code (202 alike for every number) and
 * /auth/phone/signin (Me and a session cookie); the account's phone: POST /account/phone/code,
 * PUT and DELETE /account/phone (a browser session, not a guest). All count toward
 * RATE_LIMIT_ACCOUNT.
 */
export async function phoneRoutes(
  api: FastifyInstance,
  phone: PhoneSignInService,
  auth: AuthService,
  config: ServerConfig,
): Promise<void> {
  const setCookie = cookieSetter(config);
  const limit = rateLimited(api, 'account');

  /** Sends a code, telling how long to wait (Retry-After) when it is too soon. */
  const sendCode = async (reply: FastifyReply, request: () => Promise<void>) => {
    try {
      await request();
    } catch (e) {
      if (e instanceof PhoneWaitError || e instanceof PhoneTooManyError) {
        reply.header('retry-after', String(e.retryAfter));
      }
      throw e;
    }
    return reply.status(202).send({ sent: true });
  };
  /** The signed-in full account changing its phone. */
  const changer = async (req: FastifyRequest) => {
    const actor = browserActor(req.actor);
    if ((await auth.me(actor)).guest) throw forbidden();
    return actor;
  };

  // Codes are counted per asker (auth/phoneSignIn.service.ts newCode): the address, and the
  // user when signed in.
  const askers = (req: FastifyRequest, uid?: string) => [
    `a:${addressKey(req)}`,
    ...(uid ? [`u:${uid}`] : []),
  ];

  api.post('/auth/phone/code', limit, (req, reply) =>
    sendCode(reply, () => phone.requestCode(parseWith(PhoneCodeBody, req.body), askers(req))),
  );

  api.post('/auth/phone/signin', limit, async (req, reply) => {
    const body = parseWith(PhoneSignInBody, req.body);
    const { token, actor } = await phone.signIn(body, req.headers['user-agent']);
    setCookie(reply, token);
    return auth.me(actor);
  });

  api.post('/account/phone/code', limit, async (req, reply) => {
    const actor = await changer(req);
    return sendCode(reply, () =>
      phone.requestAddCode(actor, parseWith(PhoneCodeBody, req.body), askers(req, actor.uid)),
    );
  });

  api.put('/account/phone', limit, async (req) => {
    const actor = await changer(req);
    await phone.addPhone(actor, parseWith(PhoneChangeBody, req.body));
    return auth.me(actor);
  });

  api.delete('/account/phone', async (req, reply) => {
    await phone.removePhone(await changer(req));
    return reply.status(204).send();
  });
}

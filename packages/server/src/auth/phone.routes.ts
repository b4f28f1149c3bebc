import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.ts';
import { declare } from '../http/contract.ts';
import { addressKey, rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import { PhoneTooManyError, PhoneWaitError } from './phoneSignIn.service.ts';
import { browserActor } from './actor.ts';
import type { PhoneSignInService } from './phoneSignIn.service.ts';

/**
 * Sign-in with a code by SMS (declared in core's contract/phone.ts): POST /auth/phone/code (202
 * alike for every number) and /auth/phone/signin (Me and a session cookie); the account's phone:
 * POST /account/phone/code, PUT and DELETE /account/phone (a browser session, not a guest). All
 * but the DELETE count toward RATE_LIMIT_ACCOUNT.
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
    return { sent: true } as const;
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

  declare(
    api,
    'requestPhoneCode',
    (req, reply) => sendCode(reply, () => phone.requestCode(req.body, askers(req))),
    limit,
  );

  declare(
    api,
    'signInWithPhone',
    async (req, reply) => {
      const { token, actor } = await phone.signIn(req.body, req.headers['user-agent']);
      setCookie(reply, token);
      return auth.me(actor);
    },
    limit,
  );

  declare(
    api,
    'requestPhoneChangeCode',
    async (req, reply) => {
      const actor = await changer(req);
      return sendCode(reply, () => phone.requestAddCode(actor, req.body, askers(req, actor.uid)));
    },
    limit,
  );

  declare(
    api,
    'changePhone',
    async (req) => {
      const actor = await changer(req);
      await phone.addPhone(actor, req.body);
      return auth.me(actor);
    },
    limit,
  );

  declare(api, 'removePhone', async (req) => phone.removePhone(await changer(req)));
}

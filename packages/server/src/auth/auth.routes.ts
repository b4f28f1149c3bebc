import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '@rada/core';
import { declare } from '../http/contract.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { addressKey, rateLimited, signinLimits, takesBody } from '../http/limits.ts';
import type { LinkSignInAnswer, Me } from '@rada/core';
import type { AuthService } from './auth.service.ts';
import { browserActor, fullAccountActor } from './actor.ts';
import type { Actor } from './actor.ts';
import type { EmailSignInService, MailAskers } from './emailSignIn.service.ts';
import type { ServerConfig } from '../config.ts';

export const SESSION_COOKIE = 'rada_session';

/** The account a request's browser session signs in (an API token's does not count). */
const browserUid = (actor: Actor | null): string | undefined =>
  actor && actor.via !== 'token' ? actor.uid : undefined;

/**
 * Who asks for a mail (emailSignIn.service.ts MailAskers), read while the request is here: the
 * mail goes after the answer. The client's address, and the user when signed in.
 */
const mailAskers = (req: FastifyRequest, uid = req.actor?.uid): MailAskers => [
  `a:${addressKey(req)}`,
  ...(uid ? [`u:${uid}`] : []),
];

/** A link's answer: the account, and whether its maker's ways in were removed. */
const linkAnswer = (me: Me, cleared: boolean): LinkSignInAnswer =>
  cleared ? { ...me, cleared } : me;

/** Sets the browser session's cookie (httpOnly, SameSite=Lax, Secure behind HTTPS). */
export function cookieSetter(config: Pick<ServerConfig, 'cookieSecure'>) {
  return (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      path: '/',
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
}

/**
 * Sign-up, sign-in (password, or a link by email), password reset by email, sign-out, the
 * current user, API tokens and account deletion.
 */
export async function authRoutes(
  api: FastifyInstance,
  auth: AuthService,
  email: EmailSignInService,
  config: ServerConfig,
): Promise<void> {
  const setCookie = cookieSetter(config);
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const signinLimit = signinLimits(api);

  declare(
    api,
    'signUp',
    async (req, reply) => {
      const { token, actor } = await auth.signUp(req.body, req.headers['user-agent']);
      setCookie(reply, token);
      return auth.me(actor);
    },
    rateLimited(api, 'signup'),
  );

  declare(api, 'signIn', async (req, reply) => {
    const body = req.body;
    await signinLimit.check(req, reply, body.email);
    try {
      const { token, actor } = await auth.signIn(body, req.headers['user-agent']);
      setCookie(reply, token);
      return await auth.me(actor);
    } catch (e) {
      // Only failures count: many people sign in from one event's Wi-Fi.
      if (e instanceof AppError && e.key === 'auth.error.badcredentials') {
        await signinLimit.fail(req, body.email);
      }
      throw e;
    }
  });

  // Links by email: the requests answer 202 alike whether the address has an account or not;
  // requests and uses count per address (RATE_LIMIT_ACCOUNT, 429 auth.error.toomany), and the
  // mail sent to an address per asker and in all (mailAskers; an answer that sends nothing is
  // the same 202).
  const emailLimit = rateLimited(api, 'account');
  /** A link's sign-in (a sign-in link, a password reset): the session's cookie and the answer. */
  const signedInByLink = async (
    reply: FastifyReply,
    signIn: Promise<{ token: string; actor: Actor; cleared: boolean }>,
  ) => {
    const { token, actor, cleared } = await signIn;
    setCookie(reply, token);
    return linkAnswer(await auth.me(actor), cleared);
  };
  declare(
    api,
    'requestEmailLink',
    async (req) => {
      await email.requestSignInLink(req.body, mailAskers(req));
      return { sent: true as const };
    },
    emailLimit,
  );
  // A link proving an address answers `cleared` when its owner took the account over from
  // someone who had signed up with it unproven (LinkSignInAnswer).
  declare(
    api,
    'signInWithLink',
    (req, reply) =>
      signedInByLink(
        reply,
        email.signInWithLink(req.body, req.headers['user-agent'], browserUid(req.actor)),
      ),
    emailLimit,
  );
  declare(
    api,
    'requestPasswordReset',
    async (req) => {
      await email.requestReset(req.body, mailAskers(req));
      return { sent: true as const };
    },
    emailLimit,
  );
  declare(
    api,
    'resetPassword',
    (req, reply) =>
      signedInByLink(
        reply,
        email.resetPassword(req.body, req.headers['user-agent'], browserUid(req.actor)),
      ),
    emailLimit,
  );

  // The account's email: a link to the new address, opened in a browser signed in to the
  // account that asked, makes the change.
  declare(
    api,
    'requestEmailChange',
    async (req) => {
      const actor = browserActor(req.actor);
      await email.requestEmailChange(
        actor,
        req.body,
        mailAskers(req, actor.uid),
        req.sessionToken ?? undefined,
      );
      return { sent: true as const };
    },
    emailLimit,
  );
  declare(
    api,
    'confirmEmailChange',
    (req) => email.confirmEmailChange(req.body, browserUid(req.actor)),
    emailLimit,
  );

  declare(api, 'signOut', async (req, reply) => {
    if (req.sessionToken) await auth.signOut(req.sessionToken);
    clearCookie(reply);
  });

  // A visitor who sends no credentials is signed out, which is an answer (null), not an error:
  // public pages ask this on every visit, and a 401 would stand in the browser's console as a
  // failed request. Credentials that do not hold (a revoked session, an expired token) are 401.
  declare(api, 'me', async (req) => {
    if (req.actor) return auth.me(req.actor);
    const presented = Boolean(req.headers.authorization) || Boolean(req.cookies[SESSION_COOKIE]);
    if (presented) throw unauthorized();
    return null;
  });

  // A token cannot make tokens: a stolen one would otherwise outlive its expiry. Nor can a guest.
  declare(api, 'createToken', async (req) => {
    const actor = await fullAccountActor(req.actor, auth);
    return auth.createToken(actor, req.body.name, req.sessionToken ?? '');
  });

  // The one DELETE with a body: the confirmation (http/limits.ts refuses bodies on the others).
  declare(
    api,
    'deleteAccount',
    async (req, reply) => {
      if (!req.actor) throw unauthorized();
      await auth.deleteAccount(browserActor(req.actor), req.body.confirm);
      clearCookie(reply);
    },
    takesBody(api),
  );
}

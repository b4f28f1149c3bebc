import type { FastifyInstance, FastifyReply } from 'fastify';
import { LINK_ERROR_PARAM, OIDC_FLOW_TTL_MS, SIGNIN_ERROR_PARAM } from '@rada/core';
import { declare } from '../http/contract.ts';
import { browserActor, fullAccountActor } from './actor.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { Store } from '../db/store.ts';
import type { AuthService } from './auth.service.ts';
import type { ServerWaysIn } from './waysIn.ts';
import { cookieSetter } from './auth.routes.ts';
import { OidcError, oidcService } from './oidc.service.ts';
import type { OidcService } from './oidc.service.ts';

/** The cookie that binds a started flow to the browser that started it (holds its state). */
export const OIDC_FLOW_COOKIE = 'rada_oidc';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

/** Where a refused return goes: the home page's sign-in dialog, or the account page for a link. */
const errorPage = (e: OidcError) =>
  e.linking
    ? `/account?${LINK_ERROR_PARAM}=${encodeURIComponent(e.key)}`
    : `/?${SIGNIN_ERROR_PARAM}=${encodeURIComponent(e.key)}`;

/**
 * OpenID Connect (declared in core's contract/oidc.ts): start (302 to the provider), the
 * provider's return (302 to the page, signed in, or to `/?signin_error=key`), linking from
 * /account, and the caller's linked providers.
 */
export async function oidcRoutes(
  api: FastifyInstance,
  deps: {
    store: Store;
    auth: AuthService;
    config: Pick<ServerConfig, 'oidc' | 'publicUrl' | 'signupOpen' | 'cookieSecure'>;
    /** The ways in the server offers besides the account's own (auth/waysIn.ts). */
    waysIn: ServerWaysIn;
    now: () => number;
  },
): Promise<OidcService> {
  const { config } = deps;
  const oidc = oidcService({
    store: deps.store,
    auth: deps.auth,
    providers: config.oidc,
    publicUrl: config.publicUrl,
    signupOpen: config.signupOpen,
    waysIn: deps.waysIn,
    now: deps.now,
  });
  const setSession = cookieSetter(config);
  const bindFlow = (reply: FastifyReply, state: string) =>
    reply.setCookie(OIDC_FLOW_COOKIE, state, {
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET, which carries it.
      sameSite: 'lax',
      secure: config.cookieSecure,
      path: FLOW_COOKIE_PATH,
      maxAge: Math.floor(OIDC_FLOW_TTL_MS / 1000),
    });
  const limit = rateLimited(api, 'account');

  declare(
    api,
    'oidcStart',
    async (req, reply) => {
      const started = await oidc.start(req.params.id, req.query.returnTo, null);
      bindFlow(reply, started.state);
      return reply.redirect(started.url, 302);
    },
    limit,
  );

  declare(
    api,
    'oidcCallback',
    async (req, reply) => {
      // The provider's own parameters, as it sent them (the contract leaves them undeclared).
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      reply.clearCookie(OIDC_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      try {
        const done = await oidc.callback(
          req.params.id,
          query,
          req.cookies[OIDC_FLOW_COOKIE],
          req.actor,
          req.headers['user-agent'],
          req.sessionToken ?? undefined,
        );
        if (done.kind === 'signin') setSession(reply, done.token);
        return await reply.redirect(done.returnTo, 302);
      } catch (e) {
        if (!(e instanceof OidcError)) throw e;
        return reply.redirect(errorPage(e), 302);
      }
    },
    limit,
  );

  declare(
    api,
    'linkIdentity',
    async (req, reply) => {
      const actor = await fullAccountActor(req.actor, deps.auth);
      const started = await oidc.start(req.params.id, '/account', actor.uid);
      bindFlow(reply, started.state);
      return { url: started.url };
    },
    limit,
  );

  declare(api, 'identities', (req) => oidc.identities(browserActor(req.actor)));

  declare(api, 'unlinkIdentity', (req) =>
    oidc.unlink(browserActor(req.actor), req.params.provider),
  );

  return oidc;
}

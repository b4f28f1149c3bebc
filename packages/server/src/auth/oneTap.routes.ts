import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { Store } from '../db/store.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import type { OidcService } from './oidc.service.ts';
import { oneTapProvider } from './oidcConfig.ts';
import { oneTapService } from './oneTap.service.ts';

/**
 * Google One Tap: POST /auth/onetap/nonce → OneTapNonce, POST /auth/onetap (OneTapBody) → Me
 * with the session cookie. Both count against RATE_LIMIT_ACCOUNT; 404 when One Tap is off.
 */
export async function oneTapRoutes(
  api: FastifyInstance,
  deps: {
    store: Store;
    auth: AuthService;
    oidc: OidcService;
    config: Pick<ServerConfig, 'oidc' | 'oneTap' | 'publicUrl' | 'cookieSecure'>;
    now: () => number;
  },
): Promise<void> {
  const oneTap = oneTapService({
    store: deps.store,
    auth: deps.auth,
    oidc: deps.oidc,
    provider: oneTapProvider(deps.config),
    now: deps.now,
  });
  const setSession = cookieSetter(deps.config);
  const limit = rateLimited(api, 'account');

  declare(api, 'oneTapNonce', () => oneTap.nonce(), limit);

  declare(
    api,
    'oneTapSignIn',
    async (req, reply) => {
      if (!oneTap.enabled) throw new AppError('auth.error.oidcprovider', 404);
      const { token, actor } = await oneTap.signIn(req.body.credential, req.headers['user-agent']);
      setSession(reply, token);
      return deps.auth.me(actor);
    },
    limit,
  );
}

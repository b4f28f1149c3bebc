import type { FastifyInstance } from 'fastify';
import { OneTapBody } from '@rada/core';
import type { Me, OneTapNonce } from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
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

  api.post('/auth/onetap/nonce', limit, (): Promise<OneTapNonce> => oneTap.nonce());

  api.post('/auth/onetap', limit, async (req, reply): Promise<Me> => {
    if (!oneTap.enabled) throw new AppError('auth.error.oidcprovider', 404);
    const { credential } = parseWith(OneTapBody, req.body);
    const { token, actor } = await oneTap.signIn(credential, req.headers['user-agent']);
    setSession(reply, token);
    return deps.auth.me(actor);
  });
}

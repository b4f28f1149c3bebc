import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { ONE_TAP_NONCE_TTL_MS } from '@rada/core';
import type { OneTapNonce } from '@rada/core';
import type { Store } from '../db/store.ts';
import { AppError } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { startBrowserSession } from './auth.service.ts';
import { GOOGLE_ISSUER } from './oidcConfig.ts';
import type { OidcProviderConfig } from './oidcConfig.ts';
import { claimsOf } from './oidc.service.ts';
import type { OidcService } from './oidc.service.ts';

export interface OneTapDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  oidc: Pick<OidcService, 'configurationOf' | 'resolveUser'>;
  /** The provider of One Tap, or null when it is off (every route then answers 404). */
  provider: OidcProviderConfig | null;
  now: () => number;
}

/** The signature algorithms an ID token may use: public-key ones only. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'];

/**
 * Google One Tap (docs/sign-in.md): the page asks for a nonce, Google's prompt puts it into an ID
 * token, the page sends the token. The token is checked here with `jose` against the provider's
 * keys (its JWKS from discovery): signature, issuer, audience (the client id), expiry, and its
 * nonce, which must be one this server gave out and is taken once (a replay is refused). The
 * identity then signs in by the redirect flow's rules (oidc.service.ts `resolveUser`).
 */
export function oneTapService({ store, auth, oidc, provider, now }: OneTapDeps) {
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

  function providerOrNotFound(): OidcProviderConfig {
    if (!provider) throw new AppError('auth.error.oidcprovider', 404);
    return provider;
  }

  /** The provider's key set, fetched by jose when a token names a key it does not hold. */
  async function keySet(p: OidcProviderConfig) {
    const uri = (await oidc.configurationOf(p)).serverMetadata().jwks_uri;
    if (!uri) throw new Error('the provider names no jwks_uri');
    if (keys?.uri !== uri) keys = { uri, set: createRemoteJWKSet(new URL(uri)) };
    return keys.set;
  }

  /** The issuers a token may name: Google's tokens also say `accounts.google.com`. */
  const issuersOf = (p: OidcProviderConfig) =>
    p.issuer.replace(/\/$/, '') === GOOGLE_ISSUER
      ? [GOOGLE_ISSUER, 'accounts.google.com']
      : [p.issuer];

  return {
    /** Whether One Tap is on. */
    enabled: provider !== null,

    /** A new nonce for the prompt, valid once for ONE_TAP_NONCE_TTL_MS. */
    async nonce(): Promise<OneTapNonce> {
      providerOrNotFound();
      const t = now();
      const nonce = randomBytes(24).toString('base64url');
      await store.passkeys.deleteExpiredChallenges(t);
      await store.passkeys.addChallenge({
        id: nonce,
        purpose: 'onetap',
        user_id: null,
        expires_at: t + ONE_TAP_NONCE_TTL_MS,
      });
      return { nonce };
    },

    /**
     * Signs in with One Tap's ID token `credential`: a new browser session's token and its
     * actor. Throws 401 auth.error.onetap for a token that fails a check, the OidcError keys
     * of `resolveUser` (400), 404 when One Tap is off, 502 when the provider cannot be read.
     */
    async signIn(credential: string, userAgent?: string): Promise<{ token: string; actor: Actor }> {
      const p = providerOrNotFound();
      const jwks = await keySet(p).catch(() => {
        throw new AppError('auth.error.oidc', 502);
      });
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, jwks, {
          issuer: issuersOf(p),
          audience: p.clientId,
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub', 'nonce'],
          currentDate: new Date(now()),
          clockTolerance: 30,
        }));
      } catch {
        throw new AppError('auth.error.onetap', 401);
      }
      const { nonce, sub } = payload;
      if (typeof nonce !== 'string' || typeof sub !== 'string' || !sub) {
        throw new AppError('auth.error.onetap', 401);
      }
      if (!(await store.passkeys.takeChallenge(nonce, 'onetap', null, now()))) {
        throw new AppError('auth.error.onetap', 401);
      }
      const claims = claimsOf(payload, sub);
      const done = await store.transaction(async (repos) => {
        const user = await oidc.resolveUser(repos, p.id, claims);
        const { token } = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        return { token, user };
      });
      return { token: done.token, actor: await auth.actorFor(done.user) };
    },
  };
}
export type OneTapService = ReturnType<typeof oneTapService>;

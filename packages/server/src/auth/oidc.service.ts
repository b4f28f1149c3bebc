import * as client from 'openid-client';
import { EMAIL_MAX_LENGTH, OIDC_FLOW_TTL_MS, safeReturnTo } from '@rada/core';
import type { IdentityView } from '@rada/core';
import type { Store } from '../db/store.ts';
import { keepAWayIn } from './waysIn.ts';
import type { ServerWaysIn } from './waysIn.ts';
import { tokenHash } from '../db/ids.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import type { UserRow } from '../users/user.repository.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { passwordlessUser, startBrowserSession } from './auth.service.ts';
import type { OidcProviderConfig } from './oidcConfig.ts';

export interface OidcDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  providers: OidcProviderConfig[];
  /** PUBLIC_URL: the redirect URI is `{publicUrl}/api/auth/oidc/{id}/callback`. */
  publicUrl: string | null;
  signupOpen: boolean;
  /** The ways in the server offers besides the account's own (auth/waysIn.ts). */
  waysIn: ServerWaysIn;
  now: () => number;
}

/** A started flow: where the browser goes, and the state its cookie binds it to. */
export interface OidcStart {
  url: string;
  state: string;
}

/** What the provider's return gave: a new session (sign-in) or a linked identity. */
export type OidcOutcome =
  | { kind: 'signin'; token: string; actor: Actor; returnTo: string }
  | { kind: 'linked'; returnTo: string };

/**
 * A refusal of the provider's return: a sign-in's is shown at `/?signin_error=key`, a link's at
 * `/account?link_error=key`.
 */
export class OidcError extends AppError {
  constructor(
    key: ConstructorParameters<typeof AppError>[0],
    readonly linking = false,
  ) {
    super(key, 400);
  }
}

/** The claims an account is found or made from. */
export interface Claims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The claims of an ID token (and userinfo answer) `source` whose subject is `sub`: the email
 * lower-cased (null when absent or not an address), whether the provider verified it, the name.
 */
export function claimsOf(source: Record<string, unknown>, sub: string): Claims {
  const email = text(source.email)?.toLowerCase() ?? null;
  return {
    sub,
    email: email && email.length <= EMAIL_MAX_LENGTH && email.includes('@') ? email : null,
    emailVerified: source.email_verified === true || source.email_verified === 'true',
    name: text(source.name),
  };
}

/**
 * OpenID Connect sign-in (docs/sign-in.md) with `openid-client`: the authorization code flow with
 * PKCE (S256), state and nonce. A flow is stored by its state's SHA-256 and taken once; the
 * provider's identity (provider, sub) is linked to an account: the one already linked, else the
 * account of a *verified* email, else a new account. A signed-in person links more providers and
 * unlinks them, but never the last way into the account.
 */
export function oidcService({
  store,
  auth,
  providers,
  publicUrl,
  signupOpen,
  waysIn,
  now,
}: OidcDeps) {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<client.Configuration>>();

  function providerOf(id: string): OidcProviderConfig {
    const p = byId.get(id);
    if (!p || !publicUrl) throw new AppError('auth.error.oidcprovider', 404);
    return p;
  }

  const redirectUri = (id: string) => `${publicUrl}/api/auth/oidc/${id}/callback`;

  /**
   * The provider's metadata, read once (again after a failure). The client secret goes in the
   * Basic header (the specification's default, and what TARA requires) unless the provider
   * names only `client_secret_post`.
   */
  async function discover(p: OidcProviderConfig): Promise<client.Configuration> {
    const issuer = new URL(p.issuer);
    // An http: issuer only when configured so (a provider on this machine, the tests).
    const insecure = issuer.protocol === 'http:';
    const metadata = (
      await client.discovery(
        issuer,
        p.clientId,
        p.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
    ).serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(p.clientSecret)
      : client.ClientSecretPost(p.clientSecret);
    const config = new client.Configuration(metadata, p.clientId, p.clientSecret, auth);
    if (insecure) client.allowInsecureRequests(config);
    return config;
  }

  function configurationOf(p: OidcProviderConfig): Promise<client.Configuration> {
    let found = discovered.get(p.id);
    if (!found) {
      found = discover(p);
      discovered.set(p.id, found);
      found.catch(() => discovered.delete(p.id));
    }
    return found;
  }

  /** Which user the identity signs in, linking or making one as needed (in `repos`' transaction). */
  async function resolveUser(
    repos: Parameters<Parameters<Store['transaction']>[0]>[0],
    provider: string,
    claims: Claims,
  ): Promise<UserRow> {
    const linked = await repos.oidc.findIdentity(provider, claims.sub);
    if (linked) {
      const user = await repos.users.findById(linked.user_id);
      if (user) return user;
    }
    if (!claims.email) throw new OidcError('auth.error.oidcnoemail');
    let user = await repos.users.findByEmail(claims.email);
    if (user) {
      // Only an address the provider vouches for joins an existing account: anyone may claim
      // any address at a provider that does not check them. And only an account whose address
      // is proven: anyone may sign up with a password under someone else's address, and would
      // then share the account its owner signs in to with the provider.
      if (!claims.emailVerified || !user.email_verified) {
        throw new OidcError('auth.error.oidcemailtaken');
      }
    } else {
      if (!signupOpen) throw new OidcError('error.forbidden');
      user = passwordlessUser(
        {
          email: claims.email,
          displayName: claims.name ?? claims.email.split('@')[0] ?? '',
          emailVerified: claims.emailVerified,
        },
        now(),
      );
      await repos.users.insert(user);
    }
    await repos.oidc.addIdentity({
      provider,
      subject: claims.sub,
      user_id: user.id,
      email: claims.email,
      created_at: now(),
    });
    return user;
  }

  return {
    /** The provider's metadata from discovery (cached; read again after a failure). */
    configurationOf,
    /**
     * Which user the identity at `provider` signs in (in `repos`' transaction): the linked one,
     * else the account of a verified email, else a new account (when sign-up is open). Throws
     * OidcError auth.error.oidcnoemail, auth.error.oidcemailtaken or error.forbidden.
     */
    resolveUser,

    /**
     * Starts a sign-in (`linkUserId` null) or a link: stores the flow and answers the provider's
     * authorization URL (404 auth.error.oidcprovider for an unknown provider).
     */
    async start(id: string, returnTo: unknown, linkUserId: string | null): Promise<OidcStart> {
      const p = providerOf(id);
      const config = await configurationOf(p).catch(() => {
        throw new AppError('auth.error.oidc', 502);
      });
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      const t = now();
      await store.oidc.deleteExpiredFlows(t);
      await store.oidc.addFlow({
        id: tokenHash(state),
        provider: p.id,
        code_verifier: verifier,
        nonce,
        return_to: safeReturnTo(returnTo),
        link_user_id: linkUserId,
        expires_at: t + OIDC_FLOW_TTL_MS,
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(p.id),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state };
    },

    /**
     * The provider sent the browser back: takes the flow of `state` (once), checks that this
     * browser started it (`boundState`, from its cookie), exchanges the code with the PKCE
     * verifier, lets openid-client check the ID token and nonce, then signs in or links.
     * Throws OidcError (its key for `?signin_error=`).
     */
    async callback(
      id: string,
      query: URLSearchParams,
      boundState: string | undefined,
      actor: Actor | null,
      userAgent?: string,
      sessionToken?: string,
    ): Promise<OidcOutcome> {
      const p = byId.get(id);
      const state = query.get('state');
      if (!p || !publicUrl || !state) throw new OidcError('auth.error.oidcstate');
      const flow = await store.oidc.takeFlow(tokenHash(state), p.id, now());
      if (!flow) throw new OidcError('auth.error.oidcstate');
      const linking = flow.link_user_id !== null;
      // Another browser's return (a login CSRF: someone else's code in this browser) is refused.
      if (boundState !== state) throw new OidcError('auth.error.oidcstate', linking);
      if (flow.link_user_id && actor?.uid !== flow.link_user_id) {
        throw new OidcError('auth.error.oidcstate', linking);
      }
      if (query.has('error')) throw new OidcError('auth.error.oidc', linking);

      let claims: Claims;
      try {
        const config = await configurationOf(p);
        const current = new URL(redirectUri(p.id));
        current.search = query.toString();
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        let source: Record<string, unknown> = idToken;
        // Some providers put the email only in the userinfo answer.
        if (text(idToken.email) === null && tokens.access_token) {
          source = {
            ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)),
            ...idToken,
          };
        }
        claims = claimsOf(source, idToken.sub);
      } catch (e) {
        if (e instanceof OidcError) throw e;
        throw new OidcError('auth.error.oidc', linking);
      }

      if (flow.link_user_id) {
        const linkUser = flow.link_user_id;
        await store.transaction(async (repos) => {
          // The linking session was seen before the code exchange; it may have ended since (the
          // address's owner claimed the account, removing its providers): linked with it or not.
          const session = sessionToken ? tokenHash(sessionToken) : '';
          if (!(await repos.sessions.stillOpen(session, linkUser))) {
            throw new OidcError('auth.error.oidcstate', linking);
          }
          const existing = await repos.oidc.findIdentity(p.id, claims.sub);
          if (existing && existing.user_id !== linkUser) {
            throw new OidcError('auth.error.oidclinked', linking);
          }
          if (!existing) {
            await repos.oidc.addIdentity({
              provider: p.id,
              subject: claims.sub,
              user_id: linkUser,
              email: claims.email,
              created_at: now(),
            });
          }
        });
        return { kind: 'linked', returnTo: flow.return_to };
      }

      const done = await store.transaction(async (repos) => {
        const user = await resolveUser(repos, p.id, claims);
        const { token } = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        return { token, user };
      });
      return {
        kind: 'signin',
        token: done.token,
        actor: await auth.actorFor(done.user),
        returnTo: flow.return_to,
      };
    },

    /** The caller's linked providers. */
    async identities(actor: Actor): Promise<IdentityView[]> {
      const rows = await store.oidc.identitiesOf(actor.uid);
      return rows.map((r) => ({ provider: r.provider, email: r.email, createdAt: r.created_at }));
    },

    /**
     * Unlinks the caller's identity at `provider` (404 when none); refused (409
     * auth.error.lastmethod) when the account would have no way in left (waysIn.ts).
     */
    async unlink(actor: Actor, provider: string): Promise<void> {
      if (actor.via === 'token') throw forbidden();
      await store.transaction(async (repos) => {
        const user = await repos.users.findById(actor.uid);
        if (!user) throw notFound();
        const mine = await repos.oidc.identitiesOf(actor.uid);
        const removing = mine.filter((i) => i.provider === provider).length;
        if (removing === 0) throw notFound();
        await keepAWayIn(repos, actor.uid, { identities: removing }, waysIn);
        await repos.oidc.deleteOwn(actor.uid, provider);
      });
    },
  };
}
export type OidcService = ReturnType<typeof oidcService>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { declare } from '../http/contract.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import type { PasskeyService, RelyingParty } from './passkey.service.ts';
import { fullAccountActor } from './actor.ts';

/**
 * Passkeys (declared in core's contract/passkeys.ts): the caller's list, add (options, then the
 * browser's credential) and remove; sign-in (options, then the browser's assertion) for anyone,
 * counted per address.
 */
export async function passkeyRoutes(
  api: FastifyInstance,
  passkeys: PasskeyService,
  auth: AuthService,
  config: Pick<ServerConfig, 'publicUrl' | 'cookieSecure'>,
): Promise<void> {
  const setCookie = cookieSetter(config);
  /**
   * The site a passkey belongs to: PUBLIC_URL's host when set; else the host the page was loaded
   * from (the browser checks that it matches the page's own origin, so a forged Host header only
   * spoils its sender's own ceremony).
   */
  const relyingParty = (req: FastifyRequest): RelyingParty => {
    if (config.publicUrl)
      return { id: new URL(config.publicUrl).hostname, origin: config.publicUrl };
    return { id: req.hostname, origin: `${req.protocol}://${req.host}` };
  };
  const actorOf = (req: FastifyRequest) => {
    if (!req.actor) throw unauthorized();
    return req.actor;
  };

  declare(api, 'passkeys', (req) => passkeys.list(actorOf(req)));
  // Adding a passkey takes a browser session of a full account (not a guest, not an API token).
  declare(api, 'passkeyOptions', async (req) =>
    // A copy: the declared answer is an open object, which an interface is not.
    ({
      ...(await passkeys.registrationOptions(
        await fullAccountActor(req.actor, auth),
        relyingParty(req),
      )),
    }),
  );
  declare(api, 'addPasskey', async (req) => {
    const actor = await fullAccountActor(req.actor, auth);
    return passkeys.add(actor, req.body, relyingParty(req), req.sessionToken ?? '');
  });
  declare(api, 'removePasskey', (req) => passkeys.remove(actorOf(req), req.params.id));

  const limit = rateLimited(api, 'account');
  declare(
    api,
    'passkeySignInOptions',
    async (req) => ({ ...(await passkeys.signInOptions(relyingParty(req))) }),
    limit,
  );
  declare(
    api,
    'passkeySignIn',
    async (req, reply) => {
      const { token, actor } = await passkeys.signIn(
        req.body,
        relyingParty(req),
        req.headers['user-agent'],
      );
      setCookie(reply, token);
      return auth.me(actor);
    },
    limit,
  );
}

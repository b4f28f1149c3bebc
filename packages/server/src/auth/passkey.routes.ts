import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddPasskeyBody, PasskeySignInBody } from '@rada/core';
import { parseWith, unauthorized } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthService } from './auth.service.ts';
import { cookieSetter } from './auth.routes.ts';
import type { PasskeyService, RelyingParty } from './passkey.service.ts';
import { fullAccountActor } from './actor.ts';

const IdParams = z.object({ id: z.string().min(1).max(1024) });

/**
 * Passkeys: the caller's list, add (options, then the browser's credential) and remove; sign-in
 * (options, then the browser's assertion) for anyone, counted per address.
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

  api.get('/auth/passkeys', (req) => passkeys.list(actorOf(req)));
  // Adding a passkey takes a browser session of a full account (not a guest, not an API token).
  api.post('/auth/passkeys/options', async (req) =>
    passkeys.registrationOptions(await fullAccountActor(req.actor, auth), relyingParty(req)),
  );
  api.post('/auth/passkeys', async (req, reply) => {
    const actor = await fullAccountActor(req.actor, auth);
    const body = parseWith(AddPasskeyBody, req.body);
    return reply
      .status(201)
      .send(await passkeys.add(actor, body, relyingParty(req), req.sessionToken ?? ''));
  });
  api.delete('/auth/passkeys/:id', async (req, reply) => {
    const actor = actorOf(req);
    await passkeys.remove(actor, parseWith(IdParams, req.params).id);
    return reply.status(204).send();
  });

  const limit = rateLimited(api, 'account');
  api.post('/auth/passkey/options', limit, (req) => passkeys.signInOptions(relyingParty(req)));
  api.post('/auth/passkey/signin', limit, async (req, reply) => {
    const body = parseWith(PasskeySignInBody, req.body);
    const { token, actor } = await passkeys.signIn(
      body,
      relyingParty(req),
      req.headers['user-agent'],
    );
    setCookie(reply, token);
    return auth.me(actor);
  });
}

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEYS_PER_ACCOUNT_MAX } from '@rada/core';
import type { AddPasskeyBody, PasskeySignInBody, PasskeyView } from '@rada/core';
import type { z } from 'zod';
import type { Store } from '../db/store.ts';
import { tokenHash } from '../db/ids.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { startBrowserSession } from './auth.service.ts';
import type { PasskeyRow } from './passkey.repository.ts';
import { keepAWayIn } from './waysIn.ts';
import type { ServerWaysIn } from './waysIn.ts';

/** Whom a passkey is for: the site's domain (the RP id) and the origin its pages load from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export interface PasskeyDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  /** The ways in the server offers besides the account's own (auth/waysIn.ts). */
  waysIn: ServerWaysIn;
  now: () => number;
}

const refused = (status: 400 | 401) => new AppError('auth.error.passkey', status);

const present = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const transportsOf = (json: string): AuthenticatorTransportFuture[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as AuthenticatorTransportFuture[]) : [];
  } catch {
    return [];
  }
};

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a signed-in account registers several and removes
 * them; anyone signs in with one. Each ceremony's challenge is stored (any server may take the
 * answer) and taken once; user verification is asked for, not required, so security keys
 * without a PIN work too.
 */
export function passkeyService({ store, auth, waysIn, now }: PasskeyDeps) {
  async function challenge(
    id: string,
    purpose: 'passkey-register' | 'passkey-signin',
    uid: string | null,
  ) {
    await store.passkeys.deleteExpiredChallenges(now());
    await store.passkeys.addChallenge({
      id,
      purpose,
      user_id: uid,
      expires_at: now() + PASSKEY_CHALLENGE_TTL_MS,
    });
  }
  /** Browser sessions only: a token (a script, a device) does not manage how its owner signs in. */
  const requireBrowser = (actor: Actor) => {
    if (actor.via === 'token') throw forbidden();
  };

  return {
    async list(actor: Actor): Promise<PasskeyView[]> {
      return (await store.passkeys.listOf(actor.uid)).map(present);
    },

    /** The options the browser makes a new passkey with (its existing ones excluded). */
    async registrationOptions(
      actor: Actor,
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      requireBrowser(actor);
      const user = await store.users.findById(actor.uid);
      if (!user) throw new AppError('error.unauthorized', 401);
      const existing = await store.passkeys.listOf(actor.uid);
      if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) {
        throw new AppError('auth.error.passkeytoomany', 409);
      }
      const options = await generateRegistrationOptions({
        rpName: 'Rada',
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.display_name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.id,
          transports: transportsOf(p.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await challenge(options.challenge, 'passkey-register', actor.uid);
      return options;
    },

    /**
     * Checks and stores the passkey the browser made (400 auth.error.passkey otherwise), while
     * the browser session `sessionToken` that asked is still the account's (401 otherwise).
     */
    async add(
      actor: Actor,
      body: z.output<typeof AddPasskeyBody>,
      rp: RelyingParty,
      sessionToken: string,
    ): Promise<PasskeyView> {
      requireBrowser(actor);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: body.credential as unknown as RegistrationResponseJSON,
          expectedChallenge: (c) =>
            store.passkeys.takeChallenge(c, 'passkey-register', actor.uid, now()),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw refused(400);
      }
      if (!verified.verified) throw refused(400);
      const { credential } = verified.registrationInfo;
      if (await store.passkeys.find(credential.id)) throw refused(400);
      const row: PasskeyRow = {
        id: credential.id,
        user_id: actor.uid,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: body.name,
        created_at: now(),
        last_used_at: null,
      };
      // The session may have ended since the challenge was taken (the address's owner claimed
      // the account, removing its passkeys): the key is stored with the session, or not at all.
      const stored = await store.transaction(async (repos) => {
        if (!(await repos.sessions.stillOpen(tokenHash(sessionToken), actor.uid))) return false;
        await repos.passkeys.insert(row);
        return true;
      });
      if (!stored) throw new AppError('error.unauthorized', 401);
      return present(row);
    },

    /** Removes one of the caller's passkeys, unless it is their last way in (waysIn.ts). */
    async remove(actor: Actor, id: string): Promise<void> {
      requireBrowser(actor);
      await store.transaction(async (repos) => {
        const row = await repos.passkeys.find(id);
        if (row?.user_id !== actor.uid) throw notFound();
        await keepAWayIn(repos, actor.uid, { passkeys: 1 }, waysIn);
        await repos.passkeys.deleteOwn(actor.uid, id);
      });
    },

    /** The options of a sign-in with any passkey of this site (the browser offers its own). */
    async signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
      });
      await challenge(options.challenge, 'passkey-signin', null);
      return options;
    },

    /**
     * Signs in with a passkey: known here, signed over a challenge this server gave and nobody
     * used, by the key stored for it (401 auth.error.passkey otherwise).
     */
    async signIn(
      body: z.output<typeof PasskeySignInBody>,
      rp: RelyingParty,
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor }> {
      const row = await store.passkeys.find(body.credential.id);
      if (!row) throw refused(401);
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: body.credential as unknown as AuthenticationResponseJSON,
          expectedChallenge: (c) => store.passkeys.takeChallenge(c, 'passkey-signin', null, now()),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: row.id,
            publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
            counter: row.counter,
            transports: transportsOf(row.transports),
          },
          requireUserVerification: false,
        });
      } catch {
        throw refused(401);
      }
      if (!verified.verified) throw refused(401);
      const user = await store.users.findById(row.user_id);
      if (!user) throw refused(401);
      const { token } = await store.transaction(async (repos) => {
        if (!(await repos.passkeys.used(row.id, verified.authenticationInfo.newCounter, now()))) {
          throw refused(401);
        }
        return startBrowserSession(repos.sessions, user.id, now(), userAgent);
      });
      return { token, actor: await auth.actorFor(user) };
    },
  };
}
export type PasskeyService = ReturnType<typeof passkeyService>;

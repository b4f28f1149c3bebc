import { z } from 'zod';
import { atMostKeys } from './recordBounds.ts';

/**
 * Passkeys (WebAuthn, docs/sign-in.md): an account registers several, each a public key on the
 * server and a private key on the person's device, and signs in with one without a password.
 */

/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** The most passkeys one account keeps. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/**
 * A credential as the browser answers a ceremony (@simplewebauthn/browser's JSON): checked in
 * shape here, in substance by the server's WebAuthn library.
 */
const Credential = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()).refine(...atMostKeys(50)),
    clientExtensionResults: z
      .record(z.string(), z.unknown())
      .refine(...atMostKeys(50))
      .default({}),
    authenticatorAttachment: z.string().max(50).optional(),
  })
  .strip();

/** POST /api/auth/passkeys → 201 PasskeyView: registers the credential the browser made. */
export const AddPasskeyBody = z
  .object({
    name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH),
    credential: Credential,
  })
  .strict();
export type AddPasskeyBody = z.input<typeof AddPasskeyBody>;

/** POST /api/auth/passkey/signin → Me and a session. */
export const PasskeySignInBody = z.object({ credential: Credential }).strict();
export type PasskeySignInBody = z.input<typeof PasskeySignInBody>;

/** One of the caller's passkeys, as /account lists them (GET /api/auth/passkeys). */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

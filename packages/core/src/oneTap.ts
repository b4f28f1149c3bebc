import { z } from 'zod';

/**
 * Google One Tap (docs/sign-in.md): with a Google provider configured for it, the web app offers
 * signed-out visitors Google's own "Continue as …" prompt. The browser gets a one-time nonce
 * (POST /api/auth/onetap/nonce → OneTapNonce), Google puts it into the ID token it hands the page,
 * and the page sends that token (POST /api/auth/onetap, a OneTapBody) → Me, signed in.
 */

/** How long a One Tap nonce may come back in an ID token. */
export const ONE_TAP_NONCE_TTL_MS = 5 * 60_000;
/** The longest ID token taken (Google's are about 1,200 characters). */
export const ONE_TAP_CREDENTIAL_MAX = 8192;
/** Google Identity Services' script, which draws the prompt. */
export const GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';

/** GET /api/config's `oneTap`: the provider that signs One Tap's tokens and its client id. */
export interface OneTapInfo {
  provider: string;
  clientId: string;
}

/** POST /api/auth/onetap/nonce → the nonce to give google.accounts.id.initialize. */
export interface OneTapNonce {
  nonce: string;
}

/** POST /api/auth/onetap: Google's ID token (a compact JWS: three base64url parts). */
export const OneTapBody = z
  .object({
    credential: z
      .string()
      .max(ONE_TAP_CREDENTIAL_MAX)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  })
  .strict();
export type OneTapBody = z.input<typeof OneTapBody>;

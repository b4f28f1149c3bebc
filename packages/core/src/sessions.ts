import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TTL_MS,
} from './limits.ts';

/**
 * The signed-in user's own sessions and API tokens (GET /api/auth/sessions), their revocation
 * (DELETE /api/auth/sessions/:id), token renewal (POST /api/auth/tokens/:id/renew) and the
 * password change (POST /api/auth/password).
 */

/** One browser session or API token of the signed-in user; `id` is not the secret. */
export interface SessionView {
  id: string;
  kind: 'browser' | 'token';
  /** The token's name; null for browser sessions. */
  name: string | null;
  createdAt: number;
  lastUsedAt: number;
  /** When it stops working unless used (browser) or renewed (token). */
  expiresAt: number | null;
  expired: boolean;
  /** The browser that signed in, as it described itself (User-Agent), cut to 300 characters. */
  userAgent: string | null;
  /** The session or token this very request came with. */
  current: boolean;
}

/** GET /api/auth/sessions → SessionsAnswer: browser sessions and tokens, last used first. */
export interface SessionsAnswer {
  sessions: SessionView[];
}

/** POST /api/auth/password → 204; the account's other browser sessions end. */
export const ChangePasswordBody = z
  .object({
    // Empty for an account without a password yet (made by a link, a provider or a code).
    current: z.string().max(PASSWORD_MAX_LENGTH).default(''),
    next: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** Longest User-Agent kept with a session. */
export const USER_AGENT_MAX_LENGTH = 300;

/**
 * When a browser session created at `createdAt` and last used at `lastUsedAt` ends: 30 days
 * after its last use, but never later than 90 days after sign-in.
 */
export function browserSessionEnd(createdAt: number, lastUsedAt: number): number {
  return Math.min(lastUsedAt + SESSION_TTL_MS, createdAt + SESSION_MAX_LIFETIME_MS);
}

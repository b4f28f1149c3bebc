import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import type { Me } from './api.ts';

/**
 * Sign-in by a link sent by email, and password reset by email (docs/sign-in.md). A link holds
 * a random token (its SHA-256 is stored), works once and expires. The answers to a request for
 * a link are the same whether an account exists or not, so nobody learns who has one.
 */

/** How long a sign-in link works. */
export const EMAIL_LINK_TTL_MS = 15 * 60_000;
/** How long a password-reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/**
 * Mails (links and "address taken" notices) one address gets in an hour from everyone together;
 * more requests are answered alike but send nothing. Each asker (client address, and the user when
 * signed in) has its own, smaller share of an address's mail (RATE_LIMIT_MAIL_TARGET), so a
 * stranger asking links for someone's address cannot spend the owner's: this ceiling only bounds
 * a flood from many askers. Links are counted in the stored links.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 20;
/** The web app's pages the links open; the token travels in the fragment (never to a server log). */
export const EMAIL_LINK_PATH = '/auth/link';
export const RESET_LINK_PATH = '/auth/reset';
/** How long a link confirming a new email address works. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;
/**
 * An account without a password moves its email only within this time of signing in (there
 * is no password to ask for).
 */
export const EMAIL_CHANGE_RECENT_SIGNIN_MS = 10 * 60_000;
/** The page a link confirming a new address opens. */
export const EMAIL_CHANGE_PATH = '/auth/email';
/** Where the sign-in page remembers which address a link was asked for (same browser). */
export const EMAIL_LINK_STORAGE_KEY = 'rada.emailLinkFor';

const email = z
  .email()
  .max(EMAIL_MAX_LENGTH)
  .transform((e) => e.trim().toLowerCase());
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
/** The language of the email's text. */
const lang = z.enum(['en', 'et']).default('en');

/** POST /api/auth/email-link → 202: a sign-in link to `email` (an account is made on first use). */
export const EmailLinkBody = z.object({ email, lang }).strict();
export type EmailLinkBody = z.input<typeof EmailLinkBody>;

/**
 * POST /api/auth/email-link/signin → 200 Me and a session: the link's token and the address it
 * was sent to, typed again when the link is opened in another browser.
 */
export const EmailLinkSignInBody = z.object({ token, email }).strict();
export type EmailLinkSignInBody = z.input<typeof EmailLinkSignInBody>;

/** POST /api/auth/password-reset → 202: a reset link to `email` when it has an account. */
export const PasswordResetBody = z.object({ email, lang }).strict();
export type PasswordResetBody = z.input<typeof PasswordResetBody>;

/**
 * POST /api/auth/password-reset/confirm → 200 Me and a session: the new password; the account's
 * other browser sessions end.
 */
export const PasswordResetConfirmBody = z
  .object({ token, password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type PasswordResetConfirmBody = z.input<typeof PasswordResetConfirmBody>;

/**
 * POST /api/account/email → 202: mails a link to the new address; the account's email changes
 * when the link is opened in a session of this account (POST /api/account/email/confirm). A
 * browser session only; not a guest. A move to another address takes the current `password`
 * (an account without one: a sign-in within EMAIL_CHANGE_RECENT_SIGNIN_MS).
 */
export const EmailChangeBody = z
  .object({ email, lang, password: z.string().max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type EmailChangeBody = z.input<typeof EmailChangeBody>;

/**
 * POST /api/account/email/confirm → 200 {email}: the link's token (no session needed) and the
 * language of the notice the old address gets.
 */
export const EmailChangeConfirmBody = z.object({ token, lang }).strict();
export type EmailChangeConfirmBody = z.input<typeof EmailChangeConfirmBody>;

/**
 * The answer of a sign-in link and of a password reset: the account, and `cleared` when opening
 * the link proved an address that an account had taken without proof: everything that account's
 * maker had set up to get in (password, sessions, API tokens, linked providers, passkeys, phone)
 * was removed, and the page tells the owner so.
 */
export type LinkSignInAnswer = Me & { cleared?: boolean };

/** The token of a link's URL (`#token=…`), or null. */
export function linkToken(hash: string): string | null {
  const value = /(?:^#?|&)token=([^&]*)/.exec(hash)?.[1];
  return value && token.safeParse(value).success ? value : null;
}

/**
 * OpenID Connect sign-in (docs/sign-in.md): providers from the server's configuration, each a
 * button of the sign-in dialog; an account links several and unlinks them at /account.
 * No zod here: the app's shell reads the error parameters (the server makes its own schemas).
 */

/** How long a started sign-in may come back from the provider. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/** The query parameter the server's redirect names an error key in (`/?signin_error=…`). */
export const SIGNIN_ERROR_PARAM = 'signin_error';
/** The query parameter a failed link's redirect to /account names its error key in. */
export const LINK_ERROR_PARAM = 'link_error';

/** A provider's id in configuration and paths: lower-case letters, digits, `-` and `_`. */
export const OIDC_PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** A configured provider as GET /api/config lists it. */
export interface OidcProviderInfo {
  id: string;
  /** The button's name, e.g. "Google". */
  label: string;
  /** URL of the button's icon, or null. */
  icon: string | null;
}

/**
 * Where to go after signing in: a path of this site only (`/x`, not `//host` nor `/\host`);
 * anything else falls back to `/`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // No control characters (a newline in a Location header, a tab that browsers drop).
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  return value;
}

/** POST /api/auth/oidc/:id/link → OidcLinkStart: where the browser goes to link the provider. */
export interface OidcLinkStart {
  url: string;
}

/** One of the caller's linked providers (GET /api/auth/identities). */
export interface IdentityView {
  provider: string;
  /** The provider's email for the account, when it told one. */
  email: string | null;
  createdAt: number;
}

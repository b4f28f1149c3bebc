import { z } from 'zod';
import { OIDC_PROVIDER_ID } from '../oidc.ts';
import type { IdentityView, OidcLinkStart } from '../oidc.ts';
import {
  ACCOUNT_LIMIT,
  BROWSER_USERS,
  FULL_ACCOUNT,
  FULL_ACCOUNT_ERRORS,
  REMOVE_WAY_IN_ERRORS,
} from './auth.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const ProviderId = z.string().regex(OIDC_PROVIDER_ID).describe("The provider's id (configured)");

/** `:id`: a configured provider. */
const OidcParams = z.object({ id: ProviderId });

/** GET /api/auth/oidc/:id/start?returnTo=: the page to come back to (a path of this site). */
const OidcStartQuery = z.object({
  returnTo: z
    .string()
    .max(2000)
    .optional()
    .describe('A path of this site to come back to; anything else comes back to /'),
});

const IdentityViewSchema = z.object({
  provider: z.string(),
  email: z.string().nullable().describe("The provider's email for the account, when it told one"),
  createdAt: z.number(),
}) satisfies z.ZodType<IdentityView>;

/** OpenID Connect providers: sign-in and linked identities (docs/sign-in.md). */
export const oidcContract = {
  oidcStart: {
    summary: "Starts a sign-in with the provider: a redirect to the provider's sign-in page",
    description:
      'A link the browser follows (not a call of a script): it sets a cookie binding the flow to ' +
      'this browser and answers 302 to the provider, which sends the browser back to `callback`.',
    access: 'Anyone',
    params: OidcParams,
    query: OidcStartQuery,
    answer: null,
    status: 302,
    errors: {
      400: ['error.validation'],
      404: ['auth.error.oidcprovider'],
      ...ACCOUNT_LIMIT,
      502: ['auth.error.oidc'],
    },
  },
  oidcCallback: {
    summary: "The provider's return: a redirect to the page, signed in (or linked)",
    description:
      'The provider sends the browser here with its own query parameters (`code`, `state`, ' +
      'or `error`). Answers 302 to `returnTo`, with a session cookie for a sign-in; a refusal ' +
      'goes to `/?signin_error=key` (a link: `/account?link_error=key`), with one of ' +
      '`auth.error.oidc`, `auth.error.oidcstate`, `auth.error.oidcnoemail`, ' +
      '`auth.error.oidcemailtaken`, `auth.error.oidclinked`, `error.forbidden`.',
    access: 'The browser that started the flow',
    // Any id: an unknown one comes back as a refusal's redirect, as every other problem does.
    params: z.object({ id: z.string().describe("The provider's id") }),
    answer: null,
    status: 302,
    errors: ACCOUNT_LIMIT,
  },
  linkIdentity: {
    summary: "Starts linking the provider to the caller's account: the provider's address",
    description:
      'The browser goes to `url`; the provider sends it back to `callback`, which links the ' +
      'identity and goes to /account.',
    access: FULL_ACCOUNT,
    params: OidcParams,
    answer: z.object({
      url: z.string().describe("The provider's sign-in page"),
    }) satisfies z.ZodType<OidcLinkStart>,
    errors: {
      400: ['error.validation'],
      ...FULL_ACCOUNT_ERRORS,
      404: ['auth.error.oidcprovider'],
      ...ACCOUNT_LIMIT,
      502: ['auth.error.oidc'],
    },
  },
  identities: {
    summary: "The caller's linked providers",
    access: BROWSER_USERS,
    answer: z.array(IdentityViewSchema),
    errors: CALLER_ERRORS,
  },
  unlinkIdentity: {
    summary: "Unlinks the provider from the caller's account, unless it is the last way in",
    access: BROWSER_USERS,
    params: z.object({ provider: ProviderId }),
    answer: null,
    errors: { 400: ['error.validation'], ...REMOVE_WAY_IN_ERRORS },
  },
} as const satisfies Declarations<
  'oidcStart' | 'oidcCallback' | 'linkIdentity' | 'identities' | 'unlinkIdentity'
>;

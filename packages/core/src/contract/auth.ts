import { z } from 'zod';
import {
  CreateTokenBody,
  DeleteAccountBody,
  SignInBody,
  SignUpBody,
  UpdateAccountBody,
  UpgradeGuestBody,
} from '../api.ts';
import type { GuestAnswer, Me } from '../api.ts';
import {
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailLinkBody,
  EmailLinkSignInBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
} from '../emailSignIn.ts';
import type { LinkSignInAnswer } from '../emailSignIn.ts';
import { OneTapBody } from '../oneTap.ts';
import type { OneTapNonce } from '../oneTap.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations, RouteSchemas } from './route.ts';

/** The signed-in account as its owner sees it (every way of signing in answers it). */
export const MeSchema = z
  .object({
    uid: z.string(),
    email: z
      .string()
      .describe('A made-up `.invalid` address for phone-only accounts and guests (never shown)'),
    displayName: z.string(),
    phoneNumber: z.string().nullable(),
    creator: z.boolean().describe('May create events (a creator record, or a super admin)'),
    superAdmin: z.boolean(),
    platformOwner: z.boolean(),
    guest: z.boolean().describe('A guest account (POST /auth/guest), until upgraded'),
    emailVerified: z.boolean().describe('The email is proven (a mailed link, or a provider)'),
    hasPassword: z
      .boolean()
      .describe('Else it signs in by links, providers, passkeys or phone codes'),
  })
  .meta({ id: 'Me' }) satisfies z.ZodType<Me>;

const LinkSignInAnswerSchema = MeSchema.extend({
  cleared: z
    .boolean()
    .optional()
    .describe(
      "True when the link proved an address another account's maker had taken without proof: " +
        'everything that maker had set up to get in was removed',
    ),
}) satisfies z.ZodType<LinkSignInAnswer>;

/** The answer of a request for a mail, alike whether the address has an account or not. */
const MailAsked = z.object({ sent: z.literal(true) });

const ANYONE = 'Anyone';
const ANYONE_LIMITED = 'Anyone; rate limited per client address';
const BROWSER = 'Signed in by a browser session (403 for a token)';
/** Links by email answer this when the server sends no mail. */
const NO_EMAIL = { 404: ['auth.error.noemail'] } as const;

// Shared with passkeys.ts, phone.ts and oidc.ts.

/**
 * Over RATE_LIMIT_ACCOUNT (counted per client address): the requests by email, One Tap, sign-in
 * with a passkey, phone codes and OpenID Connect.
 */
export const ACCOUNT_LIMIT = { 429: ['auth.error.toomany'] } as const;
/** Who may add a way in to the account (server auth/actor.ts fullAccountActor). */
export const FULL_ACCOUNT =
  'A signed-in full account in a browser session (not a guest, not an API token)';
/** The 401/403 of an operation for a full account's browser session (fullAccountActor). */
export const FULL_ACCOUNT_ERRORS = {
  401: ['error.unauthorized'],
  403: ['error.forbidden', 'auth.error.guest'],
} as const satisfies RouteSchemas['errors'];
/** Who may see or remove the account's ways in (an API token may not). */
export const BROWSER_USERS = 'Signed-in users in a browser session (not an API token)';
/**
 * The refusals of the removal of one of the account's ways in (a passkey, a linked provider, the
 * phone): signed out, an API token (for the phone, a guest too), none such, or the last way in
 * (server auth/waysIn.ts).
 */
export const REMOVE_WAY_IN_ERRORS = {
  ...CALLER_ERRORS,
  404: ['error.notfound'],
  409: ['auth.error.lastmethod'],
} as const satisfies RouteSchemas['errors'];

/** Sign-in, sign-up, guests, the account, email links, password reset and Google One Tap. */
export const authContract = {
  me: {
    summary: 'The signed-in account, or null when signed out',
    description:
      'Null (not an error) without credentials; credentials that do not hold (a revoked session, ' +
      'an expired token) answer 401.',
    access: ANYONE,
    answer: MeSchema.nullable(),
    errors: { 401: ['error.unauthorized', 'error.expired'] },
  },
  signUp: {
    summary: 'Makes an account with email and password and signs it in (a session cookie)',
    access: `${ANYONE} while sign-up is open; rate limited per client address`,
    body: SignUpBody,
    answer: MeSchema,
    status: 201,
    errors: {
      400: ['error.validation', 'auth.error.reservedemail'],
      403: ['error.forbidden'],
      409: ['auth.error.emailtaken'],
      429: ['error.toomany'],
    },
  },
  signIn: {
    summary: 'Signs in with email and password (a session cookie)',
    description:
      'Failures count per client address and account, per address and per account (429 with ' +
      'Retry-After); a guest signs in again with its reserved email and secret.',
    access: ANYONE,
    body: SignInBody,
    answer: MeSchema,
    errors: {
      400: ['error.validation'],
      401: ['auth.error.badcredentials'],
      429: ['auth.error.toomany', 'auth.error.toomanyaccount'],
    },
  },
  signOut: {
    summary: 'Ends the session or token the request came with, and clears the cookie',
    access: ANYONE,
    answer: null,
  },
  guest: {
    summary: 'Makes a guest account and signs it in (a session cookie)',
    description: 'The secret is shown once: with the reserved email it signs the device in again.',
    access: ANYONE_LIMITED,
    answer: z.object({ me: MeSchema, secret: z.string() }) satisfies z.ZodType<GuestAnswer>,
    status: 201,
    errors: { 429: ['error.toomany'] },
  },
  upgradeGuest: {
    summary: 'Makes the signed-in guest a full account (same uid: its teams stay)',
    access: 'Signed-in guests, by a browser session; rate limited',
    body: UpgradeGuestBody,
    answer: MeSchema,
    errors: {
      400: ['error.validation', 'auth.error.reservedemail'],
      ...CALLER_ERRORS,
      409: ['auth.error.emailtaken'],
      429: ['error.toomany'],
    },
  },
  updateAccount: {
    summary: "Changes the signed-in user's display name",
    access: 'Signed-in users',
    body: UpdateAccountBody,
    answer: MeSchema,
    errors: { 400: ['error.validation'], 401: ['error.unauthorized'] },
  },
  deleteAccount: {
    summary: "Erases the caller's account and personal data, and clears the cookie",
    description:
      'The body confirms with the account’s email typed again (a phone-only account: its phone, ' +
      'a guest: its name). Refused while the account owns events (409; `details` lists them, ' +
      '`path` the id and `message` the name).',
    access: BROWSER,
    body: DeleteAccountBody,
    answer: null,
    errors: {
      400: ['error.validation', 'auth.error.confirm'],
      ...CALLER_ERRORS,
      409: ['account.error.ownsevents'],
    },
  },
  requestEmailLink: {
    summary: 'Mails a sign-in link (a new address gets an account when it is used)',
    description: 'The answer is the same whether the address has an account or not.',
    access: ANYONE_LIMITED,
    body: EmailLinkBody,
    answer: MailAsked,
    status: 202,
    errors: { 400: ['error.validation'], ...NO_EMAIL, ...ACCOUNT_LIMIT },
  },
  signInWithLink: {
    summary: 'Signs in with a mailed link’s token (a session cookie)',
    access: ANYONE_LIMITED,
    body: EmailLinkSignInBody,
    answer: LinkSignInAnswerSchema,
    errors: {
      400: ['error.validation', 'auth.error.badlink', 'auth.error.emailmismatch'],
      403: ['error.forbidden'],
      ...NO_EMAIL,
      ...ACCOUNT_LIMIT,
    },
  },
  requestPasswordReset: {
    summary: 'Mails a password-reset link when the address has an account',
    description: 'The answer is the same whether the address has an account or not.',
    access: ANYONE_LIMITED,
    body: PasswordResetBody,
    answer: MailAsked,
    status: 202,
    errors: { 400: ['error.validation'], ...NO_EMAIL, ...ACCOUNT_LIMIT },
  },
  resetPassword: {
    summary: 'Sets a new password with a reset link’s token and signs in (a session cookie)',
    description: "The account's other browser sessions end.",
    access: ANYONE_LIMITED,
    body: PasswordResetConfirmBody,
    answer: LinkSignInAnswerSchema,
    errors: { 400: ['error.validation', 'auth.error.badlink'], ...ACCOUNT_LIMIT },
  },
  requestEmailChange: {
    summary: "Mails a link that moves the account's email to the new address",
    description:
      'A move to another address takes the current password (an account without one: a sign-in ' +
      'within 10 minutes). The answer is the same when another account has the address.',
    access: `${BROWSER}; not guests; rate limited per client address`,
    body: EmailChangeBody,
    answer: MailAsked,
    status: 202,
    errors: {
      400: [
        'error.validation',
        'auth.error.reservedemail',
        'account.error.sameemail',
        'auth.error.wrongpassword',
      ],
      401: ['error.unauthorized'],
      403: ['error.forbidden', 'account.error.signinagain'],
      ...NO_EMAIL,
      ...ACCOUNT_LIMIT,
    },
  },
  confirmEmailChange: {
    summary: "Makes a mailed link's address the account's email",
    description: 'Only in a browser session of the account that asked; the old address is told.',
    access: 'The account that asked, by a browser session; rate limited per client address',
    body: EmailChangeConfirmBody,
    answer: z.object({ email: z.string().describe('The new address') }),
    errors: {
      400: ['error.validation', 'auth.error.badlink'],
      403: ['auth.error.emailchangesignin'],
      ...NO_EMAIL,
      409: ['auth.error.emailtaken'],
      ...ACCOUNT_LIMIT,
    },
  },
  createToken: {
    summary: 'Makes an API token (a bearer token for a device or a script), shown once',
    access: `${BROWSER}; not guests`,
    body: CreateTokenBody,
    answer: z.object({
      id: z.string(),
      token: z.string().describe('The bearer token; it is not shown again'),
      expiresAt: z.number().nullable(),
    }),
    status: 201,
    errors: { 400: ['error.validation'], ...FULL_ACCOUNT_ERRORS },
  },
  oneTapNonce: {
    summary: 'A one-time nonce for Google One Tap’s prompt',
    access: ANYONE_LIMITED,
    answer: z.object({ nonce: z.string() }) satisfies z.ZodType<OneTapNonce>,
    errors: { 404: ['auth.error.oidcprovider'], ...ACCOUNT_LIMIT },
  },
  oneTapSignIn: {
    summary: 'Signs in with Google One Tap’s ID token (a session cookie)',
    access: ANYONE_LIMITED,
    body: OneTapBody,
    answer: MeSchema,
    errors: {
      400: [
        'error.validation',
        'auth.error.oidcnoemail',
        'auth.error.oidcemailtaken',
        'error.forbidden',
      ],
      401: ['auth.error.onetap'],
      404: ['auth.error.oidcprovider'],
      ...ACCOUNT_LIMIT,
      502: ['auth.error.oidc'],
    },
  },
} as const satisfies Declarations<
  | 'me'
  | 'signUp'
  | 'signIn'
  | 'signOut'
  | 'guest'
  | 'upgradeGuest'
  | 'updateAccount'
  | 'deleteAccount'
  | 'requestEmailLink'
  | 'signInWithLink'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'requestEmailChange'
  | 'confirmEmailChange'
  | 'createToken'
  | 'oneTapNonce'
  | 'oneTapSignIn'
>;

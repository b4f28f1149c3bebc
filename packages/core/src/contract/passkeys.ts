import { z } from 'zod';
import { AddPasskeyBody, PasskeySignInBody } from '../passkeys.ts';
import type { PasskeyView } from '../passkeys.ts';
import {
  ACCOUNT_LIMIT,
  BROWSER_USERS,
  FULL_ACCOUNT,
  FULL_ACCOUNT_ERRORS,
  MeSchema,
  REMOVE_WAY_IN_ERRORS,
} from './auth.ts';
import type { Declarations } from './route.ts';

/** `:id`: a passkey's credential id (base64url). */
const PasskeyParams = z.object({ id: z.string().min(1).max(1024) });

const PasskeyViewSchema = z
  .object({
    id: z.string().describe("The credential's id (base64url)"),
    name: z.string(),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: 'PasskeyView' }) satisfies z.ZodType<PasskeyView>;

/** A credential named in WebAuthn options (one to exclude or to allow). */
const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/**
 * The options of a new passkey as @simplewebauthn/server writes them (WebAuthn's
 * PublicKeyCredentialCreationOptionsJSON), for the browser's `navigator.credentials.create`.
 * Open at the top: WebAuthn adds fields (hints, extensions), which the browser library reads.
 */
const CreationOptions = z
  .looseObject({
    challenge: z.string().describe('base64url'),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z
      .array(CredentialDescriptor)
      .optional()
      .describe("The account's passkeys already"),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });

/**
 * The options of a sign-in with a passkey (WebAuthn's PublicKeyCredentialRequestOptionsJSON),
 * for `navigator.credentials.get`.
 */
const RequestOptions = z
  .looseObject({
    challenge: z.string().describe('base64url'),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor).optional(),
    userVerification: z.string().optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });

/** Passkeys (WebAuthn): the account's own, and sign-in with one (docs/sign-in.md). */
export const passkeysContract = {
  passkeys: {
    summary: "The caller's passkeys",
    access: 'Signed-in users',
    answer: z.array(PasskeyViewSchema),
    errors: { 401: ['error.unauthorized'] },
  },
  passkeyOptions: {
    summary: 'The options the browser makes a new passkey with (its existing ones excluded)',
    description: 'The challenge works once, for 5 minutes.',
    access: FULL_ACCOUNT,
    answer: CreationOptions,
    errors: { ...FULL_ACCOUNT_ERRORS, 409: ['auth.error.passkeytoomany'] },
  },
  addPasskey: {
    summary: 'Registers the passkey the browser made with the options',
    access: FULL_ACCOUNT,
    body: AddPasskeyBody,
    answer: PasskeyViewSchema,
    status: 201,
    errors: {
      400: ['error.validation', 'auth.error.passkey'],
      ...FULL_ACCOUNT_ERRORS,
    },
  },
  removePasskey: {
    summary: "Removes one of the caller's passkeys, unless it is the last way in",
    access: BROWSER_USERS,
    params: PasskeyParams,
    answer: null,
    errors: { 400: ['error.validation'], ...REMOVE_WAY_IN_ERRORS },
  },
  passkeySignInOptions: {
    summary: 'The options of a sign-in with any passkey of this site',
    description: 'The challenge works once, for 5 minutes.',
    access: 'Anyone',
    answer: RequestOptions,
    errors: ACCOUNT_LIMIT,
  },
  passkeySignIn: {
    summary: 'Signs in with the passkey the browser chose: the account and a session cookie',
    access: 'Anyone',
    body: PasskeySignInBody,
    answer: MeSchema,
    errors: { 400: ['error.validation'], 401: ['auth.error.passkey'], ...ACCOUNT_LIMIT },
  },
} as const satisfies Declarations<
  | 'passkeys'
  | 'passkeyOptions'
  | 'addPasskey'
  | 'removePasskey'
  | 'passkeySignInOptions'
  | 'passkeySignIn'
>;

import { z } from 'zod';
import { PhoneChangeBody, PhoneCodeBody, PhoneSignInBody } from '../phoneSignIn.ts';
import { ACCOUNT_LIMIT, FULL_ACCOUNT, MeSchema, REMOVE_WAY_IN_ERRORS } from './auth.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/** The 202 of a request for a code: alike for every number, with an account or not. */
const CodeSent = z.object({ sent: z.literal(true) }).meta({ id: 'PhoneCodeSent' });

/** The server sends no SMS. */
const NO_SMS = { 404: ['auth.error.nophone'] } as const;
/** A body that fails its schema, or a number outside the country codes the server sends to. */
const NUMBER_ERRORS = ['error.validation', 'auth.error.countrycode'] as const;
const CODE_ERRORS = [...NUMBER_ERRORS, 'auth.error.wrongcode', 'auth.error.codeexpired'] as const;
/** What the two requests for a code share: the number, the 202 and the waits. */
const SENDING = {
  description:
    'Within 15 s of the last code to the number, or over a limit of codes to it, 429 with ' +
    '`Retry-After` (seconds).',
  body: PhoneCodeBody,
  answer: CodeSent,
  status: 202,
} as const;
/** Too soon after the last code, too many codes to the number, or over RATE_LIMIT_ACCOUNT. */
const SEND_LIMITS = {
  429: ['auth.error.phonewait', 'auth.error.phonetoomany', 'auth.error.toomany'],
} as const;

/** Sign-in and the account's phone by a 6-digit code sent by SMS (docs/sign-in.md). */
export const phoneContract = {
  requestPhoneCode: {
    summary: 'Sends a sign-in code to a phone number',
    ...SENDING,
    access: 'Anyone',
    errors: { 400: NUMBER_ERRORS, ...NO_SMS, ...SEND_LIMITS },
  },
  signInWithPhone: {
    summary: 'Signs in with the code: the account (a new number gets one) and a session cookie',
    access: 'Anyone',
    body: PhoneSignInBody,
    answer: MeSchema,
    errors: {
      400: CODE_ERRORS,
      403: ['error.forbidden'],
      ...NO_SMS,
      ...ACCOUNT_LIMIT,
    },
  },
  requestPhoneChangeCode: {
    summary: "Sends a code that sets the caller's phone to the number",
    ...SENDING,
    access: FULL_ACCOUNT,
    errors: { 400: NUMBER_ERRORS, ...CALLER_ERRORS, ...NO_SMS, ...SEND_LIMITS },
  },
  changePhone: {
    summary: "Sets the caller's phone with the code sent to it",
    access: FULL_ACCOUNT,
    body: PhoneChangeBody,
    answer: MeSchema,
    errors: {
      400: CODE_ERRORS,
      ...CALLER_ERRORS,
      ...NO_SMS,
      409: ['account.error.phonetaken'],
      ...ACCOUNT_LIMIT,
    },
  },
  removePhone: {
    summary: "Removes the caller's phone, unless it is the account's last way in",
    access: FULL_ACCOUNT,
    answer: null,
    errors: REMOVE_WAY_IN_ERRORS,
  },
} as const satisfies Declarations<
  'requestPhoneCode' | 'signInWithPhone' | 'requestPhoneChangeCode' | 'changePhone' | 'removePhone'
>;

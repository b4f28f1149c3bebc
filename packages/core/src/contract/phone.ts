import { z } from 'zod';
import { PhoneChangeBody, PhoneCodeBody, PhoneSignInBody } from '../phoneSignIn.ts';
import { MeSchema } from './auth.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

/** The 202 of a request for a code: alike for every number, with an account or not. */
const CodeSent = z.object({ sent: z.literal(true) }).meta({ id: 'PhoneCodeSent' });

/** Over RATE_LIMIT_ACCOUNT (counted per address). */
const TOO_MANY = 'auth.error.toomany';
const NO_SMS = { 404: ['auth.error.nophone'] } as const;
const CODE_ERRORS = [
  'error.validation',
  'auth.error.countrycode',
  'auth.error.wrongcode',
  'auth.error.codeexpired',
] as const;
const SENDING = {
  description:
    'Within 15 s of the last code to the number, or over a limit of codes to it, 429 with ' +
    '`Retry-After` (seconds).',
};
const ACCOUNT = 'A signed-in full account in a browser session (not a guest, not an API token)';

/** Sign-in and the account's phone by a 6-digit code sent by SMS (docs/sign-in.md). */
export const phoneContract = {
  requestPhoneCode: {
    summary: 'Sends a sign-in code to a phone number',
    ...SENDING,
    access: 'Anyone',
    body: PhoneCodeBody,
    answer: CodeSent,
    status: 202,
    errors: {
      400: ['error.validation', 'auth.error.countrycode'],
      ...NO_SMS,
      429: ['auth.error.phonewait', 'auth.error.phonetoomany', TOO_MANY],
    },
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
      429: [TOO_MANY],
    },
  },
  requestPhoneChangeCode: {
    summary: "Sends a code that sets the caller's phone to the number",
    ...SENDING,
    access: ACCOUNT,
    body: PhoneCodeBody,
    answer: CodeSent,
    status: 202,
    errors: {
      400: ['error.validation', 'auth.error.countrycode'],
      ...CALLER_ERRORS,
      ...NO_SMS,
      429: ['auth.error.phonewait', 'auth.error.phonetoomany', TOO_MANY],
    },
  },
  changePhone: {
    summary: "Sets the caller's phone with the code sent to it",
    access: ACCOUNT,
    body: PhoneChangeBody,
    answer: MeSchema,
    errors: {
      400: CODE_ERRORS,
      ...CALLER_ERRORS,
      ...NO_SMS,
      409: ['account.error.phonetaken'],
      429: [TOO_MANY],
    },
  },
  removePhone: {
    summary: "Removes the caller's phone, unless it is the account's last way in",
    access: ACCOUNT,
    answer: null,
    errors: { ...CALLER_ERRORS, 404: ['error.notfound'], 409: ['auth.error.lastmethod'] },
  },
} as const satisfies Declarations<
  'requestPhoneCode' | 'signInWithPhone' | 'requestPhoneChangeCode' | 'changePhone' | 'removePhone'
>;

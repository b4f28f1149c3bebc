import { z } from 'zod';

/**
 * Sign-in with a 6-digit code sent by SMS (docs/sign-in.md, spec 02 §8). A code is stored
 * hashed, works once, for PHONE_CODE_TTL_MS and PHONE_CODE_ATTEMPTS tries; a number gets a new
 * code only after PHONE_RESEND_MS and at most PHONE_CODES_PER_NUMBER_PER_HOUR an hour (each asker
 * a smaller share, the server's RATE_LIMIT_SMS_NUMBER_REQUESTER). The answers to a
 * request for a code are the same whether the number has an account or not.
 */

/** How long a code works. */
export const PHONE_CODE_TTL_MS = 5 * 60_000;
/** Tries of one code, right or wrong; then it is dead. */
export const PHONE_CODE_ATTEMPTS = 5;
/** How long before the same number may get another code (the dialog's Resend waits as long). */
export const PHONE_RESEND_MS = 15_000;
/**
 * Codes one number may get in an hour, whoever asks: it bounds what SMS cost. Each address or
 * user asking has its own smaller share, so one stranger cannot spend the owner's.
 */
export const PHONE_CODES_PER_NUMBER_PER_HOUR = 20;
/** The country codes numbers may have when SMS_COUNTRY_CODES is not set. */
export const DEFAULT_SMS_COUNTRY_CODES = [
  '+372',
  '+371',
  '+370',
  '+358',
  '+46',
  '+47',
  '+45',
  '+49',
  '+44',
  '+1',
];

/** A number as typed: spaces, dashes, dots and parentheses go; the rest is checked by the server. */
const phone = z
  .string()
  .max(40)
  .transform((p) => p.replace(/[\s().-]/g, ''));

/** E.164: + and 8–15 digits. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(phone);
}

/** A code as the dialog accepts it: exactly six digits. */
export function isPhoneCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** POST /api/auth/phone/code → 202: a code by SMS to `phone` (in `lang`). */
export const PhoneCodeBody = z.object({ phone, lang: z.enum(['en', 'et']).default('en') }).strict();
export type PhoneCodeBody = z.input<typeof PhoneCodeBody>;

/** POST /api/auth/phone/signin → 200 Me and a session (a new number gets an account). */
export const PhoneSignInBody = z.object({ phone, code: z.string().trim().max(20) }).strict();
export type PhoneSignInBody = z.input<typeof PhoneSignInBody>;

/**
 * PUT /api/account/phone → 200 Me: sets the signed-in account's phone to `phone` with the code
 * POST /api/account/phone/code (a PhoneCodeBody) sent there. DELETE /api/account/phone → 204.
 */
export const PhoneChangeBody = PhoneSignInBody;
export type PhoneChangeBody = z.input<typeof PhoneChangeBody>;

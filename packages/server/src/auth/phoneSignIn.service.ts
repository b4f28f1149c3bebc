import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_HOUR,
  PHONE_RESEND_MS,
  isE164,
  isPhoneCode,
} from '@rada/core';
import type { PhoneCodeBody, PhoneSignInBody } from '@rada/core';
import type { z } from 'zod';
import type { Store } from '../db/store.ts';
import type { UsersTable } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { AppError } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { passwordlessUser, startBrowserSession } from './auth.service.ts';
import type { SmsSender } from './sms.ts';

const HOUR = 60 * 60_000;

export interface PhoneSignInDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  /** Null: the server sends no SMS, and these routes answer 404 auth.error.nophone. */
  sms: SmsSender | null;
  /** The country codes numbers may have (SMS_COUNTRY_CODES). */
  countryCodes: string[];
  signupOpen: boolean;
  now: () => number;
  /** Reports a failed send (the answer stays the same: it must not tell who has an account). */
  onSendError?: (error: unknown) => void;
}

/** The SMS text of a code, in the language the dialog asked in. */
const codeText = (lang: 'en' | 'et', code: string) =>
  lang === 'et' ? `Sinu Rada kood on ${code}` : `Your Rada code is ${code}`;

const codeHash = (id: string, code: string) =>
  createHash('sha256').update(`${id}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The email a phone-only account keeps (users.email is required and unique). */
export const phoneAccountEmail = (phone: string) => `phone-${phone.slice(1)}@phone.invalid`;

/** A new account's name: the country code and the last four digits, e.g. "+372 …1234". */
function nameFromPhone(phone: string, countryCodes: string[]): string {
  const cc = countryCodes.find((c) => phone.startsWith(c)) ?? '+';
  return `${cc} …${phone.slice(-4)}`;
}

/** The 15-second wait before a number may get another code; `retryAfter` in seconds. */
export class PhoneWaitError extends AppError {
  constructor(readonly retryAfter: number) {
    super('auth.error.phonewait', 429);
  }
}

/**
 * Sign-in with a 6-digit code by SMS (docs/sign-in.md "Phone codes"). A request for a code
 * answers alike whether the number has an account or not; a code is stored hashed, works once,
 * for 5 minutes and 5 attempts; only the newest code of a number counts.
 */
export function phoneSignInService({
  store,
  auth,
  sms,
  countryCodes,
  signupOpen,
  now,
  onSendError,
}: PhoneSignInDeps) {
  const enabled = sms !== null;
  const requireEnabled = () => {
    if (!enabled) throw new AppError('auth.error.nophone', 404);
  };
  /** The number in E.164, or 400 auth.error.countrycode. */
  const checkNumber = (phone: string): string => {
    if (!isE164(phone) || !countryCodes.some((c) => phone.startsWith(c))) {
      throw new AppError('auth.error.countrycode', 400);
    }
    return phone;
  };
  const wrongCode = () => new AppError('auth.error.wrongcode', 400);
  const deadCode = () => new AppError('auth.error.codeexpired', 400);

  return {
    enabled,

    /**
     * Sends a code to the number (429 auth.error.phonewait within 15 s of the last one, 429
     * auth.error.phonetoomany after 5 in an hour). Without open sign-up an unknown number is
     * answered alike, and its code is made but not sent.
     */
    async requestCode(body: z.output<typeof PhoneCodeBody>): Promise<void> {
      requireEnabled();
      const phone = checkNumber(body.phone);
      const t = now();
      await store.phoneCodes.deleteExpired(t - 24 * HOUR);
      const last = await store.phoneCodes.latest(phone);
      if (last && t - last.created_at < PHONE_RESEND_MS) {
        throw new PhoneWaitError(Math.ceil((last.created_at + PHONE_RESEND_MS - t) / 1000));
      }
      if ((await store.phoneCodes.countSince(phone, t - HOUR)) >= PHONE_CODES_PER_HOUR) {
        throw new AppError('auth.error.phonetoomany', 429);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = newId();
      await store.phoneCodes.insert({
        id,
        phone,
        code_hash: codeHash(id, code),
        created_at: t,
        expires_at: t + PHONE_CODE_TTL_MS,
        attempts: 0,
        used_at: null,
      });
      if (!signupOpen && !(await store.phoneCodes.userIdByPhone(phone))) return;
      try {
        await sms!.send(phone, codeText(body.lang, code));
      } catch (error) {
        onSendError?.(error);
      }
    },

    /**
     * Signs in with the number's newest code: 400 auth.error.wrongcode for a wrong one (each
     * try counts), 400 auth.error.codeexpired when it is used, expired or out of tries. A new
     * number gets an account (when sign-up is open), its phone set.
     */
    async signIn(
      body: z.output<typeof PhoneSignInBody>,
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor }> {
      requireEnabled();
      const phone = checkNumber(body.phone);
      if (!isPhoneCode(body.code)) throw wrongCode();
      const code = await store.phoneCodes.latest(phone);
      // The attempt is taken outside the sign-in's transaction: a wrong code must still count.
      if (!code || !(await store.phoneCodes.takeAttempt(code.id, PHONE_CODE_ATTEMPTS, now()))) {
        throw deadCode();
      }
      if (!sameHash(codeHash(code.id, body.code), code.code_hash)) throw wrongCode();
      const done = await store.transaction(async (repos) => {
        if (!(await repos.phoneCodes.consume(code.id, now()))) throw deadCode();
        const userId = await repos.phoneCodes.userIdByPhone(phone);
        let user: UsersTable | undefined = userId ? await repos.users.findById(userId) : undefined;
        if (!user) {
          if (!signupOpen) throw new AppError('error.forbidden', 403);
          user = passwordlessUser(
            {
              email: phoneAccountEmail(phone),
              displayName: nameFromPhone(phone, countryCodes),
              phone,
            },
            now(),
          );
          await repos.users.insert(user);
        }
        const { token } = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        return { token, user };
      });
      return { token: done.token, actor: await auth.actorFor(done.user) };
    },
  };
}
export type PhoneSignInService = ReturnType<typeof phoneSignInService>;

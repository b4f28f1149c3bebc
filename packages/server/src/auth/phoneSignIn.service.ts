import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_NUMBER_PER_HOUR,
  PHONE_RESEND_MS,
  isE164,
  isPhoneCode,
} from '@rada/core';
import type { PhoneChangeBody, PhoneCodeBody, PhoneSignInBody } from '@rada/core';
import type { z } from 'zod';
import type { Store } from '../db/store.ts';
import type { UsersTable } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { AppError, notFound } from '../http/errors.ts';
import { keepAWayIn } from './waysIn.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { passwordlessUser, startBrowserSession } from './auth.service.ts';
import type { SmsSender } from './sms.ts';
import { deliveryQueue } from './deliveries.ts';
import type { Deliveries } from './deliveries.ts';

const HOUR = 60 * 60_000;

export interface PhoneSignInDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  /** Null: the server sends no SMS, and these routes answer 404 auth.error.nophone. */
  sms: SmsSender | null;
  /** The country codes numbers may have (SMS_COUNTRY_CODES). */
  countryCodes: string[];
  signupOpen: boolean;
  /** Sign-in links by email are sent (a way in besides the phone; auth/waysIn.ts). */
  emailLinks: boolean;
  now: () => number;
  /** Reports a failed send (the answer stays the same: it must not tell who has an account). */
  onSendError?: (error: unknown) => void;
  /** Where sends wait until the answer has gone (auth/deliveries.ts); a queue of its own if unset. */
  deliveries?: Deliveries;
  /**
   * Counts a code to `phone` asked by `asker` (an address or a user; RATE_LIMIT_SMS_NUMBER_REQUESTER
   * and RATE_LIMIT_SMS_REQUESTER) and answers 0 when it may go, else the seconds to wait; always 0
   * if unset.
   */
  askerWait?: (phone: string, asker: string) => Promise<number>;
}

/** Who asks for a code: `a:` and the address, and `u:` and the user when signed in. */
export type Askers = string[];

/** The SMS text of a code, in the language the dialog asked in. */
const codeText = (lang: 'en' | 'et', code: string) =>
  lang === 'et' ? `Sinu Rada kood on ${code}` : `Your Rada code is ${code}`;

const codeHash = (id: string, code: string) =>
  createHash('sha256').update(`${id}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The email a phone-only account keeps (users.email is required and unique): random, since the
 * account may change its number and another account take the old one.
 */
const phoneAccountEmail = () => `phone-${newId().toLowerCase()}@phone.invalid`;

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

/** Too many codes to a number (429 auth.error.phonetoomany); `retryAfter` in seconds. */
export class PhoneTooManyError extends AppError {
  constructor(readonly retryAfter: number) {
    super('auth.error.phonetoomany', 429);
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
  emailLinks,
  now,
  onSendError,
  deliveries = deliveryQueue((error) => onSendError?.(error)),
  askerWait = () => Promise.resolve(0),
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

  /**
   * Stores a new code for `phone`, to sign in (`userId` null) or to add the number to `userId`'s
   * account, and answers it; refuses (429) within 15 s of the kind's last code, after an
   * asker's share of codes to the number or of codes in all, and after
   * PHONE_CODES_PER_NUMBER_PER_HOUR to the number from everyone. A stranger spends only their own
   * share, so the number's owner, asking from elsewhere, still gets a code.
   */
  async function newCode(phone: string, userId: string | null, askers: Askers): Promise<string> {
    const t = now();
    await store.phoneCodes.deleteExpired(t - 24 * HOUR);
    const last = await store.phoneCodes.latest(phone, userId);
    if (last && t - last.created_at < PHONE_RESEND_MS) {
      throw new PhoneWaitError(Math.ceil((last.created_at + PHONE_RESEND_MS - t) / 1000));
    }
    for (const asker of askers) {
      const wait = await askerWait(phone, asker);
      if (wait > 0) throw new PhoneTooManyError(wait);
    }
    if ((await store.phoneCodes.countSince(phone, t - HOUR)) >= PHONE_CODES_PER_NUMBER_PER_HOUR) {
      throw new PhoneTooManyError(Math.ceil(HOUR / 1000));
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
      user_id: userId,
    });
    return code;
  }

  /**
   * Sends the code after the answer (a gateway takes its time; the answer must take as long for
   * every number); a failure is reported, not thrown.
   */
  function send(phone: string, lang: 'en' | 'et', code: string): void {
    deliveries.later(() => sms!.send(phone, codeText(lang, code)));
  }

  /**
   * The newest code of the kind for `phone` when `typed` is it: each try takes one of its
   * attempts, outside any transaction, so a wrong code still counts (400 auth.error.wrongcode;
   * auth.error.codeexpired when used, expired or out of tries).
   */
  async function checkCode(phone: string, userId: string | null, typed: string) {
    if (!isPhoneCode(typed)) throw wrongCode();
    const code = await store.phoneCodes.latest(phone, userId);
    if (!code || !(await store.phoneCodes.takeAttempt(code.id, PHONE_CODE_ATTEMPTS, now()))) {
      throw deadCode();
    }
    if (!sameHash(codeHash(code.id, typed), code.code_hash)) throw wrongCode();
    return code;
  }

  return {
    enabled,

    /**
     * Sends a code to the number (429 auth.error.phonewait within 15 s of the last one, 429
     * auth.error.phonetoomany over a limit of newCode). Without open sign-up an unknown number
     * is answered alike, and its code is made but not sent.
     */
    async requestCode(body: z.output<typeof PhoneCodeBody>, askers: Askers): Promise<void> {
      requireEnabled();
      const phone = checkNumber(body.phone);
      const code = await newCode(phone, null, askers);
      if (!signupOpen && !(await store.phoneCodes.userIdByPhone(phone))) return;
      send(phone, body.lang, code);
    },

    /**
     * Sends a code that adds the number to the signed-in account (PUT /api/account/phone), with
     * the same waits and limits as a sign-in code.
     */
    async requestAddCode(
      actor: Actor,
      body: z.output<typeof PhoneCodeBody>,
      askers: Askers,
    ): Promise<void> {
      requireEnabled();
      const phone = checkNumber(body.phone);
      send(phone, body.lang, await newCode(phone, actor.uid, askers));
    },

    /**
     * Sets the account's phone with the code sent by requestAddCode (the code's errors as for a
     * sign-in); 409 account.error.phonetaken when another account has the number. Only after the
     * code is right, so nobody learns whose a number is without holding it.
     */
    async addPhone(actor: Actor, body: z.output<typeof PhoneChangeBody>): Promise<void> {
      requireEnabled();
      const phone = checkNumber(body.phone);
      const code = await checkCode(phone, actor.uid, body.code);
      await store.transaction(async (repos) => {
        if (!(await repos.phoneCodes.consume(code.id, now()))) throw deadCode();
        const holder = await repos.phoneCodes.userIdByPhone(phone);
        if (holder && holder !== actor.uid) throw new AppError('account.error.phonetaken', 409);
        await repos.phoneCodes.setPhone(actor.uid, phone);
      });
    },

    /**
     * Removes the account's phone (404 when it has none); refused (409 auth.error.lastmethod)
     * when the phone is its last way in.
     */
    async removePhone(actor: Actor): Promise<void> {
      await store.transaction(async (repos) => {
        const user = await repos.users.findById(actor.uid);
        if (!user?.phone) throw notFound();
        await keepAWayIn(repos, actor.uid, { phone: true }, { emailLinks, phoneCodes: enabled });
        await repos.phoneCodes.setPhone(actor.uid, null);
      });
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
      const code = await checkCode(phone, null, body.code);
      const done = await store.transaction(async (repos) => {
        if (!(await repos.phoneCodes.consume(code.id, now()))) throw deadCode();
        const userId = await repos.phoneCodes.userIdByPhone(phone);
        let user: UsersTable | undefined = userId ? await repos.users.findById(userId) : undefined;
        if (!user) {
          if (!signupOpen) throw new AppError('error.forbidden', 403);
          user = passwordlessUser(
            {
              email: phoneAccountEmail(),
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

import {
  EMAIL_CHANGE_PATH,
  EMAIL_CHANGE_TTL_MS,
  EMAIL_LINK_PATH,
  EMAIL_LINK_TTL_MS,
  isPlaceholderEmail,
  LINKS_PER_ADDRESS_PER_HOUR,
  RESET_LINK_PATH,
  RESET_LINK_TTL_MS,
} from '@rada/core';
import type {
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailLinkBody,
  EmailLinkSignInBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Store } from '../db/store.ts';
import { newToken, tokenHash } from '../db/ids.ts';
import { AppError, forbidden } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { passwordlessUser, startBrowserSession } from './auth.service.ts';
import type { Mailer } from './mailer.ts';
import { linkMail, noticeMail } from './mailTexts.ts';
import type { MailLanguage } from './mailTexts.ts';
import { deliveryQueue } from './deliveries.ts';
import type { Deliveries } from './deliveries.ts';
import { hashPassword } from './password.ts';

const HOUR = 60 * 60_000;

export interface EmailSignInDeps {
  store: Store;
  auth: Pick<AuthService, 'actorFor'>;
  /** Null: the server sends no email, and these routes answer 404 auth.error.noemail. */
  mailer: Mailer | null;
  /** The address links point to (PUBLIC_URL). */
  publicUrl: string | null;
  signupOpen: boolean;
  now: () => number;
  /** Reports a failed send (the answer stays the same: it must not tell who has an account). */
  onSendError?: (error: unknown) => void;
  /** Where sends wait until the answer has gone (auth/deliveries.ts); a queue of its own if unset. */
  deliveries?: Deliveries;
  /**
   * Counts a mail to `address` and answers whether it may go (RATE_LIMIT_MAIL_TARGET: links and
   * notices to one address, whoever asks); every mail may go if unset.
   */
  mayMail?: (address: string) => Promise<boolean>;
}

const badLink = () => new AppError('auth.error.badlink', 400);

type LinkPurpose = 'signin' | 'reset' | 'email';
const TTL: Record<LinkPurpose, number> = {
  signin: EMAIL_LINK_TTL_MS,
  reset: RESET_LINK_TTL_MS,
  email: EMAIL_CHANGE_TTL_MS,
};
const PATH: Record<LinkPurpose, string> = {
  signin: EMAIL_LINK_PATH,
  reset: RESET_LINK_PATH,
  email: EMAIL_CHANGE_PATH,
};

/**
 * Sign-in links and password resets by email (docs/sign-in.md). A request for a link answers
 * alike whether the address has an account or not, and sends at most LINKS_PER_ADDRESS_PER_HOUR
 * links to one address; a link works once, until it expires.
 */
export function emailSignInService({
  store,
  auth,
  mailer,
  publicUrl,
  signupOpen,
  now,
  onSendError,
  deliveries = deliveryQueue((error) => onSendError?.(error)),
  mayMail = () => Promise.resolve(true),
}: EmailSignInDeps) {
  const enabled = mailer !== null && publicUrl !== null;
  const requireEnabled = () => {
    if (!enabled) throw new AppError('auth.error.noemail', 404);
  };

  /** Stores a link for `email` and returns its URL (the token only in the fragment). */
  async function makeLink(
    purpose: LinkPurpose,
    email: string,
    userId: string | null,
    base: string,
  ): Promise<string> {
    const token = newToken();
    const t = now();
    await store.authLinks.insert({
      id: tokenHash(token),
      purpose,
      email,
      user_id: userId,
      created_at: t,
      expires_at: t + TTL[purpose],
      used_at: null,
    });
    return `${base}${PATH[purpose]}#token=${token}`;
  }

  /** Sends the link unless the address had its hour's share; never throws (see onSendError). */
  async function sendNow(
    purpose: LinkPurpose,
    email: string,
    userId: string | null,
    lang: MailLanguage,
  ): Promise<void> {
    if (!mailer || !publicUrl) return;
    try {
      await store.authLinks.deleteExpired(now() - 24 * HOUR);
      if ((await store.authLinks.countSince(email, now() - HOUR)) >= LINKS_PER_ADDRESS_PER_HOUR) {
        return;
      }
      if (!(await mayMail(email))) return;
      const link = await makeLink(purpose, email, userId, publicUrl);
      await mailer.send(linkMail(purpose, lang, email, link, TTL[purpose] / 60_000));
    } catch (error) {
      onSendError?.(error);
    }
  }

  /** Sends a notice; a failure is reported, not thrown. */
  async function notifyNow(mail: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      if (mailer && (await mayMail(mail.to))) await mailer.send(mail);
    } catch (error) {
      onSendError?.(error);
    }
  }

  // Every mail goes after the answer: the answer then takes as long whether the address has an
  // account or not (a send takes 100+ ms), and the work before it is the same (issue 33).
  /** Queues sendNow: a link to the address, unless it had its share. */
  function send(...args: Parameters<typeof sendNow>): Promise<void> {
    deliveries.later(() => sendNow(...args));
    return Promise.resolve();
  }
  /** Queues notifyNow: a notice, unless the address had its share. */
  function notify(...args: Parameters<typeof notifyNow>): Promise<void> {
    deliveries.later(() => notifyNow(...args));
    return Promise.resolve();
  }

  return {
    enabled,

    /** Sends a sign-in link; a new address gets an account when the link is used. */
    async requestSignInLink(body: z.output<typeof EmailLinkBody>): Promise<void> {
      requireEnabled();
      const user = await store.users.findByEmail(body.email);
      if (!user && !signupOpen) return;
      await send('signin', body.email, null, body.lang);
    },

    /**
     * Signs in with a sign-in link (400 auth.error.badlink when unknown, used or expired; 400
     * auth.error.emailmismatch when `email` is not the address it was sent to, and then the link
     * stays usable). A new address gets an account, its name from the address.
     */
    async signInWithLink(
      body: z.output<typeof EmailLinkSignInBody>,
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor }> {
      requireEnabled();
      const id = tokenHash(body.token);
      const session = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(id, 'signin', now());
        if (!link) throw badLink();
        if (link.email !== body.email) throw new AppError('auth.error.emailmismatch', 400);
        let user = await repos.users.findByEmail(link.email);
        if (!user) {
          if (!signupOpen) throw new AppError('error.forbidden', 403);
          user = passwordlessUser(
            { email: link.email, displayName: link.email.split('@')[0] ?? '', emailVerified: true },
            now(),
          );
          await repos.users.insert(user);
        } else if (!user.email_verified) {
          await repos.users.markEmailVerified(user.id);
        }
        const { token } = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        return { token, user };
      });
      return { token: session.token, actor: await auth.actorFor(session.user) };
    },

    /** Sends a reset link when the address has an account; answers alike when it has none. */
    async requestReset(body: z.output<typeof PasswordResetBody>): Promise<void> {
      requireEnabled();
      const user = await store.users.findByEmail(body.email);
      if (user) await send('reset', body.email, user.id, body.lang);
    },

    /**
     * Sets a new password with a reset link (400 auth.error.badlink when unknown, used or
     * expired); the account's browser sessions end and a new one starts here, all in one
     * transaction. API tokens stay (they are listed at /account and revoked one by one).
     */
    async resetPassword(
      body: z.output<typeof PasswordResetConfirmBody>,
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor }> {
      // No requireEnabled: a link the command line printed works on a server without email.
      const hash = await hashPassword(body.password);
      const done = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(tokenHash(body.token), 'reset', now());
        const user = link?.user_id ? await repos.users.findById(link.user_id) : undefined;
        if (!link || !user || user.email !== link.email) throw badLink();
        await repos.users.markEmailVerified(user.id);
        const session = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        await repos.sessions.replacePasswordInTransaction(user.id, hash, session.id);
        return { token: session.token, user };
      });
      return { token: done.token, actor: await auth.actorFor(done.user) };
    },

    /**
     * Mails a link to the account's new address, or to its current one while that is not proven
     * (400 account.error.sameemail when it is; 403 for a guest, who saves the account instead).
     * The answer is the same when another account has the address: that address gets a notice,
     * no link.
     */
    async requestEmailChange(actor: Actor, body: z.output<typeof EmailChangeBody>): Promise<void> {
      requireEnabled();
      const user = await store.users.findById(actor.uid);
      if (!user || user.guest) throw forbidden();
      if (user.email === body.email) {
        if (user.email_verified) throw new AppError('account.error.sameemail', 400);
        await send('email', body.email, user.id, body.lang);
        return;
      }
      if (await store.users.findByEmail(body.email)) {
        await notify(noticeMail('taken', body.lang, body.email));
        return;
      }
      await send('email', body.email, user.id, body.lang);
    },

    /**
     * Makes the link's address the account's email (400 auth.error.badlink when unknown, used
     * or expired; 409 auth.error.emailtaken when an account took it meanwhile). The link alone
     * proves the address: it may be opened in a browser that is not signed in. The old address
     * (when real) gets a notice. Answers the new address.
     */
    async confirmEmailChange(
      body: z.output<typeof EmailChangeConfirmBody>,
    ): Promise<{ email: string }> {
      requireEnabled();
      const { link, old } = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(tokenHash(body.token), 'email', now());
        const user = link?.user_id ? await repos.users.findById(link.user_id) : undefined;
        if (!link || !user) throw badLink();
        const holder = await repos.users.findByEmail(link.email);
        if (holder && holder.id !== user.id) throw new AppError('auth.error.emailtaken', 409);
        await repos.users.setEmail(user.id, link.email);
        return { link, old: user.email };
      });
      if (old !== link.email && !isPlaceholderEmail(old)) {
        await notify(noticeMail('changed', body.lang, old, link.email));
      }
      return { email: link.email };
    },

    /**
     * A reset link for `email`'s account, made without sending it (the command line's
     * `reset-link`, for a server without email); null when there is no such account.
     */
    async resetLinkFor(email: string, base: string): Promise<string | null> {
      const user = await store.users.findByEmail(email.trim().toLowerCase());
      return user ? makeLink('reset', user.email, user.id, base) : null;
    },
  };
}
export type EmailSignInService = ReturnType<typeof emailSignInService>;

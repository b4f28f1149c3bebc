import {
  EMAIL_CHANGE_PATH,
  EMAIL_CHANGE_RECENT_SIGNIN_MS,
  EMAIL_CHANGE_TTL_MS,
  EMAIL_LINK_PATH,
  EMAIL_LINK_TTL_MS,
  isPlaceholderEmail,
  MAILS_PER_ADDRESS_PER_HOUR,
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
import type { Repos, Store } from '../db/store.ts';
import { newToken, tokenHash } from '../db/ids.ts';
import { AppError, forbidden } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { passwordlessUser, refusePlaceholderEmail, startBrowserSession } from './auth.service.ts';
import type { Mailer } from './mailer.ts';
import { linkMail, noticeMail } from './mailTexts.ts';
import type { MailAccount, MailLanguage } from './mailTexts.ts';
import { deliveryQueue } from './deliveries.ts';
import type { Deliveries } from './deliveries.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { UserRow } from '../users/user.repository.ts';

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
   * Counts a mail to `address` asked by `askers` and answers whether it may go: each asker's
   * share of the address's mail (RATE_LIMIT_MAIL_TARGET), then the address's total from everyone
   * (MAILS_PER_ADDRESS_PER_HOUR, links and notices); every mail may go if unset.
   */
  mayMail?: (address: string, askers: MailAskers) => Promise<boolean>;
}

/**
 * Who asks for a mail, taken from the request (the mail goes after the answer): `a:` and the
 * client's address as the rate limits key it (IPv6 by /64), and `u:` and the user when signed
 * in. Each has its own share of an address's mail, so a stranger asking links for someone's
 * address does not spend its owner's.
 */
export type MailAskers = readonly string[];

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
 * alike whether the address has an account or not; an address gets at most its share of mail from
 * each asker (mayMail) and MAILS_PER_ADDRESS_PER_HOUR from everyone; a link works once, until it
 * expires.
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

  /**
   * Sends the link unless the address had its hour's mail from everyone (stored links) or from
   * these askers; never throws (see onSendError).
   */
  async function sendNow(
    purpose: LinkPurpose,
    email: string,
    userId: string | null,
    lang: MailLanguage,
    askers: MailAskers,
    account?: MailAccount,
  ): Promise<void> {
    if (!mailer || !publicUrl) return;
    try {
      await store.authLinks.deleteExpired(now() - 24 * HOUR);
      if ((await store.authLinks.countSince(email, now() - HOUR)) >= MAILS_PER_ADDRESS_PER_HOUR) {
        return;
      }
      if (!(await mayMail(email, askers))) return;
      const link = await makeLink(purpose, email, userId, publicUrl);
      await mailer.send(linkMail(purpose, lang, email, link, TTL[purpose] / 60_000, account));
    } catch (error) {
      onSendError?.(error);
    }
  }

  /**
   * The account's holder shows it is them before its email moves: the current password, or
   * for an account without one a browser session started within EMAIL_CHANGE_RECENT_SIGNIN_MS
   * (400 auth.error.wrongpassword, 403 account.error.signinagain). A session left open on a
   * shared computer must not be enough to move the account's way in elsewhere.
   */
  async function reauthenticate(
    user: UserRow,
    password: string | undefined,
    sessionToken: string | undefined,
  ): Promise<void> {
    if (user.password_hash) {
      if (!password || !(await verifyPassword(user.password_hash, password))) {
        throw new AppError('auth.error.wrongpassword', 400);
      }
      return;
    }
    const session = sessionToken ? await store.sessions.find(tokenHash(sessionToken)) : undefined;
    if (!session || now() - session.created_at > EMAIL_CHANGE_RECENT_SIGNIN_MS) {
      throw new AppError('account.error.signinagain', 403);
    }
  }

  /**
   * A link mailed to the account's unproven address was opened: the address is proven. Opened
   * by someone not signed in to the account, that is the address's owner, and whoever made the
   * account without proof loses every way in (users.claimByAddressOwner); true then.
   */
  async function proveAddress(
    repos: Pick<Repos, 'users'>,
    userId: string,
    signedInAs: string | undefined,
  ): Promise<boolean> {
    if (signedInAs === userId) {
      await repos.users.markEmailVerified(userId);
      return false;
    }
    return repos.users.claimByAddressOwner(userId);
  }

  /**
   * Sends a notice, unless asked by `askers` (null: not capped) when the address had its mail
   * from them or from everyone; a failure is reported, not thrown.
   */
  async function notifyNow(
    mail: Parameters<Mailer['send']>[0],
    askers: MailAskers | null,
  ): Promise<void> {
    try {
      if (mailer && (!askers || (await mayMail(mail.to, askers)))) await mailer.send(mail);
    } catch (error) {
      onSendError?.(error);
    }
  }

  // Every mail goes after the answer: the answer then takes as long whether the address has an
  // account or not (a send takes 100+ ms), and the work before it is the same (issue 33).
  /** Queues sendNow: a link to the address, unless it had its share (from the askers, or all). */
  function send(...args: Parameters<typeof sendNow>): Promise<void> {
    deliveries.later(() => sendNow(...args));
    return Promise.resolve();
  }
  /** Queues notifyNow: a notice, unless the address had its share (from the askers, or all). */
  function notify(...args: Parameters<typeof notifyNow>): Promise<void> {
    deliveries.later(() => notifyNow(...args));
    return Promise.resolve();
  }

  return {
    enabled,

    /**
     * Sends a sign-in link, asked by `askers`; a new address gets an account when the link is
     * used.
     */
    async requestSignInLink(
      body: z.output<typeof EmailLinkBody>,
      askers: MailAskers,
    ): Promise<void> {
      requireEnabled();
      const user = await store.users.findByEmail(body.email);
      if (!user && !signupOpen) return;
      await send('signin', body.email, null, body.lang, askers);
    },

    /**
     * Signs in with a sign-in link (400 auth.error.badlink when unknown, used or expired; 400
     * auth.error.emailmismatch when `email` is not the address it was sent to, and then the link
     * stays usable). A new address gets an account, its name from the address. An account whose
     * address was not proven is claimed by the address's owner (users.claimByAddressOwner,
     * `cleared`), unless the link is opened in a session of that account (`signedInAs`).
     */
    async signInWithLink(
      body: z.output<typeof EmailLinkSignInBody>,
      userAgent?: string,
      signedInAs?: string,
    ): Promise<{ token: string; actor: Actor; cleared: boolean }> {
      requireEnabled();
      const id = tokenHash(body.token);
      const session = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(id, 'signin', now());
        if (!link) throw badLink();
        if (link.email !== body.email) throw new AppError('auth.error.emailmismatch', 400);
        let cleared = false;
        let user = await repos.users.findByEmail(link.email);
        if (!user) {
          if (!signupOpen) throw new AppError('error.forbidden', 403);
          user = passwordlessUser(
            { email: link.email, displayName: link.email.split('@')[0] ?? '', emailVerified: true },
            now(),
          );
          await repos.users.insert(user);
        } else if (!user.email_verified) {
          cleared = await proveAddress(repos, user.id, signedInAs);
        }
        const { token } = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        return { token, user, cleared };
      });
      return {
        token: session.token,
        actor: await auth.actorFor(session.user),
        cleared: session.cleared,
      };
    },

    /**
     * Sends a reset link, asked by `askers`, when the address has an account; answers alike when
     * it has none.
     */
    async requestReset(
      body: z.output<typeof PasswordResetBody>,
      askers: MailAskers,
    ): Promise<void> {
      requireEnabled();
      const user = await store.users.findByEmail(body.email);
      if (user) await send('reset', body.email, user.id, body.lang, askers);
    },

    /**
     * Sets a new password with a reset link (400 auth.error.badlink when unknown, used or
     * expired); the account's browser sessions end and a new one starts here, all in one
     * transaction. API tokens stay (they are listed at /account and revoked one by one), unless
     * the link proved an address the account had not: then the address's owner claims it as by
     * a sign-in link (`cleared`, and the tokens, providers, passkeys and phone go too).
     */
    async resetPassword(
      body: z.output<typeof PasswordResetConfirmBody>,
      userAgent?: string,
      signedInAs?: string,
    ): Promise<{ token: string; actor: Actor; cleared: boolean }> {
      // No requireEnabled: a link the command line printed works on a server without email.
      const hash = await hashPassword(body.password);
      const done = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(tokenHash(body.token), 'reset', now());
        const user = link?.user_id ? await repos.users.findById(link.user_id) : undefined;
        if (!link || !user || user.email !== link.email) throw badLink();
        const cleared = user.email_verified
          ? false
          : await proveAddress(repos, user.id, signedInAs);
        const session = await startBrowserSession(repos.sessions, user.id, now(), userAgent);
        await repos.sessions.replacePasswordInTransaction(user.id, hash, session.id);
        return { token: session.token, user, cleared };
      });
      return { token: done.token, actor: await auth.actorFor(done.user), cleared: done.cleared };
    },

    /**
     * Mails a link to the account's new address, or to its current one while that is not proven
     * (400 account.error.sameemail when it is; 403 for a guest, who saves the account instead).
     * A move to another address first takes the current password or a recent sign-in
     * (reauthenticate; `sessionToken` is the request's browser session). The answer is the same
     * when another account has the address: that address gets a notice, no link. The mail names
     * the account that asked, and counts toward the share of `askers` (the actor and its client's
     * address).
     */
    async requestEmailChange(
      actor: Actor,
      body: z.output<typeof EmailChangeBody>,
      askers: MailAskers,
      sessionToken?: string,
    ): Promise<void> {
      requireEnabled();
      const user = await store.users.findById(actor.uid);
      if (!user || user.guest) throw forbidden();
      refusePlaceholderEmail(body.email);
      const account = { name: user.display_name, email: user.email };
      if (user.email === body.email) {
        if (user.email_verified) throw new AppError('account.error.sameemail', 400);
        await send('email', body.email, user.id, body.lang, askers, account);
        return;
      }
      await reauthenticate(user, body.password, sessionToken);
      if (await store.users.findByEmail(body.email)) {
        await notify(noticeMail('taken', body.lang, body.email), askers);
        return;
      }
      await send('email', body.email, user.id, body.lang, askers, account);
    },

    /**
     * Makes the link's address the account's email (400 auth.error.badlink when unknown, used
     * or expired; 409 auth.error.emailtaken when an account took it meanwhile). Only a browser
     * session of the account that asked (`signedInAs`) confirms: opened signed out or in another
     * account, 403 auth.error.emailchangesignin and the link stays usable. Otherwise the owner of
     * an address, clicking a mail they never asked for, would bind it to a stranger's account.
     * The old address (when real) gets a notice. Answers the new address.
     */
    async confirmEmailChange(
      body: z.output<typeof EmailChangeConfirmBody>,
      signedInAs: string | undefined,
    ): Promise<{ email: string }> {
      requireEnabled();
      const { link, old } = await store.transaction(async (repos) => {
        const link = await repos.authLinks.consume(tokenHash(body.token), 'email', now());
        const user = link?.user_id ? await repos.users.findById(link.user_id) : undefined;
        if (!link || !user) throw badLink();
        // Thrown inside the transaction, so the link is not used up.
        if (signedInAs !== user.id) throw new AppError('auth.error.emailchangesignin', 403);
        const holder = await repos.users.findByEmail(link.email);
        if (holder && holder.id !== user.id) throw new AppError('auth.error.emailtaken', 409);
        await repos.users.setEmail(user.id, link.email);
        return { link, old: user.email };
      });
      if (old !== link.email && !isPlaceholderEmail(old)) {
        // Not capped: one per confirmed change, and links asked for the old address in a flood
        // must not keep its owner from learning of the change.
        await notify(noticeMail('changed', body.lang, old, link.email), null);
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

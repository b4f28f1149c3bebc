import {
  API_TOKEN_TTL_MS,
  NAME_MAX_LENGTH,
  SESSION_TTL_MS,
  USER_AGENT_MAX_LENGTH,
  browserSessionEnd,
  deleteConfirmed,
  isPlaceholderEmail,
} from '@rada/core';
import type { Me, SignInBody, SignUpBody } from '@rada/core';
import type { z } from 'zod';
import { AppError } from '../http/errors.ts';
import { newId, newToken, tokenHash } from '../db/ids.ts';
import type { PlatformRole, UserRepository, UserRow } from '../users/user.repository.ts';
import type { SessionRepository, SessionRow } from './session.repository.ts';
import type { ServerConfig } from '../config.ts';
import type { Actor } from './actor.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password.ts';

/** A new session's secret token and its row (which holds only the token's hash). */
export function newSession(
  userId: string,
  kind: 'browser' | 'token',
  name: string | null,
  t: number,
  userAgent?: string,
): { token: string; row: SessionRow } {
  const token = newToken();
  return {
    token,
    row: {
      id: tokenHash(token),
      public_id: newId(),
      user_id: userId,
      kind,
      name,
      created_at: t,
      last_used_at: t,
      expires_at: kind === 'browser' ? t + SESSION_TTL_MS : t + API_TOKEN_TTL_MS,
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    },
  };
}

/**
 * Starts a browser session for `userId` in `sessions` (a transaction's, when the sign-in changes
 * more): every way of signing in ends here. Answers the cookie's token and the session's id.
 */
export async function startBrowserSession(
  sessions: Pick<SessionRepository, 'create'>,
  userId: string,
  t: number,
  userAgent?: string,
): Promise<{ token: string; id: string }> {
  const { token, row } = newSession(userId, 'browser', null, t, userAgent);
  await sessions.create(row);
  return { token, id: row.id };
}

/**
 * A new account without a password (made by a link, a provider or a phone code);
 * `emailVerified` when the link or the provider proved the address.
 */
export function passwordlessUser(
  fields: { email: string; displayName: string; phone?: string | null; emailVerified?: boolean },
  t: number,
): UserRow {
  return {
    ...(fields.emailVerified ? { email_verified: 1 } : {}),
    id: newId(),
    email: fields.email,
    display_name: fields.displayName.slice(0, NAME_MAX_LENGTH) || fields.email,
    phone: fields.phone ?? null,
    password_hash: null,
    created_at: t,
  };
}

/**
 * Refuses (400 auth.error.reservedemail) an address of the reserved `.invalid` domains that Rada
 * makes up for guests and phone-only accounts (core isPlaceholderEmail): typed in at sign-up, a
 * guest's upgrade or an email change, it would pass for one of those accounts' addresses.
 */
export function refusePlaceholderEmail(email: string): void {
  if (isPlaceholderEmail(email)) throw new AppError('auth.error.reservedemail', 400);
}

export interface AuthDeps {
  users: UserRepository;
  sessions: SessionRepository;
  config: Pick<ServerConfig, 'superAdminEmails' | 'platformOwnerEmail' | 'signupOpen'>;
  now: () => number;
}

/** Accounts, sessions and bearer tokens. */
export function authService({ users, sessions, config, now }: AuthDeps) {
  /**
   * The actor of a user with their grants (users.findWithGrants). SUPERADMIN_EMAILS and
   * PLATFORM_OWNER_EMAIL name addresses, so they grant only to an account that proved its
   * address: anyone may sign up, upgrade a guest or come from a lax provider with any address.
   */
  function actorOf(user: UserRow & { roles: PlatformRole[]; creator: boolean }): Actor {
    const proven = Boolean(user.email_verified);
    const superAdmin =
      user.roles.includes('superadmin') || (proven && config.superAdminEmails.includes(user.email));
    return {
      uid: user.id,
      email: user.email,
      superAdmin,
      platformOwner:
        user.roles.includes('owner') || (proven && config.platformOwnerEmail === user.email),
      // A guest creates no events until upgraded to a full account (auth/guest.service.ts).
      creator: superAdmin || (user.creator && !user.guest),
    };
  }

  async function actorFor(user: UserRow): Promise<Actor> {
    const found = await users.findWithGrants(user.id);
    return actorOf(found ?? { ...user, roles: [], creator: false });
  }

  async function startSession(
    userId: string,
    kind: 'browser' | 'token',
    name: string | null,
    userAgent?: string,
  ) {
    const { token, row } = newSession(userId, kind, name, now(), userAgent);
    await sessions.create(row);
    return token;
  }

  return {
    actorFor,

    /** Creates an account and signs it in; returns the session token. */
    async signUp(
      body: z.output<typeof SignUpBody>,
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor }> {
      if (!config.signupOpen) throw new AppError('error.forbidden', 403);
      refusePlaceholderEmail(body.email);
      if (await users.findByEmail(body.email)) throw new AppError('auth.error.emailtaken', 409);
      const user: UserRow = {
        id: newId(),
        email: body.email,
        display_name: body.displayName,
        phone: null,
        password_hash: await hashPassword(body.password),
        created_at: now(),
      };
      try {
        await users.insert(user);
      } catch (e) {
        // Lost a race for the same email; any other failure is not the user's doing.
        if (await users.findByEmail(body.email)) throw new AppError('auth.error.emailtaken', 409);
        throw e;
      }
      return {
        token: await startSession(user.id, 'browser', null, userAgent),
        actor: await actorFor(user),
      };
    },

    /**
     * Checks the password (401 auth.error.badcredentials); the route counts failures against
     * the sign-in rate limits (http/limits.ts).
     */
    async signIn(body: z.output<typeof SignInBody>, userAgent?: string) {
      const user = await users.findByEmail(body.email);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, body.password)
        : (await verifyPassword(await DUMMY_HASH_PROMISE, body.password), false);
      if (!user?.password_hash || !ok) throw new AppError('auth.error.badcredentials', 401);
      const token = await startSession(user.id, 'browser', null, userAgent);
      // The password was read before the slow check: if it went meanwhile (the address's owner
      // claimed the account, a reset replaced it), the session made with it goes too.
      if (!(await users.stillHasPassword(user.id, user.password_hash))) {
        await sessions.delete(tokenHash(token));
        throw new AppError('auth.error.badcredentials', 401);
      }
      return { token, actor: await actorFor(user) };
    },

    /**
     * Resolves a cookie or bearer token to its actor. Browser sessions slide (30 days from the
     * last use) within an absolute lifetime (90 days from sign-in) and are forgotten when over;
     * an expired API token throws 401 error.expired, so a script learns why (renewable).
     */
    async authenticate(token: string): Promise<Actor | null> {
      const t = now();
      const id = tokenHash(token);
      const found = await users.sessionWithUser(id);
      if (!found) return null;
      const { session, user } = found;
      if (session.kind === 'browser') {
        const end = Math.min(
          session.expires_at ?? Infinity,
          browserSessionEnd(session.created_at, session.last_used_at),
        );
        if (end <= t) {
          await sessions.delete(id);
          return null;
        }
        if (t - session.last_used_at > 60_000) {
          await sessions.touch(id, t, browserSessionEnd(session.created_at, t));
        }
      } else {
        if (session.expires_at !== null && session.expires_at <= t) {
          throw new AppError('error.expired', 401);
        }
        if (t - session.last_used_at > 60_000) {
          await sessions.touch(id, t, session.expires_at);
        }
      }
      return { ...actorOf(user), via: session.kind === 'token' ? 'token' : 'browser' };
    },

    signOut: (token: string) => sessions.delete(tokenHash(token)),

    /**
     * A bearer token for a device or a script; shown once. Kept only while the browser session
     * `sessionToken` that asked is still the account's (401 otherwise): ended meanwhile, by the
     * address owner's claim of the account, the token would outlive every other way in.
     */
    async createToken(actor: Actor, name: string, sessionToken: string) {
      const token = await startSession(actor.uid, 'token', name);
      if (!(await sessions.stillOpen(tokenHash(sessionToken), actor.uid))) {
        await sessions.delete(tokenHash(token));
        throw new AppError('error.unauthorized', 401);
      }
      const session = await sessions.find(tokenHash(token));
      return { id: session?.public_id ?? '', token, expiresAt: session?.expires_at ?? null };
    },

    async me(actor: Actor): Promise<Me> {
      const user = await users.findById(actor.uid);
      if (!user) throw new AppError('error.unauthorized', 401);
      return {
        uid: user.id,
        email: user.email,
        displayName: user.display_name,
        phoneNumber: user.phone,
        creator: actor.creator,
        superAdmin: actor.superAdmin,
        platformOwner: actor.platformOwner,
        guest: Boolean(user.guest),
        emailVerified: Boolean(user.email_verified),
        hasPassword: user.password_hash !== null,
      };
    },

    /**
     * Erases the account after its email (phone, name: core deleteConfirmation) was typed again
     * (400 auth.error.confirm); refused (409 account.error.ownsevents, the events as details
     * {path: id, message: name}) while it owns events.
     */
    async deleteAccount(actor: Actor, confirm: string) {
      const user = await users.findById(actor.uid);
      if (!user) throw new AppError('error.unauthorized', 401);
      const me = { email: user.email, phoneNumber: user.phone, displayName: user.display_name };
      if (!deleteConfirmed(confirm, me)) throw new AppError('auth.error.confirm', 400);
      // An event needs its owner: the owner hands it to another admin (or deletes it) first.
      const owned = await users.ownedEvents(actor.uid);
      if (owned.length > 0) {
        throw new AppError(
          'account.error.ownsevents',
          409,
          owned.map((e) => ({ path: e.id, message: e.name })),
        );
      }
      await users.deleteAccount(actor.uid);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;

import type { Me, UpdateAccountBody, UpgradeGuestBody } from '@rada/core';
import type { z } from 'zod';
import { AppError, forbidden } from '../http/errors.ts';
import { newId, newToken } from '../db/ids.ts';
import type { UserRepository, UserRow } from '../users/user.repository.ts';
import type { SessionRepository } from './session.repository.ts';
import type { Actor } from './actor.ts';
import type { AuthService } from './auth.service.ts';
import { refusePlaceholderEmail, startBrowserSession } from './auth.service.ts';
import { hashPassword } from './password.ts';

/** The reserved domain of guests' emails (.invalid never resolves: RFC 2606). */
export const GUEST_EMAIL_DOMAIN = 'guest.invalid';

export interface GuestDeps {
  users: UserRepository;
  sessions: SessionRepository;
  auth: AuthService;
  now: () => number;
}

/**
 * Guest accounts ("continue as a guest" in the participant app) and the account page's display
 * name. A guest is a users row with guest = 1, a reserved email and a random device secret for
 * a password; upgrading keeps the uid, so teams, memberships and registrations stay.
 */
export function guestService({ users, sessions, auth, now }: GuestDeps) {
  return {
    /** A new guest, signed in; the secret is shown once, for the device to sign in again. */
    async createGuest(
      userAgent?: string,
    ): Promise<{ token: string; actor: Actor; secret: string }> {
      const id = newId();
      const secret = newToken();
      const user: UserRow = {
        id,
        email: `${id.toLowerCase()}@${GUEST_EMAIL_DOMAIN}`,
        display_name: `Guest ${id
          .replace(/[^a-z0-9]/gi, '')
          .slice(-4)
          .toUpperCase()}`,
        phone: null,
        password_hash: await hashPassword(secret),
        created_at: now(),
        guest: 1,
      };
      await users.insert(user);
      const { token } = await startBrowserSession(sessions, id, now(), userAgent);
      return { token, actor: await auth.actorFor(user), secret };
    },

    /** A signed-in guest becomes a full account; 403 for a full account, 409 for a used email. */
    async upgrade(actor: Actor, body: z.output<typeof UpgradeGuestBody>): Promise<Me> {
      const user = await users.findById(actor.uid);
      if (!user) throw new AppError('error.unauthorized', 401);
      if (!user.guest) throw forbidden();
      refusePlaceholderEmail(body.email);
      const taken = await users.findByEmail(body.email);
      if (taken && taken.id !== user.id) throw new AppError('auth.error.emailtaken', 409);
      const set = {
        email: body.email,
        password_hash: await hashPassword(body.password),
        display_name: body.displayName,
      };
      try {
        if (!(await users.upgradeGuest(user.id, set))) throw forbidden();
      } catch (e) {
        // Lost a race for the same email.
        if (e instanceof AppError) throw e;
        if (await users.findByEmail(body.email)) throw new AppError('auth.error.emailtaken', 409);
        throw e;
      }
      const upgraded = await users.findById(user.id);
      if (!upgraded) throw new AppError('error.unauthorized', 401);
      return auth.me(await auth.actorFor(upgraded));
    },

    /** The signed-in user's display name (trimmed, 1..NAME_MAX_LENGTH by the body's schema). */
    async updateAccount(actor: Actor, body: z.output<typeof UpdateAccountBody>): Promise<Me> {
      await users.setDisplayName(actor.uid, body.displayName);
      return auth.me(actor);
    },
  };
}
export type GuestService = ReturnType<typeof guestService>;

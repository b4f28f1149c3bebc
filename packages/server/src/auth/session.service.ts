import { API_TOKEN_TTL_MS, browserSessionEnd, isPlaceholderEmail } from '@rada/core';
import type { ChangePasswordBody, SessionView, SessionsAnswer } from '@rada/core';
import type { z } from 'zod';
import { AppError, notFound } from '../http/errors.ts';
import { tokenHash } from '../db/ids.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { Actor } from './actor.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { SessionRepository, SessionRow } from './session.repository.ts';

export interface SessionDeps {
  sessions: SessionRepository;
  users: UserRepository;
  now: () => number;
}

/** Maps a session row to what its owner sees; `currentId` is the hash of the request's token. */
export function presentSession(row: SessionRow, currentId: string, now: number): SessionView {
  const expiresAt =
    row.kind === 'browser'
      ? Math.min(row.expires_at ?? Infinity, browserSessionEnd(row.created_at, row.last_used_at))
      : row.expires_at;
  return {
    id: row.public_id,
    kind: row.kind === 'token' ? 'token' : 'browser',
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt,
    expired: expiresAt !== null && expiresAt <= now,
    userAgent: row.user_agent,
    current: row.id === currentId,
  };
}

/**
 * A signed-in user's own sessions and tokens: list, revoke, renew, and the password change.
 * Every query is bound to the actor's uid, so nobody reaches another user's sessions.
 */
export function sessionService({ sessions, users, now }: SessionDeps) {
  return {
    /** The actor's sessions and tokens; `currentToken` marks "this device". */
    async list(actor: Actor, currentToken: string): Promise<SessionsAnswer> {
      const t = now();
      const rows = await sessions.listOf(actor.uid);
      const currentId = tokenHash(currentToken);
      return {
        sessions: rows
          .map((r) => presentSession(r, currentId, t))
          // Ended browser sessions are gone for good; expired tokens stay listed to be renewed.
          .filter((s) => s.kind === 'token' || !s.expired),
      };
    },

    /** Ends one of the actor's sessions or tokens; 404 for anyone else's. Says if it was this one. */
    async revoke(actor: Actor, publicId: string, currentToken: string): Promise<boolean> {
      const current = await sessions.find(tokenHash(currentToken));
      if (!(await sessions.deleteOwn(actor.uid, publicId))) throw notFound();
      return current?.public_id === publicId;
    },

    /** Gives one of the actor's API tokens another 90 days from now (also an expired one). */
    async renewToken(actor: Actor, publicId: string, currentToken: string): Promise<SessionView> {
      const t = now();
      if (!(await sessions.renewOwnToken(actor.uid, publicId, t + API_TOKEN_TTL_MS))) {
        throw notFound();
      }
      const row = (await sessions.listOf(actor.uid)).find((r) => r.public_id === publicId);
      if (!row) throw notFound();
      return presentSession(row, tokenHash(currentToken), t);
    },

    /**
     * Replaces the password after checking the current one (400 auth.error.wrongpassword), or
     * sets the first one of an account without (made by a link, a provider or a code; not one
     * whose email is a placeholder, which a password could not sign in with: 403). The account's
     * other browser sessions end, the one making the request goes on.
     */
    async changePassword(
      actor: Actor,
      body: z.output<typeof ChangePasswordBody>,
      currentToken: string,
    ): Promise<void> {
      const user = await users.findById(actor.uid);
      if (!user) throw new AppError('error.unauthorized', 401);
      if (!user.password_hash && isPlaceholderEmail(user.email)) {
        throw new AppError('error.forbidden', 403);
      }
      const ok = user.password_hash ? await verifyPassword(user.password_hash, body.current) : true;
      if (!ok) throw new AppError('auth.error.wrongpassword', 400);
      const replaced = await sessions.replacePassword(
        actor.uid,
        await hashPassword(body.next),
        tokenHash(currentToken),
        user.password_hash,
      );
      // The password or this session went while the new one was hashed (a claim of the
      // account by its address's owner, a change elsewhere): this change is refused.
      if (!replaced) throw new AppError('error.unauthorized', 401);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;

import type { CreatorRecord, UserRecord } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { canManageCreators, canSearchUsers } from '../policies/platform.policy.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

const SEARCH_LIMIT = 20;

/** Maps a user row to the directory record; never the password hash. */
export function presentUser(row: UserRow): UserRecord {
  return { uid: row.id, displayName: row.display_name, email: row.email, phoneNumber: row.phone };
}

/** The user directory (admin pickers) and creator records. */
export function userService({ users, now }: { users: UserRepository; now: () => number }) {
  const guard = (actor: Actor | null, policy: (a: Actor | null) => boolean): Actor => {
    if (!actor) throw unauthorized();
    if (!policy(actor)) throw forbidden();
    return actor;
  };

  return {
    async search(actor: Actor | null, text: string): Promise<UserRecord[]> {
      guard(actor, canSearchUsers);
      const trimmed = text.trim();
      if (trimmed.length === 0) return [];
      return (await users.search(trimmed, SEARCH_LIMIT)).map(presentUser);
    },

    async byIds(actor: Actor | null, uids: string[]): Promise<UserRecord[]> {
      guard(actor, canSearchUsers);
      return (await users.findByIds(uids.slice(0, 100))).map(presentUser);
    },

    async listCreators(actor: Actor | null): Promise<CreatorRecord[]> {
      guard(actor, canManageCreators);
      return (await users.listCreators()).map((r) => ({
        uid: r.id,
        email: r.email,
        displayName: r.display_name,
        grantedAt: r.granted_at,
      }));
    },

    async grantCreator(actor: Actor | null, uid: string): Promise<void> {
      const by = guard(actor, canManageCreators);
      if (!(await users.findById(uid))) throw new AppError('admins.error.unknownuser', 404);
      await users.grantCreator(uid, by.uid, now());
    },

    async revokeCreator(actor: Actor | null, uid: string): Promise<void> {
      guard(actor, canManageCreators);
      await users.revokeCreator(uid);
    },
  };
}
export type UserService = ReturnType<typeof userService>;

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

export interface UserServiceDeps {
  users: UserRepository;
  /** The actor's role in an event, for searches scoped to an event's admin picker. */
  roleIn: (eventId: string, uid: string) => Promise<string | null>;
  now: () => number;
}

/** The user directory (admin pickers) and creator records. */
export function userService({ users, roleIn, now }: UserServiceDeps) {
  const guard = (actor: Actor | null, policy: (a: Actor | null) => boolean): Actor => {
    if (!actor) throw unauthorized();
    if (!policy(actor)) throw forbidden();
    return actor;
  };

  /** Creators and super admins may search; so may an event's admins from that event's picker. */
  const guardSearch = async (actor: Actor | null, eventId: string | undefined): Promise<void> => {
    if (!actor) throw unauthorized();
    const uid = actor.uid;
    if (canSearchUsers(actor)) return;
    if (eventId !== undefined && (await roleIn(eventId, uid)) !== null) return;
    throw forbidden();
  };

  return {
    async search(actor: Actor | null, text: string, eventId?: string): Promise<UserRecord[]> {
      await guardSearch(actor, eventId);
      const trimmed = text.trim();
      if (trimmed.length === 0) return [];
      return (await users.search(trimmed, SEARCH_LIMIT)).map(presentUser);
    },

    async byIds(actor: Actor | null, uids: string[], eventId?: string): Promise<UserRecord[]> {
      await guardSearch(actor, eventId);
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

import type { CreatorRecord, UserRecord } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import type { Store } from '../db/store.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import {
  canManageCreators,
  canSearchUsers,
  canSeeWholeDirectory,
} from '../policies/platform.policy.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

const SEARCH_LIMIT = 20;

/** Maps a user row to the directory record; never the password hash, the phone when allowed. */
export function presentUser(row: UserRow, withPhone = true): UserRecord {
  return {
    uid: row.id,
    displayName: row.display_name,
    email: row.email,
    phoneNumber: withPhone ? row.phone : null,
  };
}

export interface UserServiceDeps {
  users: UserRepository;
  /** Runs a creator record's change and its changes-log row together. */
  transaction: Store['transaction'];
  /** The actor's role in an event, for searches scoped to an event's admin picker. */
  roleIn: (eventId: string, uid: string) => Promise<string | null>;
  now: () => number;
}

/**
 * The changes log's row of a creator record given or taken: `admin/creators/{uid}` from or to
 * 'creator' (as `admins.add` logs 'admin'; no name, which would outlive a deleted account), a
 * platform change of no event.
 */
function creatorAudit(at: number, by: Actor, uid: string, granted: boolean) {
  const [old, value] = granted ? [null, 'creator'] : ['creator', null];
  const action = granted ? 'creator.grant' : 'creator.revoke';
  return { ...auditRow(at, by, '', action, `admin/creators/${uid}`, old, value), event_id: null };
}

/** The user directory (admin pickers) and creator records (changes logged). */
export function userService({ users, transaction, roleIn, now }: UserServiceDeps) {
  const guard = (actor: Actor | null, policy: (a: Actor | null) => boolean): Actor => {
    if (!actor) throw unauthorized();
    if (!policy(actor)) throw forbidden();
    return actor;
  };

  /** Creators and super admins may search; so may an event's admins from that event's picker. */
  const guardSearch = async (actor: Actor | null, eventId: string | undefined): Promise<Actor> => {
    if (!actor) throw unauthorized();
    const uid = actor.uid;
    if (canSearchUsers(actor)) return actor;
    if (eventId !== undefined && (await roleIn(eventId, uid)) !== null) return actor;
    throw forbidden();
  };

  /** Rows as `actor` may see them: the phone only of members of teams they administer. */
  const presentFor = async (actor: Actor, rows: UserRow[]): Promise<UserRecord[]> => {
    if (canSeeWholeDirectory(actor)) return rows.map((r) => presentUser(r));
    const phones = await users.teamMembersOf(
      actor.uid,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentUser(r, phones.has(r.id)));
  };

  return {
    /**
     * The admin pickers' search. Super admins search everyone; anyone else finds the admins and
     * team members of the events they administer by part of a name or email, and anybody by the
     * whole email address (to add them as an admin).
     */
    async search(actor: Actor | null, text: string, eventId?: string): Promise<UserRecord[]> {
      const searcher = await guardSearch(actor, eventId);
      const trimmed = text.trim();
      if (trimmed.length === 0) return [];
      if (canSeeWholeDirectory(searcher)) {
        return presentFor(searcher, await users.search(trimmed, SEARCH_LIMIT));
      }
      const [exact, related] = await Promise.all([
        users.findByEmailAnyCase(trimmed),
        users.searchRelated(searcher.uid, trimmed, SEARCH_LIMIT),
      ]);
      const rows = exact ? [exact, ...related.filter((r) => r.id !== exact.id)] : related;
      return presentFor(searcher, rows.slice(0, SEARCH_LIMIT));
    },

    /** Users by id, limited as the search is (super admins: anyone; others: their events' people). */
    async byIds(actor: Actor | null, uids: string[], eventId?: string): Promise<UserRecord[]> {
      const searcher = await guardSearch(actor, eventId);
      const ids = uids.slice(0, 100);
      const visible = canSeeWholeDirectory(searcher)
        ? ids
        : [...(await users.relatedOf(searcher.uid, ids))];
      return presentFor(searcher, await users.findByIds(visible));
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
      const at = now();
      await transaction(async (repos) => {
        if (await repos.users.grantCreator(uid, by.uid, at)) {
          await repos.audit.insert([creatorAudit(at, by, uid, true)]);
        }
      });
    },

    async revokeCreator(actor: Actor | null, uid: string): Promise<void> {
      const by = guard(actor, canManageCreators);
      await transaction(async (repos) => {
        if (await repos.users.revokeCreator(uid)) {
          await repos.audit.insert([creatorAudit(now(), by, uid, false)]);
        }
      });
    },
  };
}
export type UserService = ReturnType<typeof userService>;
